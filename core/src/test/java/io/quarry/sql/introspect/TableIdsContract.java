package io.quarry.sql.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.config.QuarryConfig;
import io.quarry.internal.Json;
import io.quarry.sql.Backend;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.Toolkit;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The ids of the table layout (docs/sql.md "Ids on the table layout") through the tools, on Chinook
 * (integer keys, a self-reference, a join table) plus a few tables of our own (keys 1..25, a
 * composite key with a composite foreign key to it, a composite text key needing escapes, a uuid
 * key served with bare ids), introspected and served as they are.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class TableIdsContract {
    static final String BADGE = "3f1c2a9e-8d4b-4c6a-9b2e-1a2b3c4d5e6f";

    Toolkit toolkit;

    /** The backend under test. */
    abstract Backend backend();

    /** The resource suffix of the backend: {@code h2}, {@code postgres}, … */
    String dialect() {
        return backend().name().toLowerCase(java.util.Locale.ROOT);
    }

    /** A uuid column type of this database. */
    String uuidType() {
        return "CHAR(36)";
    }

    @BeforeAll
    void serveChinook() throws Exception {
        DataSource ds = backend().dataSource("ids_chinook");
        IntrospectionContract.run(ds, "chinook." + dialect() + ".sql");
        char quote = backend().dialect(ds).quoteIdentifier("x").charAt(0);
        List<String> ddl = new ArrayList<>(List.of(
                "CREATE TABLE \"ids_number\" (\"n\" INTEGER PRIMARY KEY, \"label\" VARCHAR(20))",
                "CREATE TABLE \"ids_line\" (\"order_no\" INTEGER NOT NULL, \"line_no\" INTEGER NOT NULL,"
                        + " \"note\" VARCHAR(40), PRIMARY KEY (\"order_no\", \"line_no\"))",
                "CREATE TABLE \"ids_line_note\" (\"note_id\" INTEGER PRIMARY KEY, \"order_no\" INTEGER,"
                        + " \"line_no\" INTEGER, \"body\" VARCHAR(40), FOREIGN KEY (\"order_no\", \"line_no\")"
                        + " REFERENCES \"ids_line\" (\"order_no\", \"line_no\"))",
                "CREATE TABLE \"ids_tag\" (\"scope_key\" VARCHAR(20) NOT NULL, \"tag\" VARCHAR(20) NOT NULL,"
                        + " PRIMARY KEY (\"scope_key\", \"tag\"))",
                "CREATE TABLE \"ids_badge\" (\"badge_id\" " + uuidType() + " PRIMARY KEY, \"label\" VARCHAR(20))",
                "INSERT INTO \"ids_line\" VALUES (10, 3, 'x'), (10, 4, 'y'), (2, 1, 'z')",
                "INSERT INTO \"ids_line_note\" VALUES (1, 10, 3, 'first')",
                "INSERT INTO \"ids_tag\" VALUES ('a,b', '50%')",
                "INSERT INTO \"ids_badge\" VALUES ('" + BADGE + "', 'gold')"));
        IntStream.rangeClosed(1, 25)
                .forEach(n -> ddl.add("INSERT INTO \"ids_number\" VALUES (" + n + ", 'n" + n + "')"));
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement()) {
            for (String sql : ddl) {
                st.execute(sql.replace('"', quote));
            }
        }
        Introspection result = Introspector.builder().dataSource(ds).build().introspect();
        ObjectNode tree = result.configuration().deepCopy();
        ObjectNode badge =
                (ObjectNode) tree.get("store").get("tables").get("types").get("IdsBadge");
        ObjectNode id = badge.putObject("id");
        id.put("column", "badge_id");
        id.put("type", "uuid");
        id.put("form", "bare");
        QuarryConfig config = QuarryConfig.parse(Json.write(tree), "ids.json");
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(backend().dialect(ds))
                .mapping(config.store().orElseThrow())
                .build();
        store.createLayout();
        toolkit = Toolkit.builder().config(config).store(store).build();
    }

    ToolResult call(String tool, String arguments) throws Exception {
        return toolkit.call(tool, Json.MAPPER.readTree(arguments), ToolContext.unrestricted());
    }

    ToolResult call(String tool, ObjectNode arguments) {
        return toolkit.call(tool, arguments, ToolContext.unrestricted());
    }

    JsonNode object(String id) {
        ToolResult r = call("get_graph_object", Json.object().put("id", id));
        assertThat(r.errorCode()).as(r.text()).isNull();
        return r.json().get("object");
    }

    @Test
    void theSameKeyInTwoTablesIsTwoObjects() {
        assertThat(object("Customer:1").get("type").asText()).isEqualTo("Customer");
        assertThat(object("Customer:1").get("id").asText()).isEqualTo("Customer:1");
        assertThat(object("Employee:1").get("type").asText()).isEqualTo("Employee");
        assertThat(object("Employee:1").get("id").asText()).isEqualTo("Employee:1");
    }

    @Test
    void aBareKeyOfSeveralTypesIsNotFoundWithTheirQualifiedIds() {
        ToolResult r = call("get_graph_object", Json.object().put("id", "1"));
        assertThat(r.errorCode()).isEqualTo("NOT_FOUND");
        assertThat(r.json().get("error").get("path").asText()).isEqualTo("id");
        assertThat(r.json().get("error").get("hint").asText()).contains("Customer:1", "Employee:1");
    }

    @Test
    void aBareKeyOfOneTypeIsFoundUnderItsQualifiedId() {
        assertThat(object("10,3").get("id").asText()).isEqualTo("IdsLine:10,3");
    }

    @Test
    void aCompositeKeyIsItsComponentsEscaped() {
        assertThat(object("IdsLine:10,3").get("type").asText()).isEqualTo("IdsLine");
        assertThat(object("IdsTag:a%2Cb,50%25").get("id").asText()).isEqualTo("IdsTag:a%2Cb,50%25");
        for (String wrong : List.of("IdsLine:10", "IdsLine:10,3,1", "IdsTag:a,b,50%25", "IdsTag:a%2Cb,50%")) {
            assertThat(call("get_graph_object", Json.object().put("id", wrong)).errorCode())
                    .as(wrong)
                    .isEqualTo("NOT_FOUND");
        }
    }

    @Test
    void aUuidKeyWithBareIdsIsTheUuid() {
        assertThat(object(BADGE).get("type").asText()).isEqualTo("IdsBadge");
        assertThat(object(BADGE.toUpperCase(java.util.Locale.ROOT)).get("id").asText())
                .isEqualTo(BADGE);
        assertThat(call("get_graph_object", Json.object().put("id", "IdsBadge:" + BADGE))
                        .errorCode())
                .isEqualTo("NOT_FOUND");
    }

    static Stream<String> notKeys() {
        return Stream.of(
                "Customer:abc",
                "Customer:01",
                "Customer:1.5",
                "Customer:-0",
                "Customer:99999999999999999999999",
                "Customer:1\u0000",
                "\u0000",
                "IdsTag:a\u0000,b",
                "Customer:" + "9".repeat(1_000_000),
                "x".repeat(1_000_000),
                "not-a-uuid-3f1c2a9e-8d4b-4c6a-9b2e");
    }

    @ParameterizedTest
    @MethodSource("notKeys")
    void anIdThatCannotBeAKeyIsNotFound(String id) {
        ToolResult get = call("get_graph_object", Json.object().put("id", id));
        assertThat(get.errorCode()).as(get.text()).isEqualTo("NOT_FOUND");
        ToolResult rels = call("get_object_relationships", Json.object().put("id", id));
        assertThat(rels.errorCode()).as(rels.text()).isEqualTo("NOT_FOUND");
        ToolResult related =
                call("query_graph_objects", Json.object().put("type", "Album").put("related_to_id", id));
        assertThat(related.errorCode()).as(related.text()).isIn(null, "NOT_FOUND");
        if (related.errorCode() == null) {
            assertThat(related.json().get("objects")).isEmpty();
        }
        ToolResult graph = call("get_project_graph", Json.object().put("root_id", id));
        assertThat(graph.errorCode()).as(graph.text()).isEqualTo("NOT_FOUND");
    }

    @Test
    void aPageWalkOverIntegerKeysVisitsEveryRowOnceInKeyOrder() {
        List<String> seen = new ArrayList<>();
        String cursor = null;
        for (int page = 0; page < 10; page++) {
            ObjectNode args = Json.object().put("type", "IdsNumber").put("limit", 7);
            if (cursor != null) {
                args.put("cursor", cursor);
            }
            ToolResult r = call("query_graph_objects", args);
            assertThat(r.errorCode()).as(r.text()).isNull();
            r.json().get("objects").forEach(o -> seen.add(o.get("id").asText()));
            JsonNode next = r.json().get("next_cursor");
            if (next == null || next.isNull()) {
                break;
            }
            cursor = next.asText();
        }
        assertThat(seen)
                .containsExactlyElementsOf(IntStream.rangeClosed(1, 25)
                        .mapToObj(n -> "IdsNumber:" + n)
                        .toList());
    }

    @Test
    void relationshipsOnIntegerKeysIncludeTheSelfReference() {
        ToolResult r = call("get_object_relationships", Json.object().put("id", "Employee:2"));
        assertThat(r.errorCode()).as(r.text()).isNull();
        List<String> others = new ArrayList<>();
        r.json().get("relationships").forEach(x -> others.add(x.toString()));
        assertThat(String.join("\n", others)).contains("Employee:1", "Employee:3", "Employee:4", "Employee:5");
    }

    @Test
    void relatedToIdFollowsForeignKeysAndTheJoinTable() {
        ToolResult albums =
                call("query_graph_objects", Json.object().put("type", "Album").put("related_to_id", "Artist:1"));
        assertThat(albums.errorCode()).as(albums.text()).isNull();
        assertThat(albums.json().get("objects")).isNotEmpty().allSatisfy(a -> assertThat(a.toString())
                .contains("Album:"));
        ToolResult tracks = call(
                "query_graph_objects",
                Json.object()
                        .put("type", "Track")
                        .put("related_to_id", "Playlist:1")
                        .put("limit", 50));
        assertThat(tracks.errorCode()).as(tracks.text()).isNull();
        List<String> ids = new ArrayList<>();
        tracks.json().get("objects").forEach(o -> ids.add(o.get("id").asText()));
        assertThat(ids).containsExactlyInAnyOrder("Track:1", "Track:6", "Track:7", "Track:8", "Track:9", "Track:10");
    }

    @Test
    void aCompositeForeignKeyIsARelationship() {
        ToolResult r = call("get_object_relationships", Json.object().put("id", "IdsLine:10,3"));
        assertThat(r.errorCode()).as(r.text()).isNull();
        assertThat(r.text()).contains("IdsLineNote:1");
        ToolResult notes = call(
                "query_graph_objects", Json.object().put("type", "IdsLineNote").put("related_to_id", "IdsLine:10,3"));
        assertThat(notes.json().get("objects")).hasSize(1);
        ToolResult none = call(
                "query_graph_objects", Json.object().put("type", "IdsLineNote").put("related_to_id", "IdsLine:10,4"));
        assertThat(none.json().get("objects")).isEmpty();
    }

    @Test
    void theProjectGraphOfAnIntegerKeyHasQualifiedIds() {
        ToolResult r = call("get_project_graph", Json.object().put("root_id", "Employee:2"));
        assertThat(r.errorCode()).as(r.text()).isNull();
        assertThat(r.text()).contains("Employee:3").doesNotContain("duplicate");
    }
}
