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
 * The MariaDB path of {@link RatioBench} works end to end at 10,000 objects, one run (about 10 s):
 * the generator loads, every compiled page returns exactly the hand-written ids and totals (else
 * {@code main} throws), the table and the access summary print, and {@code --drop} removes the
 * database. A smoke test, not a timing: the ratios are bench/README.md's.
 */
class RatioBenchMariaDbIT {
    private static final String URL =
            System.getenv().getOrDefault("QUARRY_TEST_MARIADB_URL", "jdbc:mariadb://127.0.0.1:3306/test?user=root");

    @Test
    void theMixRunsOnMariaDbWithTheSameIdsAsTheHandWrittenForms() throws Exception {
        reachable();
        String database = "quarry_ratio_smoke_"
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
                    st.execute("DROP DATABASE IF EXISTS " + database);
                }
            }
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(printed)
                .contains("loaded 10000 objects")
                .contains("| type + two equalities |")
                .contains("| zero-hit typo |")
                .contains("| related to a leaf | ")
                .contains("ANALYZE FORMAT=JSON")
                .contains("=== the worst server ratio: ")
                .contains("dropped " + database);
        try (Connection c = DriverManager.getConnection(URL);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SHOW DATABASES LIKE '" + database + "'")) {
            assertThat(rs.next()).as("database dropped").isFalse();
        }
    }

    private static void reachable() {
        try (Connection c = DriverManager.getConnection(URL)) {
            c.isValid(5);
        } catch (Exception e) {
            String message =
                    "MariaDB is not reachable (" + e.getMessage() + "); start it or set QUARRY_TEST_MARIADB_URL";
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError(message + ": CI=true needs every database", e);
            }
            Assumptions.abort("skipped: " + message);
        }
    }
}
