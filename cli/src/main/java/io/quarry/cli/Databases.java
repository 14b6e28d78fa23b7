package io.quarry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.config.QuarryConfig;
import io.quarry.demo.DemoData;
import io.quarry.sql.Dialect;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.dialect.Dialects;
import io.quarry.sql.introspect.Introspection;
import io.quarry.sql.introspect.Introspector;
import io.quarry.store.DataFile;
import io.quarry.tool.ToolSupport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import javax.sql.DataSource;

/** Opening graph-layout databases for the command line, and the embedded demo database. */
final class Databases {
    private static final Set<String> FIXED_COLUMNS =
            Set.of("id", "type", "properties", "created_at", "updated_at", "quarry_fts");

    private Databases() {}

    /**
     * The mapping of a configuration file's {@code store} section, or empty without a file or section.
     *
     * @throws IllegalArgumentException saying what to change in the file
     */
    static Optional<StoreMapping> configured(Path config) {
        return config == null ? Optional.empty() : QuarryConfig.load(config).store();
    }

    /**
     * A data source for reading the database at this URL, once it opened: a URL no driver takes is a
     * usage error, and a missing SQLite or H2 file is reported, never created.
     *
     * @throws IllegalArgumentException when no driver takes the URL
     * @throws DatabaseProblem when the database cannot be opened, in one line saying what to do
     */
    static DataSource reading(String url, String user, String password) {
        return reading(url, url, user, password);
    }

    /**
     * {@link #reading}, but an embedded database (an H2 or SQLite file) opened read-only: a read never
     * writes or compacts the file (H2 wrote and compacted it on every close, and a file once became
     * corrupt during a read-only batch). For the commands
     * that only read: call, tools, mcp, context.
     */
    static DataSource readingOnly(String url, String user, String password) {
        return reading(readOnly(url), url, user, password);
    }

    /** An embedded H2 or SQLite file URL made read-only ; others as they are. */
    static String readOnly(String url) {
        String lower = url.toLowerCase(java.util.Locale.ROOT);
        if (embeddedH2(lower)) {
            // not kept open for the process (DB_CLOSE_DELAY=-1): H2 shares an open database within a
            // process, so a writer of the same file (quarry embed after a read) would get the read-only one
            return url + (lower.contains("access_mode_data=") ? "" : ";ACCESS_MODE_DATA=r");
        }
        if (sqliteFile(url).isPresent() && !lower.contains("open_mode=")) {
            return url + (url.indexOf('?') < 0 ? "?" : "&") + "open_mode=1";
        }
        return url;
    }

    private static DataSource reading(String url, String writable, String user, String password) {
        checkUrl(url);
        Optional<Path> sqlite = sqliteFile(url);
        if (sqlite.isPresent() && !Files.isRegularFile(sqlite.get())) {
            throw new DatabaseProblem(
                    "there is no SQLite database at " + sqlite.get().toAbsolutePath()
                            + "; check the path in --jdbc-url (Quarry never creates a database to read it)");
        }
        UrlDataSource ds = new UrlDataSource(h2IfExists(url), user, password, h2IfExists(writable));
        try (Connection c = ds.getConnection()) {
            c.getMetaData();
            if (sqlite.isPresent() && ds.writable() != ds) {
                rollBackUnfinishedWrite(c, ds.writable());
            }
        } catch (SQLException e) {
            throw explain(e);
        }
        return ds;
    }

    /**
     * A SQLite file that a write left unfinished (a full disk, a killed process: its hot journal) is
     * read from its last committed state only after the write is rolled back, which a read-only
     * connection may not do ({@code SQLITE_READONLY_ROLLBACK}, "attempt to write a readonly database"
     * on every read): the file is opened once writable, which rolls the write back and writes nothing
     * else, and then read read-only.
     */
    private static void rollBackUnfinishedWrite(Connection readOnly, UrlDataSource writable) throws SQLException {
        try (Statement st = readOnly.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM sqlite_master")) {
            rs.next();
        } catch (SQLException e) {
            String message = String.valueOf(e.getMessage());
            if (!message.contains("SQLITE_READONLY_ROLLBACK") && !message.contains("SQLITE_READONLY_RECOVERY")) {
                throw e;
            }
            try (Connection c = writable.getConnection();
                    Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT count(*) FROM sqlite_master")) {
                rs.next();
            }
        }
    }

