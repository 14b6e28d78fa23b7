package io.quarry.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A smoke run of {@link AgentLoad}'s deployment shape on PostgreSQL (about 15 s): 2 {@code Toolkit}
 * instances that share nothing but the cursor key, each with its own HikariCP pool, 4 agents each,
 * every first page of a filter followed on the other instance. With a pool as large as the agents no
 * call fails but by the machine's load (a statement timeout); with a pool of 1 for 4 agents a call
 * that finds no free connection is the retryable {@code DATABASE_UNAVAILABLE}, and no call hangs for
 * the pool's own 30 s wait. Never a cursor refused across instances, never an internal error, no
 * connection left open. The numbers are bench/README.md's, from the full run.
 */
class AgentLoadIT {
    private static final String URL = System.getenv()
            .getOrDefault("QUARRY_TEST_POSTGRES_URL", "jdbc:postgresql://127.0.0.1:5432/test?user=postgres");

    /** Errors that say "try again" (the pool, or a statement slowed by the machine), not the library's. */
    private static final Set<String> RETRYABLE = Set.of("DATABASE_UNAVAILABLE", "QUERY_TIMEOUT");

    @Test
    void twoInstancesSharingTheCursorKeyOverPoolsOfEveryTwoSizes() throws Exception {
        String schema = "quarry_agent_smoke_"
                + String.format(
                        Locale.ROOT, "%08x", Path.of("").toAbsolutePath().hashCode());
        try {
            AgentLoad.Report enough = AgentLoad.run(
                    new AgentLoad.Options(8, 3, 2_000, URL, 2, 4, Duration.ofSeconds(5), schema, false, false));
            assertThat(enough.calls()).isPositive();
            assertThat(enough.sortedNanosPerTool()).containsKey("query_graph_objects (next page, other instance)");
            assertThat(enough.errors().keySet())
                    .as("a pool as large as the agents: %s", enough.errors())
                    .allSatisfy(code ->
                            assertThat(code.substring(code.indexOf(':') + 1)).isEqualTo("QUERY_TIMEOUT"));
            assertThat(enough.openConnections()).isZero();

            AgentLoad.Report starved = AgentLoad.run(
                    new AgentLoad.Options(8, 3, 2_000, URL, 2, 1, Duration.ofSeconds(2), schema, true, true));
            assertThat(starved.calls()).isPositive();
            assertThat(starved.errors().keySet())
                    .as("one connection for four agents: %s", starved.errors())
                    .allSatisfy(code -> assertThat(RETRYABLE).contains(code.substring(code.indexOf(':') + 1)));
            // at most the wait for a connection and the statement, each bounded by the 2 s timeout: far
            // from HikariCP's own 30 s connectionTimeout, which a hang would reach
            assertThat(Duration.ofNanos((long) (starved.maxMillis() * 1e6))).isLessThan(Duration.ofSeconds(20));
            assertThat(starved.openConnections()).isZero();
        } finally {
            try (Connection c = DriverManager.getConnection(URL);
                    Statement st = c.createStatement()) {
                st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            }
        }
        try (Connection c = DriverManager.getConnection(URL);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(
                        "SELECT count(*) FROM information_schema.schemata WHERE schema_name = '" + schema + "'")) {
            rs.next();
            assertThat(rs.getLong(1)).isZero();
        }
    }
}
