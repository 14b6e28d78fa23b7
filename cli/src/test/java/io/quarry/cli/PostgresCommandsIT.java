package io.quarry.cli;

import static io.quarry.cli.QuarryCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code init}, {@code load} and {@code call --jdbc-url} on PostgreSQL (the local service, or
 * {@code QUARRY_TEST_POSTGRES_URL}), each test in its own schema. Skipped with a message when the
 * database is not reachable, failed under {@code CI=true}.
 */
class PostgresCommandsIT {
    @TempDir
    static Path dir;

    static String base;

    @BeforeAll
    static void data() throws Exception {
        QuarryCliTest.files(dir);
        base = base();
    }

    /** The URL of the test database: {@code QUARRY_TEST_POSTGRES_URL}, else the local service. */
    static String base() {
        String url = System.getenv("QUARRY_TEST_POSTGRES_URL");
        return url == null || url.isBlank() ? "jdbc:postgresql://127.0.0.1:5432/test?user=postgres" : url;
    }

    /** A fresh, empty schema; the URL selects it as the current schema. */
    static String schema(String name) {
        String schema = "postgres_cli_" + name + "_" + QuarryCliTest.checkout();
        String base = base();
        try (Connection c = DriverManager.getConnection(base);
                Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            s.execute("CREATE SCHEMA " + schema);
        } catch (SQLException e) {
            String message = "PostgreSQL is not reachable (" + e.getMessage() + "); set QUARRY_TEST_POSTGRES_URL";
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError(message, e);
            }
            Assumptions.abort("skipped: " + message);
        }
        return base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }

    @Test
    void badDataFilesAreRefusedInOneLineAndLoadNothing() throws Exception {
        BadDataFiles.refusedWholly(dir, schema("refused"));
    }

    @Test
    void loadThenQueryGivesWhatTheDataFileGives() throws Exception {
        String url = schema("load");
        QuarryCliTest.Run load = run("", "load", "--data", QuarryCliTest.data.toString(), "--jdbc-url", url);
        assertThat(load.exit()).as(load.err()).isZero();
        assertThat(load.out()).contains("\"objects\": 4");
        for (String call : new String[] {
            "{\"type\": \"Task\", \"properties\": {\"priority\": {\"$gt\": 5}}}",
            "{\"type\": \"Task\", \"sort\": [{\"field\": \"priority\", \"direction\": \"desc\"}]}",
            "{\"query\": \"login\"}"
        }) {
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
            assertThat(fromDb.get("items")).as(call).isEqualTo(fromFile.get("items"));
            assertThat(fromDb.get("returned")).as(call).isEqualTo(fromFile.get("returned"));
        }
    }

    @Test
    void initCreatesTheIndexesTheConfiguredFieldsNeedAndIndexesReportsTheMissing() throws Exception {
        String url = schema("indexes");
        Path config = dir.resolve("indexes.yaml");
        java.nio.file.Files.writeString(config, """
                types:
                  Task:
                    description: work
                    fields:
                      title: string
                      priority: number
                      due_at: datetime
                """);
        String[] layout = {"--jdbc-url", url, "--config", config.toString(), "--full-text", "simple"};
        QuarryCliTest.Run init = run("", concat(new String[] {"init"}, layout));
        assertThat(init.exit()).as(init.err()).isZero();
        QuarryCliTest.Run indexes = run("", concat(new String[] {"indexes"}, layout));
        assertThat(indexes.exit()).as(indexes.err()).isZero();
        assertThat(indexes.out()).matches("(?s)-- all \\d+ recommended indexes are present\\R");
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            s.execute("DROP INDEX quarry_objects_priority_numkey");
        }
        indexes = run("", concat(new String[] {"indexes"}, layout));
        assertThat(indexes.out())
                .contains("-- 1 of ", "CREATE INDEX IF NOT EXISTS \"quarry_objects_priority_numkey\"")
                .doesNotContain("quarry_objects_title_trgm");
        // without the configuration only the layout's own indexes are recommended, all present
        indexes = run("", "indexes", "--jdbc-url", url);
        assertThat(indexes.out()).startsWith("-- all ");
        try (Connection c = DriverManager.getConnection(base());
                Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS postgres_cli_indexes_" + QuarryCliTest.checkout() + " CASCADE");
        }
    }

    @Test
    void fullTextFromInitIsWhatCallSearches() throws Exception {
        String url = schema("fulltext");
        QuarryCliTest.Run init =
                run("", "init", "--jdbc-url", url, "--scope-column", "org_id", "--full-text", "english");
        assertThat(init.exit()).as(init.err()).isZero();
        QuarryCliTest.Run load = run("", "load", "--data", QuarryCliTest.data.toString(), "--jdbc-url", url);
        assertThat(load.exit()).as(load.err()).isZero();
        // stemmed whole words: "writing" finds "Write docs", which the substring fallback would not
        QuarryCliTest.Run call = run("", "call", "query_graph_objects", "{\"query\": \"writing\"}", "--jdbc-url", url);
        assertThat(call.exit()).as(call.err()).isZero();
        JsonNode result = call.lines().get(0);
        assertThat(result.at("/objects/0/id").asText()).as(call.out()).isEqualTo("t2");
        assertThat(result.at("/returned").asInt()).isEqualTo(1);
        try (Connection c = DriverManager.getConnection(base());
                Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS postgres_cli_fulltext_" + QuarryCliTest.checkout() + " CASCADE");
        }
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void initIsIdempotent() throws Exception {
        String url = schema("init");
        for (int i = 0; i < 2; i++) {
            QuarryCliTest.Run init = run("", "init", "--jdbc-url", url, "--scope-column", "org_id");
            assertThat(init.exit()).as(init.err()).isZero();
        }
        QuarryCliTest.Run call = run(
                "",
                "call",
                "get_database_schema",
                "{\"detail\": \"names\"}",
                "--jdbc-url",
                url,
                "--config",
                QuarryCliTest.config.toString());
        assertThat(call.exit()).as(call.err()).isZero();
        assertThat(call.lines().get(0).at("/types/0/count").asInt()).isZero();
    }
}
