package io.quarry.cli;

import static io.quarry.cli.QuarryCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The commands over Chinook in a PostgreSQL schema of its own (the local service, or {@code
 * QUARRY_TEST_POSTGRES_URL}), and a user who may not read every table.
 */
class PostgresChinookCommandsIT extends ChinookCommandsContract {
    private static final String ROLE = "cli_reader_" + QuarryCliTest.checkout();

    String schema;

    @Override
    String emptyDatabase() {
        String withSchema = PostgresCommandsIT.schema("chinook");
        schema = withSchema.substring(withSchema.indexOf("currentSchema=") + "currentSchema=".length());
        return withSchema;
    }

    @Override
    String dialect() {
        return "postgres";
    }

    @Override
    String table(String pascal) {
        return pascal.replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }

    /** The URL without its user, for --user. */
    private String urlWithoutUser() {
        return url.replaceAll("user=[^&]*&?", "").replace("?&", "?");
    }

    private void sql(String... statements) throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            for (String statement : statements) {
                s.execute(statement);
            }
        }
    }

    @Test
    void aTableTheUserMayNotReadIsLeftOutWithAWarning() throws Exception {
        sql(
                "DROP ROLE IF EXISTS " + ROLE,
                "CREATE ROLE " + ROLE + " LOGIN",
                "GRANT USAGE ON SCHEMA " + schema + " TO " + ROLE,
                "GRANT SELECT ON ALL TABLES IN SCHEMA " + schema + " TO " + ROLE,
                "REVOKE SELECT ON " + schema + ".employee FROM " + ROLE);
        QuarryCliTest.Run run = run(
                "",
                "call",
                "get_database_schema",
                "{\"detail\": \"names\"}",
                "--jdbc-url",
                urlWithoutUser(),
                "--user",
                ROLE);
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.err()).contains("leaving out table employee", "grant it SELECT");
        assertThat(run.lines().get(0).get("types").findValuesAsText("name"))
                .contains("Album", "Customer")
                .doesNotContain("Employee");

        sql("REVOKE SELECT ON ALL TABLES IN SCHEMA " + schema + " FROM " + ROLE);
        QuarryCliTest.Run none = run("", "tools", "--jdbc-url", urlWithoutUser(), "--user", ROLE);
        assertThat(none.exit()).isEqualTo(1);
        assertThat(none.err().lines().filter(l -> !l.startsWith("quarry: leaving out table")))
                .singleElement()
                .asString()
                .contains("nor tables Quarry can serve", "the user may read");
    }

    @Test
    void anUnknownUserOrDatabaseIsOneLine() {
        QuarryCliTest.Run user = run("", "tools", "--jdbc-url", urlWithoutUser(), "--user", "no_such_user_" + ROLE);
        assertThat(user.exit()).isEqualTo(1);
        assertOneLine(user.err(), "the database refused the login", "check --user and --password");
        QuarryCliTest.Run database = run("", "tools", "--jdbc-url", url.replaceFirst("/test\\?", "/no_such_database?"));
        assertThat(database.exit()).isEqualTo(1);
        assertOneLine(database.err(), "no_such_database", "check the database name");
    }

    @AfterAll
    void dropRole() throws SQLException {
        sql("DROP OWNED BY " + ROLE, "DROP ROLE IF EXISTS " + ROLE);
    }
}
