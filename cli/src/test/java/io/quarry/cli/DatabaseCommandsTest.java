package io.quarry.cli;

import static io.quarry.cli.QuarryCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code init}, {@code load} and {@code --jdbc-url} on embedded H2 and SQLite files. */
class DatabaseCommandsTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void data() throws Exception {
        QuarryCliTest.files(dir);
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdbc:h2:file:", "jdbc:sqlite:"})
    void loadThenQueryGivesWhatTheDataFileGives(String prefix) throws Exception {
        String url = prefix + dir.resolve("graph" + prefix.length()).toAbsolutePath();
        QuarryCliTest.Run load = run("", "load", "--data", QuarryCliTest.data.toString(), "--jdbc-url", url);
        assertThat(load.exit()).as(load.err()).isZero();
        assertThat(load.out()).contains("\"objects\": 4");
        String call = "{\"type\": \"Task\", \"properties\": {\"priority\": {\"$gt\": 5}}}";
        JsonNode fromDb = run(
                        "",
                        "call",
                        "query_graph_objects",
                        call,
                        "--jdbc-url",
                        url,
                        "--config",
                        QuarryCliTest.config.toString(),
                        "--scope",
                        "org_id=acme")
                .lines()
                .get(0);
        JsonNode fromFile = run(
                        "",
                        "call",
                        "query_graph_objects",
                        call,
                        "--data",
                        QuarryCliTest.data.toString(),
                        "--config",
                        QuarryCliTest.config.toString(),
                        "--scope",
                        "org_id=acme")
                .lines()
                .get(0);
        assertThat(fromDb).isEqualTo(fromFile);
        assertThat(fromDb.get("returned").asInt()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdbc:h2:file:", "jdbc:sqlite:"})
    void withoutConfigTheDatabaseTypesAreInferred(String prefix) throws Exception {
        String url = prefix + dir.resolve("inferred" + prefix.length()).toAbsolutePath();
        assertThat(run("", "load", "--data", QuarryCliTest.data.toString(), "--jdbc-url", url)
                        .exit())
                .isZero();
        JsonNode schema = run("", "call", "get_database_schema", "{}", "--jdbc-url", url)
                .lines()
                .get(0);
        assertThat(schema.at("/types/1/properties/priority/type").asText()).isEqualTo("number");
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdbc:h2:file:", "jdbc:sqlite:"})
    void badDataFilesAreRefusedInOneLineAndLoadNothing(String prefix) throws Exception {
        BadDataFiles.refusedWholly(
                dir, prefix + dir.resolve("refused" + prefix.length()).toAbsolutePath());
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdbc:h2:file:", "jdbc:sqlite:"})
    void initIsIdempotent(String prefix) {
        String url = prefix + dir.resolve("init" + prefix.length()).toAbsolutePath();
        assertThat(run("", "init", "--jdbc-url", url, "--scope-column", "org_id")
                        .exit())
                .isZero();
        assertThat(run("", "init", "--jdbc-url", url, "--scope-column", "org_id")
                        .exit())
                .isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdbc:h2:file:", "jdbc:sqlite:"})
    void theConfigurationsStoreSectionNamesTheTables(String prefix) throws Exception {
        Path config = dir.resolve("mapped.yaml");
        Files.writeString(config, Files.readString(QuarryCliTest.config) + """
                store:
                  objects: {table: graph_objects, type: kind, properties: props, scope_columns: [org_id]}
                  relationships: {table: graph_edges, type: rel}
                """);
        String url = prefix + dir.resolve("mapped" + prefix.length()).toAbsolutePath();
        QuarryCliTest.Run ddl = run("", "ddl", "--jdbc-url", url, "--config", config.toString());
        assertThat(ddl.out()).contains("\"graph_objects\"", "\"kind\"", "\"props\"", "\"graph_edges\"", "\"rel\"");
        assertThat(run("", "init", "--jdbc-url", url, "--config", config.toString())
                        .exit())
                .isZero();
        QuarryCliTest.Run load = run(
                "", "load", "--data", QuarryCliTest.data.toString(), "--jdbc-url", url, "--config", config.toString());
        assertThat(load.exit()).as(load.err()).isZero();
        String call = "{\"type\": \"Task\", \"properties\": {\"priority\": {\"$gt\": 5}}}";
        JsonNode fromDb = run(
                        "",
                        "call",
                        "query_graph_objects",
                        call,
                        "--jdbc-url",
                        url,
                        "--config",
                        config.toString(),
                        "--scope",
                        "org_id=acme")
                .lines()
                .get(0);
        assertThat(fromDb.get("returned").asInt()).as(fromDb.toString()).isEqualTo(1);
        QuarryCliTest.Run both =
                run("", "init", "--jdbc-url", url, "--config", config.toString(), "--scope-column", "x");
        assertThat(both.exit()).isEqualTo(2);
        assertThat(both.err()).contains("give the scope columns in one place");
    }
}
