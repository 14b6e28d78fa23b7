package io.quarry.cli;

import static io.quarry.cli.QuarryCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** The commands over Chinook in a SQLite file, and the errors a person meets at the command line. */
class SqliteChinookCommandsTest extends ChinookCommandsContract {
    @Override
    String emptyDatabase() {
        return "jdbc:sqlite:" + dir.resolve("chinook.db");
    }

    @Override
    String dialect() {
        return "sqlite";
    }

    @Test
    void aMissingSqliteFileIsReportedNotCreated() {
        Path missing = dir.resolve("chinok.db");
        for (String command : new String[] {"call", "tools", "introspect"}) {
            QuarryCliTest.Run run = command.equals("call")
                    ? run("", "call", "get_database_schema", "{}", "--jdbc-url", "jdbc:sqlite:" + missing)
                    : run("", command, "--jdbc-url", "jdbc:sqlite:" + missing);
            assertThat(run.exit()).as(command).isEqualTo(1);
            assertOneLine(run.err(), "no SQLite database at", "chinok.db", "check the path");
            assertThat(Files.exists(missing)).isFalse();
        }
    }

    @Test
    void aMissingH2FileIsReportedNotCreated() {
        Path missing = dir.resolve("nothing");
        QuarryCliTest.Run run = run("", "tools", "--jdbc-url", "jdbc:h2:file:" + missing);
        assertThat(run.exit()).isEqualTo(1);
        assertOneLine(run.err(), "no H2 database", "check the path");
        assertThat(Files.exists(dir.resolve("nothing.mv.db"))).isFalse();
    }

    @Test
    void aMistypedSchemeNamesTheRightOne() {
        QuarryCliTest.Run run = run("", "tools", "--jdbc-url", "jdbc:sqlit:" + dir.resolve("chinook.db"));
        assertThat(run.exit()).isEqualTo(2);
        assertOneLine(run.err(), "jdbc:sqlit:", "did you mean jdbc:sqlite:?");
        QuarryCliTest.Run postgres = run("", "tools", "--jdbc-url", "jdbc:postgres://localhost/shop");
        assertOneLine(postgres.err(), "did you mean jdbc:postgresql:?");
        QuarryCliTest.Run noJdbc = run("", "introspect", "--jdbc-url", "postgresql://localhost/shop");
        assertThat(noJdbc.exit()).isEqualTo(2);
        assertOneLine(noJdbc.err(), "starting with jdbc:");
    }

    @Test
    void anUnreachableServerIsOneLine() {
        for (String url : new String[] {
            "jdbc:postgresql://127.0.0.1:1/test?user=postgres", "jdbc:mariadb://127.0.0.1:1/test?user=root"
        }) {
            QuarryCliTest.Run run = run("", "call", "get_database_schema", "{}", "--jdbc-url", url);
            assertThat(run.exit()).as(url).isEqualTo(1);
            assertOneLine(run.err(), "cannot connect to the database", "host and port");
        }
        QuarryCliTest.Run unknown = run("", "tools", "--jdbc-url", "jdbc:postgresql://no-such-host.invalid:5432/test");
        assertThat(unknown.exit()).isEqualTo(1);
        assertOneLine(unknown.err(), "cannot connect to the database", "no-such-host.invalid");
    }

    @Test
    void aDatabaseWithNothingToServeIsOneLine() throws Exception {
        Path empty = dir.resolve("keyless.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + empty);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE blobs (data BLOB)");
        }
        QuarryCliTest.Run run = run("", "call", "get_database_schema", "{}", "--jdbc-url", "jdbc:sqlite:" + empty);
        assertThat(run.exit()).isEqualTo(1);
        assertOneLine(run.err(), "neither Quarry's graph layout", "quarry introspect");
        QuarryCliTest.Run none = run("", "tools", "--jdbc-url", url, "--include", "no_such_table");
        assertThat(none.exit()).isEqualTo(1);
        assertOneLine(none.err(), "--include and --exclude");
    }
}
