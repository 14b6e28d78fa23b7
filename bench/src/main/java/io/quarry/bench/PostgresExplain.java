package io.quarry.bench;

import io.quarry.config.QuarryConfig;
import io.quarry.schema.Schema;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.LayoutDdl;
import io.quarry.sql.Sql;
import io.quarry.sql.SqlCompiler;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.dialect.PostgresDialect;
import io.quarry.store.ObjectQuery;
import io.quarry.store.Scope;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * Loads a deterministic graph (100,000 objects, about 300,000 relationships, 20 % of priorities as
 * strings and 0.1 % poison values) into a PostgreSQL schema of its own, with the graph layout and
 * the recommended field indexes of {@link PostgresDialect}, and prints, for the library's compiled
 * statements, {@code EXPLAIN (ANALYZE)} and the median time of a search through
 * {@link JdbcObjectStore} (page and count, as the tool runs it). See bench/README.md.
 *
 * <p>Usage: {@code java -cp bench/target/benchmarks.jar io.quarry.bench.PostgresExplain [JDBC URL]
 * [objects]}; the URL defaults to the local test database. The schema {@code quarry_bench} is
 * dropped and recreated.
 */
public final class PostgresExplain {
    private static final String SCHEMA = "quarry_bench";
    private static final int RUNS = 15;

    private PostgresExplain() {}

