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
import org.junit.jupiter.api.Test;

/**
 * The PostgreSQL path of {@link RatioBench} works end to end at 10,000 objects, one run, no warm-up
 * (about 10 s): the generator loads, the schema's indexes are created, every compiled page returns
 * exactly the hand-written ids and totals (else {@code main} throws), the table and the plans of the
 * worst query print, and {@code --drop} removes the schema. A smoke test, not a timing: the ratios
 * are bench/README.md's.
 */
class RatioBenchPostgresIT {
    private static final String URL = System.getenv()
            .getOrDefault("QUARRY_TEST_POSTGRES_URL", "jdbc:postgresql://127.0.0.1:5432/test?user=postgres");

    @Test
    void theMixRunsOnPostgresWithTheSameIdsAsTheHandWrittenForms() throws Exception {
        reachable();
        String database = "quarry_ratio_pgsmoke_"
                + String.format(
                        Locale.ROOT, "%08x", Path.of("").toAbsolutePath().hashCode());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            RatioBench.main(new String[] {
                "--url", URL, "--objects", "10000", "--runs", "1", "--warmup", "0", "--schema", database, "--drop"
            });
        } finally {
            System.setOut(saved);
            // a failed run stops before --drop: remove what it loaded
            if (!out.toString(StandardCharsets.UTF_8).contains("dropped " + database)) {
                try (Connection c = DriverManager.getConnection(URL);
                        Statement st = c.createStatement()) {
                    st.execute("DROP SCHEMA IF EXISTS " + database + " CASCADE");
                }
            }
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(printed)
                .contains("loaded 10000 objects")
                .contains("| type + two equalities |")
                .contains("| zero-hit typo |")
                .contains("| related to a leaf | ")
                .contains("Execution Time")
                .contains("=== the worst server ratio: ")
                .contains("dropped " + database);
        try (Connection c = DriverManager.getConnection(URL);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(
                        "SELECT 1 FROM information_schema.schemata WHERE schema_name = '" + database + "'")) {
            assertThat(rs.next()).as("schema dropped").isFalse();
        }
    }

    private static void reachable() {
        try (Connection c = DriverManager.getConnection(URL)) {
            c.isValid(5);
        } catch (Exception e) {
            String message =
                    "PostgreSQL is not reachable (" + e.getMessage() + "); start it or set QUARRY_TEST_POSTGRES_URL";
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError(message + ": CI=true needs every database", e);
            }
            Assumptions.abort("skipped: " + message);
        }
    }
}
