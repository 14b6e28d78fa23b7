package io.quarry.sql;

import io.quarry.sql.dialect.Dialects;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Assumptions;
import org.mariadb.jdbc.MariaDbDataSource;
import org.postgresql.ds.PGSimpleDataSource;
import org.sqlite.SQLiteDataSource;

/**
 * The databases the SQL tests run on: H2 and SQLite in process, PostgreSQL and MariaDB as the local
 * services ({@code QUARRY_TEST_POSTGRES_URL}, {@code QUARRY_TEST_MARIADB_URL} override where they
 * are). Each test class gets its own empty database (an H2 memory database, a SQLite file, a
 * PostgreSQL schema, a MariaDB database) named after it and after the checkout ({@link #checkout()}),
 * so builds of two worktrees on one machine never drop each other's database mid-run. A service that
 * cannot be reached skips the test with a message, and fails it when {@code CI=true}.
 */
public enum Backend {
    H2 {
        @Override
        DataSource open(String name) {
            JdbcDataSource ds = new JdbcDataSource();
            ds.setURL("jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1");
            return ds;
        }
    },
    SQLITE {
        @Override
        DataSource open(String name) throws Exception {
            Path dir = Files.createDirectories(Path.of("target", "sqlite"));
            Path file = dir.resolve(name + ".db");
            Files.deleteIfExists(file);
            SQLiteDataSource ds = new SQLiteDataSource();
            ds.setUrl("jdbc:sqlite:" + file.toAbsolutePath());
            return ds;
        }
    },
    POSTGRES {
        @Override
        DataSource open(String name) throws SQLException {
            String url = url("QUARRY_TEST_POSTGRES_URL", "jdbc:postgresql://127.0.0.1:5432/test?user=postgres");
            PGSimpleDataSource admin = new PGSimpleDataSource();
            admin.setURL(url);
            String schema = "quarry_" + name;
            execute(admin, "DROP SCHEMA IF EXISTS " + schema + " CASCADE", "CREATE SCHEMA " + schema);
            PGSimpleDataSource ds = new PGSimpleDataSource();
            ds.setURL(url);
            ds.setCurrentSchema(schema + ",public");
            return ds;
        }
    },
    MARIADB {
        @Override
        DataSource open(String name) throws SQLException {
            String url = url("QUARRY_TEST_MARIADB_URL", "jdbc:mariadb://127.0.0.1:3306/test?user=root");
            String database = "quarry_" + name;
            execute(
                    new MariaDbDataSource(url),
                    "DROP DATABASE IF EXISTS " + database,
                    "CREATE DATABASE " + database + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
            return new MariaDbDataSource(url.replaceFirst("(//[^/]+/)[^?]*", "$1" + database));
        }
    },
    /**
     * MariaDB with the generated columns and indexes of {@code MySqlDialect.schemaIndexes} for the
     * data's most frequent top-level fields, each as a string, a number and a date field, so the
     * contracts prove the generated-column path agrees with the evaluator as the plain one does.
     */
    MARIADB_GENERATED {
        @Override
        DataSource open(String name) throws Exception {
            return MARIADB.open(name);
        }

        @Override
        void createLayout(JdbcObjectStore store, io.quarry.store.DataFile.DataSet data) {
            store.createLayout(everyKind(data));
        }
    };

    /** The fields of a generated-columns run: 20 fields times three kinds stay under MariaDB's 64 indexes. */
    private static final int GENERATED_FIELDS = 20;

    /** A schema declaring the data's most frequent top-level fields as string, number and datetime fields. */
    static io.quarry.schema.Schema everyKind(io.quarry.store.DataFile.DataSet data) {
        java.util.Map<String, Integer> counts = new java.util.TreeMap<>();
        for (io.quarry.store.GraphObject o : data.objects()) {
            o.properties().fieldNames().forEachRemaining(f -> counts.merge(f, 1, Integer::sum));
        }
        List<String> fields = counts.entrySet().stream()
                .filter(e -> io.quarry.schema.Names.isIdentifier(e.getKey()))
                .sorted(java.util.Map.Entry.<String, Integer>comparingByValue().reversed())
                .limit(GENERATED_FIELDS)
                .map(java.util.Map.Entry::getKey)
                .toList();
        io.quarry.schema.Schema.Builder schema = io.quarry.schema.Schema.builder();
        for (io.quarry.schema.FieldType type : List.of(
                io.quarry.schema.FieldType.STRING,
                io.quarry.schema.FieldType.NUMBER,
                io.quarry.schema.FieldType.DATETIME)) {
            schema.type(io.quarry.schema.EntityType.of(
                    "Every_" + type.name().toLowerCase(Locale.ROOT),
                    fields.stream()
                            .map(f -> io.quarry.schema.Field.of(f, type))
                            .toArray(io.quarry.schema.Field[]::new)));
        }
        return schema.build();
    }

    /** Creates the graph layout for a contract's data: the layout's own DDL, and more for some backends. */
    void createLayout(JdbcObjectStore store, io.quarry.store.DataFile.DataSet data) {
        store.createLayout();
    }

    abstract DataSource open(String name) throws Exception;

    /**
     * A new empty database of this backend for a test class.
     *
     * @param name letters, digits and underscores, such as the test class name in snake case
     */
    public DataSource dataSource(String name) {
        String id = name.toLowerCase(Locale.ROOT);
        if (!id.matches("[a-z][a-z0-9_]{0,40}")) {
            throw new IllegalArgumentException("a backend database name is [a-z][a-z0-9_]*: " + name);
        }
        DataSource ds;
        try {
            ds = open(id + "_" + checkout());
            try (Connection c = ds.getConnection()) {
                c.isValid(5);
            }
        } catch (Exception e) {
            String message = this + " is not reachable (" + e.getMessage() + "); start it or set " + "QUARRY_TEST_"
                    + this + "_URL";
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError(message + ": CI=true needs every database", e);
            }
            Assumptions.abort("skipped: " + message);
            throw new AssertionError("unreachable", e);
        }
        return ds;
    }