    /**
     * {@link #reading} behind a HikariCP pool of at most {@code size} connections, for a command that
     * serves many calls: a call then takes an open connection instead of opening one (a pool closes with
     * the process).
     *
     * @throws IllegalArgumentException when no driver takes the URL
     * @throws DatabaseProblem when the database cannot be opened, in one line saying what to do
     */
    static DataSource pooled(String url, String user, String password, int size) {
        // SQLite's read-only mode does not open under HikariCP: its reads never write the file anyway
        DataSource direct =
                sqliteFile(url).isPresent() ? reading(url, user, password) : readingOnly(url, user, password);
        com.zaxxer.hikari.HikariConfig config = new com.zaxxer.hikari.HikariConfig();
        config.setDataSource(direct);
        config.setPoolName("quarry");
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(1);
        // the statement timeout (5 s by default) bounds a call's wait for a connection before this does
        config.setConnectionTimeout(30_000);
        config.setInitializationFailTimeout(-1);
        return new com.zaxxer.hikari.HikariDataSource(config);
    }

    private static final List<String> SCHEMES = List.of("postgresql", "mariadb", "mysql", "sqlite", "h2");

    /**
     * Checks that a driver takes the URL.
     *
     * @throws IllegalArgumentException naming the nearest known scheme
     */
    static void checkUrl(String url) {
        String examples = "such as jdbc:postgresql://localhost:5432/shop, jdbc:mariadb://localhost:3306/shop, "
                + "jdbc:sqlite:shop.db or jdbc:h2:file:./shop";
        if (!url.startsWith("jdbc:")) {
            throw new IllegalArgumentException("--jdbc-url takes a JDBC URL, starting with jdbc:, " + examples);
        }
        try {
            DriverManager.getDriver(url);
            return;
        } catch (SQLException e) {
            // no driver takes it: say which scheme was meant
        }
        int colon = url.indexOf(':', 5);
        String scheme = url.substring(5, colon < 0 ? url.length() : colon);
        List<String> near = ToolSupport.nearest(scheme, SCHEMES, 1);
        throw new IllegalArgumentException("no database driver takes URLs starting with jdbc:" + scheme + ":"
                + (near.isEmpty() ? "" : "; did you mean jdbc:" + near.get(0) + ":?")
                + " Quarry reads PostgreSQL, MariaDB, MySQL, SQLite and H2, " + examples);
    }

    /** The file of a SQLite URL, or empty for another database or an in-memory one. */
    static Optional<Path> sqliteFile(String url) {
        if (!url.startsWith("jdbc:sqlite:")) {
            return Optional.empty();
        }
        String rest = url.substring("jdbc:sqlite:".length());
        int query = rest.indexOf('?');
        String params = query < 0 ? "" : rest.substring(query);
        rest = query < 0 ? rest : rest.substring(0, query);
        if (rest.startsWith("file:")) {
            rest = rest.substring("file:".length());
        }
        if (rest.isEmpty() || rest.startsWith(":") || params.contains("mode=memory")) {
            return Optional.empty();
        }
        return Optional.of(Path.of(rest));
    }

    /** An embedded H2 file URL that opens only an existing database: H2 would create an empty one. */
    private static String h2IfExists(String url) {
        String lower = url.toLowerCase(java.util.Locale.ROOT);
        return embeddedH2(lower) && !lower.contains("ifexists=") ? url + ";IFEXISTS=TRUE" : url;
    }

    private static boolean embeddedH2(String lower) {
        return lower.startsWith("jdbc:h2:")
                && !lower.startsWith("jdbc:h2:mem:")
                && !lower.startsWith("jdbc:h2:tcp:")
                && !lower.startsWith("jdbc:h2:ssl:")
                && !lower.startsWith("jdbc:h2:zip:");
    }

