package io.quarry.cli;

import static io.quarry.cli.QuarryCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The commands over Chinook in a MariaDB database of its own (the local service, or {@code
 * QUARRY_TEST_MARIADB_URL}), and a user who may read only some tables.
 */
class MariaDbChinookCommandsIT extends ChinookCommandsContract {
    private static final String DATABASE = "quarry_cli_chinook_" + QuarryCliTest.checkout();
    private static final String USER = "cli_reader_" + QuarryCliTest.checkout();

    @Override
    String emptyDatabase() {
        return MariaDbCommandsIT.database(DATABASE);
    }

    @Override
    String dialect() {
        return "mariadb";
    }

    private void sql(String... statements) throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            for (String statement : statements) {
                s.execute(statement);
            }
        }
    }

    /** A user without any grant on the database, and an unknown user, get one line each. */
    @Test
    void aUserWithoutGrantsGetsOneLine() throws Exception {
        sql("DROP USER IF EXISTS '" + USER + "'@'%'", "CREATE USER '" + USER + "'@'%'");
        String asUser = url.replaceAll("user=[^&]*&?", "").replace("?&", "?");
        QuarryCliTest.Run nothing = run("", "tools", "--jdbc-url", asUser, "--user", USER);
        assertThat(nothing.exit()).isEqualTo(1);
        assertOneLine(nothing.err(), "the database user may not read what Quarry needs", "grant it SELECT");

        QuarryCliTest.Run refused = run("", "tools", "--jdbc-url", asUser, "--user", "no_such_user_" + USER);
        assertThat(refused.exit()).isEqualTo(1);
        assertOneLine(refused.err(), "the database refused the login", "check --user and --password");
    }

    @AfterAll
    void dropUser() throws SQLException {
        sql("DROP USER IF EXISTS '" + USER + "'@'%'", "DROP DATABASE IF EXISTS " + DATABASE);
    }
}
