package io.quarry.jpa;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Assumptions;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * An empty PostgreSQL schema for a test class on the local service ({@code QUARRY_TEST_POSTGRES_URL}
 * overrides it), prefixed {@code jpa_} and dropped by {@link #drop()}. An unreachable service skips
 * the test, and fails it when {@code CI=true}.
 */
final class PostgresSchema {
    private final String url;
    private final String schema;

    PostgresSchema(String name) {
        String base = System.getenv()
                .getOrDefault("QUARRY_TEST_POSTGRES_URL", "jdbc:postgresql://127.0.0.1:5432/test?user=postgres");
        this.schema = "jpa_" + name;
        this.url = base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;
        try {
            execute(base, "DROP SCHEMA IF EXISTS " + schema + " CASCADE", "CREATE SCHEMA " + schema);
        } catch (SQLException e) {
            if ("true".equals(System.getenv("CI"))) {
                throw new IllegalStateException("PostgreSQL is not reachable at " + base, e);
            }
            Assumptions.abort("PostgreSQL is not reachable at " + base + ": " + e.getMessage());
        }
    }

    /** The JDBC URL whose current schema is this one. */
    String url() {
        return url;
    }

    PGSimpleDataSource dataSource() {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL(url);
        return ds;
    }

    void drop() throws SQLException {
        execute(url, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    }

    private static void execute(String url, String... statements) throws SQLException {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL(url);
        try (Connection c = ds.getConnection();
                Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }
}
