package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.config.QuarryConfig;
import io.quarry.internal.Json;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectQuery;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.Toolkit;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Tables without timestamps, and a type's configured order, as every tool shows them: a type whose
 * table has no {@code created_at} or {@code updated_at} column is never offered one (schema, date
 * search), and a query that names no sort uses the type's {@code order} (else newest first, which
 * for a table without timestamps is its key order) with the same pages as the evaluator.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TableTimestampsToolsTest {
    private static final String CONFIG = """
            types:
              Artist: {order: name}
              Invoice: {order: -total}
            store:
              layout: tables
              tables:
                types:
                  Artist:
                    table: artist
                    id: {column: artist_id, type: integer}
                    fields: {name: name}
                  Invoice:
                    table: invoice
                    id: {column: invoice_id, type: integer}
                    created_at: created_at
                    fields:
                      total: {column: total, type: number}
                      issued: {column: issued, type: date}
                  Track:
                    table: track
                    id: {column: track_id, type: integer}
                    fields: {title: title}
            """;

    private Toolkit tables;
    private Toolkit reference;

    @BeforeAll
    void load() throws Exception {
        DataSource ds = Backend.H2.dataSource("table_timestamps_tools");
        try (Connection c = ds.getConnection();
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE \"artist\" (\"artist_id\" INTEGER PRIMARY KEY, \"name\" VARCHAR(50))");
            s.execute("CREATE TABLE \"invoice\" (\"invoice_id\" INTEGER PRIMARY KEY, \"total\" DECIMAL(10, 2),"
                    + " \"issued\" DATE, \"created_at\" TIMESTAMP WITH TIME ZONE)");
            s.execute("CREATE TABLE \"track\" (\"track_id\" INTEGER PRIMARY KEY, \"title\" VARCHAR(50))");
            s.execute("INSERT INTO \"artist\" VALUES (3, 'AC/DC'), (1, 'Queen'), (2, 'Abba'), (4, NULL), (5, 'Blur')");
            s.execute("INSERT INTO \"invoice\" VALUES (1, 3.96, DATE '2021-01-01', TIMESTAMP WITH TIME ZONE"
                    + " '2021-01-01 10:00:00+00'), (2, 13.86, DATE '2021-02-01', NULL), (3, 0.99, NULL,"
                    + " TIMESTAMP WITH TIME ZONE '2021-03-01 10:00:00+00'), (4, 13.86, NULL, NULL)");
            s.execute("INSERT INTO \"track\" VALUES (10, 'b'), (2, 'a'), (7, 'c')");
        }
        QuarryConfig config = QuarryConfig.parse(CONFIG, "timestamps.yaml");
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(Backend.H2.dialect(ds))
                .mapping(config.store().orElseThrow())
                .build();
        store.createLayout();
        List<GraphObject> objects = new ArrayList<>();
        for (String type : List.of("Artist", "Invoice", "Track")) {
            objects.addAll(store.search(ObjectQuery.builder()
                            .types(List.of(type))
                            .limit(100)
                            .build())
                    .items());
        }
        tables = Toolkit.builder().config(config).store(store).build();
        reference = Toolkit.builder()
                .config(config)
                .store(InMemoryObjectStore.of(objects, List.of()))
                .build();
    }

    private static JsonNode call(Toolkit toolkit, String tool, String arguments) {
        try {
            ToolResult r = toolkit.call(tool, Json.parse(arguments), ToolContext.unrestricted());
            return r.json();
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    @Test
    void theSchemaListsOnlyTheTimestampsATableHas() {
        JsonNode schema = call(tables, "get_database_schema", "{\"detail\": \"full\"}");
        assertThat(schema.get("system_fields").has("created_at")).isFalse();
        assertThat(schema.get("system_fields").has("updated_at")).isFalse();
        assertThat(schema.get("system_fields").has("id")).isTrue();
        for (JsonNode t : schema.get("types")) {
            String name = t.get("name").asText();
            assertThat(t.path("system_fields").has("created_at")).as(name).isEqualTo(name.equals("Invoice"));
            assertThat(t.path("system_fields").has("updated_at")).as(name).isFalse();
        }
        assertThat(schema.at("/types/0/order").asText()).isEqualTo("name");
        assertThat(Json.write(call(tables, "get_database_schema", "{\"types\": [\"Track\"]}")))
                .doesNotContain("created_at")
                .doesNotContain("updated_at");
    }

    @Test
    void theDateSearchOffersOnlyTheTimestampsATableHas() {
        String description = tables.tools().stream()
                .filter(t -> t.name().equals("datetime_range_search"))
                .findFirst()
                .orElseThrow()
                .description();
        assertThat(description).doesNotContain("updated_at");
        JsonNode ok = call(
                tables,
                "datetime_range_search",
                "{\"entity_type\": \"Invoice\", \"field\": \"created_at\", \"mode\": \"after\", \"datetime\":"
                        + " \"2021-01-15\"}");
        assertThat(ok.has("error")).as(Json.write(ok)).isFalse();
        assertThat(ok.get("returned").asInt()).isEqualTo(1);
        JsonNode refused = call(
                tables,
                "datetime_range_search",
                "{\"entity_type\": \"Invoice\", \"field\": \"updated_at\", \"mode\": \"after\", \"datetime\":"
                        + " \"2021-01-15\"}");
        assertThat(Json.write(refused)).contains("error");
    }

    /** Ids tie-break in key order here and in code-point order in the evaluator, so no tie reaches the ids. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"type\": \"Artist\"}",
                "{\"type\": \"Artist\", \"limit\": 2}",
                "{\"type\": \"Invoice\"}",
                "{\"type\": \"Invoice\", \"limit\": 1}",
                "{\"type\": \"Invoice\", \"sort\": [{\"field\": \"issued\", \"direction\": \"asc\"}]}"
            })
    void aQueryWithoutSortUsesTheTypesOrderAsTheEvaluatorDoes(String arguments) {
        JsonNode actual = call(tables, "query_graph_objects", arguments);
        assertThat(Json.write(actual)).isEqualTo(Json.write(call(reference, "query_graph_objects", arguments)));
        String cursor = actual.path("next_cursor").asText(null);
        if (cursor != null) {
            String next = arguments.replaceFirst("}$", ", \"cursor\": \"" + cursor + "\"}");
            assertThat(Json.write(call(tables, "query_graph_objects", next)))
                    .isEqualTo(Json.write(call(reference, "query_graph_objects", next)));
        }
    }

    @Test
    void theOrdersAreTheConfiguredOnesAndKeyOrderWithoutTimestamps() {
        assertThat(names(call(tables, "query_graph_objects", "{\"type\": \"Artist\"}"), "name"))
                .containsExactly("AC/DC", "Abba", "Blur", "Queen", null);
        assertThat(names(call(tables, "query_graph_objects", "{\"type\": \"Invoice\"}"), "id"))
                .containsExactly("Invoice:2", "Invoice:4", "Invoice:1", "Invoice:3");
        assertThat(names(call(tables, "query_graph_objects", "{\"type\": \"Track\"}"), "id"))
                .containsExactly("Track:2", "Track:7", "Track:10");
    }

    @Test
    void aSortHintNamesAFieldTheTypeHas() {
        JsonNode refused = call(tables, "query_graph_objects", "{\"type\": \"Track\", \"sort\": [\"title\"]}");
        assertThat(Json.write(refused)).contains("\\\"field\\\": \\\"title\\\"").doesNotContain("updated_at");
    }

    @Test
    void anOrderOnAFieldTheTypeLacksIsAConfigurationError() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> QuarryConfig.parse(
                        CONFIG.replace("{order: name}", "{order: -nam}").replace("{order: -total}", "{}"),
                        "timestamps.yaml"))
                .isInstanceOf(io.quarry.config.ConfigException.class)
                .hasMessageContaining("types.Artist.order: orders by 'nam', which is not a field of the type")
                .hasMessageContaining("did you mean 'name'");
        org.assertj.core.api.Assertions.assertThatThrownBy(() ->
                        QuarryConfig.parse(CONFIG.replace("{order: name}", "{order: updated_at}"), "timestamps.yaml"))
                .hasMessageContaining("orders by 'updated_at'");
    }

    private static List<String> names(JsonNode page, String field) {
        List<String> out = new ArrayList<>();
        for (JsonNode o : page.get("objects")) {
            JsonNode v = o.has(field) ? o.get(field) : o.path("properties").get(field);
            out.add(v == null || v.isNull() ? null : v.asText());
        }
        return out;
    }
}
