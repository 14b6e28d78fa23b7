package io.quarry.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Locale;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link RatioBench} works end to end on each database at 10,000 objects, one run, no warm-up (a few
 * seconds each): the generator loads, the schema's indexes are created, every compiled page returns
 * exactly the hand-written ids and totals (else {@code main} throws), the table and the plans of the
 * worst query print, and {@code --drop} removes what it loaded. A smoke test, not a timing: the ratios
 * are bench/README.md's.
 */
class RatioBenchIT {

    /** A database the benchmark runs on: where it is, how its plans print, how to drop and find a schema. */
    enum Database {
        POSTGRES(
                "PostgreSQL",
                "QUARRY_TEST_POSTGRES_URL",
                "jdbc:postgresql://127.0.0.1:5432/test?user=postgres",
                "Execution Time",
                "DROP SCHEMA IF EXISTS %s CASCADE",
                "SELECT 1 FROM information_schema.schemata WHERE schema_name = '%s'"),
        MARIADB(
                "MariaDB",
                "QUARRY_TEST_MARIADB_URL",
                "jdbc:mariadb://127.0.0.1:3306/test?user=root",
                "ANALYZE FORMAT=JSON",
                "DROP DATABASE IF EXISTS %s",
                "SHOW DATABASES LIKE '%s'");

        final String label;
        final String variable;
        final String url;
        final String plan;
        final String drop;
        final String find;

        Database(String label, String variable, String defaultUrl, String plan, String drop, String find) {
            this.label = label;
            this.variable = variable;
            this.url = System.getenv().getOrDefault(variable, defaultUrl);
            this.plan = plan;
            this.drop = drop;
            this.find = find;
        }
    }

    @ParameterizedTest
    @EnumSource(Database.class)
    void theMixRunsWithTheSameIdsAsTheHandWrittenForms(Database db) throws Exception {
        reachable(db);
        String schema = "quarry_ratio_smoke_" + db.name().toLowerCase(Locale.ROOT) + "_"
                + String.format(
                        Locale.ROOT, "%08x", Path.of("").toAbsolutePath().hashCode());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            RatioBench.main(new String[] {
                "--url", db.url, "--objects", "10000", "--runs", "1", "--warmup", "0", "--schema", schema, "--drop"
            });
        } finally {
            System.setOut(saved);
            // a failed run stops before --drop: remove what it loaded
            if (!out.toString(StandardCharsets.UTF_8).contains("dropped " + schema)) {
                try (Connection c = DriverManager.getConnection(db.url);
                        Statement st = c.createStatement()) {
                    st.execute(String.format(Locale.ROOT, db.drop, schema));
                }
            }
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(printed)
                .contains("loaded 10000 objects")
                .contains("| type + two equalities |")
                .contains("| zero-hit typo |")
                .contains("| related to a leaf | ")
                .contains(db.plan)
                .contains("=== the worst server ratio: ")
                .contains("dropped " + schema);
        try (Connection c = DriverManager.getConnection(db.url);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(String.format(Locale.ROOT, db.find, schema))) {
            assertThat(rs.next()).as("%s dropped", schema).isFalse();
        }
    }

    private static void reachable(Database db) {
        try (Connection c = DriverManager.getConnection(db.url)) {
            c.isValid(5);
        } catch (Exception e) {
            String message = db.label + " is not reachable (" + e.getMessage() + "); start it or set " + db.variable;
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError(message + ": CI=true needs every database", e);
            }
            Assumptions.abort("skipped: " + message);
        }
    }
}