    /**
     * What a database error means for the person at the command line, in one line saying what to do.
     * The driver's message is kept where it names what is wrong (a user, a database, a table).
     */
    static DatabaseProblem explain(SQLException e) {
        Optional<DatabaseProblem> environment = environment(e);
        if (environment.isPresent()) {
            return environment.get();
        }
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        int code = e.getErrorCode();
        String said = firstLine(e.getMessage());
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.net.UnknownHostException) {
                return new DatabaseProblem(
                        "cannot connect to the database: unknown host '" + firstLine(t.getMessage())
                                + "'; check the host in --jdbc-url",
                        e);
            }
            if (t instanceof java.net.ConnectException || t instanceof java.net.SocketTimeoutException) {
                return new DatabaseProblem(
                        "cannot connect to the database (" + firstLine(t.getMessage())
                                + "); check that it is running and that the host and port in --jdbc-url are right",
                        e);
            }
        }
        if (code == 1153 || said.contains("max_allowed_packet")) {
            // the server drops the connection (SQLState 08S01), but the statement caused it
            return new DatabaseProblem(
                    "a statement was larger than the database takes in one (" + said + "); shorten the data's"
                            + " longest values, or raise max_allowed_packet on the server",
                    e);
        }
        if (code == 90146 || code == 90013) {
            return new DatabaseProblem("there is no H2 database there (" + said + "); check the path in --jdbc-url", e);
        }
        if (state.startsWith("28") || code == 1045) {
            return new DatabaseProblem("the database refused the login (" + said + "); check --user and --password", e);
        }
        if (state.equals("3D000") || code == 1049) {
            return new DatabaseProblem(said + "; check the database name in --jdbc-url", e);
        }
        if (state.equals("42501") || code == 1044 || code == 1142 || code == 1143) {
            return new DatabaseProblem(
                    "the database user may not read what Quarry needs (" + said
                            + "); grant it SELECT, or leave the table out with --exclude",
                    e);
        }
        if (state.startsWith("08")) {
            return new DatabaseProblem(
                    "cannot connect to the database (" + said
                            + "); check that it is running and that --jdbc-url is right",
                    e);
        }
        return new DatabaseProblem("the database answered: " + said, e);
    }

    /**
     * A failure of the machine rather than of the command: a full disk, a read-only file, a file
     * another process holds (SQLite's busy lock, H2's file lock), named in one line, from the
     * messages of the drivers and the file system anywhere in the causes and the suppressed failures
     * (H2 writes in the background: a full disk closes the database, the next statement fails "The
     * database has been closed", and the disk's failure is the one its connection's close adds).
     */
    static Optional<DatabaseProblem> environment(Throwable failure) {
        java.util.Deque<Throwable> todo = new java.util.ArrayDeque<>(List.of(failure));
        Set<Throwable> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        while (!todo.isEmpty()) {
            Throwable t = todo.removeFirst();
            if (!seen.add(t)) {
                continue;
            }
            if (t.getCause() != null) {
                todo.addLast(t.getCause());
            }
            todo.addAll(List.of(t.getSuppressed()));
            if (t instanceof SQLException sql && sql.getNextException() != null) {
                todo.addLast(sql.getNextException());
            }
            String m = String.valueOf(t.getMessage());
            String lower = m.toLowerCase(java.util.Locale.ROOT);
            if (lower.contains("no space left on device")
                    || m.contains("SQLITE_FULL")
                    || lower.contains("disk is full")
                    || lower.contains("disk full")) {
                return Optional.of(new DatabaseProblem(
                        "the disk is full (" + firstLine(m) + "); free some space and run the command again"
                                + " (a load that fails loads nothing)",
                        failure));
            }
            if (m.contains("SQLITE_READONLY")
                    || lower.contains("readonly database")
                    || t instanceof java.nio.file.AccessDeniedException
                    || (t instanceof SQLException sql && sql.getErrorCode() == 90097)) {
                return Optional.of(new DatabaseProblem(
                        "the database file is read-only (" + firstLine(m) + "); give the user write access to the"
                                + " file and its directory, or write to another file",
                        failure));
            }
            if (m.contains("SQLITE_BUSY")
                    || lower.contains("database is locked")
                    || (t instanceof SQLException sql && sql.getErrorCode() == 90020)) {
                return Optional.of(new DatabaseProblem(
                        "the database file is in use by another process (" + firstLine(m) + "); wait until it"
                                + " is done and run the command again",
                        failure));
            }
        }
        return Optional.empty();
    }

    /**
     * A SQLite file URL for a command that writes: transactions begin {@code IMMEDIATE} and wait up to
     * 10 s for another writer ({@code busy_timeout}), so two loads at once take turns instead of one
     * failing at once with {@code SQLITE_BUSY} (a deferred transaction cannot wait to upgrade its lock).
     */
    static String writing(String url) {
        if (sqliteFile(url).isEmpty()) {
            return url;
        }
        String lower = url.toLowerCase(java.util.Locale.ROOT);
        String params = (lower.contains("transaction_mode=") ? "" : "&transaction_mode=IMMEDIATE")
                + (lower.contains("busy_timeout=") ? "" : "&busy_timeout=10000");
        return params.isEmpty() ? url : url + (url.indexOf('?') < 0 ? "?" + params.substring(1) : params);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "no message";
        }
        String line = message.strip().lines().findFirst().orElse("");
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }

    /**
     * The configuration of a database's own tables, by introspection (leaving out the graph layout's
     * tables). A table the user may not read is left out with a warning and the rest introspected again.
     *
     * @param warn receives one line per table left out
     * @throws DatabaseProblem when no table is left to serve
     */
    static Introspection introspect(DataSource ds, TableOptions tables, Consumer<String> warn) {
        List<String> exclude = new ArrayList<>(tables.exclude);
        exclude.add(StoreMapping.graph().objectsTable());
        exclude.add(StoreMapping.graph().relationshipsTable());
        Introspection result = introspect(ds, tables.include, exclude, tables.scopeColumns);
        Dialect dialect = Dialects.detect(ds);
        List<String> unreadable = new ArrayList<>();
        try (Connection c = ds.getConnection();
                Statement s = c.createStatement()) {
            for (String table : tables(result)) {
                // a name read from the database's catalog, quoted by the dialect: no input reaches the SQL
                try (ResultSet rs =
                        s.executeQuery("SELECT * FROM " + dialect.quoteIdentifier(table) + " WHERE 1 = 0")) {
                    rs.next();
                } catch (SQLException e) {
                    warn.accept("leaving out table " + table + ": " + explain(e).getMessage());
                    unreadable.add(table);
                }
            }
        } catch (SQLException e) {
            throw explain(e);
        }
        if (!unreadable.isEmpty()) {
            exclude.addAll(unreadable);
            result = introspect(ds, tables.include, exclude, tables.scopeColumns);
        }
        // the tables --scope-column leaves out, one line each: the model will not see them
        result.warnings().stream().filter(w -> w.contains(": no scope column ")).forEach(warn);
        if (result.configuration().path("store").path("tables").path("types").isEmpty()) {
            throw new DatabaseProblem("the database has neither Quarry's graph layout (a "
                    + StoreMapping.graph().objectsTable() + " table) nor tables Quarry can serve"
                    + (tables.include.isEmpty() && tables.exclude.isEmpty()
                            ? ""
                            : " among those --include and --exclude select")
                    + (unreadable.isEmpty() ? "" : " and the user may read")
                    + "; 'quarry introspect' lists why each table was skipped, 'quarry init' creates the graph layout");
        }
        return result;
    }

    private static Introspection introspect(
            DataSource ds, List<String> include, List<String> exclude, List<String> scopeColumns) {
        try {
            return Introspector.builder()
                    .dataSource(ds)
                    .include(include.toArray(String[]::new))
                    .exclude(exclude.toArray(String[]::new))
                    .scopeColumns(scopeColumns.toArray(String[]::new))
                    .build()
                    .introspect();
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof SQLException sql) {
                throw explain(sql);
            }
            throw e;
        }
    }

    /** The tables of an introspected table layout: the types' and the edges'. */
    private static List<String> tables(Introspection result) {
        JsonNode tables = result.configuration().path("store").path("tables");
        List<String> names = new ArrayList<>();
        tables.path("types").forEach(t -> names.add(t.path("table").asText()));
        tables.path("edges").forEach(t -> names.add(t.path("table").asText()));
        return names;
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

    /**
     * Installs the helper functions a table layout's SQL calls, as {@link
     * io.quarry.config.DatabaseSource} does for every host; on an embedded database opened read-only that
     * lacks them, once through a writable connection (the one write a read of a host's H2 file makes, on
     * first use).
     *
     * @return whether they were created, {@code false} when the user may not and the database's own are kept
     * @throws IllegalArgumentException with the first line of what to do when they cannot be created
     */
    static boolean installHelperFunctions(JdbcObjectStore store, DataSource ds) {
        try {
            try {
                return store.installHelperFunctions();
            } catch (IllegalStateException e) {
                if (!(ds instanceof UrlDataSource url) || url.writable() == ds) {
                    throw e;
                }
                if (url.url().toLowerCase(java.util.Locale.ROOT).startsWith("jdbc:h2:")) {
                    // H2 keeps the read-only database open for the process: close it (nothing is written)
                    // so that the writable URL opens the file anew
                    try (Connection c = ds.getConnection();
                            java.sql.Statement st = c.createStatement()) {
                        st.execute("SHUTDOWN");
                    } catch (SQLException closing) {
                        throw explain(closing);
                    }
                }
                return JdbcObjectStore.builder()
                        .dataSource(url.writable())
                        .dialect(Dialects.detect(url.writable()))
                        .mapping(store.mapping())
                        .build()
                        .installHelperFunctions();
            }
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException(
                    e.getMessage().lines().findFirst().orElse(""), e);
        }
    }

    /** A store over the graph layout at this URL; its scope columns are the objects table's other columns. */
    static JdbcObjectStore open(String url, String user, String password) {
        return open(new UrlDataSource(url, user, password));
    }

    /** A store over this database's graph layout; its scope columns are the objects table's other columns. */
    static JdbcObjectStore open(DataSource ds) {
        Dialect dialect =
                fullTextOf(ds, Dialects.detect(ds), StoreMapping.graph().objectsTable());
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

    /**
     * The dialect with full text when the objects table has the column {@code --full-text} creates:
     * on PostgreSQL, with its text search configuration read from the column's generation expression;
     * on MariaDB, a generated column with the full-text comment and a {@code FULLTEXT} index. Otherwise,
     * and on other databases, the dialect as it is.
     */
    static Dialect fullTextOf(DataSource ds, Dialect dialect, String objectsTable) {
        if (objectsTable == null) {
            return dialect;
        }
        if (dialect instanceof io.quarry.sql.dialect.MySqlDialect mysql
                && dialect.name().equals("mariadb")) {
            return mariaFullTextOf(ds, mysql, objectsTable);
        }
        if (!(dialect instanceof io.quarry.sql.dialect.PostgresDialect)) {
            return dialect;
        }
        try (Connection c = ds.getConnection();
                java.sql.PreparedStatement ps = c.prepareStatement("SELECT pg_get_expr(d.adbin, d.adrelid)"
                        + " FROM pg_attribute a JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum"
                        + " WHERE a.attrelid = to_regclass(?) AND a.attname = ? AND a.attgenerated = 's'")) {
            ps.setString(1, dialect.quoteIdentifier(objectsTable));
            ps.setString(2, FULL_TEXT_COLUMN);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                                    "jsonb_to_tsvector\\('([A-Za-z_][A-Za-z0-9_]*)'::regconfig")
                            .matcher(rs.getString(1));
                    if (m.find()) {
                        return io.quarry.sql.dialect.PostgresDialect.withFullText(FULL_TEXT_COLUMN, m.group(1));
                    }
                }
            }
        } catch (SQLException e) {
            // no such catalog: not full text
        }
        return dialect;
    }

    /** MariaDB: the full-text column of {@link io.quarry.sql.dialect.MySqlDialect#withFullText}, if any. */
    private static Dialect mariaFullTextOf(DataSource ds, io.quarry.sql.dialect.MySqlDialect dialect, String table) {
        try (Connection c = ds.getConnection();
                java.sql.PreparedStatement ps =
                        c.prepareStatement("SELECT c.COLUMN_NAME FROM information_schema.COLUMNS c"
                                + " JOIN information_schema.STATISTICS s ON s.TABLE_SCHEMA = c.TABLE_SCHEMA"
                                + " AND s.TABLE_NAME = c.TABLE_NAME AND s.COLUMN_NAME = c.COLUMN_NAME"
                                + " AND s.INDEX_TYPE = 'FULLTEXT'"
                                + " WHERE c.TABLE_SCHEMA = DATABASE() AND c.TABLE_NAME = ? AND c.IS_GENERATED = 'ALWAYS'"
                                + " AND c.COLUMN_COMMENT = 'quarry:fulltext:v1' ORDER BY c.COLUMN_NAME")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next() && io.quarry.schema.Names.isIdentifier(rs.getString(1))) {
                    return dialect.withFullText(rs.getString(1));
                }
            }
        } catch (SQLException e) {
            // no such catalog: not full text
        }
        return dialect;
    }

    /** The column {@code --full-text} creates: PostgreSQL's tsvector, MariaDB's text of the string values. */
    static final String FULL_TEXT_COLUMN = "quarry_fts";

    /**
     * The dialect with full text in {@link #FULL_TEXT_COLUMN} when {@code --full-text} is given: on
     * PostgreSQL with the text search configuration {@code config}; on MariaDB without one ({@code config}
     * empty). {@code null}: the dialect as it is.
     */
    static Dialect withFullText(Dialect dialect, String config) {
        if (config == null) {
            return dialect;
        }
        if (dialect instanceof io.quarry.sql.dialect.MySqlDialect mysql
                && dialect.name().equals("mariadb")) {
            if (!config.isEmpty()) {
                throw new IllegalArgumentException("--full-text takes no configuration on MariaDB (InnoDB's own word"
                        + " parser and stopwords); give --full-text alone, not --full-text " + config);
            }
            return mysql.withFullText(FULL_TEXT_COLUMN);
        }
        if (!(dialect instanceof io.quarry.sql.dialect.PostgresDialect)) {
            throw new IllegalArgumentException("--full-text needs PostgreSQL (a stored tsvector column) or MariaDB"
                    + " (a FULLTEXT index); this database is " + dialect.name());
        }
        if (config.isEmpty()) {
            throw new IllegalArgumentException(
                    "--full-text needs a text search configuration on PostgreSQL, such as --full-text english");
        }
        return io.quarry.sql.dialect.PostgresDialect.withFullText(FULL_TEXT_COLUMN, config);
    }

    /**
     * Creates the graph layout of these options (idempotent): the configured mapping, the indexes the
     * configured schema's fields need, full text when asked.
     */
    static JdbcObjectStore init(String url, String user, String password, LayoutOptions options) {
        DataSource ds = new UrlDataSource(url, user, password);
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(options.dialect(Dialects.detect(ds)))
                .mapping(options.mapping())
                .build();
        store.createLayout(options.schema().orElse(null));
        return store;
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
            DataFile.Entries data,
            Optional<StoreMapping> configured,
            LongConsumer progress) {
        durably(url, user, password, () -> {
            if (configured.isPresent()) {
                init(url, user, password, configured.get()).load(data, progress);
            } else {
                loadInto(url, user, password, data, progress);
            }
        });
    }

    /**
     * Runs a load into an embedded H2 file with the database held open, then writes it to the disk
     * ({@code CHECKPOINT SYNC}) before the load counts as done. H2 writes committed data in the
     * background and, at the latest, when its last connection closes; a full disk there was
     * swallowed, so a load reported {@code {"objects": 1500}} and exit 0 and the file kept none of
     * them. Other databases: the work alone (their commit is on the disk). Every command that writes
     * (load, init, embed) runs its writes in it.
     */
    static void durably(String url, String user, String password, Runnable work) {
        if (!embeddedH2(url.toLowerCase(java.util.Locale.ROOT))) {
            work.run();
            return;
        }
        try (Connection held = new UrlDataSource(url, user, password).getConnection()) {
            work.run();
            try (Statement st = held.createStatement()) {
                st.execute("CHECKPOINT SYNC");
            }
        } catch (SQLException e) {
            throw explain(e);
        }
    }

    /** Creates the layout if needed, with the data's scope keys, and loads the data in one transaction. */
    static void load(String url, String user, String password, DataFile.Entries data, LongConsumer progress) {
        durably(url, user, password, () -> loadInto(url, user, password, data, progress));
    }

    private static void loadInto(
            String url, String user, String password, DataFile.Entries data, LongConsumer progress) {
        Set<String> keys = data.scopeKeys();
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
