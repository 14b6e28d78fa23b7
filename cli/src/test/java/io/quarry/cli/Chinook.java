package io.quarry.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The Chinook sample database (Luis Rocha, MIT licence; see core's
 * src/test/resources/io/quarry/sql/introspect/README.md), created from core's test scripts: a
 * database that has never seen Quarry.
 */
final class Chinook {
    private static final Path SCRIPTS = Path.of("../core/src/test/resources/io/quarry/sql/introspect");

    private Chinook() {}

    /** Runs {@code chinook.<dialect>.sql} on the database at this URL. */
    static void create(String url, String dialect) throws IOException, SQLException {
        String script = Files.readString(SCRIPTS.resolve("chinook." + dialect + ".sql"), StandardCharsets.UTF_8);
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            StringBuilder current = new StringBuilder();
            for (String line : script.split("\n")) {
                if (line.startsWith("--")) {
                    continue;
                }
                current.append(line).append('\n');
                if (line.endsWith(";")) {
                    String sql = current.toString().trim();
                    s.execute(sql.substring(0, sql.length() - 1));
                    current.setLength(0);
                }
            }
        }
    }
}
