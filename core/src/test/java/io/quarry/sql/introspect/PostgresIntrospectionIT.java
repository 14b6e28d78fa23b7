package io.quarry.sql.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
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
        assertThat(schema().type("ShopEvent")).isPresent();
        assertThat(schema().typeNames()).noneMatch(t -> t.startsWith("ShopEvent") && !t.equals("ShopEvent"));
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
        assertThat(fieldType("GenreCount", "tracks")).isEqualTo("integer");
    }

    @Test
    void commentsBecomeDescriptions() {
        assertThat(types().get("ShopAccount").get("description").asText()).isEqualTo("A login of the web shop.");
        assertThat(field("ShopAccount", "tier").description()).isEqualTo("The plan the account pays for.");
    }

    @Test
    void severalSchemasWriteTheSchemaAndTheTableLayoutReadsIt() throws Exception {
        String current;
        try (java.sql.Connection c = dataSource.getConnection();
                java.sql.Statement st = c.createStatement();
                java.sql.ResultSet rs = st.executeQuery("SELECT current_schema()")) {
            rs.next();
            current = rs.getString(1);
        }
        String sales = current + "_sales";
        try (java.sql.Connection c = dataSource.getConnection();
                java.sql.Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS " + sales + " CASCADE");
            st.execute("CREATE SCHEMA " + sales);
            st.execute("CREATE TABLE " + sales + ".ids_orders (order_id INTEGER PRIMARY KEY, total NUMERIC(8,2))");
            st.execute("INSERT INTO " + sales + ".ids_orders VALUES (1, 9.5)");
        }
        try {
            Introspection both = Introspector.builder()
                    .dataSource(dataSource)
                    .schemas(current, sales)
                    .build()
                    .introspect();
            JsonNode order =
                    both.configuration().get("store").get("tables").get("types").get("IdsOrder");
            assertThat(order.get("schema").asText()).isEqualTo(sales);
            assertThat(both.configuration()
                            .get("store")
                            .get("tables")
                            .get("types")
                            .get("Album")
                            .get("schema")
                            .asText())
                    .isEqualTo(current);
            io.quarry.config.QuarryConfig config = io.quarry.config.QuarryConfig.parse(both.toYaml(), "two.yaml");
            io.quarry.sql.JdbcObjectStore store = io.quarry.sql.JdbcObjectStore.builder()
                    .dataSource(dataSource)
                    .dialect(backend().dialect(dataSource))
                    .mapping(config.store().orElseThrow())
                    .build();
            store.createLayout();
            io.quarry.tool.Toolkit toolkit =
                    io.quarry.tool.Toolkit.builder().config(config).store(store).build();
            io.quarry.tool.ToolResult r = toolkit.call(
                    "get_graph_object",
                    io.quarry.internal.Json.object().put("id", "IdsOrder:1"),
                    io.quarry.tool.ToolContext.unrestricted());
            assertThat(r.errorCode()).as(r.text()).isNull();
            assertThat(r.json().get("object").toString()).contains("9.5");
        } finally {
            try (java.sql.Connection c = dataSource.getConnection();
                    java.sql.Statement st = c.createStatement()) {
                st.execute("DROP SCHEMA IF EXISTS " + sales + " CASCADE");
            }
        }
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
