package io.quarry.sql.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.sql.Backend;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Introspection on PostgreSQL (Chinook's PostgreSQL script, snake_case names): an enum type, a
 * partitioned table, a materialized view.
 */
class PostgresIntrospectionIT extends IntrospectionContract {
    @Override
    Backend backend() {
        return Backend.POSTGRES;
    }

    @Override
    String chinook(String pascal) {
        return Naming.snakeCase(pascal);
    }

    @Override
    List<String> expectedShopTypes() {
        return List.of("ShopAccount", "ShopProfile", "ShopEvent", "ShopPrice", "ShopPriceChange");
    }

    @Test
    void aPartitionedTableIsOneTypeAndItsPartitionsAreNone() {
        assertThat(types().has("ShopEvent")).isTrue();
        assertThat(types().fieldNames())
                .toIterable()
                .noneMatch(t -> t.startsWith("ShopEvent") && !t.equals("ShopEvent"));
        assertThat(result.links())
                .contains(new Introspection.Link("ShopEvent", "account", "ShopAccount", "out", "BELONGS_TO"));
    }

    @Test
    void aMaterializedViewIsAType() {
        assertThat(tables().get("types")
                        .get("GenreCount")
                        .get("id")
                        .get("column")
                        .asText())
                .isEqualTo("genre_id");
        assertThat(text(types().get("GenreCount").get("fields").get("tracks"))).isEqualTo("integer");
    }

    @Test
    void commentsBecomeDescriptions() {
        assertThat(types().get("ShopAccount").get("description").asText()).isEqualTo("A login of the web shop.");
        assertThat(types().get("ShopAccount")
                        .get("fields")
                        .get("tier")
                        .get("description")
                        .asText())
                .isEqualTo("The plan the account pays for.");
    }

    /** The table layout's ids on this backend. */
    @org.junit.jupiter.api.Nested
    class Ids extends TableIdsContract {
        @Override
        Backend backend() {
            return Backend.POSTGRES;
        }

        @Override
        String uuidType() {
            return "UUID";
        }
    }
}
