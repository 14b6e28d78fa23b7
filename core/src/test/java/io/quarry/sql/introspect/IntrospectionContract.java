package io.quarry.sql.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.config.QuarryConfig;
import io.quarry.filter.FilterParser;
import io.quarry.filter.FilterValidator;
import io.quarry.schema.Field;
import io.quarry.schema.Relationship;
import io.quarry.schema.Schema;
import io.quarry.sql.Backend;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.StoreMapping;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectQuery;
import io.quarry.store.ObjectStore;
import io.quarry.store.Page;
import io.quarry.store.SortKey;
import io.quarry.testing.Golden;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Chinook (plus a few {@code shop_*} tables of our own, see the resources' README) created on a
 * backend, introspected, and compared with the golden configuration of its dialect; then the rules
 * one by one, and the derived tree read back by the configuration reader.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class IntrospectionContract {
    static final String RESOURCES = "src/test/resources/io/quarry/sql/introspect/";

    DataSource dataSource;
    Introspection result;
    DatabaseModel model;

    /** The backend under test. */
    abstract Backend backend();

    /** The resource suffix and golden-file name of the backend: {@code h2}, {@code postgres}, … */
    String dialect() {
        return backend().name().toLowerCase(Locale.ROOT).replace("sqlite", "sqlite");
    }

    /** A Chinook table or column name as this backend's script spells it ({@code InvoiceLine} or {@code invoice_line}). */
    String chinook(String pascal) {
        return pascal;
    }

    @BeforeAll
    void createAndIntrospect() throws Exception {
        dataSource = backend().dataSource("introspect_chinook");
        run(dataSource, "chinook." + dialect() + ".sql");
        run(dataSource, "extras." + dialect() + ".sql");
        Introspector introspector =
                Introspector.builder().dataSource(dataSource).build();
        model = introspector.read();
        result = introspector.introspect();
    }

    static void run(DataSource ds, String resource) throws IOException, SQLException {
        Backend.script(ds, "/io/quarry/sql/introspect/" + resource);
    }

    JsonNode types() {
        return result.configuration().get("types");
    }

    JsonNode tables() {
        return result.configuration().get("store").get("tables");
    }

    /** The schema the derived configuration gives once loaded. */
    Schema schema() {
        return QuarryConfig.parse(result.toYaml(), "introspected.yaml").schema().orElseThrow();
    }

    /** A field of the loaded schema, hidden or not. */
    Field field(String type, String name) {
        return schema().type(type).orElseThrow().fields().stream()
                .filter(f -> f.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no field " + type + "." + name));
    }

    /** The type of a field of the loaded schema: {@code integer}, {@code date}… */
    String fieldType(String type, String name) {
        return field(type, name).type().jsonName();
    }

    @Test
    void derivedConfigurationMatchesTheGoldenFile() {
        Golden.assertMatches(Path.of(RESOURCES + "chinook." + dialect() + ".yaml"), result.toYaml());
    }

    @Test
    void everyChinookTableButTheJoinTableIsAType() {
        assertThat(schema().typeNames())
                .contains(
                        "Album",
                        "Artist",
                        "Customer",
                        "Employee",
                        "Genre",
                        "Invoice",
                        "InvoiceLine",
                        "MediaType",
                        "Playlist",
                        "Track",
                        "ShopAccount",
                        "ShopProfile",
                        "ShopPrice",
                        "ShopPriceChange")
                .doesNotContain("PlaylistTrack");
    }

    @Test
    void theJoinTableBecameARelationshipBetweenPlaylistAndTrack() {
        JsonNode edge = tables().get("edges").get(0);
        assertThat(edge.get("table").asText()).isEqualTo(chinook("PlaylistTrack"));
        assertThat(edge.get("src").asText()).isEqualTo(chinook("PlaylistId"));
        assertThat(edge.get("dst").asText()).isEqualTo(chinook("TrackId"));
        assertThat(edge.get("type").asText()).isEqualTo("playlist_track");
        assertThat(result.links())
                .contains(
                        new Introspection.Link("Playlist", "tracks", "Track", "out", "HAS_MANY_MANY"),
                        new Introspection.Link("Track", "playlists", "Playlist", "in", "BELONGS_TO_MANY"));
    }

    @Test
    void theSelfReferenceGoesBothWays() {
        assertThat(result.links())
                .contains(
                        new Introspection.Link("Employee", "reports_to", "Employee", "out", "BELONGS_TO"),
                        new Introspection.Link("Employee", "employees", "Employee", "in", "HAS_MANY"),
                        new Introspection.Link("Customer", "support_rep", "Employee", "out", "BELONGS_TO"),
                        new Introspection.Link("Employee", "customers", "Customer", "in", "HAS_MANY"));
        JsonNode keys = tables().get("types").get("Employee").get("foreign_keys");
        assertThat(keys.get(0).get("column").asText()).isEqualTo(chinook("ReportsTo"));
        assertThat(keys.get(0).get("target").asText()).isEqualTo("Employee");
    }

    @Test
    void aUniqueForeignKeyIsOneToOne() {
        assertThat(result.links())
                .contains(
                        new Introspection.Link("ShopProfile", "account", "ShopAccount", "out", "BELONGS_TO_ONE"),
                        new Introspection.Link("ShopAccount", "shop_profile", "ShopProfile", "in", "HAS_ONE"));
    }

    @Test
    void aCompositeKeyIsATypeWithItsKeyTypesAndACompositeForeignKeyARelationship() {
        assertThat(model.table(null, chinook("PlaylistTrack")).orElseThrow().primaryKey())
                .containsExactly(chinook("PlaylistId"), chinook("TrackId"));
        JsonNode price = tables().get("types").get("ShopPrice").get("id");
        assertThat(price.get("columns")).map(JsonNode::asText).containsExactly("account_id", "currency");
        assertThat(price.get("types")).map(JsonNode::asText).containsExactly("integer", "text");
        assertThat(result.warnings()).noneMatch(w -> w.contains("composite"));
        JsonNode change =
                tables().get("types").get("ShopPriceChange").get("foreign_keys").get(0);
        assertThat(change.get("columns")).map(JsonNode::asText).containsExactly("account_id", "currency");
        assertThat(change.get("target").asText()).isEqualTo("ShopPrice");
        assertThat(result.links())
                .contains(new Introspection.Link(
                        "ShopPriceChange", change.get("relationship").asText(), "ShopPrice", "out", "BELONGS_TO"));
        // the join table's ends are typed: keys of Playlist and Track
        JsonNode edge = tables().get("edges").get(0);
        assertThat(edge.get("src_type").asText()).isEqualTo("Playlist");
        assertThat(edge.get("dst_type").asText()).isEqualTo("Track");
    }

    @Test
    void secretColumnsAreHiddenListedAndNeverRead() {
        assertThat(field("ShopAccount", "password_hash").exposed()).isFalse();
        assertThat(field("ShopAccount", "api_token").exposed()).isFalse();
        assertThat(result.hiddenFields())
                .containsExactly(
                        "ShopAccount.password_hash (shop_account.password_hash)",
                        "ShopAccount.api_token (shop_account.api_token)");
        JsonNode columns = tables().get("types").get("ShopAccount").get("fields");
        assertThat(columns.has("password_hash")).isFalse();
        assertThat(columns.has("email")).isTrue();
    }

    @Test
    void enumValuesComeFromTheTypeAndFromACheckList() {
        assertThat(field("ShopAccount", "status").values()).containsExactly("active", "suspended", "closed");
        assertThat(field("ShopAccount", "tier").values()).containsExactly("free", "pro");
        assertThat(fieldType("ShopAccount", "tier")).isEqualTo("enum");
    }

    @Test
    void fieldTypesFollowTheColumns() {
        assertThat(fieldType("Invoice", "total")).isEqualTo("number");
        assertThat(fieldType("Invoice", "invoice_date")).isEqualTo("datetime");
        assertThat(fieldType("Invoice", "customer_id")).isEqualTo("integer");
        assertThat(fieldType("Invoice", "billing_city")).isEqualTo("string");
        assertThat(fieldType("Track", "unit_price")).isEqualTo("number");
        assertThat(fieldType("ShopAccount", "opened_on")).isEqualTo("date");
        JsonNode created = tables().get("types").get("ShopAccount").get("created_at");
        assertThat(created.isObject() ? created.get("column").asText() : created.asText())
                .isEqualTo("created_at");
        JsonNode id = tables().get("types").get("Invoice").get("id");
        assertThat(id.get("column").asText()).isEqualTo(chinook("InvoiceId"));
        assertThat(id.get("type").asText()).isEqualTo("integer");
    }

    @Test
    void eachFieldIsWrittenOnce() {
        tables().get("types").properties().forEach(layout -> {
            JsonNode declared = types().path(layout.getKey()).path("fields");
            layout.getValue().path("fields").fieldNames().forEachRemaining(field -> assertThat(
                            declared.path(field).has("type"))
                    .as(layout.getKey() + "." + field + " has its type in the layout only")
                    .isFalse());
        });
        assertThat(tables().at("/types/Invoice/fields/total/type").asText()).isEqualTo("number");
        assertThat(tables().at("/types/Invoice/fields/customer_id/type").asText())
                .isEqualTo("integer");
    }

    @Test
    void modulesAndKindsAreKeysOfTheConfiguration() {
        assertThat(types().at("/ShopAccount/module").asText()).isEqualTo("shop");
        assertThat(schema().type("ShopAccount").orElseThrow().module()).isEqualTo("shop");
        assertThat(schema().type("Album").orElseThrow().module()).isNull();
        assertThat(schema().type("Employee").orElseThrow().relationships())
                .contains(
                        new Relationship(
                                "reports_to",
                                "Employee",
                                Relationship.Direction.OUT,
                                "The Employee named by this Employee's reports_to.",
                                Relationship.Kind.BELONGS_TO),
                        new Relationship(
                                "employees",
                                "Employee",
                                Relationship.Direction.IN,
                                "The Employee objects whose reports_to names this Employee.",
                                Relationship.Kind.HAS_MANY,
                                "reports_to"));
        assertThat(schema().type("Playlist").orElseThrow().relationships())
                .anyMatch(r -> r.kind() == Relationship.Kind.HAS_MANY_MANY
                        && r.target().equals("Track"));
    }

    @Test
    void aViewIsAType() {
        assertThat(schema().type("ShopInvoiceSummary")).isPresent();
        assertThat(tables().get("types")
                        .get("ShopInvoiceSummary")
                        .get("id")
                        .get("column")
                        .asText())
                .isEqualTo(chinook("InvoiceId"));
    }

    @Test
    void theSharedTablePrefixIsTheModule() {
        assertThat(result.modules()).containsEntry("ShopAccount", "shop").containsEntry("ShopProfile", "shop");
        assertThat(result.modules()).doesNotContainKey("Album");
    }

    @Test
    void theConfigurationReaderLoadsTheTreeLikeAFile() {
        QuarryConfig tree = QuarryConfig.parse(result.configuration().toString(), "introspected");
        Schema schema = tree.schema().orElseThrow();
        assertThat(schema.type("Track")).isPresent();
        StoreMapping mapping = tree.store().orElseThrow();
        assertThat(mapping.toString()).contains("Track");
        // the YAML text reads back to the same configuration
        QuarryConfig yaml = QuarryConfig.parse(result.toYaml(), "introspected.yaml");
        assertThat(yaml.store()).isEqualTo(tree.store());
        Schema fromYaml = yaml.schema().orElseThrow();
        assertThat(fromYaml.types()).hasSameSizeAs(schema.types());
    }

    @Test
    void includeAndExcludePatterns() {
        Introspection only = Introspector.builder()
                .dataSource(dataSource)
                .include("shop_*")
                .exclude("*summary")
                .build()
                .introspect();
        assertThat(only.configuration().at("/store/tables/types").fieldNames())
                .toIterable()
                .containsExactlyInAnyOrder(expectedShopTypes().toArray(String[]::new));
        // the foreign key to the excluded Customer table is left out, with a warning
        assertThat(only.warnings()).anyMatch(w -> w.contains("the target is not a type"));
    }

    List<String> expectedShopTypes() {
        return List.of("ShopAccount", "ShopProfile", "ShopPrice", "ShopPriceChange");
    }

    static final List<String> DATE_FILTERS = List.of(
            "{}",
            "{\"opened_on\": \"2021-01-01\"}",
            "{\"opened_on\": \"2021-01-01T00:00:00Z\"}",
            "{\"opened_on\": {\"$gte\": \"2021-01-01\"}}",
            "{\"opened_on\": {\"$gte\": \"2021-01-01T10:00:00Z\"}}",
            "{\"opened_on\": {\"$gt\": \"2021-01-01\"}}",
            "{\"opened_on\": {\"$lt\": \"2021-06-15T00:00:01Z\"}}",
            "{\"opened_on\": {\"$lte\": \"2020-12-31T23:59:59+02:00\"}}",
            "{\"opened_on\": {\"$in\": [\"2021-06-15\", null]}}",
            "{\"opened_on\": null}",
            "{\"opened_on\": {\"$not\": {\"$gt\": \"2021-01-01\"}}}",
            "{\"updated_at\": {\"$exists\": false}}",
            "{\"updated_at\": null}",
            "{\"updated_at\": {\"$gt\": \"2000-01-01\"}}",
            "{\"created_at\": {\"$exists\": true}}");

    static final List<String> DATE_SORTS = List.of("", "opened_on", "opened_on desc", "updated_at", "created_at desc");

    /**
     * Served through the introspected table layout, a SQL {@code DATE} reads as {@code YYYY-MM-DD}
     * (no conversion error on PostgreSQL), and filters and sorts on it, and on the timestamps a table
     * lacks, give what the evaluator gives on the same objects; Chinook's Employee (no created or
     * updated column) and ShopAccount (no updated column) carry no made-up timestamps.
     */
    @Test
    void datesAndMissingTimestampsAnswerAsTheEvaluator() {
        QuarryConfig config = QuarryConfig.parse(result.configuration().toString(), "introspected");
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(dataSource)
                .dialect(backend().dialect(dataSource))
                .mapping(config.store().orElseThrow())
                .build();
        store.createLayout();
        Schema schema = config.schema().orElseThrow();
        List<GraphObject> accounts = all(store, "ShopAccount");
        assertThat(accounts.stream().map(o -> String.valueOf(o.property("opened_on"))))
                .containsExactlyInAnyOrder("\"2021-01-01\"", "\"2020-12-31\"", "null", "\"2021-06-15\"");
        assertThat(accounts).allSatisfy(o -> {
            assertThat(o.updatedAt()).isNull();
            assertThat(o.document().has("updated_at")).isFalse();
        });
        List<GraphObject> employees = all(store, "Employee");
        assertThat(employees).hasSize(8).allSatisfy(o -> {
            assertThat(o.createdAt()).isNull();
            assertThat(o.updatedAt()).isNull();
            assertThat(o.document().has("created_at")).isFalse();
        });
        // one type per query: keys of two tables collide until ids are qualified by type
        Map<String, InMemoryObjectStore> memories = Map.of(
                "ShopAccount", InMemoryObjectStore.of(accounts, List.of()),
                "Employee", InMemoryObjectStore.of(employees, List.of()));
        FilterParser parser = FilterParser.withDefaults();
        for (String filter : DATE_FILTERS) {
            for (String sort : DATE_SORTS) {
                for (String type : memories.keySet()) {
                    List<String> types = List.of(type);
                    InMemoryObjectStore memory = memories.get(type);
                    if (dialect().equals("sqlite") && (filter + sort).contains("created_at")) {
                        continue; // SQLite keeps it as ISO text, which a timestamp column does not read yet
                    }
                    List<SortKey> keys = new ArrayList<>();
                    for (String key : sort.isEmpty() ? new String[0] : sort.split(", ")) {
                        String[] parts = key.split(" ");
                        keys.add(new SortKey(parser.parsePath(parts[0], "sort"), parts.length > 1));
                    }
                    ObjectQuery.Builder q = ObjectQuery.builder()
                            .types(types)
                            .filter(new FilterValidator(schema).validate(parser.parse(filter), null))
                            .sort(keys)
                            // one page: a cursor compares an integer key with a text bind on PostgreSQL
                            // until ids bind with the key's type (TableLayoutContract walks the pages)
                            .limit(100);
                    assertThat(pages(store, q))
                            .as(filter + " sort [" + sort + "] " + types)
                            .isEqualTo(pages(memory, q));
                }
            }
        }
    }

    private static List<GraphObject> all(ObjectStore store, String type) {
        return store.search(
                        ObjectQuery.builder().types(List.of(type)).limit(100).build())
                .items();
    }

    /** Every page of a keyset walk, as id lists. */
    private static List<List<String>> pages(ObjectStore store, ObjectQuery.Builder q) {
        List<List<String>> out = new ArrayList<>();
        String cursor = null;
        do {
            Page page = store.search(q.cursor(cursor).build());
            out.add(page.items().stream().map(GraphObject::id).toList());
            cursor = page.hasMore() ? page.nextCursor() : null;
        } while (cursor != null);
        return out;
    }
}
