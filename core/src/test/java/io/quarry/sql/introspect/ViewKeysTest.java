package io.quarry.sql.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.internal.Json;
import io.quarry.sql.Backend;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.Toolkit;
import java.sql.Connection;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A view has no declared key: its id-like column is its key only when the rows prove it unique
 * (issue 28 item 3). A view whose guessed key repeats (Northwind's order lines by order id) gave one
 * id to several rows, and {@code get_project_graph} answered INTERNAL ({@code duplicate object id})
 * for the whole database.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ViewKeysTest {
    DataSource dataSource;
    Introspection result;
    Toolkit toolkit;

    @BeforeAll
    void serve() throws Exception {
        dataSource = Backend.SQLITE.dataSource("view_keys");
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name VARCHAR(40), photo BLOB)");
            s.execute("CREATE TABLE invoice (invoice_id INTEGER PRIMARY KEY,"
                    + " customer_id INTEGER REFERENCES customer (customer_id), total NUMERIC(10, 2))");
            s.execute("INSERT INTO customer VALUES (1, 'Ada', NULL), (2, 'Bob', NULL)");
            s.execute("INSERT INTO invoice VALUES (10, 1, 5.00), (11, 1, 7.50), (12, 2, 9.00)");
            s.execute("CREATE VIEW invoice_line_view AS SELECT customer_id, total FROM invoice");
            s.execute("CREATE VIEW customer_view AS SELECT customer_id, name FROM customer");
            // no id-like column alone is unique, but the two together are
            s.execute("CREATE VIEW invoice_customer_view AS SELECT i.invoice_id, i.customer_id, c.name"
                    + " FROM invoice i JOIN customer c ON c.customer_id = i.customer_id"
                    + " UNION ALL SELECT 10, 2, 'Bob'");
            // no id-like column at all, but a unique name
            s.execute("CREATE VIEW customer_name_view AS SELECT name, photo FROM customer");
            // expressions without a declared type, typed from their values; one without values left out
            s.execute("CREATE VIEW customer_totals AS SELECT c.customer_id, SUM(i.total) AS amount,"
                    + " COUNT(*) AS invoices, upper(c.name) AS shout FROM customer c"
                    + " JOIN invoice i ON i.customer_id = c.customer_id GROUP BY c.customer_id");
            s.execute("CREATE VIEW nothing_view AS SELECT customer_id, total * 2 AS doubled FROM invoice WHERE 0");
            // a declared type SQLite's affinity rules read as text
            s.execute("CREATE TABLE note (note_id INTEGER PRIMARY KEY, body BLOB SUB_TYPE TEXT)");
            s.execute("INSERT INTO note VALUES (1, 'hello')");
            // nothing unique but an amount, which is never a key
            s.execute("CREATE VIEW amount_view AS SELECT total FROM invoice");
        }
        result = Introspector.builder().dataSource(dataSource).build().introspect();
        toolkit = Served.toolkit(Backend.SQLITE, dataSource, result);
    }

    ToolResult call(String tool, String arguments) throws Exception {
        return toolkit.call(tool, Json.MAPPER.readTree(arguments), ToolContext.unrestricted());
    }

    @Test
    void aViewIsKeyedOnlyByAColumnItsRowsProveUnique() {
        var types = result.configuration().path("store").path("tables").path("types");
        assertThat(types.has("CustomerView")).isTrue();
        assertThat(types.has("InvoiceLineView")).isFalse();
        assertThat(result.warnings())
                .contains("invoice_line_view: a view has no key, and its column customer_id (3 rows, 2 values)"
                        + " is not unique; skipped");
    }

    /**
     * Without a unique id-like column, the id-like columns together, else another whole-number, text or
     * date column, when the rows prove it unique; ids round-trip and pages walk every row once.
     */
    @Test
    void aViewIsKeyedByItsIdLikeColumnsTogetherOrAUniqueName() throws Exception {
        var types = result.configuration().path("store").path("tables").path("types");
        assertThat(types.path("InvoiceCustomerView").path("id").path("columns").toString())
                .isEqualTo("[\"invoice_id\",\"customer_id\"]");
        assertThat(types.path("CustomerNameView").path("id").asText()).isEqualTo("name"); // one text column
        assertThat(types.has("AmountView")).isFalse();
        ToolResult one = call("get_graph_object", "{\"id\": \"InvoiceCustomerView:10,2\"}");
        assertThat(one.errorCode()).as(one.text()).isNull();
        assertThat(one.json().at("/object/properties/name").asText()).isEqualTo("Bob");
        ToolResult page = call("query_graph_objects", "{\"type\": \"InvoiceCustomerView\", \"limit\": 2}");
        ToolResult next = call(
                "query_graph_objects",
                "{\"type\": \"InvoiceCustomerView\", \"limit\": 2, \"cursor\": \""
                        + page.json().get("next_cursor").asText() + "\"}");
        assertThat(page.json().get("objects").size()
                        + next.json().get("objects").size())
                .isEqualTo(4);
        ToolResult named = call("get_graph_object", "{\"id\": \"CustomerNameView:Ada\"}");
        assertThat(named.errorCode()).as(named.text()).isNull();
    }

    /**
     * SQLite: a view's expression columns are typed from their values (issue 28 item 1), a declared
     * type by SQLite's affinity rules; an expression without values is left out, named with why.
     */
    @Test
    void expressionsAreTypedFromTheirValuesAndDeclaredTypesByAffinity() throws Exception {
        ToolResult schema = call("get_database_schema", "{\"types\": [\"CustomerTotal\", \"NothingView\", \"Note\"]}");
        assertThat(schema.errorCode()).as(schema.text()).isNull();
        assertThat(schema.json().at("/types/0/properties/amount/type").asText()).isEqualTo("number");
        assertThat(schema.json().at("/types/0/properties/invoices/type").asText())
                .isEqualTo("integer");
        assertThat(schema.json().at("/types/0/properties/shout/type").asText()).isEqualTo("text");
        assertThat(schema.json().at("/types/1/left_out/doubled").asText())
                .isEqualTo("no declared type (an expression) and no values to read one from");
        assertThat(schema.json().at("/types/2/properties/body/type").asText()).isEqualTo("text");
        ToolResult amount =
                call("query_graph_objects", "{\"type\": \"CustomerTotal\", \"properties\": {\"amount\": 12.5}}");
        assertThat(amount.json().at("/objects/0/id").asText()).as(amount.text()).isEqualTo("CustomerTotal:1");
        ToolResult shout =
                call("query_graph_objects", "{\"type\": \"CustomerTotal\", \"properties\": {\"shout\": \"BOB\"}}");
        assertThat(shout.json().at("/objects/0/id").asText()).as(shout.text()).isEqualTo("CustomerTotal:2");
        ToolResult body = call("query_graph_objects", "{\"type\": \"Note\", \"properties\": {\"body\": \"hello\"}}");
        assertThat(body.json().get("objects").size()).as(body.text()).isEqualTo(1);
    }

    /**
     * A table or view no type serves is named, with why, in get_database_schema's answer (summary and
     * full, when every type is asked for), not only in the warnings (issue 28 item 1).
     */
    @Test
    void aTableLeftOutIsListedByGetDatabaseSchema() throws Exception {
        for (String detail : new String[] {"summary", "full"}) {
            ToolResult schema = call("get_database_schema", "{\"detail\": \"" + detail + "\"}");
            assertThat(schema.errorCode()).as(schema.text()).isNull();
            assertThat(schema.json().at("/left_out/invoice_line_view").asText())
                    .as(detail)
                    .isEqualTo("a view has no key, and its column customer_id (3 rows, 2 values) is not unique");
            assertThat(schema.json().at("/left_out/amount_view").asText())
                    .isEqualTo("no primary key, no unique key of non-null columns and no column a key can be");
            assertThat(schema.json().at("/left_out").has("customer_view")).isFalse();
        }
        ToolResult names = call("get_database_schema", "{\"detail\": \"names\"}");
        assertThat(names.json().has("left_out")).isFalse();
    }

    /** A column no field serves is named, with why, in the schema the model reads (issue 28 item 1). */
    @Test
    void aColumnLeftOutIsListedByGetDatabaseSchema() throws Exception {
        for (String detail : new String[] {"summary", "full"}) {
            ToolResult schema =
                    call("get_database_schema", "{\"types\": [\"Customer\"], \"detail\": \"" + detail + "\"}");
            assertThat(schema.errorCode()).as(schema.text()).isNull();
            assertThat(schema.json().at("/types/0/left_out/photo").asText())
                    .as(detail)
                    .isEqualTo("SQL type blob has no Quarry field type");
        }
    }

    @Test
    void theWholeGraphAnswersWithoutADuplicateId() throws Exception {
        ToolResult graph = call("get_project_graph", "{\"root_id\": \"Customer:1\"}");
        assertThat(graph.errorCode()).as(graph.text()).isNull();
        ToolResult one = call("get_graph_object", "{\"id\": \"CustomerView:1\"}");
        assertThat(one.errorCode()).as(one.text()).isNull();
    }
}
