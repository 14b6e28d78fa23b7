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
 * {@code init}, {@code load} and {@code call --jdbc-url jdbc:mariadb://…} on the local MariaDB
 * ({@code QUARRY_TEST_MARIADB_URL} overrides it): the packaged driver, dialect detection and the
 * graph layout's DDL. Skipped with a message when MariaDB is not running, failed under {@code CI=true}.
 */
class MariaDbCommandsIT {
    private static final String DATABASE = "quarry_mariadb_cli_" + QuarryCliTest.checkout();

    @TempDir
    static Path dir;

    static String url;

    @BeforeAll
    static void createDatabase() throws Exception {
        QuarryCliTest.files(dir);
        url = database(DATABASE);
    }

    /**
     * A fresh, empty database of this name on the local MariaDB (or {@code QUARRY_TEST_MARIADB_URL}), and
     * its URL; skips the test when MariaDB is not reachable, fails it under {@code CI=true}.
     */
    static String database(String name) {
        String base = System.getenv("QUARRY_TEST_MARIADB_URL");
        if (base == null || base.isBlank()) {
            base = "jdbc:mariadb://127.0.0.1:3306/test?user=root";
        }
        try (Connection c = DriverManager.getConnection(base);
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name);
            s.execute("CREATE DATABASE " + name + " CHARACTER SET utf8mb4");
        } catch (SQLException e) {
            String message =
                    "MariaDB is not reachable (" + e.getMessage() + "); start it or set QUARRY_TEST_MARIADB_URL";
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError(message + ": CI=true needs every database", e);
            }
            Assumptions.abort("skipped: " + message);
        }
        return base.replaceFirst("(//[^/]+/)[^?]*", "$1" + name);
    }

    @Test
    void badDataFilesAreRefusedInOneLineAndLoadNothing() throws Exception {
        String refused = url.replaceFirst("(//[^/]+/)[^?]*", "$1" + DATABASE + "_refused");
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + DATABASE + "_refused");
            s.execute("CREATE DATABASE " + DATABASE + "_refused CHARACTER SET utf8mb4");
        }
        try {
            BadDataFiles.refusedWholly(dir, refused);
        } finally {
            try (Connection c = DriverManager.getConnection(url);
                    Statement s = c.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS " + DATABASE + "_refused");
            }
        }
    }

    @Test
    void initLoadAndCallGiveWhatTheDataFileGives() throws Exception {
        for (int i = 0; i < 2; i++) {
            QuarryCliTest.Run init = run("", "init", "--jdbc-url", url, "--scope-column", "org_id");
            assertThat(init.exit()).as("init is idempotent: " + init.err()).isZero();
        }
        QuarryCliTest.Run load = run("", "load", "--data", QuarryCliTest.data.toString(), "--jdbc-url", url);
        assertThat(load.exit()).as(load.err()).isZero();
        assertThat(load.out()).contains("\"objects\": 4");
        for (String call : new String[] {
            "{\"type\": \"Task\", \"properties\": {\"priority\": {\"$gt\": 5}}}",
            "{\"type\": \"Task\", \"properties\": {\"title\": {\"$contains\": \"AUTH\", \"$options\": \"i\"}}}",
            "{\"related_to_id\": \"t1\"}",
            "{\"query\": \"auth\"}"
        }) {
            JsonNode fromDb = call(call, "--jdbc-url", url);
            JsonNode fromFile = call(call, "--data", QuarryCliTest.data.toString());
            assertThat(fromDb).as(call).isEqualTo(fromFile);
        }
        assertThat(call("{\"type\": \"Task\", \"properties\": {\"priority\": {\"$gt\": 5}}}", "--jdbc-url", url)
                        .get("returned")
                        .asInt())
                .isEqualTo(1);
    }

    @Test
    void initCreatesTheGeneratedColumnsTheConfiguredFieldsNeedAndIndexesReportsTheMissing() throws Exception {
        String url = database(DATABASE + "_ix");
        Path config = dir.resolve("maria-indexes.yaml");
        java.nio.file.Files.writeString(config, """
                types:
                  Task:
                    description: work
                    fields:
                      status: string
                      priority: number
                      due_at: datetime
                """);
        String[] layout = {"--jdbc-url", url, "--config", config.toString(), "--scope-column", "org_id"};
        for (int i = 0; i < 2; i++) {
            QuarryCliTest.Run init = run("", concat(new String[] {"init"}, layout));
            assertThat(init.exit()).as("init is idempotent: " + init.err()).isZero();
        }
        QuarryCliTest.Run indexes = run("", concat(new String[] {"indexes"}, layout));
        assertThat(indexes.exit()).as(indexes.err()).isZero();
        assertThat(indexes.out()).matches("(?s)-- all \\d+ recommended indexes are present\\R");
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            s.execute("DROP INDEX q1n_priority_ix ON quarry_objects");
            // as on a database that never had them (dropping the column alone would leave its index,
            // shortened to the other columns, under the same name)
            s.execute("DROP INDEX q1d_due_at_ix ON quarry_objects");
            s.execute("ALTER TABLE quarry_objects DROP COLUMN q1d_due_at");
        }
        indexes = run("", concat(new String[] {"indexes"}, layout));
        assertThat(indexes.out())
                .contains(
                        "-- 2 of ",
                        "CREATE INDEX IF NOT EXISTS `q1n_priority_ix`",
                        "ADD COLUMN IF NOT EXISTS `q1d_due_at`",
                        "CREATE INDEX IF NOT EXISTS `q1d_due_at_ix`")
                .doesNotContain("q1s_status");
        QuarryCliTest.Run ddl = run("", "ddl", "--dialect", "mariadb", "--config", config.toString());
        assertThat(ddl.out()).contains("ADD COLUMN IF NOT EXISTS `q1s_status` VARCHAR(200)");
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE " + DATABASE + "_ix");
        }
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void aBadRowLoadsNothing() throws Exception {
        assertThat(run("", "init", "--jdbc-url", url, "--scope-column", "org_id")
                        .exit())
                .isZero();
        java.nio.file.Path bad = dir.resolve("bad.json");
        java.nio.file.Files.writeString(
                bad, "{\"objects\": [{\"id\": \"x\", \"type\": \"T\"}, {\"id\": \"x\", \"type\": \"T\"}]}");
        QuarryCliTest.Run load = run("", "load", "--data", bad.toString(), "--jdbc-url", url);
        assertThat(load.exit()).isNotZero();
        assertThat(load.err()).contains("duplicate object id 'x'");
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement();
                var rs = s.executeQuery("SELECT COUNT(*) FROM quarry_objects WHERE id = 'x'")) {
            rs.next();
            assertThat(rs.getInt(1)).isZero();
        }
    }

    private static JsonNode call(String arguments, String... source) throws Exception {
        String[] args = new String[6 + source.length];
        args[0] = "call";
        args[1] = "query_graph_objects";
        args[2] = arguments;
        System.arraycopy(source, 0, args, 3, source.length);
        args[3 + source.length] = "--config";
        args[4 + source.length] = QuarryCliTest.config.toString();
        args[5 + source.length] = "--scope=org_id=acme";
        QuarryCliTest.Run run = run("", args);
        assertThat(run.exit()).as(run.err()).isZero();
        return run.lines().get(0);
    }

    @Test
    void fullTextFromInitIsWhatCallSearches() throws Exception {
        String name = DATABASE + "_fts";
        String fts = database(name);
        try {
            QuarryCliTest.Run init = run("", "init", "--jdbc-url", fts, "--scope-column", "org_id", "--full-text");
            assertThat(init.exit()).as(init.err()).isZero();
            QuarryCliTest.Run indexes = run("", "indexes", "--jdbc-url", fts, "--full-text");
            assertThat(indexes.out()).as(indexes.err()).matches("(?s)-- all \\d+ recommended indexes are present\\R");
            QuarryCliTest.Run load = run("", "load", "--data", QuarryCliTest.data.toString(), "--jdbc-url", fts);
            assertThat(load.exit()).as(load.err()).isZero();
            // whole words, case-insensitive: "AUTH" finds "Fix auth" and "Auth design"; "aut" is no word,
            // which the substring fallback would find in both
            JsonNode auth = query(fts, "{\"query\": \"AUTH\"}");
            assertThat(auth.get("returned").asInt()).as(auth.toString()).isEqualTo(2);
            JsonNode aut = query(fts, "{\"query\": \"aut\"}");
            assertThat(aut.get("returned").asInt()).as(aut.toString()).isZero();
            // a stopword does not empty the answer
            JsonNode the = query(fts, "{\"query\": \"the auth\"}");
            assertThat(the.get("returned").asInt()).as(the.toString()).isEqualTo(2);
            // without the index the column is not full text: the fallback again
            try (Connection c = DriverManager.getConnection(fts);
                    Statement s = c.createStatement()) {
                s.execute("DROP INDEX quarry_objects_quarry_fts ON quarry_objects");
            }
            aut = query(fts, "{\"query\": \"aut\"}");
            assertThat(aut.get("returned").asInt()).as(aut.toString()).isEqualTo(2);
            indexes = run("", "indexes", "--jdbc-url", fts, "--full-text");
            assertThat(indexes.out()).contains("CREATE FULLTEXT INDEX IF NOT EXISTS `quarry_objects_quarry_fts`");
        } finally {
            try (Connection c = DriverManager.getConnection(fts);
                    Statement s = c.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS " + name);
            }
        }
    }

    private static JsonNode query(String url, String arguments) throws Exception {
        QuarryCliTest.Run run = run("", "call", "query_graph_objects", arguments, "--jdbc-url", url);
        assertThat(run.exit()).as(run.err()).isZero();
        return run.lines().get(0);
    }
}
