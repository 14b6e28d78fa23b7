package io.quarry.cli;

import io.quarry.config.QuarryConfig;
import io.quarry.demo.DemoData;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.dialect.Dialect;
import io.quarry.sql.dialect.Dialects;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongConsumer;
import javax.sql.DataSource;

/** Opening graph-layout databases for the command line, and the embedded demo database. */
final class Databases {
    private static final Set<String> FIXED_COLUMNS = Set.of("id", "type", "properties", "created_at", "updated_at");

    private Databases() {}

    /**
     * The mapping of a configuration file's {@code store} section, or empty without a file or section.
     *
     * @throws IllegalArgumentException saying what to change in the file
     */
    static Optional<StoreMapping> configured(Path config) {
        return config == null ? Optional.empty() : QuarryConfig.load(config).store();
    }

    /** The configured mapping, or the default graph layout with these scope columns; not both. */
    static StoreMapping mapping(Path config, List<String> scopeColumns) {
        Optional<StoreMapping> configured = configured(config);
        if (configured.isPresent() && !scopeColumns.isEmpty()) {
            throw new IllegalArgumentException("give the scope columns in one place: store.objects.scope_columns in "
                    + config + ", or --scope-column");
        }
        return configured.orElseGet(() -> StoreMapping.graph(scopeColumns.toArray(String[]::new)));
    }

    /** A store over the graph layout at this URL, in the configured mapping if there is one. */
    static JdbcObjectStore open(String url, String user, String password, Optional<StoreMapping> configured) {
        if (configured.isEmpty()) {
            return open(url, user, password);
        }
        DataSource ds = new UrlDataSource(url, user, password);
        return JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(Dialects.detect(ds))
                .mapping(configured.get())
                .build();
    }

    /** A store over the graph layout at this URL; its scope columns are the objects table's other columns. */
    static JdbcObjectStore open(String url, String user, String password) {
        DataSource ds = new UrlDataSource(url, user, password);
        Dialect dialect = Dialects.detect(ds);
        List<String> scope = scopeColumns(ds);
        return JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(dialect)
                .mapping(StoreMapping.graph(scope.toArray(String[]::new)))
                .build();
    }

    /** Creates the graph layout (idempotent) with these scope columns. */
    static JdbcObjectStore init(String url, String user, String password, List<String> scopeColumns) {
        return init(url, user, password, StoreMapping.graph(scopeColumns.toArray(String[]::new)));
    }

    /** Creates the graph layout of this mapping (idempotent). */
    static JdbcObjectStore init(String url, String user, String password, StoreMapping mapping) {
        DataSource ds = new UrlDataSource(url, user, password);
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(Dialects.detect(ds))
                .mapping(mapping)
                .build();
        store.createLayout();
        return store;
    }

    /**
     * Loads the data in one transaction: into the configured mapping (created if needed), or into the
     * default layout, created if needed with the data's scope keys.
     */
    static void load(
            String url,
            String user,
            String password,
            DataFile.DataSet data,
            Optional<StoreMapping> configured,
            LongConsumer progress) {
        if (configured.isPresent()) {
            init(url, user, password, configured.get()).load(data, progress);
        } else {
            load(url, user, password, data, progress);
        }
    }

    /** Creates the layout if needed, with the data's scope keys, and loads the data in one transaction. */
    static void load(String url, String user, String password, DataFile.DataSet data, LongConsumer progress) {
        Set<String> keys = new LinkedHashSet<>();
        for (GraphObject o : data.objects()) {
            keys.addAll(o.scope().keySet());
        }
        DataSource ds = new UrlDataSource(url, user, password);
        boolean exists = tableExists(ds);
        List<String> existing = scopeColumns(ds);
        if (exists && !existing.containsAll(keys)) {
            List<String> missing = new ArrayList<>(keys);
            missing.removeAll(existing);
            throw new IllegalArgumentException(
                    "the data has scope keys " + missing + " but the objects table has no such columns");
        }
        JdbcObjectStore store = exists ? open(url, user, password) : init(url, user, password, new ArrayList<>(keys));
        store.load(data, progress);
    }

    /**
     * The demo database: an embedded H2 file in the temporary directory, created and loaded with the
     * demo data on first use (into a temporary file, moved into place when complete).
     */
    static JdbcObjectStore demo() {
        return open(demoUrl(), null, null);
    }

    /** The JDBC URL of the demo database (read-only), created and loaded on first use. */
    static String demoUrl() {
        // one file per version of the demo data, so a changed demo never meets a stale database
        Path dir = Path.of(System.getProperty("java.io.tmpdir"), "quarry-demo-0.1.0-" + DemoData.version());
        Path file = dir.resolve("demo.mv.db");
        try {
            if (!Files.exists(file)) {
                Files.createDirectories(dir);
                Path staging = Files.createTempDirectory(dir, "loading-");
                try {
                    load(
                            "jdbc:h2:file:" + staging.resolve("demo").toAbsolutePath(),
                            null,
                            null,
                            DemoData.data(),
                            rows -> {});
                    Files.move(staging.resolve("demo.mv.db"), file, StandardCopyOption.ATOMIC_MOVE);
                } catch (java.nio.file.FileAlreadyExistsException e) {
                    // another process finished first; its copy is as good
                } finally {
                    try (var leftovers = Files.list(staging)) {
                        for (Path p : leftovers.toList()) {
                            Files.deleteIfExists(p);
                        }
                    }
                    Files.deleteIfExists(staging);
                }
            }
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot create the demo database in " + dir + ": " + e.getMessage(), e);
        }
        return "jdbc:h2:file:" + dir.resolve("demo").toAbsolutePath() + ";ACCESS_MODE_DATA=r";
    }

    private static boolean tableExists(DataSource ds) {
        try (Connection c = ds.getConnection()) {
            return !columns(c).isEmpty();
        } catch (SQLException e) {
            throw new IllegalArgumentException("cannot connect to the database: " + e.getMessage(), e);
        }
    }

    private static List<String> scopeColumns(DataSource ds) {
        try (Connection c = ds.getConnection()) {
            List<String> scope = new ArrayList<>();
            for (String column : columns(c)) {
                if (!FIXED_COLUMNS.contains(column)) {
                    scope.add(column);
                }
            }
            return scope;
        } catch (SQLException e) {
            throw new IllegalArgumentException("cannot connect to the database: " + e.getMessage(), e);
        }
    }

    /** The objects table's columns in the connection's own catalog and current schema (MariaDB would search every database, PostgreSQL every schema). */
    private static List<String> columns(Connection c) throws SQLException {
        List<String> columns = new ArrayList<>();
        DatabaseMetaData meta = c.getMetaData();
        try (ResultSet rs = meta.getColumns(
                c.getCatalog(), c.getSchema(), StoreMapping.graph().objectsTable(), null)) {
            while (rs.next()) {
                columns.add(rs.getString("COLUMN_NAME"));
            }
        }
        return columns;
    }
}
