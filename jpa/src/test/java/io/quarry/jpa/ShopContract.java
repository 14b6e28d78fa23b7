package io.quarry.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.sql.introspect.Introspection;
import io.quarry.testing.Golden;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.ToolSupport;
import io.quarry.tool.Toolkit;
import jakarta.persistence.EntityManagerFactory;
import java.nio.file.Path;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The test entity model on a database, its tables created by Hibernate: the derived configuration
 * against the golden file of the backend, the mapping rules one by one, and a toolkit over the
 * entities' rows.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ShopContract {
    EntityManagerFactory factory;
    Introspection result;
    Toolkit toolkit;

    /** The JDBC URL of an empty database (or schema). */
    abstract String url() throws Exception;

    /** A data source on the same database, for the toolkit. */
    abstract DataSource dataSource();

    /** The golden file's suffix: {@code h2}, {@code postgres}. */
    abstract String backend();

    @BeforeAll
    void createLoadAndDerive() throws Exception {
        factory = Shop.factory(url(), Shop.ENTITIES, Map.of("hibernate.hbm2ddl.auto", "create-drop"));
        Shop.load(factory);
        result = JpaIntrospector.introspect(factory);
        toolkit = Shop.toolkit(result, dataSource());
    }

    @AfterAll
    void close() {
        factory.close();
    }

    JsonNode types() {
        return result.configuration().get("types");
    }

    JsonNode tables() {
        return result.configuration().get("store").get("tables");
    }

    ToolResult call(String tool, String arguments) throws Exception {
        return toolkit.call(tool, ToolSupport.parse(arguments), ToolContext.unrestricted());
    }

    @Test
    void derivedConfigurationMatchesTheGoldenFile() {
        Golden.assertMatches(Path.of("src/test/resources/io/quarry/jpa/shop." + backend() + ".yaml"), result.toYaml());
    }

    @Test
    void entitiesAreTypesButMappedSuperclassesEmbeddablesAndSingleTableSubclassesAreNot() {
        assertThat(types().fieldNames())
                .toIterable()
                .containsExactlyInAnyOrder("Book", "Customer", "Gadget", "LoyaltyCard", "Order", "Payment", "Product");
    }

    @Test
    void theModuleIsThePackageBelowTheSharedOne() {
        assertThat(result.modules())
                .containsEntry("Customer", "crm")
                .containsEntry("LoyaltyCard", "crm")
                .containsEntry("Order", "sales")
                .containsEntry("Payment", "sales")
                .containsEntry("Product", "catalog")
                .containsEntry("Book", "catalog");
    }

    /** A field's type as the configuration's one reader gives it (the table layout writes it, once). */
    String fieldType(String type, String field) {
        return io.quarry.config.QuarryConfig.parse(result.toYaml(), "jpa.yaml")
                .schema()
                .orElseThrow()
                .type(type)
                .orElseThrow()
                .fields()
                .stream()
                .filter(f -> f.name().equals(field))
                .findFirst()
                .orElseThrow(() -> new AssertionError(type + "." + field + " is not a field"))
                .type()
                .jsonName();
    }

    @Test
    void fieldTypesFollowTheJavaTypes() {
        assertThat(fieldType("Customer", "name")).isEqualTo("string");
        assertThat(fieldType("Customer", "notes")).isEqualTo("text");
        assertThat(fieldType("LoyaltyCard", "issued_on")).isEqualTo("date");
        assertThat(fieldType("Customer", "tier")).isEqualTo("enum");
        assertThat(types().at("/Customer/fields/tier/values").toString()).isEqualTo("[\"FREE\",\"GOLD\"]");
        assertThat(fieldType("Order", "total")).isEqualTo("number");
        assertThat(fieldType("Order", "customer_id")).isEqualTo("integer");
        assertThat(fieldType("Order", "status")).isEqualTo("integer");
        assertThat(types().at("/Order/fields/status/description").asText())
                .isEqualTo("The ordinal of OrderStatus: 0 = OPEN, 1 = PAID, 2 = SHIPPED.");
        assertThat(fieldType("Product", "weight")).isEqualTo("number");
        assertThat(fieldType("Product", "active")).isEqualTo("boolean");
        assertThat(fieldType("Gadget", "warranty_months")).isEqualTo("integer");
    }

    @Test
    void eachFieldIsWrittenOnce() {
        tables().get("types").properties().forEach(layout -> {
            JsonNode declared = types().path(layout.getKey()).path("fields");
            layout.getValue().path("fields").fieldNames().forEachRemaining(field -> assertThat(
                            declared.path(field).has("type")
                                    || declared.path(field).isTextual())
                    .as(layout.getKey() + "." + field + " has its type in the layout only")
                    .isFalse());
        });
        assertThat(tables().at("/types/Order/fields/customer_id/type").asText()).isEqualTo("integer");
    }

    @Test
    void anEmbeddableIsFieldsPrefixedWithItsAttribute() {
        assertThat(fieldType("Customer", "address_city")).isEqualTo("string");
        assertThat(fieldType("Customer", "address_postal_code")).isEqualTo("string");
        assertThat(types().has("Address")).isFalse();
    }

    @Test
    void theMappedSuperclassTimestampsAreTheTypesTimestamps() {
        JsonNode customer = tables().get("types").get("Customer");
        assertThat(customer.has("created_at")).isTrue();
        assertThat(customer.has("updated_at")).isTrue();
        assertThat(types().path("Customer").path("fields").has("created_at")).isFalse();
    }

    @Test
    void secretLookingAttributesAreHiddenAndNeverRead() {
        assertThat(types().get("Customer")
                        .get("fields")
                        .get("password_hash")
                        .get("exposed")
                        .asBoolean())
                .isFalse();
        assertThat(result.hiddenFields()).singleElement().asString().startsWith("Customer.password_hash (");
        assertThat(tables().get("types").get("Customer").get("fields").has("password_hash"))
                .isFalse();
    }

    @Test
    void aSingleTableHierarchyIsOneTypeWithTheSubclassesFieldsAndTheDiscriminator() {
        assertThat(fieldType("Payment", "card_last4")).isEqualTo("string");
        assertThat(fieldType("Payment", "iban")).isEqualTo("string");
        assertThat(types().at("/Payment/fields/method/values").toString()).isEqualTo("[\"card\",\"transfer\"]");
    }

    @Test
    void aJoinedSubclassIsATypeOnItsTableThatIsItsParentsRow() {
        assertThat(tables().at("/types/Book/fields").fieldNames()).toIterable().containsExactly("isbn");
        assertThat(result.links())
                .contains(
                        new Introspection.Link("Book", "product", "Product", "out", "BELONGS_TO_ONE"),
                        new Introspection.Link("Product", "product", "Book", "in", "HAS_ONE"));
    }

    @Test
    void associationsAreRelationshipsWithTheirKindsFromBothEnds() {
        assertThat(result.links())
                .contains(
                        new Introspection.Link("Order", "customer", "Customer", "out", "BELONGS_TO"),
                        new Introspection.Link("Customer", "customer", "Order", "in", "HAS_MANY"),
                        new Introspection.Link("LoyaltyCard", "customer", "Customer", "out", "BELONGS_TO_ONE"),
                        new Introspection.Link("Customer", "customer", "LoyaltyCard", "in", "HAS_ONE"),
                        new Introspection.Link("Order", "products", "Product", "out", "HAS_MANY_MANY"),
                        new Introspection.Link("Product", "products", "Order", "in", "BELONGS_TO_MANY"),
                        new Introspection.Link("Payment", "payments", "Order", "out", "BELONGS_TO"),
                        new Introspection.Link("Order", "payments", "Payment", "in", "HAS_MANY"),
                        new Introspection.Link("Product", "replaced_by", "Product", "out", "BELONGS_TO"),
                        new Introspection.Link("Product", "replaced_by", "Product", "in", "HAS_MANY"),
                        new Introspection.Link("Customer", "favourites", "Product", "out", "HAS_MANY"),
                        new Introspection.Link("Product", "favourites", "Customer", "in", "BELONGS_TO"));
        // the inverse sides (mappedBy) add nothing of their own
        assertThat(result.links())
                .noneMatch(l ->
                        l.relationship().equals("orders") || l.relationship().equals("card"));
        assertThat(tables().get("edges").findValuesAsText("type")).containsExactlyInAnyOrder("favourites", "products");
    }

    @Test
    void queryGraphObjectsReadsTheEntitiesRows() throws Exception {
        ToolResult orders =
                call("query_graph_objects", "{\"type\": \"Order\", \"properties\": {\"total\": {\"$gt\": 100}}}");
        assertThat(orders.text()).doesNotContain("\"error\"").contains("129.9").doesNotContain("15.0");
        ToolResult customers = call(
                "query_graph_objects",
                "{\"type\": \"Customer\", \"properties\": {\"address_city\": \"Paris\", \"tier\": \"FREE\"}}");
        assertThat(customers.text()).contains("Bob").doesNotContain("Ada").doesNotContain("secret");
        ToolResult cards =
                call("query_graph_objects", "{\"type\": \"Payment\", \"properties\": {\"method\": \"card\"}}");
        assertThat(cards.text()).contains("4242").doesNotContain("DE89");
    }

    @Test
    void getDatabaseSchemaShowsTheEntityTypes() throws Exception {
        ToolResult schema = call("get_database_schema", "{}");
        assertThat(schema.text())
                .doesNotContain("\"error\"")
                .contains("Customer", "LoyaltyCard", "Order", "Payment", "Book")
                .doesNotContain("CardPayment", "password_hash");
    }

    @Test
    void getObjectRelationshipsFollowsForeignKeysAndTheJoinTable() throws Exception {
        String orderId = firstId("{\"type\": \"Order\", \"properties\": {\"total\": {\"$gt\": 100}}}");
        ToolResult related =
                call("get_object_relationships", "{\"id\": " + ToolSupport.write(ToolSupport.tree(orderId)) + "}");
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

    String firstId(String query) throws Exception {
        JsonNode answer = ToolSupport.parse(call("query_graph_objects", query).text());
        return answer.findValue("id").asText();
    }
}
