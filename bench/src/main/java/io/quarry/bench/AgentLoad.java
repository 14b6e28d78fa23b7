package io.quarry.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.config.QuarryConfig;
import io.quarry.internal.Json;
import io.quarry.schema.Schema;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.dialect.PostgresDialect;
import io.quarry.store.Scope;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.Toolkit;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * N concurrent agents calling the tools for T seconds against PostgreSQL through the library: each
 * agent is a thread with its own scope (one of four projects) that picks a call from a realistic mix
 * (filters, lookups by id, relationships, aggregations, text and range searches, the schema, project
 * graphs) over {@link PostgresExplain}'s generated graph, each call on a connection of its own, as a
 * host without a pool would. Prints calls, calls per second, errors by code, p50/p99/max latency and
 * the connections the library left open ({@code pg_stat_activity} rows of its application name
 * after the run). See bench/README.md.
 *
 * <p>Usage: {@code java -cp bench/target/benchmarks.jar io.quarry.bench.AgentLoad [agents] [seconds]
 * [objects] [JDBC URL]}; defaults 32, 30, 20000 and the local test database. The schema {@code
 * quarry_bench_load} is dropped and recreated.
 */
public final class AgentLoad {
    private static final String SCHEMA = "quarry_bench_load";
    private static final String APPLICATION = "quarry-bench-load";
    private static final List<String> PROJECTS = List.of("projA", "projB", "projC", "projD");

    private AgentLoad() {}

    /** Runs the load. */
    public static void main(String[] args) throws Exception {
        int agents = args.length > 0 ? Integer.parseInt(args[0]) : 32;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        int objects = args.length > 2 ? Integer.parseInt(args[2]) : 20_000;
        String base = args.length > 3 ? args[3] : "jdbc:postgresql://127.0.0.1:5432/test?user=postgres";
        String url =
                base + (base.contains("?") ? "&" : "?") + "currentSchema=" + SCHEMA + "&ApplicationName=" + APPLICATION;
        try (Connection c = DriverManager.getConnection(base);
                Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
            st.execute("CREATE SCHEMA " + SCHEMA);
        }
        DataSource ds = new ConnectingDataSource(url);
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(new PostgresDialect())
                .mapping(StoreMapping.graph("project_id"))
                .build();
        store.createLayout();
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement()) {
            PostgresExplain.generate(st, objects);
            st.execute("ANALYZE");
        }
        Toolkit toolkit = Toolkit.builder().schema(schema()).store(store).build();

