package io.quarry.bench;

import io.quarry.sql.introspect.Introspection;
import io.quarry.sql.introspect.Introspector;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Locale;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Generates a schema of {@code tables} tables on PostgreSQL (ten modules of {@code mNN_} tables; a
 * bigint key, six columns of common types, a {@code CHECK … IN} list, a comment, a foreign key to the
 * module's previous table, and one join table in ten) and prints how long {@link Introspector} takes
 * to read it and derive its configuration: the median and the best of seven runs after one warm-up.
 *
 * <p>Usage: {@code java -cp bench/target/benchmarks.jar io.quarry.bench.IntrospectionBench [JDBC URL]
 * [tables]}; the URL defaults to the local test database. The schema {@code quarry_bench_introspect}
 * is dropped and recreated.
 */
public final class IntrospectionBench {
    private static final String SCHEMA = "quarry_bench_introspect";
    private static final int RUNS = 7;

    private IntrospectionBench() {}

    /** Runs the measurement. */
    public static void main(String[] args) throws Exception {
        String base = args.length > 0 ? args[0] : "jdbc:postgresql://127.0.0.1:5432/test?user=postgres";
        int tables = args.length > 1 ? Integer.parseInt(args[1]) : 500;
        try (Connection c = DriverManager.getConnection(base);
                Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
            st.execute("CREATE SCHEMA " + SCHEMA);
            st.execute("SET search_path = " + SCHEMA);
            for (int i = 0; i < tables; i++) {
                String name = table(i);
                boolean join = i % 10 == 9;
                if (join) {
                    st.execute("CREATE TABLE " + name + " (a_id bigint NOT NULL REFERENCES " + table(i - 1)
                            + ", b_id bigint NOT NULL REFERENCES " + table(i - 2) + ", PRIMARY KEY (a_id, b_id))");
                    continue;
                }
                String parent =
                        i % 50 == 0 ? "" : ", parent_id bigint REFERENCES " + table(i % 10 == 0 ? i - 2 : i - 1);
                st.execute("CREATE TABLE " + name + " (id bigint PRIMARY KEY, name varchar(100) NOT NULL,"
                        + " body text, amount numeric(10,2), quantity integer, active boolean, created_at timestamptz,"
                        + " status varchar(10) CHECK (status IN ('open', 'closed'))" + parent + ")");
                st.execute("COMMENT ON TABLE " + name + " IS 'Generated table " + i + "'");
            }
        }
        String url = base + (base.contains("?") ? "&" : "?") + "currentSchema=" + SCHEMA;
        Introspector introspector =
                Introspector.builder().dataSource(new UrlDataSource(url)).build();
        Introspection first = introspector.introspect();
        long[] millis = new long[RUNS];
        for (int r = 0; r < RUNS; r++) {
            long t0 = System.nanoTime();
            introspector.introspect();
            millis[r] = (System.nanoTime() - t0) / 1_000_000;
        }
        Arrays.sort(millis);
        System.out.printf(
                Locale.ROOT,
                "%d tables: %d types, %d warnings, %d YAML lines; introspect median %d ms, best %d ms (%d runs)%n",
                tables,
                first.configuration().get("types").size(),
                first.warnings().size(),
                first.toYaml().split("\n").length,
                millis[RUNS / 2],
                millis[0],
                RUNS);
    }

    private static String table(int i) {
        return String.format(Locale.ROOT, "m%02d_table_%03d", i / 50, i);
    }

    /** A new connection per call, as a plain data source without a pool does. */
    private static final class UrlDataSource implements DataSource {
        private final String url;

        UrlDataSource(String url) {
            this.url = url;
        }

        @Override
        public Connection getConnection() throws SQLException {
            return DriverManager.getConnection(url);
        }

        @Override
        public Connection getConnection(String user, String password) throws SQLException {
            return DriverManager.getConnection(url, user, password);
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {}

        @Override
        public void setLoginTimeout(int seconds) {}

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            throw new SQLFeatureNotSupportedException();
        }

        @Override
        public <T> T unwrap(Class<T> type) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> type) {
            return false;
        }
    }
}
