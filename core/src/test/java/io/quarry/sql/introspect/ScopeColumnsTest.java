package io.quarry.sql.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.internal.Json;
import io.quarry.sql.Backend;
import io.quarry.store.Scope;
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

/**
 * Tenants with nothing but a tenant column (issue 28 item 5): introspected with {@code
 * scopeColumns("tenant_id")}, every table that has the column is scoped by it, a table without it is
 * left out with a warning, and two tenants each see their own rows through every tool, never an
 * INTERNAL answer.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScopeColumnsTest {
    static final String[] SCHEMA = {
        "CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, tenant_id VARCHAR(20) NOT NULL, name VARCHAR(40))",
        "CREATE TABLE invoice (invoice_id INTEGER PRIMARY KEY, tenant_id VARCHAR(20) NOT NULL,"
                + " customer_id INTEGER REFERENCES customer (customer_id), total NUMERIC(10, 2))",
        "CREATE TABLE tag (tag_id INTEGER PRIMARY KEY, tenant_id VARCHAR(20) NOT NULL, label VARCHAR(20))",
        "CREATE TABLE customer_tag (customer_id INTEGER NOT NULL REFERENCES customer (customer_id),"
                + " tag_id INTEGER NOT NULL REFERENCES tag (tag_id), PRIMARY KEY (customer_id, tag_id))",
        "CREATE TABLE country (code VARCHAR(2) PRIMARY KEY, name VARCHAR(40))",
        "INSERT INTO customer VALUES (1, 'acme', 'Ada'), (2, 'acme', 'Bob'), (3, 'globex', 'Cy')",
        "INSERT INTO invoice VALUES (10, 'acme', 1, 5.00), (11, 'acme', 2, 7.50), (12, 'globex', 3, 9.00),"
                + " (13, 'globex', 3, 1.00)",
        "INSERT INTO tag VALUES (100, 'acme', 'gold'), (101, 'globex', 'gold')",
        "INSERT INTO customer_tag VALUES (1, 100), (3, 101)",
        "INSERT INTO country VALUES ('FR', 'France'), ('DE', 'Germany')",
    };

    DataSource dataSource;
    Introspection result;
    Toolkit toolkit;

    @BeforeAll
    void serve() throws Exception {
        dataSource = Backend.SQLITE.dataSource("scope_columns");
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement()) {
            for (String sql : SCHEMA) {
                s.execute(sql);
            }
        }
        result = Introspector.builder()
                .dataSource(dataSource)
                .scopeColumns("tenant_id")
                .build()
                .introspect();
        toolkit = Served.toolkit(Backend.SQLITE, dataSource, result);
    }

    ToolResult call(String tenant, String tool, String arguments) throws Exception {
        ToolContext context =
                ToolContext.builder().scope(Scope.of("tenant_id", tenant)).build();
        return toolkit.call(tool, Json.MAPPER.readTree(arguments), context);
    }

    static List<String> ids(ToolResult r) {
        assertThat(r.errorCode()).as(r.text()).isNull();
        List<String> out = new ArrayList<>();
        r.json().get("objects").forEach(o -> out.add(o.get("id").asText()));
        return out;
    }

    @Test
    void aTableWithoutTheColumnIsLeftOutWithAWarningAndTheOthersAreScoped() {
        JsonNode types = result.configuration().path("store").path("tables").path("types");
        assertThat(types.has("Country")).isFalse();
        assertThat(result.warnings()).anySatisfy(w -> assertThat(w)
                .isEqualTo("country: no scope column [tenant_id]; left out, since every scoped call must be"
                        + " scoped by it"));
        for (String type : List.of("Customer", "Invoice", "Tag")) {
            assertThat(types.path(type).path("scope").toString()).as(type).isEqualTo("[\"tenant_id\"]");
            // the tenant column is the scope, never a field the model filters or groups by
            assertThat(types.path(type).path("fields").has("tenant_id"))
                    .as(type)
                    .isFalse();
        }
        // the join table is an edge, scoped through its ends
        assertThat(result.configuration()
                        .path("store")
                        .path("tables")
                        .path("edges")
                        .get(0)
                        .path("table")
                        .asText())
                .isEqualTo("customer_tag");
    }

    @Test
    void eachTenantSeesItsOwnRowsThroughEveryTool() throws Exception {
        assertThat(ids(call("acme", "query_graph_objects", "{\"type\": \"Customer\"}")))
                .containsExactlyInAnyOrder("Customer:1", "Customer:2");
        assertThat(ids(call("globex", "query_graph_objects", "{\"type\": \"Invoice\"}")))
                .containsExactlyInAnyOrder("Invoice:12", "Invoice:13");
        assertThat(ids(call("acme", "query_graph_objects", "{\"query\": \"gold\"}")))
                .containsExactly("Tag:100");
        assertThat(ids(call(
                        "globex", "query_graph_objects", "{\"type\": \"Customer\", \"related_to_id\": \"Tag:101\"}")))
                .containsExactly("Customer:3");
        // another tenant's object is no anchor: it does not exist in this scope
        assertThat(call("acme", "query_graph_objects", "{\"type\": \"Customer\", \"related_to_id\": \"Tag:101\"}")
                        .errorCode())
                .isEqualTo("NOT_FOUND");
        assertThat(call("acme", "get_graph_object", "{\"id\": \"Customer:1\"}").errorCode())
                .isNull();
        assertThat(call("acme", "get_graph_object", "{\"id\": \"Customer:3\"}").errorCode())
                .isEqualTo("NOT_FOUND");
        ToolResult graph = call("globex", "get_project_graph", "{\"root_id\": \"Customer:3\"}");
        assertThat(graph.errorCode()).as(graph.text()).isNull();
        assertThat(graph.text()).contains("Invoice:12").doesNotContain("Invoice:10");
        ToolResult sums = call(
                "acme",
                "aggregate_graph_objects",
                "{\"type\": \"Invoice\", \"metrics\": [{\"op\": \"count\"}, {\"op\": \"sum\", \"field\": \"total\"}]}");
        assertThat(sums.errorCode()).as(sums.text()).isNull();
        assertThat(sums.text()).contains("12.5");
        ToolResult schema = call("acme", "get_database_schema", "{\"detail\": \"full\"}");
        assertThat(schema.errorCode()).as(schema.text()).isNull();
        assertThat(schema.text()).contains("Customer").doesNotContain("Country");
    }
}