    /** Runs the measurement. */
    public static void main(String[] args) throws Exception {
        String base = args.length > 0 ? args[0] : "jdbc:postgresql://127.0.0.1:5432/test?user=postgres";
        int objects = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        try (Connection c = DriverManager.getConnection(base);
                Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
            st.execute("CREATE SCHEMA " + SCHEMA);
        }
        String url = base + (base.contains("?") ? "&" : "?") + "currentSchema=" + SCHEMA;
        DataSource ds = new SimpleDataSource(url);
        PostgresDialect dialect = new PostgresDialect();
        StoreMapping mapping = StoreMapping.graph("project_id");
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(dialect)
                .mapping(mapping)
                .build();
        long t0 = System.nanoTime();
        store.createLayout();
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement()) {
            generate(st, objects);
            long t1 = System.nanoTime();
            List<String> ddl = new ArrayList<>();
            ddl.addAll(dialect.ddl().fieldIndexes(mapping, "priority", LayoutDdl.FieldKind.NUMBER));
            ddl.addAll(dialect.ddl().fieldIndexes(mapping, "due_at", LayoutDdl.FieldKind.DATE));
            ddl.addAll(dialect.ddl().fieldIndexes(mapping, "title", LayoutDdl.FieldKind.TEXT));
            for (String sql : ddl) {
                st.execute(sql);
            }
            // a steady state: the GIN pending list merged, statistics fresh; its own tables only (a
            // database-wide VACUUM would also read every other schema of a shared server)
            st.execute("VACUUM ANALYZE quarry_objects, quarry_relationships");
            System.out.printf(
                    Locale.ROOT,
                    "loaded %d objects and %d relationships in %.1f s; field indexes in %.1f s%n",
                    count(st, "quarry_objects"),
                    count(st, "quarry_relationships"),
                    (t1 - t0) / 1e9,
                    (System.nanoTime() - t1) / 1e9);
            for (String sql : ddl) {
                System.out.println("  " + sql);
            }
        }
        Schema schema = QuarryConfig.parse(
                        "types:\n  Task: {description: work}\n  Bug: {description: bugs}\n  Document: {description: docs}\n",
                        "schema.yaml")
                .schema()
                .orElseThrow();
        SqlCompiler compiler = new SqlCompiler(dialect);
        Scope scope = Scope.of("project_id", "projA");
        String leaf = first(
                ds,
                "SELECT id FROM quarry_objects WHERE project_id = 'projA' AND id NOT IN"
                        + " (SELECT 'o' || g FROM generate_series(1, 100) g) ORDER BY id LIMIT 1");
        String hub = first(
                ds,
                "SELECT dst_id FROM quarry_relationships r JOIN quarry_objects o ON o.id = r.dst_id"
                        + " WHERE o.project_id = 'projA' GROUP BY dst_id ORDER BY count(*) DESC, dst_id LIMIT 1");
        List<Object[]> cases = List.of(
                new Object[] {
                    "equality (type + 2 equalities)", "Task", "{\"status\": \"Blocked\", \"assignee\": \"user7\"}", null
                },
                new Object[] {"zero-hit typo", "Task", "{\"status\": \"done\"}", null},
                new Object[] {"related to a leaf", null, "{}", leaf},
                new Object[] {"related to a hub, newest first", null, "{}", hub},
                new Object[] {
                    "1-day date range",
                    "Task",
                    "{\"due_at\": {\"$gte\": \"2024-06-01\", \"$lt\": \"2024-06-02\"}}",
                    null
                },
                new Object[] {
                    "1-week date range + status",
                    "Task",
                    "{\"status\": \"Review\", \"due_at\": {\"$gte\": \"2024-06-01\", \"$lt\": \"2024-06-08\"}}",
                    null
                },
                new Object[] {"numeric comparison (priority > 9.5)", "Task", "{\"priority\": {\"$gt\": 9.5}}", null},
                new Object[] {"numeric equality (priority = 3)", "Task", "{\"priority\": 3}", null},
                new Object[] {"title contains (rare)", "Task", "{\"title\": {\"$contains\": \"billing 123\"}}", null},
                new Object[] {
                    "title contains, 2 characters (guarded)", "Task", "{\"title\": {\"$contains\": \"g 9\"}}", null
                });
        List<String> summary = new ArrayList<>();
        for (Object[] c : cases) {
            String type = (String) c[1];
            ObjectQuery.Builder b = ObjectQuery.builder()
                    .filter(compiler.validate((String) c[2], schema, type))
                    .scope(scope)
                    .limit(20);
            if (type != null) {
                b.type(type);
            } else {
                b.types(List.of("Task", "Bug", "Document"));
            }
            if (c[3] != null) {
                b.relatedTo((String) c[3], null);
            }
            ObjectQuery query = b.build();
            for (int i = 0; i < 3; i++) {
                store.search(query);
            }
            long[] times = new long[RUNS];
            long total = 0;
            for (int i = 0; i < RUNS; i++) {
                long start = System.nanoTime();
                total = store.search(query).total();
                times[i] = System.nanoTime() - start;
            }
            Arrays.sort(times);
            List<Sql> statements = store.explain(query);
            System.out.println();
            System.out.println("=== " + c[0] + ": " + c[2] + (c[3] == null ? "" : " related_to_id=" + c[3]));
            String[] names = {"page", "count"};
            double[] server = new double[2];
            for (int i = 0; i < statements.size(); i++) {
                System.out.println("--- " + names[i] + ": " + statements.get(i).text());
                System.out.println("--- binds: " + statements.get(i).binds());
                server[i] = explain(ds, statements.get(i));
            }
            summary.add(String.format(
                    Locale.ROOT,
                    "| %s | %d | %.2f | %.2f | %.2f |",
                    c[0],
                    total,
                    server[0],
                    server[1],
                    times[RUNS / 2] / 1e6));
        }
        System.out.println();
        System.out.println("| query (LIMIT 20, scope projA) | total | page: server ms | count: server ms |"
                + " search via JDBC, median ms |");
        System.out.println("|---|---|---|---|---|");
        summary.forEach(System.out::println);
    }

    /** Inserts the deterministic graph of {@code objects} objects into the graph layout's tables. */
    static void generate(Statement st, int objects) throws SQLException {
        st.execute("SELECT setseed(0.42)");
        st.execute("SET max_parallel_workers_per_gather = 0");
        st.execute("INSERT INTO quarry_objects (id, type, properties, created_at, updated_at, project_id)"
                + " SELECT 'o' || g,"
                + " (ARRAY['Task','Task','Task','Bug','Bug','Document','Document','Note','Story','Person'])"
                + "[1 + floor(r2 * 10)::int],"
                + " jsonb_strip_nulls(jsonb_build_object("
                + "  'status', CASE WHEN r3 < 0.40 THEN 'Done' WHEN r3 < 0.65 THEN 'Todo' WHEN r3 < 0.85"
                + "   THEN 'InProgress' WHEN r3 < 0.95 THEN 'Review' ELSE 'Blocked' END,"
                + "  'priority', CASE WHEN r4 < 0.8 THEN to_jsonb(1 + g % 10) WHEN r4 < 0.999"
                + "   THEN to_jsonb((1 + g % 10)::text) ELSE to_jsonb((ARRAY['high', '', 'n/a'])[1 + g % 3]) END,"
                + "  'due_at', CASE WHEN r5 < 0.8 THEN to_char(timestamp '2024-01-01' + r6 * 730 * interval '1 day',"
                + "   'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') END,"
                + "  'assignee', 'user' || (g * 31 % 500),"
                + "  'title', (ARRAY['Fix','Write','Ship','Review','Plan'])[1 + g % 5] || ' '"
                + "   || (ARRAY['login','docs','billing','search','export','import'])[1 + g % 6] || ' ' || g,"
                + "  'tags', CASE WHEN g % 4 = 0 THEN jsonb_build_array('t' || g % 30, 't' || g % 7) END)),"
                + " ts, ts + r6 * interval '30 days',"
                + " CASE WHEN r1 < 0.70 THEN 'projA' WHEN r1 < 0.80 THEN 'projB' WHEN r1 < 0.90 THEN 'projC'"
                + "  ELSE 'projD' END"
                + " FROM (SELECT g, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6,"
                + "  timestamptz '2023-01-01Z' + g * interval '5 minutes' ts FROM generate_series(1, " + objects
                + ") g) x");
        st.execute("INSERT INTO quarry_relationships (id, src_id, dst_id, type)"
                + " SELECT 'r' || g, 'o' || (1 + floor(random() * " + objects + ")::int),"
                + " CASE WHEN random() < 0.10 THEN 'o' || (1 + floor(random() * 100)::int)"
                + "  ELSE 'o' || (1 + floor(random() * " + objects + ")::int) END,"
                + " (ARRAY['blocks','relates_to','assigned_to','mentions','parent_of'])[1 + floor(random() * 5)::int]"
                + " FROM generate_series(1, " + objects * 3 + ") g");
    }

    /** Prints {@code EXPLAIN (ANALYZE)} of a statement with custom plans; returns planning + execution ms. */
    private static double explain(DataSource ds, Sql sql) throws SQLException {
        double ms = 0;
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                st.execute("SET LOCAL plan_cache_mode = force_custom_plan");
            }
            try (PreparedStatement ps = c.prepareStatement("EXPLAIN (ANALYZE, BUFFERS) " + sql.text())) {
                for (int i = 0; i < sql.binds().size(); i++) {
                    ps.setObject(i + 1, sql.binds().get(i));
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        String line = rs.getString(1);
                        System.out.println("    " + line);
                        if (line.startsWith("Planning Time:") || line.startsWith("Execution Time:")) {
                            ms += Double.parseDouble(line.replaceAll("[^0-9.]", ""));
                        }
                    }
                }
            }
            c.rollback();
        }
        return ms;
    }

    private static long count(Statement st, String table) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String first(DataSource ds, String sql) throws SQLException {
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    /**
     * A {@link DataSource} that hands out one open connection, as a pool would: the measurement is the
     * statements, not connecting. Closing the handed-out connection keeps it open.
     */
    static final class SimpleDataSource implements DataSource {
        private final String url;
        private Connection connection;

        SimpleDataSource(String url) {
            this.url = url;
        }

        @Override
        public synchronized Connection getConnection() throws SQLException {
            if (connection == null || connection.isClosed()) {
                connection = DriverManager.getConnection(url);
            }
            Connection target = connection;
            return (Connection) java.lang.reflect.Proxy.newProxyInstance(
                    Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                        if (method.getName().equals("close")) {
                            return null;
                        }
                        try {
                            return method.invoke(target, args);
                        } catch (java.lang.reflect.InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }

        @Override
        public Connection getConnection(String user, String password) throws SQLException {
            return getConnection();
        }

        @Override
        public java.io.PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(java.io.PrintWriter out) {}

        @Override
        public void setLoginTimeout(int seconds) {}

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public java.util.logging.Logger getParentLogger() {
            return java.util.logging.Logger.getGlobal();
        }

        @Override
        public <T> T unwrap(Class<T> iface) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) {
            return false;
        }
    }
}
