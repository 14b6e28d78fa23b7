package io.quarry.sql;

import static java.util.Objects.requireNonNull;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.Filter;
import io.quarry.filter.Predicate;
import io.quarry.store.AggregateQuery;
import io.quarry.store.Aggregation;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.ObjectQuery;
import io.quarry.store.ObjectStore;
import io.quarry.store.Page;
import io.quarry.store.Scope;
import io.quarry.store.ScopeGraph;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * An {@link ObjectStore} over a SQL database in the graph layout of a {@link StoreMapping}, or in its
 * table layout (one table per type, read by one statement per table; see {@link TableLayout}). Every
 * statement is compiled by the {@link SqlCompiler}, runs in a read-only transaction under the
 * statement timeout, carries the scope's predicates on every table it reads, and fetches a page as
 * {@code limit + 1} rows. Results are exactly those of {@link io.quarry.store.InMemoryObjectStore}.
 *
 * <p>This class owns connections, transactions, the timeout and the translation of database errors;
 * what each operation reads is its layout's ({@link StorageLayout}, chosen once from the mapping).
 */
public final class JdbcObjectStore implements ObjectStore {
    /** The function a helper-function statement creates: H2's CREATE ALIAS, the others' CREATE FUNCTION. */
    private static final Pattern CREATED_FUNCTION = Pattern.compile(
            "CREATE\\s+(?:OR\\s+REPLACE\\s+)?(?:ALIAS|FUNCTION)\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?([A-Za-z_][A-Za-z0-9_]*)",
            Pattern.CASE_INSENSITIVE);

    private final DataSource dataSource;
    /** Where tool reads go: a replica's, or the primary's. */
    private final DataSource readDataSource;

    private final Dialect dialect;
    private final StoreMapping mapping;
    private final Duration timeout;
    private final long countCap;
    /** The layout as the dialect first saw it: what loads and DDL use. */
    private final StorageLayout layout;
    /**
     * The layout compiled with the dialect {@link Dialect#forStore} returned, or {@code null} until the
     * first read; shared with the stores {@link #withTimeout} made of this one.
     */
    private final java.util.concurrent.atomic.AtomicReference<StorageLayout> readLayout;
    /** Told of each statement, or null. */
    private final StatementObserver observer;
    /** The session settings every read sets: name → where the value comes from ({@code user}, {@code scope.KEY}). */
    private final Map<String, String> sessionSources;
    /** The settings' values for the caller of {@link #forCaller}, or {@code null}: every setting empty. */
    private final Map<String, String> sessionValues;
    /** The database role of each caller role ({@link Builder#sessionRole}), in code-point order of the caller roles. */
    private final java.util.SortedMap<String, String> sessionRoles;
    /** The database role the reads of {@link #forCaller}'s caller run as, or {@code null}: the login role. */
    private final String databaseRole;

