package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.FilterParser;
import io.quarry.filter.FilterValidator;
import io.quarry.internal.Json;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Schema;
import io.quarry.sql.dialect.H2Dialect;
import io.quarry.sql.dialect.SqliteDialect;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.ObjectQuery;
import io.quarry.store.Scope;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * A statement's own failure is the one reported: never hidden by what the store undoes afterwards on
 * a connection the database already ended, and a statement too large for the database is {@code
 * LIMIT_EXCEEDED}, never {@code DATABASE_UNAVAILABLE} (issue 33, items 2 and 7).
 */
class StatementFailuresTest {
    private static final Schema SCHEMA = Schema.builder()
            .type(EntityType.of("Task", Field.of("title", FieldType.STRING)))
            .build();

    @TempDir
    Path dir;

    private static JdbcDataSource h2() {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:failures_" + UUID.randomUUID().toString().replace("-", "") + ";DB_CLOSE_DELAY=-1");
        return ds;
    }

    private static List<GraphObject> tasks(int count, int titleLength) {
        List<GraphObject> objects = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            objects.add(new GraphObject(
                    "t" + i,
                    "Task",
                    Json.object().put("title", i + "x".repeat(titleLength)),
                    Instant.EPOCH,
                    Instant.EPOCH,
                    Map.of()));
        }
        return objects;
    }

    private static ObjectQuery titleIn(List<String> titles) {
        JsonNode filter = Json.object().set("title", Json.object().set("$in", Json.MAPPER.valueToTree(titles)));
        return ObjectQuery.builder()
                .type("Task")
                .filter(new FilterValidator(SCHEMA)
                        .validate(
                                FilterParser.withDefaults().parse(filter, ""),
                                SCHEMA.type("Task").orElseThrow()))
                .limit(5)
                .scope(Scope.unrestricted())
                .build();
    }

    /**
     * SQLite rolls a transaction back itself when the disk (here its page limit) is full, so the
     * store's rollback and its return to auto-commit (a {@code COMMIT}) fail "no transaction is
     * active": the load reports SQLITE_FULL, the failure that says what happened, and loads nothing.
     */
    @Test
    void aFullSqliteDatabaseSaysSoAndLoadsNothing() throws Exception {
        SQLiteConfig config = new SQLiteConfig();
        config.setMaxPageCount(40);
        SQLiteDataSource ds = new SQLiteDataSource(config);
        ds.setUrl(
                "jdbc:sqlite:" + Files.createDirectories(dir).resolve("full.db").toAbsolutePath());
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(new SqliteDialect())
                .build();
        store.createLayout();

        Throwable failure = catchThrowable(() -> store.load(new DataFile.DataSet(tasks(2_000, 200), List.of())));

        assertThat(failure)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("loading failed, nothing was loaded: [SQLITE_FULL]")
                .hasMessageNotContaining("no transaction is active");
        assertThat(failure.getCause()).isInstanceOf(SQLException.class);
        assertThat(store.search(ObjectQuery.builder().type("Task").limit(5).build())
                        .items())
                .isEmpty();
    }

    /** A read that fails on a connection whose rollback then fails too reports the read's failure. */
    @Test
    void aReadsFailureIsNotReplacedByTheRollbacks() {
        JdbcDataSource h2 = h2();
        javax.sql.DataSource brokenRollback = new DelegatingDataSource(h2) {
            @Override
            Connection wrap(Connection c) {
                return (Connection) Proxy.newProxyInstance(
                        Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, (p, m, args) -> {
                            if (m.getName().equals("rollback")) {
                                throw new SQLException("Connection is closed");
                            }
                            return invoke(m, c, args);
                        });
            }
        };
        // no layout: the read itself fails
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(brokenRollback)
                .dialect(new H2Dialect())
                .build();

        Throwable failure = catchThrowable(
                () -> store.search(ObjectQuery.builder().type("Task").limit(5).build()));

        assertThat(failure).hasMessageContaining("not found").hasMessageNotContaining("Connection is closed");
        assertThat(failure.getCause().getSuppressed())
                .extracting(Throwable::getMessage)
                .contains("Connection is closed");
    }

    /**
     * A statement over the database's limit on one statement ({@link JdbcSession#maxStatementBytes},
     * MariaDB's {@code max_allowed_packet}) is refused before it is sent, asked of the database once;
     * a statement under 64 KiB never asks.
     */
    @Test
    void aStatementOverTheDatabasesLimitIsLimitExceededBeforeItIsSent() {
        AtomicInteger asked = new AtomicInteger();
        JdbcObjectStore store = store(session(600_000, asked, false));
        store.createLayout();
        store.load(new DataFile.DataSet(tasks(3, 9_000), List.of()));
        asked.set(0); // a load asks once too

        assertThat(store.search(titleIn(List.of("0" + "x".repeat(9_000)))).items())
                .hasSize(1);
        assertThat(asked).as("a small statement never asks").hasValue(0);
        List<String> under = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            under.add(i + "x".repeat(9_000));
        }
        assertThat(store.search(titleIn(under)).items()).hasSize(3);

        List<String> over = new ArrayList<>();
        for (int i = 0; i < 70; i++) {
            over.add(i + "x".repeat(9_000));
        }
        Throwable failure = catchThrowable(() -> store.search(titleIn(over)));

        assertThat(failure).isInstanceOf(QueryException.class);
        assertThat(((QueryException) failure).first().code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);
        assertThat(((QueryException) failure).first().message())
                .isEqualTo("The request is larger than the database accepts in one statement.");
        assertThat(asked).as("asked once").hasValue(1);
        assertThat(store.search(titleIn(List.of("1" + "x".repeat(9_000)))).items())
                .hasSize(1);
    }

    /**
     * The database's own refusal of a statement as too large ({@link JdbcSession#isTooLarge}; MariaDB
     * drops the connection with SQLState 08S01, which otherwise means the database is unreachable) is
     * {@code LIMIT_EXCEEDED}: the request caused it, and retrying it would fail again.
     */
    @Test
    void theDatabasesRefusalAsTooLargeIsNeverDatabaseUnavailable() {
        JdbcObjectStore store = store(session(Long.MAX_VALUE, new AtomicInteger(), true));
        store.createLayout();

        Throwable failure = catchThrowable(
                () -> store.search(ObjectQuery.builder().type("Task").limit(5).build()));

        assertThat(failure).isInstanceOf(QueryException.class);
        assertThat(((QueryException) failure).first().code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);
    }

    /**
     * Under a limit on one statement, a load is written in batches of at most half of it (a batch of
     * 500 objects of 3 KB passed MariaDB's 1 MiB {@code max_allowed_packet}, and the server dropped the
     * connection: "cannot connect to the database"), and an object larger than that is named.
     */
    @Test
    void aLoadUnderTheDatabasesLimitIsWrittenInBatchesUnderItAndAnObjectOverItIsNamed() {
        JdbcObjectStore store = store(session(100_000, new AtomicInteger(), false));
        store.createLayout();
        List<Long> batches = new ArrayList<>();

        store.load(new DataFile.DataSet(tasks(40, 9_000), List.of()), batches::add);

        assertThat(store.search(ObjectQuery.builder().type("Task").limit(100).build())
                        .items())
                .hasSize(40);
        assertThat(batches).hasSizeGreaterThanOrEqualTo(8).first().isEqualTo(5L);
        Throwable failure = catchThrowable(() -> store.load(new DataFile.DataSet(
                List.of(new GraphObject(
                        "big",
                        "Task",
                        Json.object().put("title", "x".repeat(60_000)),
                        Instant.EPOCH,
                        Instant.EPOCH,
                        Map.of())),
                List.of())));
        assertThat(failure)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("loading failed, nothing was loaded: object 'big' takes ")
                .hasMessageContaining("max_allowed_packet");
    }

    /** H2 whose session reports this statement limit, or (tooLarge) every failure as too large. */
    private static JdbcObjectStore store(JdbcSession session) {
        H2Dialect h2 = new H2Dialect();
        Dialect dialect = (Dialect) Proxy.newProxyInstance(
                Dialect.class.getClassLoader(),
                new Class<?>[] {Dialect.class},
                (p, m, args) -> m.getName().equals("session") ? session : invoke(m, h2, args));
        return JdbcObjectStore.builder().dataSource(h2()).dialect(dialect).build();
    }

    /**
     * H2's session with this limit on one statement, counting how often it is asked; with {@code
     * failing}, every read fails with MariaDB's "packet too large", which the session recognizes.
     */
    private static JdbcSession session(long max, AtomicInteger asked, boolean failing) {
        JdbcSession h2 = new H2Dialect().session();
        return new JdbcSession() {
            @Override
            public void prepareRead(Connection connection, java.time.Duration timeout) throws SQLException {
                h2.prepareRead(connection, timeout);
                if (failing) {
                    throw new java.sql.SQLNonTransientConnectionException(
                            "Got a packet bigger than 'max_allowed_packet' bytes", "08S01", 1153);
                }
            }

            @Override
            public void finishRead(Connection connection) throws SQLException {
                h2.finishRead(connection);
            }

            @Override
            public boolean isTimeout(SQLException e) {
                return h2.isTimeout(e);
            }

            @Override
            public boolean isTooLarge(SQLException e) {
                return e.getErrorCode() == 1153;
            }

            @Override
            public long maxStatementBytes(Connection connection) {
                asked.incrementAndGet();
                return max;
            }
        };
    }

    private static Object invoke(java.lang.reflect.Method m, Object target, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** A data source handing out its delegate's connections, wrapped. */
    private abstract static class DelegatingDataSource implements javax.sql.DataSource {
        private final javax.sql.DataSource delegate;

        DelegatingDataSource(javax.sql.DataSource delegate) {
            this.delegate = delegate;
        }

        abstract Connection wrap(Connection c);

        @Override
        public Connection getConnection() throws SQLException {
            return wrap(delegate.getConnection());
        }

        @Override
        public Connection getConnection(String user, String password) throws SQLException {
            return wrap(delegate.getConnection(user, password));
        }

        @Override
        public java.io.PrintWriter getLogWriter() throws SQLException {
            return delegate.getLogWriter();
        }

        @Override
        public void setLogWriter(java.io.PrintWriter out) throws SQLException {
            delegate.setLogWriter(out);
        }

        @Override
        public void setLoginTimeout(int seconds) throws SQLException {
            delegate.setLoginTimeout(seconds);
        }

        @Override
        public int getLoginTimeout() throws SQLException {
            return delegate.getLoginTimeout();
        }

        @Override
        public java.util.logging.Logger getParentLogger() throws java.sql.SQLFeatureNotSupportedException {
            return delegate.getParentLogger();
        }

        @Override
        public <T> T unwrap(Class<T> iface) throws SQLException {
            return delegate.unwrap(iface);
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) throws SQLException {
            return delegate.isWrapperFor(iface);
        }
    }
}
