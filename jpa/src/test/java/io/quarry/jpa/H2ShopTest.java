package io.quarry.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.internal.Json;
import io.quarry.tool.ToolResult;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/** The test entity model on H2 in process. */
class H2ShopTest extends ShopContract {
    private static final String URL = "jdbc:h2:mem:jpa_shop;DB_CLOSE_DELAY=-1";

    @Override
    String url() {
        return URL;
    }

    @Override
    DataSource dataSource() {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL(URL);
        return ds;
    }

    @Override
    String backend() {
        return "h2";
    }

    // the two tests below run on H2 only, for two limits of the table layout on PostgreSQL
    // (docs/introspection.md, Limits): keys are bound as text (bigint = character varying), and a date
    // field is read from a timestamp column, which the driver refuses for a SQL DATE. Move them to
    // the contract when the table layout binds typed keys and reads date columns.
    @Test
    void getObjectRelationshipsFollowsForeignKeysAndTheJoinTable() throws Exception {
        String orderId = firstId("{\"type\": \"Order\", \"properties\": {\"total\": {\"$gt\": 100}}}");
        ToolResult related =
                call("get_object_relationships", "{\"id\": " + Json.MAPPER.writeValueAsString(orderId) + "}");
        assertThat(related.text())
                .doesNotContain("\"error\"")
                .contains("Ada") // the customer
                .contains("Structure and Interpretation", "Pocket phone") // the products, through order_product
                .contains("4242"); // the card payment, through its order_id
    }

    @Test
    void aLocalDateIsADateField() throws Exception {
        ToolResult cards = call(
                "query_graph_objects",
                "{\"type\": \"LoyaltyCard\", \"properties\": {\"issued_on\": {\"$gte\": \"2024-01-01\"}}}");
        assertThat(cards.text())
                .doesNotContain("\"error\"")
                .contains("2024-05-01")
                .contains("120");
        ToolResult none = call(
                "query_graph_objects",
                "{\"type\": \"LoyaltyCard\", \"properties\": {\"issued_on\": {\"$lt\": \"2024-01-01\"}}}");
        assertThat(none.text()).doesNotContain("\"error\"").doesNotContain("120");
    }
}
