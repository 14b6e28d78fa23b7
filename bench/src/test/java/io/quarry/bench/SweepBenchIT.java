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
 * {@link SweepBench} at 10,000 objects on PostgreSQL, without timing ({@code --runs 0}): the generator
 * loads, Quarry's and the DBA's indexes are created, every one of the 64 compiled pages returns exactly
 * the hand-written page and capped total (else {@code main} throws), the totals print, and {@code
 * --drop} removes the schema. A smoke test, not a timing: the ratios are bench/README.md's.
 */
class SweepBenchIT {
    private static final String VARIABLE = "QUARRY_TEST_POSTGRES_URL";
    private static final String URL =
            System.getenv().getOrDefault(VARIABLE, "jdbc:postgresql://127.0.0.1:5432/test?user=postgres");

    @Test
    void everyCompiledPageIsTheHandWrittenOne() throws Exception {
        reachable();
        String schema = "quarry_sweep_smoke_"
                + String.format(
                        Locale.ROOT, "%08x", Path.of("").toAbsolutePath().hashCode());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            SweepBench.main(new String[] {
                "--url", URL, "--objects", "10000", "--runs", "0", "--warmup", "0", "--schema", schema, "--drop"
            });
        } finally {
            System.setOut(saved);
            if (!out.toString(StandardCharsets.UTF_8).contains("dropped " + schema)) {
                try (Connection c = DriverManager.getConnection(URL);
                        Statement st = c.createStatement()) {
                    st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
                }
            }
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(printed)
                .contains("loaded 10000 objects")
                .contains("| equality 0.01% | ")
                .contains("| full text 50% + grp (25 %) | ")
                .contains("| $exists 50% + grp (25 %) | ")
                .contains("checked 64 queries: every compiled page and capped total is the hand-written one")
                .contains("dropped " + schema);
        try (Connection c = DriverManager.getConnection(URL);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(
                        "SELECT 1 FROM information_schema.schemata WHERE schema_name = '" + schema + "'")) {
            assertThat(rs.next()).as("%s dropped", schema).isFalse();
        }
    }

    private static void reachable() {
        try (Connection c = DriverManager.getConnection(URL)) {
            c.isValid(5);
        } catch (Exception e) {
            String message = "PostgreSQL is not reachable (" + e.getMessage() + "); start it or set " + VARIABLE;
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError(message + ": CI=true needs every database", e);
            }
            Assumptions.abort("skipped: " + message);
        }
    }
}
