package io.quarry.sql.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.internal.Json;
import io.quarry.tool.ToolResult;
import org.junit.jupiter.api.Test;

/**
 * Tables and columns named with spaces and other characters ({@code "Order Details"}, {@code "zip
 * code"}, {@code "Unit Price ($)"}; issue 28 item 3), introspected and served end to end: they were
 * skipped, and with {@code Order Details} the central table of Northwind's SQLite port and its
 * relationships. Every tool on every field agrees with SQL and the evaluator (the sample contract).
 */
abstract class OddNamesContract extends SampleSchemaContract {
    @Override
    String sample() {
        return "odd_names";
    }

    @Test
    void namesWithSpacesBecomeTypesAndFields() {
        assertThat(schema().typeNames()).contains("Customer", "Product", "Order", "OrderDetail", "CustomerCity");
        assertThat(schema().type("Customer").orElseThrow().exposedFieldNames())
                .contains("customer_id", "company_name", "zip_code", "city_region");
        assertThat(schema().type("Product").orElseThrow().exposedFieldNames()).contains("unit_price");
        assertThat(schema().type("Order").orElseThrow().exposedFieldNames()).contains("ship_city", "order_date");
        assertThat(schema().type("CustomerCity").orElseThrow().exposedFieldNames())
                .contains("zip_code", "city_region");
        assertThat(result.warnings()).noneMatch(w -> w.contains("quote") || w.contains("valid Quarry name"));
        assertThat(layout().table("OrderDetail").orElseThrow().table()).isEqualTo(name("Order Details"));
    }

    @Test
    void theirKeysRelationshipsAndFiltersWork() {
        ToolResult line = call("get_graph_object", Json.object().put("id", "OrderDetail:103,12"));
        assertThat(line.errorCode()).as(line.text()).isNull();
        assertThat(line.json().at("/object/properties/quantity").asInt()).isEqualTo(12);
        ToolResult lines = call(
                "query_graph_objects",
                Json.object()
                        .put("type", "OrderDetail")
                        .put("related_to_id", "Order:100")
                        .put("relationship_type", "order_details"));
        assertThat(ids(lines)).containsExactlyInAnyOrder("OrderDetail:100,10", "OrderDetail:100,11");
        JsonNode berlin = call(
                        "query_graph_objects",
                        Json.object()
                                .put("type", "Customer")
                                .set("properties", Json.object().put("zip_code", "12209")))
                .json();
        assertThat(berlin.at("/objects/0/id").asText()).isEqualTo("Customer:1");
        ToolResult sum = call("aggregate_graph_objects", (com.fasterxml.jackson.databind.node.ObjectNode)
                Json.MAPPER.valueToTree(java.util.Map.of(
                        "type", "OrderDetail",
                        "group_by", "product_id",
                        "metrics", java.util.List.of(java.util.Map.of("op", "sum", "field", "quantity")))));
        assertThat(sum.errorCode()).as(sum.text()).isNull();
    }

    /** A name as the catalog keeps it (every backend here keeps quoted names as written). */
    String name(String name) {
        return name;
    }
}
