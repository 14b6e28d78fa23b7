package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@link ZeroConfigurationContract} on PostgreSQL (Chinook's PostgreSQL script, snake_case names), one
 * schema per test and a real read-only role, all named {@code spring_…} after the checkout and dropped
 * afterwards. {@code QUARRY_TEST_POSTGRES_URL} overrides the server; an unreachable one skips the
 * tests, and fails them under {@code CI=true}.
 */
class ZeroConfigurationPostgresIT extends ZeroConfigurationContract {
    private static final String URL = url();
    private static final String SUFFIX = String.format(
            Locale.ROOT,
            "%08x",
            Path.of(System.getProperty("user.dir")).toAbsolutePath().hashCode());
    private static final Set<String> SCHEMAS = new LinkedHashSet<>();
    private static final Set<String> ROLES = new LinkedHashSet<>();

    private static String url() {
        String url = System.getenv("QUARRY_TEST_POSTGRES_URL");
        return url == null || url.isBlank() ? "jdbc:postgresql://127.0.0.1:5432/test?user=postgres" : url;
    }

    private static void admin(String... statements) throws SQLException {
        try (Connection c = DriverManager.getConnection(URL);
                Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    private static String withSchema(String schema) {
        return URL + (URL.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }

    @Override
    String[] database(String name) {
        String schema = name + "_" + SUFFIX;
        if (SCHEMAS.add(schema)) {
            try {
                admin("DROP SCHEMA IF EXISTS " + schema + " CASCADE", "CREATE SCHEMA " + schema);
            } catch (SQLException e) {
                String message = "PostgreSQL is not reachable (" + e.getMessage() + "); start it or set"
                        + " QUARRY_TEST_POSTGRES_URL";
                if ("true".equals(System.getenv("CI"))) {
                    throw new AssertionError(message + ": CI=true needs every database", e);
                }
                Assumptions.abort("skipped: " + message);
            }
        }
        return new String[] {"spring.datasource.url=" + withSchema(schema)};
    }

    @Override
    String chinook() {
        return "classpath:io/quarry/sql/introspect/chinook.postgres.sql";
    }

    @Override
    String[] readOnlyUser(DataSource owner, String name) throws Exception {
        String role = name + "_" + SUFFIX;
        String schema;
        try (Connection c = owner.getConnection()) {
            schema = c.getSchema();
        }
        ROLES.add(role);
        dropRole(role);
        admin(
                "CREATE ROLE " + role + " LOGIN PASSWORD 'reader'",
                "GRANT USAGE ON SCHEMA " + schema + " TO " + role,
                "GRANT SELECT ON ALL TABLES IN SCHEMA " + schema + " TO " + role);
        return new String[] {
            "spring.datasource.url=" + withSchema(schema).replaceFirst("user=[^&]*", "user=" + role),
            "spring.datasource.username=" + role,
            "spring.datasource.password=reader"
        };
    }

    @Override
    int helperFunctions(DataSource owner) throws Exception {
        try (Connection c = owner.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(
                        "SELECT COUNT(*) FROM pg_proc WHERE pronamespace = current_schema()::regnamespace"
                                + " AND proname LIKE 'quarry\\_%'")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @AfterAll
    static void dropSchemasAndRoles() throws SQLException {
        for (String schema : SCHEMAS) {
            admin("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
        for (String role : ROLES) {
            dropRole(role);
        }
    }

    /** Drops a role left by an earlier run too: its privileges first, which DROP OWNED revokes. */
    private static void dropRole(String role) throws SQLException {
        admin("DO $$ BEGIN IF EXISTS (SELECT FROM pg_roles WHERE rolname = '" + role + "') THEN" + " DROP OWNED BY "
                + role + "; DROP ROLE " + role + "; END IF; END $$");
    }

    @Test
    void typeNamesTableKeepsTheTableNames() {
        chinook("spring_table_names", "quarry.introspect.type-names=table")
                .run(context -> assertThat(call(context, "get_database_schema", "{}"))
                        .contains("\"name\":\"invoice_line\"", "\"name\":\"track\"")
                        .doesNotContain("\"name\":\"InvoiceLine\""));
    }
}