        Map<String, LongAdder> errors = new ConcurrentHashMap<>();
        Map<String, LongAdder[]> perTool = new ConcurrentHashMap<>();
        List<long[]> latencies = new ArrayList<>();
        CountDownLatch ready = new CountDownLatch(agents);
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(agents);
        long[] deadline = new long[1];
        for (int a = 0; a < agents; a++) {
            long[] mine = new long[200_000];
            latencies.add(mine);
            int agent = a;
            Thread thread = new Thread(
                    () -> {
                        try {
                            ready.countDown();
                            go.await();
                            run(toolkit, agent, objects, deadline[0], mine, errors, perTool);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        } finally {
                            done.countDown();
                        }
                    },
                    "agent-" + a);
            thread.start();
        }
        ready.await();
        deadline[0] = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        go.countDown();
        done.await();
        long[] all = latencies.stream()
                .flatMapToLong(l -> Arrays.stream(l, 1, 1 + (int) l[0]))
                .sorted()
                .toArray();
        long failed = errors.values().stream().mapToLong(LongAdder::sum).sum();
        PrintWriter out = new PrintWriter(System.out, true);
        out.printf(
                Locale.ROOT,
                "%d agents x %d s over %d objects: %d calls (%.0f/s), %d errors %s%n",
                agents,
                seconds,
                objects,
                all.length,
                all.length / (double) seconds,
                failed,
                new TreeMap<>(errors));
        out.printf(
                Locale.ROOT,
                "latency ms: p50 %.1f, p99 %.1f, max %.1f%n",
                percentile(all, 50),
                percentile(all, 99),
                all.length == 0 ? 0 : all[all.length - 1] / 1e6);
        new TreeMap<>(perTool)
                .forEach((tool, sums) -> out.printf(
                        Locale.ROOT,
                        "  %-26s %6d calls, mean %.1f ms%n",
                        tool,
                        sums[0].sum(),
                        sums[1].sum() / 1e6 / Math.max(1, sums[0].sum())));
        out.printf(Locale.ROOT, "connections left open: %d%n", openConnections(base));
    }

    private static void run(
            Toolkit toolkit,
            int agent,
            int objects,
            long deadline,
            long[] latencies,
            Map<String, LongAdder> errors,
            Map<String, LongAdder[]> perTool) {
        Random random = new Random(agent);
        ToolContext context = ToolContext.builder()
                .scope(Scope.of("project_id", PROJECTS.get(agent % PROJECTS.size())))
                .build();
        while (System.nanoTime() < deadline && latencies[0] < latencies.length - 1) {
            String[] call = call(random, objects);
            JsonNode args;
            try {
                args = Json.parse(call[1]);
            } catch (java.io.IOException e) {
                throw new IllegalStateException(call[1], e);
            }
            long start = System.nanoTime();
            ToolResult result = toolkit.call(call[0], args, context);
            long nanos = System.nanoTime() - start;
            latencies[(int) ++latencies[0]] = nanos;
            LongAdder[] sums =
                    perTool.computeIfAbsent(call[0], k -> new LongAdder[] {new LongAdder(), new LongAdder()});
            sums[0].increment();
            sums[1].add(nanos);
            String code = result.errorCode();
            // NOT_FOUND is an answer (an id of another project), not a failure of the library
            if (code != null && !code.equals("NOT_FOUND")) {
                errors.computeIfAbsent(call[0] + ":" + code, k -> new LongAdder())
                        .increment();
            }
        }
    }

    /** One call of the mix: the tool's name and its input. */
    private static String[] call(Random random, int objects) {
        String id = "o" + (1 + random.nextInt(objects));
        String[] statuses = {"Done", "Todo", "InProgress", "Review", "Blocked"};
        String status = statuses[random.nextInt(statuses.length)];
        int roll = random.nextInt(100);
        if (roll < 25) {
            return new String[] {
                "query_graph_objects",
                "{\"type\": \"Task\", \"properties\": {\"status\": \"" + status + "\", \"priority\": {\"$gte\": "
                        + (1 + random.nextInt(10)) + "}}, \"limit\": 20}"
            };
        }
        if (roll < 40) {
            return new String[] {"get_graph_object", "{\"id\": \"" + id + "\"}"};
        }
        if (roll < 52) {
            return new String[] {"get_object_relationships", "{\"id\": \"" + id + "\"}"};
        }
        if (roll < 60) {
            return new String[] {
                "aggregate_graph_objects",
                "{\"type\": \"Task\", \"group_by\": \"status\", \"metrics\": [{\"op\": \"count\"}]}"
            };
        }
        if (roll < 70) {
            String[] words = {"login", "docs", "billing", "search", "export", "import"};
            return new String[] {
                "text_pattern_search",
                "{\"entity_type\": \"Task\", \"field\": \"title\", \"pattern\": \"" + words[random.nextInt(6)] + " "
                        + random.nextInt(10) + "\"}"
            };
        }
        if (roll < 78) {
            return new String[] {
                "number_range_search",
                "{\"entity_type\": \"Task\", \"field\": \"priority\", \"operator\": \"gt\", \"value\": "
                        + random.nextInt(10) + "}"
            };
        }
        if (roll < 84) {
            return new String[] {
                "enum_filter_search",
                "{\"entity_type\": \"Bug\", \"field\": \"status\", \"values\": [\"" + status + "\"]}"
            };
        }
        if (roll < 90) {
            int day = 1 + random.nextInt(28);
            return new String[] {
                "query_graph_objects",
                "{\"type\": \"Task\", \"properties\": {\"due_at\": {\"$gte\": \"2024-06-"
                        + String.format(Locale.ROOT, "%02d", day)
                        + "\"}}, \"sort\": [{\"field\": \"due_at\"}], \"limit\": 10}"
            };
        }
        if (roll < 95) {
            return new String[] {"get_database_schema", "{}"};
        }
        return new String[] {"get_project_graph", "{\"root_id\": \"" + id + "\"}"};
    }

    private static Schema schema() {
        String fields = "    fields:\n"
                + "      status: {type: enum, values: [Done, Todo, InProgress, Review, Blocked]}\n"
                + "      priority: {type: number}\n"
                + "      due_at: {type: datetime}\n"
                + "      assignee: {type: string}\n"
                + "      title: {type: string}\n"
                + "      tags: {type: array, items: string}\n";
        StringBuilder yaml = new StringBuilder("types:\n");
        for (String type : List.of("Task", "Bug", "Document", "Note", "Story", "Person")) {
            yaml.append("  ")
                    .append(type)
                    .append(":\n    description: ")
                    .append(type)
                    .append("s\n");
            yaml.append(fields);
        }
        return QuarryConfig.parse(yaml.toString(), "bench.yaml").schema().orElseThrow();
    }

    private static double percentile(long[] sorted, int p) {
        if (sorted.length == 0) {
            return 0;
        }
        int index = (int) Math.min(sorted.length - 1, Math.ceil(p / 100.0 * sorted.length) - 1);
        return sorted[Math.max(0, index)] / 1e6;
    }

    /** Connections of the library's application name still open, after the agents are done. */
    private static long openConnections(String base) throws SQLException, InterruptedException {
        Thread.sleep(500); // a backend ends its row a moment after the client closes
        try (Connection c = DriverManager.getConnection(base);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(
                        "SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + APPLICATION + "'")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** A data source that opens a new connection for every request: no pool, so a leak would show. */
    private record ConnectingDataSource(String url) implements DataSource {
        @Override
        public Connection getConnection() throws SQLException {
            return DriverManager.getConnection(url);
        }

        @Override
        public Connection getConnection(String user, String password) throws SQLException {
            return getConnection();
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
        public Logger getParentLogger() {
            return Logger.getGlobal();
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
