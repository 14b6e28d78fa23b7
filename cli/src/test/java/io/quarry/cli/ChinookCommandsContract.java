package io.quarry.cli;

import static io.quarry.cli.QuarryCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands over the Chinook sample, a database that has never seen Quarry, with nothing but
 * {@code --jdbc-url}: its tables are served by introspection, and the configuration {@code quarry
 * introspect} prints serves the same toolkit.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ChinookCommandsContract {
    @TempDir
    static Path dir;

    String url;

    /** A URL of an empty database, created for this class (a file, a schema or a database). */
    abstract String emptyDatabase() throws Exception;

    /** The script suffix: sqlite, h2, postgres or mariadb. */
    abstract String dialect();

    /** A Chinook table name as this backend spells it. */
    String table(String pascal) {
        return pascal;
    }

    @BeforeAll
    void chinook() throws Exception {
        url = emptyDatabase();
        Chinook.create(url, dialect());
    }

    /**
     * Calls over the tools that read the tables. The first four answer on every backend; the last
     * three (aggregation and text columns on the table layout, which other work is changing) are
     * compared for equal answers only.
     */
    static final List<String> CALLS = List.of(
            "get_database_schema {}",
            "get_database_schema {\"detail\": \"full\", \"types\": [\"Track\", \"Album\"]}",
            "query_graph_objects {\"type\": \"Track\", \"properties\": {\"milliseconds\": {\"$gt\": 300000}}}",
            "discover_schema {\"query\": \"invoice lines\"}",
            "aggregate_graph_objects {\"type\": \"Track\", \"group_by\": \"album_id\"}",
            "query_graph_objects {\"type\": \"Album\", \"query\": \"rock\"}",
            "text_pattern_search {\"entity_type\": \"Artist\", \"field\": \"name\", \"pattern\": \"AC\"}");

    JsonNode call(String tool, String json, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("call", tool, json, "--jdbc-url", url));
        args.addAll(List.of(more));
        QuarryCliTest.Run run = run("", args.toArray(String[]::new));
        assertThat(run.exit()).as(run.err()).isZero();
        return run.lines().get(0);
    }

    @Test
    void theSchemaIsTheTablesWithoutAnyConfiguration() throws Exception {
        JsonNode schema = call("get_database_schema", "{}");
        List<String> types = schema.get("types").findValuesAsText("name");
        assertThat(types)
                .contains("Album", "Artist", "Customer", "Employee", "Genre", "Invoice", "InvoiceLine", "MediaType")
                .contains("Playlist", "Track")
                .doesNotContain("PlaylistTrack");
        JsonNode track = node(schema.get("types"), "Track");
        assertThat(track.get("count").asLong()).isEqualTo(12);
        assertThat(track.at("/properties/milliseconds/type").asText()).isEqualTo("integer");
        assertThat(track.at("/properties/unit_price/type").asText()).isEqualTo("number");
        JsonNode album = node(schema.get("types"), "Album");
        assertThat(album.get("relationships").toString())
                .contains("{\"name\":\"artist\",\"target\":\"Artist\",\"direction\":\"out\",\"kind\":\"BELONGS_TO\"}");
    }

    @Test
    void queriesReadTheHostsRows() throws Exception {
        JsonNode result = call(
                "query_graph_objects", "{\"type\": \"Track\", \"properties\": {\"milliseconds\": {\"$gt\": 300000}}}");
        assertThat(result.get("objects").findValuesAsText("name"))
                .containsExactlyInAnyOrder(
                        "For Those About To Rock (We Salute You)", "Balls to the Wall", "Princess of the Dawn");
    }

    @Test
    void includeAndExcludeChooseTheTables() throws Exception {
        JsonNode schema = call(
                "get_database_schema",
                "{\"detail\": \"names\"}",
                "--include",
                table("Album") + "," + table("Artist") + "," + table("Track"),
                "--exclude",
                table("Track"));
        assertThat(schema.get("types").findValuesAsText("name")).containsExactly("Album", "Artist");
    }

    @Test
    void toolsListsTheToolsOverTheTables() {
        QuarryCliTest.Run run = run("", "tools", "--jdbc-url", url);
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out())
                .contains("query_graph_objects", "get_database_schema")
                .contains("\"Album\"");
    }

    @Test
    void theIntrospectedFileServesWhatIntrospectionServes() throws Exception {
        Path file = dir.resolve("chinook-" + dialect() + ".yaml");
        QuarryCliTest.Run introspect = run("", "introspect", "--jdbc-url", url, "--output", file.toString());
        assertThat(introspect.exit()).as(introspect.err()).isZero();
        assertThat(Files.readString(file)).contains("layout: tables");
        QuarryCliTest.Run printed = run("", "introspect", "--jdbc-url", url);
        assertThat(printed.out()).isEqualTo(Files.readString(file));

        QuarryCliTest.Run tools = run("", "tools", "--schemas", "--jdbc-url", url);
        QuarryCliTest.Run toolsFromFile = run("", "tools", "--schemas", "--jdbc-url", url, "--config", file.toString());
        assertThat(toolsFromFile.exit()).as(toolsFromFile.err()).isZero();
        assertThat(toolsFromFile.out()).isEqualTo(tools.out());
        for (int i = 0; i < CALLS.size(); i++) {
            String[] parts = CALLS.get(i).split(" ", 2);
            JsonNode introspected = call(parts[0], parts[1]);
            assertThat(introspected.has("error")).as(introspected.toString()).isFalse();
            assertThat(call(parts[0], parts[1], "--config", file.toString()))
                    .as(CALLS.get(i))
                    .isEqualTo(introspected);
        }
    }

    /**
     * {@code context} over the introspected tables: the block around one row, its foreign keys and
     * join-table rows as edges, with the same text from the introspected file.
     */
    @Test
    void contextPrintsTheBlockAroundARow() throws Exception {
        QuarryCliTest.Run run = run("", "context", "Album:1", "--jdbc-url", url, "--budget", "4000");
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out())
                .contains("Album:1")
                .contains("Track:1")
                .contains("Artist:1")
                .doesNotContain("1970-01-01")
                .hasSizeLessThanOrEqualTo(4000);
        Path file = dir.resolve("context-" + dialect() + ".yaml");
        assertThat(run("", "introspect", "--jdbc-url", url, "--output", file.toString())
                        .exit())
                .isZero();
        QuarryCliTest.Run fromFile =
                run("", "context", "Album:1", "--jdbc-url", url, "--budget", "4000", "--config", file.toString());
        assertThat(fromFile.out()).isEqualTo(run.out());
        QuarryCliTest.Run missing = run("", "context", "Album:999999", "--jdbc-url", url);
        assertThat(missing.exit()).isNotZero();
        assertOneLine(missing.err(), "Album:999999", "{\"type\": \"Album\"}");
    }

    @Test
    void aDatabaseWithoutGraphLayoutRefusesLayoutGraph() {
        QuarryCliTest.Run run = run("", "call", "get_database_schema", "{}", "--jdbc-url", url, "--layout", "graph");
        assertThat(run.exit()).isEqualTo(1);
        assertOneLine(run.err(), "no graph layout", "--layout tables");
    }

    static JsonNode node(JsonNode types, String name) {
        for (JsonNode t : types) {
            if (t.path("name").asText().equals(name)) {
                return t;
            }
        }
        throw new AssertionError("no type " + name + " in " + types);
    }

    /** One line for the person, starting with "quarry: ", with these words, and no stack trace. */
    static void assertOneLine(String err, String... words) {
        assertThat(err.strip()).doesNotContain("\n").startsWith("quarry: ").doesNotContain("Exception");
        assertThat(err).contains(words);
    }
}
