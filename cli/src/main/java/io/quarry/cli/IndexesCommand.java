package io.quarry.cli;

import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.dialect.Dialects;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code quarry indexes}: compare the indexes the graph layout and the configured fields need with those present. */
@Command(
        name = "indexes",
        mixinStandardHelpOptions = true,
        description = {
            "Print the indexes of the graph layout (and, with --config, of the configured types' fields) that",
            "the database lacks, as the statements that create them ('quarry init' runs them all).",
            "Example: quarry indexes --jdbc-url jdbc:postgresql://localhost/app --config quarry.yaml"
        })
final class IndexesCommand implements Callable<Integer> {
    /** An index statement's name, quoted with {@code "} (PostgreSQL, H2, SQLite) or {@code `} (MariaDB). */
    private static final Pattern NAME =
            Pattern.compile("CREATE (?:FULLTEXT )?INDEX IF NOT EXISTS ([\"`])((?:(?!\\1).|\\1\\1)+)\\1");

    /** A generated column's statement (MariaDB) and the column's name. */
    private static final Pattern COLUMN = Pattern.compile("ADD COLUMN IF NOT EXISTS ([\"`])((?:(?!\\1).|\\1\\1)+)\\1");

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--jdbc-url", required = true, paramLabel = "URL", description = "The database.")
    String jdbcUrl;

    @Option(names = "--user", paramLabel = "USER", description = "The database user.")
    String user;

    @Option(names = "--password", paramLabel = "PASSWORD", description = "The database password.")
    String password;

    @CommandLine.Mixin
    LayoutOptions layout;

    @Override
    public Integer call() throws SQLException {
        DataSource ds = Databases.reading(jdbcUrl, user, password);
        StoreMapping mapping = layout.mapping();
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(layout.dialect(Dialects.detect(ds)))
                .mapping(mapping)
                .build();
        Set<String> present = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        Set<String> columns = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        boolean trigrams;
        try (Connection c = ds.getConnection()) {
            DatabaseMetaData meta = c.getMetaData();
            for (String table : List.of(mapping.objectsTable(), mapping.relationshipsTable())) {
                try (ResultSet rs = meta.getIndexInfo(c.getCatalog(), c.getSchema(), table, false, true)) {
                    while (rs.next()) {
                        if (rs.getString("INDEX_NAME") != null) {
                            present.add(rs.getString("INDEX_NAME"));
                        }
                    }
                }
            }
            try (ResultSet rs = meta.getColumns(c.getCatalog(), c.getSchema(), mapping.objectsTable(), "%")) {
                while (rs.next()) {
                    columns.add(rs.getString("COLUMN_NAME"));
                }
            }
            trigrams = trigramsAvailable(c);
        }
        PrintWriter out = spec.commandLine().getOut();
        List<String> missing = new ArrayList<>();
        int recommended = 0;
        for (String statement : store.layoutStatements(layout.schema().orElse(null))) {
            Matcher column = COLUMN.matcher(statement);
            if (column.find()) {
                // a generated column an index below needs: printed, before its index, when it is missing
                String name = column.group(2).replace(column.group(1) + column.group(1), column.group(1));
                if (!columns.contains(name)) {
                    missing.add(statement);
                }
                continue;
            }
            Matcher m = NAME.matcher(statement);
            if (!m.find()) {
                continue; // a table or a function, not an index
            }
            recommended++;
            String name = m.group(2).replace(m.group(1) + m.group(1), m.group(1));
            if (present.contains(name)) {
                continue;
            }
            if (statement.contains("gin_trgm_ops") && !trigrams) {
                out.println("-- " + name + ": needs the pg_trgm extension, which this server does not have;"
                        + " substring and pattern filters on that field read every row of the type");
                continue;
            }
            missing.add(statement);
        }
        long indexes = missing.stream().filter(s -> NAME.matcher(s).find()).count();
        if (missing.isEmpty()) {
            out.printf(Locale.ROOT, "-- all %d recommended indexes are present%n", recommended);
            return 0;
        }
        out.printf(Locale.ROOT, "-- %d of %d recommended indexes are missing%n", indexes, recommended);
        missing.forEach(s -> out.println(s + ";"));
        return 0;
    }

    /** Whether the server can have pg_trgm (PostgreSQL only; elsewhere no statement needs it). */
    private static boolean trigramsAvailable(Connection c) {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'")) {
            return rs.next();
        } catch (SQLException e) {
            return false; // not PostgreSQL
        }
    }
}