    /**
     * A new database of this backend holding a data set in a mapping's graph layout: what every
     * contract reads. Skips (or fails under {@code CI=true}) as {@link #dataSource} does.
     *
     * @param name as for {@link #dataSource}; prefix it with the contract's name
     */
    public JdbcObjectStore store(String name, StoreMapping mapping, io.quarry.store.DataFile.DataSet data) {
        return store(pooledDataSource(name), mapping, data);
    }

    /** {@link #store(String, StoreMapping, io.quarry.store.DataFile.DataSet)} over a given database of this backend. */
    public JdbcObjectStore store(DataSource ds, StoreMapping mapping, io.quarry.store.DataFile.DataSet data) {
        return store(ds, mapping, data, JdbcObjectStore.builder());
    }

    /**
     * {@link #store(String, StoreMapping, io.quarry.store.DataFile.DataSet)} with a statement timeout of
     * {@link #SLOW_MACHINE}: for a contract whose every case must answer (none expects a timeout), so a
     * loaded build machine cannot fail it (SQLite's {@code $in} of 1000 values took 0.8 to 5.5 s).
     */
    public JdbcObjectStore storeThatWaits(String name, StoreMapping mapping, io.quarry.store.DataFile.DataSet data) {
        return store(
                pooledDataSource(name), mapping, data, JdbcObjectStore.builder().timeout(SLOW_MACHINE));
    }

    /** The statement timeout of {@link #storeThatWaits}. */
    static final java.time.Duration SLOW_MACHINE = java.time.Duration.ofSeconds(60);

    private JdbcObjectStore store(
            DataSource ds,
            StoreMapping mapping,
            io.quarry.store.DataFile.DataSet data,
            JdbcObjectStore.Builder builder) {
        JdbcObjectStore store =
                builder.dataSource(ds).dialect(dialect(ds)).mapping(mapping).build();
        createLayout(store, data);
        store.load(data);
        return store;
    }

    /**
     * {@link #dataSource(String)}, but for the server databases a pool of at most two connections over
     * that database: a suite that runs thousands of reads would otherwise spend most of its time
     * opening connections and warming a new server process's caches (on PostgreSQL the first
     * statements of a new connection took 5 to 20 times as long as the same statements later). Every
     * read still goes through the dialect's prepare and finish, so a reused connection also proves
     * they restore the session.
     */
    public DataSource pooledDataSource(String name) {
        DataSource ds = dataSource(name);
        if (this != POSTGRES && this != MARIADB && this != MARIADB_GENERATED) {
            return ds;
        }
        com.zaxxer.hikari.HikariConfig pool = new com.zaxxer.hikari.HikariConfig();
        pool.setDataSource(ds);
        pool.setPoolName("quarry-test-" + name);
        pool.setMaximumPoolSize(2);
        // connections close when the contract is done with them (tests do not close pools)
        pool.setMinimumIdle(0);
        pool.setIdleTimeout(10_000);
        return new com.zaxxer.hikari.HikariDataSource(pool);
    }

    /** The JDBC dialect this backend's database is detected as. */
    public Dialect dialect(DataSource ds) {
        return Dialects.detect(ds);
    }

    /** Eight hex digits of the build's working directory: one checkout's names differ from another's. */
    static String checkout() {
        return String.format(
                Locale.ROOT,
                "%08x",
                Path.of(System.getProperty("user.dir")).toAbsolutePath().hashCode());
    }

    private static String url(String variable, String fallback) {
        String url = System.getenv(variable);
        return url == null || url.isBlank() ? fallback : url;
    }

    /**
     * Runs a SQL script from the test resources: statements end with {@code ;} at the end of a line,
     * lines starting with {@code --} are comments.
     *
     * @param resource the resource's absolute path, such as {@code /io/quarry/sql/introspect/chinook.h2.sql}
     */
    public static void script(DataSource ds, String resource) throws java.io.IOException, SQLException {
        String script;
        try (java.io.InputStream in = Backend.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new java.io.FileNotFoundException(resource);
            }
            script = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        java.util.List<String> statements = new java.util.ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : script.split("\n")) {
            if (line.startsWith("--")) {
                continue;
            }
            current.append(line).append('\n');
            if (line.endsWith(";")) {
                String sql = current.toString().trim();
                statements.add(sql.substring(0, sql.length() - 1));
                current.setLength(0);
            }
        }
        // one transaction: SQLite otherwise syncs its file after every statement (a sample's 500 rows took seconds)
        try (Connection c = ds.getConnection();
                Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            for (String sql : statements) {
                s.execute(sql);
            }
            c.commit();
            c.setAutoCommit(true);
        }
    }

    private static void execute(DataSource ds, String... statements) throws SQLException {
        try (Connection c = ds.getConnection();
                Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }
}
