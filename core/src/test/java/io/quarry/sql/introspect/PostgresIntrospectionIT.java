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
        return List.of("ShopAccount", "ShopProfile", "ShopEvent");
    }

    @Test
    void aPartitionedTableIsOneTypeAndItsPartitionsAreNone() {
        assertThat(schema().type("ShopEvent")).isPresent();
        assertThat(schema().typeNames()).noneMatch(t -> t.startsWith("ShopEvent") && !t.equals("ShopEvent"));
        assertThat(result.links())
                .contains(new Introspection.Link("ShopEvent", "account", "ShopAccount", "out", "BELONGS_TO"));
    }

    @Test
    void aMaterializedViewIsAType() {
        assertThat(tables().get("types").get("GenreCount").get("id").asText()).isEqualTo("genre_id");
        assertThat(fieldType("GenreCount", "tracks")).isEqualTo("integer");
    }

    @Test
    void commentsBecomeDescriptions() {
        assertThat(types().get("ShopAccount").get("description").asText()).isEqualTo("A login of the web shop.");
        assertThat(field("ShopAccount", "tier").description()).isEqualTo("The plan the account pays for.");
    }
}