    private JdbcObjectStore(Builder b) {
        this.dataSource = b.dataSource;
        this.readDataSource = b.readDataSource != null ? b.readDataSource : b.dataSource;
        this.dialect = b.dialect;
        this.mapping = b.mapping;
        this.timeout = b.timeout;
        this.observer = b.observer;
        this.countCap = b.countCap;
        this.layout = StorageLayout.of(mapping, dialect, b.countCap);
        this.readLayout = new java.util.concurrent.atomic.AtomicReference<>();
        this.sessionSources = Map.copyOf(b.sessionSources);
        this.sessionValues = null;
        this.sessionRoles = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(b.sessionRoles));
        this.databaseRole = null;
    }

    /** This store with another statement timeout or caller: the same data sources, layout and observer. */
    private JdbcObjectStore(
            JdbcObjectStore of, Duration timeout, Map<String, String> sessionValues, String databaseRole) {
        this.dataSource = of.dataSource;
        this.readDataSource = of.readDataSource;
        this.dialect = of.dialect;
        this.mapping = of.mapping;
        this.timeout = timeout;
        this.observer = of.observer;
        this.countCap = of.countCap;
        this.layout = of.layout;
        this.readLayout = of.readLayout;
        this.sessionSources = of.sessionSources;
        this.sessionValues = sessionValues;
        this.sessionRoles = of.sessionRoles;
        this.databaseRole = databaseRole;
    }

    /**
     * This store with another statement timeout for every statement it runs, sharing everything else
     * (data sources, mapping, observer, what it learnt of the database): what a {@code Toolkit}
     * reads through, under its {@code limits.statement_timeout_seconds}. The
     * {@code QUERY_TIMEOUT} message names this timeout.
     *
     * @return this store when the timeout is its own
     * @throws IllegalArgumentException when the timeout is not positive
     */
    public JdbcObjectStore withTimeout(Duration timeout) {
        requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        return timeout.equals(this.timeout) ? this : new JdbcObjectStore(this, timeout, sessionValues, databaseRole);
    }

    /**
     * This store reading for one caller: every read sets the {@linkplain Builder#sessionSetting session
     * settings} to this caller's values, so the database's own policies (PostgreSQL row-level security,
     * a view over a MariaDB user variable) see who is asking. A {@code Toolkit} calls it for each tool
     * call with the call's {@code ToolContext}; a store without session settings returns itself. A store
     * not made for a caller sets every setting to the empty string, which a policy should match to no row.
     *
     * @param user the caller, or {@code null} (its settings are then the empty string)
     * @param scope the caller's scope (the settings from {@code scope.KEY} read it; a missing key is empty)
     */
    public JdbcObjectStore forCaller(String user, Scope scope) {
        return forCaller(user, scope, java.util.Set.of());
    }

    /**
     * This store reading for one caller, as {@link #forCaller(String, Scope)}, and as the database role of
     * the first of the caller's roles (in code-point order) that has one ({@link Builder#sessionRole});
     * a caller with none reads as the login role.
     *
     * @param roles the caller's roles
     */
    public JdbcObjectStore forCaller(String user, Scope scope, java.util.Collection<String> roles) {
        requireNonNull(scope, "scope");
        requireNonNull(roles, "roles");
        String role = null;
        for (Map.Entry<String, String> e : sessionRoles.entrySet()) {
            if (roles.contains(e.getKey())) {
                role = e.getValue();
                break;
            }
        }
        if (sessionSources.isEmpty()) {
            return java.util.Objects.equals(role, databaseRole)
                    ? this
                    : new JdbcObjectStore(this, timeout, sessionValues, role);
        }
        Map<String, String> values = new java.util.TreeMap<>();
        sessionSources.forEach((name, source) -> {
            String value = source.equals(USER) ? user : scope.values().get(source.substring(SCOPE.length()));
            values.put(name, value == null ? "" : value);
        });
        return new JdbcObjectStore(this, timeout, Map.copyOf(values), role);
    }

    private static final String USER = "user";
    private static final String SCOPE = "scope.";
    /** A setting's name: {@code prefix.name}, as PostgreSQL's custom settings must be (never one of its own). */
    /** A database role's name as the configuration may give it. */
    private static final Pattern ROLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");

    private static final Pattern SETTING = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*\\.[A-Za-z_][A-Za-z0-9_]*");

    /** The statement timeout of every statement this store runs. */
    public Duration timeout() {
        return timeout;
    }

    /**
     * The layout reads use: compiled with the dialect as it reads this store ({@link
     * Dialect#forStore}, asked once; on MariaDB, which generated columns exist).
     */
    private StorageLayout reads() {
        StorageLayout l = readLayout.get();
        if (l == null) {
            Dialect d = dialect.forStore(mapping, readDataSource);
            l = d == dialect ? layout : StorageLayout.of(mapping, d, countCap);
            readLayout.set(l);
        }
        return l;
    }

    /** A builder: a data source and a dialect are required; the mapping defaults to {@link StoreMapping#graph}. */
    public static Builder builder() {
        return new Builder();
    }

    /** The dialect. */
    public Dialect dialect() {
        return dialect;
    }

    /** The mapping. */
    public StoreMapping mapping() {
        return mapping;
    }

    /**
     * Creates the graph layout's tables, functions and indexes if they do not exist. With the table
     * layout it creates only the helper functions the dialect's SQL calls: the host owns its tables.
     */
    public void createLayout() {
        createLayout(null);
    }

    /**
     * As {@link #createLayout()}, and on the graph layout also the indexes the schema's declared fields
     * need ({@link io.quarry.sql.LayoutDdl#schemaIndexes}): what {@code quarry init --config F} runs.
     *
     * @param schema the schema whose fields are filtered on, or {@code null} for the layout alone
     */
    public void createLayout(io.quarry.schema.Schema schema) {
        try (Connection c = dataSource.getConnection();
                Statement st = observed(c.createStatement())) {
            for (String ddl : layoutStatements(schema)) {
                st.execute(ddl);
            }
            readLayout.set(null); // columns the dialect reads may have appeared
        } catch (SQLException e) {
            throw new IllegalStateException("creating the graph layout failed: " + e.getMessage(), e);
        }
    }

    /**
     * The statements {@link #createLayout(io.quarry.schema.Schema)} runs, in order (idempotent).
     *
     * @param schema the schema whose fields are filtered on, or {@code null} for the layout alone
     */
    public List<String> layoutStatements(io.quarry.schema.Schema schema) {
        List<String> statements = new java.util.ArrayList<>(layout.createStatements());
        if (schema != null && mapping.tables() == null) {
            statements.addAll(dialect.ddl().schemaIndexes(mapping, schema));
        }
        return statements;
    }

    /**
     * Creates the helper functions the dialect's SQL calls ({@link io.quarry.sql.LayoutDdl#createHelperFunctions()}:
     * H2's aliases, PostgreSQL's and MariaDB's guarded casts; none on SQLite), for a database user who
     * may lack the right to: when a statement fails but every function is already in the connection's
     * schema (a database administrator created them), those are kept.
     *
     * @return {@code true} when the functions were created or replaced, {@code false} when the user
     *     could not and the existing ones were kept
     * @throws IllegalStateException when they cannot be created and some are missing: the first line
     *     of the message says what to do, the following lines are the statements to run
     */
    public boolean installHelperFunctions() {
        List<String> statements = dialect.ddl().createHelperFunctions();
        try (Connection c = dataSource.getConnection()) {
            try (Statement st = observed(c.createStatement())) {
                for (String ddl : statements) {
                    st.execute(ddl);
                }
                return true;
            } catch (SQLException e) {
                List<String> missing = missingFunctions(c, statements);
                if (missing.isEmpty()) {
                    return false;
                }
                throw new IllegalStateException(
                        "the database user may not create Quarry's helper functions and "
                                + missing.size() + " of them are missing (" + String.join(", ", missing)
                                + ") in schema '"
                                + schemaName(c) + "': " + e.getMessage().strip()
                                + ". Run these statements once as a user who"
                                + " may (they are idempotent), then start again:\n"
                                + String.join(";\n", statements) + ";",
                        e);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot connect to the database: " + e.getMessage(), e);
        }
    }

    /** The layout's DDL statement, observed as {@code ddl} when the store has an observer. */
    private Statement observed(Statement st) {
        return observer == null ? st : ObservedStatement.wrap(st, observer, dialect.name(), "ddl");
    }

    /** The functions the statements create that the connection's catalog and schema lack, upper case. */
    private static List<String> missingFunctions(Connection c, List<String> statements) throws SQLException {
        Set<String> present = new HashSet<>();
        try (ResultSet rs = c.getMetaData().getFunctions(c.getCatalog(), c.getSchema(), "%")) {
            while (rs.next()) {
                present.add(rs.getString("FUNCTION_NAME").toUpperCase(Locale.ROOT));
            }
        }
        // H2 lists its aliases only here, not in getFunctions
        try (PreparedStatement ps =
                c.prepareStatement("SELECT ROUTINE_NAME FROM INFORMATION_SCHEMA.ROUTINES WHERE ROUTINE_SCHEMA = ?")) {
            ps.setString(1, schemaName(c));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    present.add(rs.getString(1).toUpperCase(Locale.ROOT));
                }
            }
        } catch (SQLException e) {
            // no INFORMATION_SCHEMA.ROUTINES: getFunctions said it all
        }
        Set<String> missing = new LinkedHashSet<>();
        for (String ddl : statements) {
            Matcher m = CREATED_FUNCTION.matcher(ddl);
            if (m.find() && !present.contains(m.group(1).toUpperCase(Locale.ROOT))) {
                missing.add(m.group(1).toLowerCase(Locale.ROOT));
            }
        }
        return List.copyOf(missing);
    }

    private static String schemaName(Connection c) throws SQLException {
        return c.getSchema() != null ? c.getSchema() : String.valueOf(c.getCatalog());
    }

    /**
     * Whether the database has this mapping's graph layout: both its objects and its relationships
     * table, in the connection's catalog and schema (where the store's unqualified names find them).
     * A host without a configuration file serves the graph layout when it is there and introspects the
     * database's own tables ({@code Introspector}) otherwise.
     *
     * @throws IllegalStateException when the database cannot be reached, with its message
     */
    public static boolean graphLayoutExists(DataSource dataSource, StoreMapping mapping) {
        try (Connection c = dataSource.getConnection()) {
            return tableExists(c, mapping.objectsTable()) && tableExists(c, mapping.relationshipsTable());
        } catch (SQLException e) {
            throw new IllegalStateException("cannot connect to the database: " + e.getMessage(), e);
        }
    }

    private static boolean tableExists(Connection c, String table) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        String escape = meta.getSearchStringEscape();
        // a name is a pattern to getTables: its _ and % are escaped to match only themselves
        String pattern = escape == null || escape.isEmpty()
                ? table
                : table.replace(escape, escape + escape)
                        .replace("_", escape + "_")
                        .replace("%", escape + "%");
        try (ResultSet rs = meta.getTables(c.getCatalog(), c.getSchema(), pattern, null)) {
            while (rs.next()) {
                if (table.equals(rs.getString("TABLE_NAME"))) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Loads a data set in one transaction, in batches; a bad row fails the load and nothing is kept.
     *
     * @throws IllegalArgumentException when the data is not whole ({@link DataFile#check}: a duplicate
     *     id, a relationship to a missing object), an id is already in the database, an object carries a
     *     scope key the mapping has no column for, or a text (id, type, scope, property name or string)
     *     holds NUL on a dialect that cannot store it; the message is one line naming the entry
     * @throws UnsupportedOperationException with the table layout, which reads the host's own tables
     */
    public void load(DataFile.DataSet data) {
        load(data, rows -> {});
    }

    /**
     * {@link #load(DataFile.DataSet)}, telling {@code progress} after each batch how many rows are
     * written: objects first, then relationships, up to their sum.
     */
    public void load(DataFile.DataSet data, LongConsumer progress) {
        load((DataFile.Entries) data, progress);
    }

    /**
     * Loads a data set or a {@linkplain DataFile#scan scanned} data file in one transaction, in
     * batches, holding one batch at a time: a scanned file is read again from the disk as it is
     * written, so the memory a load takes does not grow with the file (only its ids, which the scan
     * holds). Tells {@code progress} after each batch how many rows are written, as {@link
     * #load(DataFile.DataSet, LongConsumer)} does.
     *
     * @throws IllegalArgumentException as {@link #load(DataFile.DataSet)}, and when a scanned file
     *     changed since it was scanned
     * @throws UnsupportedOperationException with the table layout, which reads the host's own tables
     */
    public void load(DataFile.Entries data, LongConsumer progress) {
        if (data instanceof DataFile.DataSet set) {
            DataFile.check(set.objects(), set.relationships(), "data");
        }
        layout.load(new Session("load"), data, requireNonNull(progress, "progress"));
    }

    @Override
    public Page search(ObjectQuery query) {
        requireNonNull(query, "query");
        try {
            return reads().search(new Session("search"), query);
        } catch (QueryException e) {
            throw regexTimeout(e, query.filter().filter());
        }
    }

    /**
     * The statements {@link #search} runs for a query: the page and the count (with the table layout,
     * the page statement of each type table). For tests and golden files.
     */
    public List<Sql> explain(ObjectQuery query) {
        return reads().explain(query);
    }

    @Override
    public Optional<GraphObject> get(String id, Scope scope) {
        return reads().get(new Session("get"), id, scope);
    }

    @Override
    public List<GraphRelationship> relationships(String id, Scope scope) {
        return reads().relationships(new Session("relationships"), id, scope);
    }

    @Override
    public Map<String, Long> countByType(Scope scope) {
        return reads().countByType(new Session("count_by_type"), scope);
    }

    /**
     * {@inheritDoc}
     *
     * <p>Counts are computed in the database when they are all an aggregation asks (every metric a
     * plain {@code count}, grouped by nothing or by {@code type}): one {@code GROUP BY} statement (one
     * {@code COUNT(*)} per type table with the table layout), exact however many objects match. Every
     * other aggregation reads the matching objects in id order, at most {@link
     * AggregateQuery#maxObjects()} of them, and feeds them to the {@link io.quarry.store.Aggregator} as
     * they arrive. A metric across a relationship reads the matching objects a page at a time with their
     * {@link #neighbourhood} ({@link io.quarry.store.Aggregator#scan}).
     */
    @Override
    public Aggregation aggregate(AggregateQuery query) {
        if (query.related()) {
            // across relationships: the matching objects by id and their neighbourhood per page
            return io.quarry.store.Aggregator.scan(this, query);
        }
        try {
            return reads().aggregate(new Session("aggregate"), query);
        } catch (QueryException e) {
            throw regexTimeout(e, query.filter().filter());
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>One read-only transaction, so every statement sees the same data: the scope's objects, and the
     * relationships whose both ends are in the scope.
     */
    @Override
    public ScopeGraph graph(Scope scope) {
        return reads().graph(new Session("graph"), requireNonNull(scope, "scope"));
    }

    /**
     * {@inheritDoc}
     *
     * <p>In one read-only transaction; the graph layout reads each table once per batch of ids.
     */
    @Override
    public ScopeGraph neighbourhood(Collection<String> ids, Scope scope) {
        return reads().neighbourhood(new Session("neighbourhood"), ids, requireNonNull(scope, "scope"));
    }

    /**
     * Runs a statement {@code SqlGuard} (io.quarry.sql.guard) wrote, with the store's connection set-up:
     * a read-only transaction under the statement timeout, rolled back after; a timeout is the {@code
     * QUERY_TIMEOUT} error, another database error an {@link IllegalStateException}.
     */
    public SqlRows readonly(Sql sql) {
        return readonly(sql, timeout);
    }

    /**
     * {@link #readonly(Sql)} under a statement timeout of the caller's (a toolkit's {@code
     * limits.statement_timeout_seconds}) in place of the store's; the {@code QUERY_TIMEOUT} message
     * names it.
     */
    public SqlRows readonly(Sql sql, Duration timeout) {
        requireNonNull(sql, "sql");
        requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        Session session = new Session("sql", timeout);
        return session.read(c -> {
            try (PreparedStatement ps = session.prepare(c, sql);
                    ResultSet rs = ps.executeQuery()) {
                java.sql.ResultSetMetaData meta = rs.getMetaData();
                int n = meta.getColumnCount();
                List<String> columns = new java.util.ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    columns.add(meta.getColumnLabel(i));
                }
                List<List<Object>> rows = new java.util.ArrayList<>();
                while (rs.next()) {
                    List<Object> row = new java.util.ArrayList<>(n);
                    for (int i = 1; i <= n; i++) {
                        row.add(plain(rs.getObject(i)));
                    }
                    rows.add(row);
                }
                return new SqlRows(columns, rows);
            }
        });
    }

    /** A value of a result as a number, boolean or text. */
    private static Object plain(Object v) {
        if (v == null || v instanceof String || v instanceof Boolean || v instanceof Long) {
            return v;
        }
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof java.math.BigInteger b) {
            return new java.math.BigDecimal(b);
        }
        if (v instanceof java.math.BigDecimal b) {
            return b;
        }
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            return Double.isFinite(d) ? java.math.BigDecimal.valueOf(d) : String.valueOf(d);
        }
        if (v instanceof java.sql.Timestamp t) {
            return t.toInstant().toString();
        }
        if (v instanceof byte[]) {
            return "(binary)";
        }
        return v.toString();
    }

    /**
     * The most bind parameters one statement may carry: under SQLite's 32766, PostgreSQL's and
     * MariaDB's 65535 (SQLite builds older than 3.32, limited to 999, are not supported).
     */
    static final int MAX_BINDS = 30_000;

    /**
     * The most characters of text one read statement's binds may carry: at three bytes a character
     * under MariaDB's default {@code max_allowed_packet} of 16 MiB, past which the server drops the
     * connection (a failure of the request, not of the database).
     */
    static final long MAX_BIND_CHARS = 4_000_000;

    /**
     * The size past which a statement is checked against the database's limit on one statement
     * ({@link JdbcSession#maxStatementBytes}, asked once): 64 KiB, far over what a usual request
     * sends, far under any server's limit (MariaDB's and MySQL's {@code max_allowed_packet} is 1 MiB
     * at the least by default).
     */
    static final int LARGE_STATEMENT_BYTES = 64 * 1024;

    /** The database's limit on one statement in bytes, once asked ({@code 0} until then). */
    private volatile long maxStatementBytes;

    private long maxStatementBytes(Connection c) throws SQLException {
        long max = maxStatementBytes;
        if (max == 0) {
            max = Math.max(1, dialect.session().maxStatementBytes(c));
            maxStatementBytes = max;
        }
        return max;
    }

    /**
     * A statement's size as the driver sends it, from above: its text and its values in UTF-8, a
     * character the driver escapes in a literal counted twice, any other value 32 bytes.
     */
    static long statementBytes(Sql sql) {
        long bytes = utf8Bytes(sql.text());
        for (Object b : sql.binds()) {
            bytes += b instanceof CharSequence text ? utf8Bytes(text) : b instanceof byte[] raw ? 2L * raw.length : 32;
        }
        return bytes;
    }

    static long utf8Bytes(CharSequence text) {
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            bytes += c < 0x80
                    ? (c == '\'' || c == '"' || c == '\\' || c == 0 || c == '\n' || c == '\r' || c == 26 ? 2 : 1)
                    : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
        }
        return bytes;
    }

    /** The store's side of a layout's statements: connections, transactions, the timeout and errors. */
    private final class Session implements StorageLayout.Session {
        /** What the store is doing, for the {@link StatementObserver}. */
        private final String operation;
        /** The statement timeout of this session's statements: the store's, or a call's. */
        private final Duration timeout;

        Session(String operation) {
            this(operation, JdbcObjectStore.this.timeout);
        }

        Session(String operation, Duration timeout) {
            this.operation = operation;
            // H2 and PostgreSQL take the timeout as an int of milliseconds: statement_timeout_seconds:
            // 2147483647 failed every read
            this.timeout = timeout.compareTo(LONGEST_TIMEOUT) > 0 ? LONGEST_TIMEOUT : timeout;
        }

        @Override
        public PreparedStatement prepare(Connection c, Sql sql) throws SQLException {
            if (sql.binds().size() > MAX_BINDS) {
                // the filter limits keep statements far under this; a host that raised them gets an
                // answer the model can act on instead of the driver's failure
                throw QueryException.of(
                        ErrorCode.LIMIT_EXCEEDED,
                        "",
                        "The request needs more values than one database statement can take.",
                        "Ask a narrower question with fewer conditions or shorter $in lists.");
            }
            long chars = 0;
            for (Object b : sql.binds()) {
                chars += b instanceof CharSequence text ? text.length() : 0;
            }
            if (chars > MAX_BIND_CHARS) {
                throw QueryException.of(
                        ErrorCode.LIMIT_EXCEEDED,
                        "",
                        "The request's values are too long for one database statement.",
                        "Ask with shorter values or fewer of them.");
            }
            long bytes = statementBytes(sql);
            if (bytes > LARGE_STATEMENT_BYTES && bytes > maxStatementBytes(c)) {
                throw tooLarge();
            }
            PreparedStatement ps;
            try {
                ps = c.prepareStatement(sql.text());
            } catch (SQLException e) {
                if (observer != null) { // a statement the database refuses: started and failed at once
                    observer.started(dialect.name(), operation, sql.text()).ended(e);
                }
                throw e;
            }
            ps.setQueryTimeout((int) Math.max(1, (timeout.toMillis() + 999) / 1000));
            for (int i = 0; i < sql.binds().size(); i++) {
                ps.setObject(i + 1, sql.binds().get(i));
            }
            return observer == null ? ps : ObservedStatement.wrap(ps, observer, dialect.name(), operation, sql.text());
        }

        @Override
        public <T> T read(StorageLayout.Work<T> work) {
            try (Connection c = ConnectionWait.acquire(readDataSource, timeout)) {
                boolean autoCommit = c.getAutoCommit();
                boolean readOnly = c.isReadOnly();
                Throwable failure = null;
                try {
                    c.setAutoCommit(false);
                    dialect.session().prepareRead(c, timeout);
                    if (databaseRole != null) {
                        dialect.session().setRole(c, databaseRole);
                    }
                    if (!sessionSources.isEmpty()) {
                        dialect.session().setSessionSettings(c, sessionSettings());
                    }
                    return work.run(c);
                } catch (SQLException | RuntimeException | Error e) {
                    failure = e;
                    throw e;
                } finally {
                    undo(
                            failure,
                            c::rollback,
                            () -> dialect.session().clearSessionSettings(c, sessionSources.keySet()),
                            () -> dialect.session().finishRead(c),
                            () -> c.setReadOnly(readOnly),
                            () -> c.setAutoCommit(autoCommit));
                }
            } catch (SQLTimeoutException e) {
                throw timedOut(timeout);
            } catch (SQLException e) {
                if (dialect.session().isTooLarge(e)) {
                    throw tooLarge();
                }
                if (Unavailable.is(e)) {
                    throw Unavailable.error(e);
                }
                if (dialect.session().isTimeout(e)) {
                    throw timedOut(timeout);
                }
                throw new IllegalStateException("query failed: " + e.getMessage(), e);
            }
        }

        @Override
        public void write(StorageLayout.Work<?> work) {
            try (Connection c = dataSource.getConnection()) {
                boolean autoCommit = c.getAutoCommit();
                c.setAutoCommit(false);
                Throwable failure = null;
                try {
                    work.run(observer == null ? c : ObservedStatement.wrap(c, observer, dialect.name(), operation));
                    c.commit();
                } catch (SQLException | RuntimeException | Error e) {
                    failure = e;
                    undo(e, c::rollback);
                    throw e;
                } finally {
                    undo(failure, () -> c.setAutoCommit(autoCommit));
                }
            } catch (SQLException e) {
                // the first line only: later lines of some drivers' messages quote the statement and the row
                throw new IllegalStateException(
                        "loading failed, nothing was loaded: "
                                + String.valueOf(e.getMessage())
                                        .lines()
                                        .findFirst()
                                        .orElse(""),
                        e);
            }
        }
    }

    /**
     * A timeout of a filter with {@code $regex} says so in its hint: the backtracking engines (MariaDB's
     * PCRE2, H2's java.util.regex) can spend the whole limit on a pattern with several repetitions of
     * overlapping characters, such as {@code .{0,73}.{2,}x{100,}}, on long text. Other errors pass.
     */
    static QueryException regexTimeout(QueryException e, Filter filter) {
        if (e.first().code() != ErrorCode.QUERY_TIMEOUT
                || !hasRegex(filter)
                || e.first().hint().startsWith("Simplify")) {
            return e;
        }
        return QueryException.of(
                ErrorCode.QUERY_TIMEOUT,
                e.first().path(),
                e.first().message(),
                "Simplify the pattern: avoid adjacent or nested repetitions that can match the same characters,"
                        + " such as .*.* or (a+)+, or use $contains/$startsWith; or narrow the filter.");
    }

    private static boolean hasRegex(Filter filter) {
        return filter.accept(HasRegex.FINDER);
    }

    /** Whether a filter holds a {@code $regex} anywhere; a visitor, so a new node is a compile error here. */
    private enum HasRegex implements Filter.Visitor<Boolean>, Predicate.Visitor<Boolean> {
        FINDER;

        @Override
        public Boolean and(Filter.And and) {
            return and.filters().stream().anyMatch(f -> f.accept(this));
        }

        @Override
        public Boolean or(Filter.Or or) {
            return or.filters().stream().anyMatch(f -> f.accept(this));
        }

        @Override
        public Boolean nor(Filter.Nor nor) {
            return nor.filters().stream().anyMatch(f -> f.accept(this));
        }

        @Override
        public Boolean condition(Filter.Condition condition) {
            return condition.predicate().accept(this);
        }

        @Override
        public Boolean regex(Predicate.Regex regex) {
            return true;
        }

        @Override
        public Boolean not(Predicate.Not not) {
            return not.predicate().accept(this);
        }

        @Override
        public Boolean every(Predicate.Every every) {
            return every.predicates().stream().anyMatch(p -> p.accept(this));
        }

        @Override
        public Boolean compare(Predicate.Compare compare) {
            return false;
        }

        @Override
        public Boolean in(Predicate.In in) {
            return false;
        }

        @Override
        public Boolean exists(Predicate.Exists exists) {
            return false;
        }

        @Override
        public Boolean match(Predicate.Match match) {
            return false;
        }

        @Override
        public Boolean all(Predicate.All all) {
            return false;
        }

        @Override
        public Boolean size(Predicate.Size size) {
            return false;
        }
    }

    /** A step that undoes what a session set on a connection. */
    @FunctionalInterface
    private interface Undo {
        void run() throws SQLException;
    }

    /**
     * Runs every step; while a failure is on its way out, their own failures are added to it as
     * suppressed instead of replacing it. A database that ended the transaction itself (SQLite on a
     * full disk rolls back, so its {@code COMMIT} on leaving auto-commit fails "no transaction is
     * active") or dropped the connection (MariaDB past {@code max_allowed_packet}: "Connection is
     * closed") would otherwise hide the failure that says what happened. Without one, the first
     * failure of a step is thrown after all steps ran.
     */
    private static void undo(Throwable failure, Undo... steps) throws SQLException {
        SQLException first = null;
        for (Undo step : steps) {
            try {
                step.run();
            } catch (SQLException | RuntimeException e) {
                if (failure != null) {
                    failure.addSuppressed(e);
                } else if (first == null) {
                    first = e instanceof SQLException sql ? sql : new SQLException(e.getMessage(), e);
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** The values a read sets: the caller's, or empty ones for a store not made for a caller. */
    private Map<String, String> sessionSettings() {
        if (sessionValues != null) {
            return sessionValues;
        }
        Map<String, String> empty = new java.util.TreeMap<>();
        sessionSources.keySet().forEach(name -> empty.put(name, ""));
        return empty;
    }

    /**
     * The {@code LIMIT_EXCEEDED} error for a statement the database refused as too large for one
     * message ({@link JdbcSession#isTooLarge}): caused by the request, so never {@code
     * DATABASE_UNAVAILABLE}, although the server drops the connection.
     */
    static QueryException tooLarge() {
        return QueryException.of(
                ErrorCode.LIMIT_EXCEEDED,
                "",
                "The request is larger than the database accepts in one statement.",
                "Ask with shorter values or fewer of them, or split the question into several calls.");
    }

    /**
     * The longest statement timeout every database and driver takes: whole seconds whose milliseconds
     * fit an int (H2's setQueryTimeout multiplies by 1000), 24.8 days.
     */
    static final Duration LONGEST_TIMEOUT = Duration.ofSeconds(Integer.MAX_VALUE / 1000);

    /** The {@code QUERY_TIMEOUT} error; a limit under a second, or not whole seconds, is given in milliseconds. */
    static QueryException timedOut(Duration timeout) {
        long millis = timeout.toMillis();
        String limit = millis % 1_000 == 0 ? millis / 1_000 + " s" : millis + " ms";
        return QueryException.of(
                ErrorCode.QUERY_TIMEOUT,
                "",
                "The query ran longer than the " + limit + " limit.",
                "Narrow the filter (type, equality on an enum field, a date range) or ask for fewer objects.");
    }

    /** Builds a {@link JdbcObjectStore}. */
    public static final class Builder {
        private DataSource dataSource;
        private DataSource readDataSource;
        private Dialect dialect;
        private StoreMapping mapping = StoreMapping.graph();
        private Duration timeout = Duration.ofSeconds(5);
        private long countCap = StorageLayout.DEFAULT_COUNT_CAP;
        private StatementObserver observer;
        private final Map<String, String> sessionSources = new java.util.LinkedHashMap<>();
        private final Map<String, String> sessionRoles = new java.util.LinkedHashMap<>();

        private Builder() {}

        /** The host's data source. */
        public Builder dataSource(DataSource dataSource) {
            this.dataSource = dataSource;
            return this;
        }

        /**
         * Where the tools' reads go, such as a streaming replica of {@link #dataSource}; DDL, helper
         * functions and loads still go to {@link #dataSource}. The replica's lag is the reads' lag: an
         * object loaded on the primary is found once the replica has replayed it. Default: the primary.
         */
        public Builder readDataSource(DataSource readDataSource) {
            this.readDataSource = readDataSource;
            return this;
        }

        /** The dialect of the database. */
        public Builder dialect(Dialect dialect) {
            this.dialect = dialect;
            return this;
        }

        /** Where objects and relationships live. */
        public Builder mapping(StoreMapping mapping) {
            this.mapping = requireNonNull(mapping, "mapping");
            return this;
        }

        /**
         * How many matches a search counts at most (graph layout); default 1,000. Beyond it the page's
         * total is the cap and {@link Page#totalExact()} is {@code false} (the tool says
         * {@code "total_exact": false}). {@code 0}: count every match, exactly, at the cost of reading
         * them all.
         */
        public Builder countCap(long countCap) {
            if (countCap < 0) {
                throw new IllegalArgumentException("JdbcObjectStore.builder(): countCap must be 0 (no cap) or more");
            }
            this.countCap = countCap;
            return this;
        }

        /**
         * Told of each statement the store runs for a tool, with the dialect, the operation and the
         * statement's text (never its bound values): for timers and spans. Default none.
         */
        public Builder statementObserver(StatementObserver observer) {
            this.observer = observer;
            return this;
        }

        /**
         * A session setting every read sets from the caller before its first statement, for the database's
         * own policies: {@code sessionSetting("app.user_id", "user")} makes a PostgreSQL row-level security
         * policy's {@code current_setting('app.user_id', true)} the {@code ToolContext}'s user;
         * {@code "scope.org_id"} takes the scope's {@code org_id}. On PostgreSQL a transaction-local
         * {@code set_config}; on MariaDB and MySQL the user variable {@code @`app.user_id`}, set to NULL
         * after the read. The value comes from the host, never from the model; the guarded SQL tool
         * cannot change it ({@code set_config} and {@code SET} are refused).
         *
         * @param name {@code prefix.name} (letters, digits, underscores)
         * @param source {@code user} or {@code scope.KEY}
         * @throws IllegalArgumentException for another name or source, with a message that names the
         *     setting and reads as well in the configuration ({@code store.session}) as in code
         */
        public Builder sessionSetting(String name, String source) {
            requireNonNull(name, "name");
            requireNonNull(source, "source");
            if (!SETTING.matcher(name).matches()) {
                throw new IllegalArgumentException("session setting '" + name
                        + "' must be prefix.name (letters, digits and underscores), such as app.user_id");
            }
            if (!source.equals(USER) && !(source.startsWith(SCOPE) && source.length() > SCOPE.length())) {
                throw new IllegalArgumentException("session setting '" + name + "' comes from '" + source
                        + "'; use user or scope.KEY, such as scope.org_id");
            }
            sessionSources.put(name, source);
            return this;
        }

        /**
         * The database role the reads of a caller with this role run as: PostgreSQL's {@code SET LOCAL
         * ROLE} (as {@code set_config('role', …, true)}) in each read's transaction, so the grants and
         * row-level security policies of that role apply ({@code current_user} is it). A caller with
         * several mapped roles reads as the first in code-point order of its roles; one with none, as
         * the login role. The login role must be a member of each database role. The names come from
         * the host (the configuration's {@code store.roles}), never from the model; the guarded SQL
         * tool cannot change the role ({@code set_config}, {@code SET} and {@code RESET} are refused).
         *
         * @param callerRole a role of the {@code ToolContext}, such as {@code hr}
         * @param databaseRole the database role, such as {@code quarry_hr}
         * @throws IllegalArgumentException for a blank caller role or a database role that is not an identifier
         */
        public Builder sessionRole(String callerRole, String databaseRole) {
            requireNonNull(callerRole, "callerRole");
            requireNonNull(databaseRole, "databaseRole");
            if (callerRole.isBlank()) {
                throw new IllegalArgumentException("session role: the caller role is blank");
            }
            if (!ROLE.matcher(databaseRole).matches()) {
                throw new IllegalArgumentException("session role '" + callerRole + "' reads as '" + databaseRole
                        + "', which is not a role name; use letters, digits and underscores, such as quarry_hr");
            }
            sessionRoles.put(callerRole, databaseRole);
            return this;
        }

        /** The statement timeout; default 5 s. */
        public Builder timeout(Duration timeout) {
            this.timeout = requireNonNull(timeout, "timeout");
            return this;
        }

        /**
         * Builds the store.
         *
         * @throws IllegalStateException naming what is missing
         */
        public JdbcObjectStore build() {
            if (dataSource == null) {
                throw new IllegalStateException("JdbcObjectStore.builder(): dataSource is required");
            }
            if (dialect == null) {
                throw new IllegalStateException(
                        "JdbcObjectStore.builder(): dialect is required, such as new H2Dialect()");
            }
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalStateException("JdbcObjectStore.builder(): timeout must be positive");
            }
            if (!sessionSources.isEmpty() && !dialect.session().takesSessionSettings()) {
                throw new IllegalStateException("JdbcObjectStore.builder(): session settings need PostgreSQL or"
                        + " MariaDB/MySQL; " + dialect.name() + " has none a policy could read");
            }
            if (!sessionRoles.isEmpty() && !dialect.session().takesRoles()) {
                throw new IllegalStateException("JdbcObjectStore.builder(): session roles need PostgreSQL; "
                        + dialect.name() + " cannot switch roles inside a read's transaction");
            }
            return new JdbcObjectStore(this);
        }
    }
}
