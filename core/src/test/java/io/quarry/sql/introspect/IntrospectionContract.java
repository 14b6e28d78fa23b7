package io.quarry.sql.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.config.QuarryConfig;
import io.quarry.schema.Schema;
import io.quarry.sql.Backend;
import io.quarry.sql.StoreMapping;
import io.quarry.testing.Golden;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
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

    @Test
    void derivedConfigurationMatchesTheGoldenFile() {
        Golden.assertMatches(Path.of(RESOURCES + "chinook." + dialect() + ".yaml"), result.toYaml());
    }

    @Test
    void everyChinookTableButTheJoinTableIsAType() {
        assertThat(types().fieldNames())
                .toIterable()
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
                        "ShopProfile")
                .doesNotContain("PlaylistTrack", "ShopPrice");
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
                        new Introspection.Link("Playlist", "playlist_track", "Track", "out", "HAS_MANY_MANY"),
                        new Introspection.Link("Track", "playlist_track", "Playlist", "in", "BELONGS_TO_MANY"));
    }

    @Test
    void theSelfReferenceGoesBothWays() {
        assertThat(result.links())
                .contains(
                        new Introspection.Link("Employee", "reports_to", "Employee", "out", "BELONGS_TO"),
                        new Introspection.Link("Employee", "reports_to", "Employee", "in", "HAS_MANY"),
                        new Introspection.Link("Customer", "support_rep", "Employee", "out", "BELONGS_TO"),
                        new Introspection.Link("Employee", "support_rep", "Customer", "in", "HAS_MANY"));
        JsonNode keys = tables().get("types").get("Employee").get("foreign_keys");
        assertThat(keys.get(0).get("column").asText()).isEqualTo(chinook("ReportsTo"));
        assertThat(keys.get(0).get("target").asText()).isEqualTo("Employee");
    }

    @Test
    void aUniqueForeignKeyIsOneToOne() {
        assertThat(result.links())
                .contains(
                        new Introspection.Link("ShopProfile", "account", "ShopAccount", "out", "BELONGS_TO_ONE"),
                        new Introspection.Link("ShopAccount", "account", "ShopProfile", "in", "HAS_ONE"));
    }

    @Test
    void compositeKeysAreRecordedAndTheTableIsSkippedWithAWarning() {
        assertThat(model.table(null, chinook("PlaylistTrack")).orElseThrow().primaryKey())
                .containsExactly(chinook("PlaylistId"), chinook("TrackId"));
        assertThat(model.table(null, "shop_price").orElseThrow().primaryKey())
                .containsExactly("account_id", "currency");
        assertThat(result.warnings()).anyMatch(w -> w.startsWith("shop_price: composite primary key"));
    }

    @Test
    void secretColumnsAreHiddenListedAndNeverRead() {
        JsonNode account = types().get("ShopAccount").get("fields");
        assertThat(account.get("password_hash").get("exposed").asBoolean()).isFalse();
        assertThat(account.get("api_token").get("exposed").asBoolean()).isFalse();
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
        JsonNode account = types().get("ShopAccount").get("fields");
        assertThat(account.get("status").get("values").toString()).isEqualTo("[\"active\",\"suspended\",\"closed\"]");
        assertThat(account.get("tier").get("values").toString()).isEqualTo("[\"free\",\"pro\"]");
    }

    @Test
    void fieldTypesFollowTheColumns() {
        JsonNode invoice = types().get("Invoice").get("fields");
        assertThat(text(invoice.get("total"))).isEqualTo("number");
        assertThat(text(invoice.get("invoice_date"))).isEqualTo("datetime");
        assertThat(text(invoice.get("customer_id"))).isEqualTo("integer");
        assertThat(text(invoice.get("billing_city"))).isEqualTo("string");
        assertThat(text(types().get("Track").get("fields").get("unit_price"))).isEqualTo("number");
        assertThat(text(types().get("ShopAccount").get("fields").get("opened_on")))
                .isEqualTo("date");
        assertThat(tables().get("types").get("ShopAccount").get("created_at").asText())
                .isEqualTo("created_at");
        assertThat(tables().get("types").get("Invoice").get("id").asText()).isEqualTo(chinook("InvoiceId"));
    }

    static String text(JsonNode field) {
        return field.isTextual() ? field.asText() : field.get("type").asText();
    }

    @Test
    void aViewIsAType() {
        assertThat(types().has("ShopInvoiceSummary")).isTrue();
        assertThat(tables().get("types").get("ShopInvoiceSummary").get("id").asText())
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
        assertThat(only.configuration().get("types").fieldNames())
                .toIterable()
                .containsExactlyInAnyOrder(expectedShopTypes().toArray(String[]::new));
        // the foreign key to the excluded Customer table is left out, with a warning
        assertThat(only.warnings()).anyMatch(w -> w.contains("the target is not a type"));
    }

    List<String> expectedShopTypes() {
        return List.of("ShopAccount", "ShopProfile");
    }
}
