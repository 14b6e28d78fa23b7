package io.quarry.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.quarry.config.QuarryConfig;
import io.quarry.schema.Schema;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.dialect.PostgresDialect;
import io.quarry.store.Scope;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.ToolSupport;
import io.quarry.tool.Toolkit;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
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
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * N concurrent agents calling the tools for T seconds against PostgreSQL through the library: each
 * agent is a thread with its own scope (one of four projects) that picks a call from a realistic mix
 * (filters, lookups by id, relationships, aggregations, text and range searches, the schema, project
 * graphs) over {@link PostgresExplain}'s generated graph. Without a pool each call opens a connection
 * of its own, as a host without a pool would; with {@code --pool N} each instance has a HikariCP pool
 * of N connections. With {@code --instances N} the agents are spread over N {@code Toolkit}s (each
 * with its own store and pool) that share nothing but the cursor key, and each first page of a
 * filter with a {@code next_cursor} is followed by its next page on another instance. Prints calls,
 * calls per second, errors by code, p50/p99/max latency overall and per tool, the pool's saturation
 * (most connections in use, most threads waiting for one) and the connections left open ({@code
 * pg_stat_activity} rows of its application name after the run). See bench/README.md.
 *
 * <p>Usage: {@code java -cp bench/target/benchmarks.jar io.quarry.bench.AgentLoad [agents] [seconds]
 * [objects] [JDBC URL] [--instances N] [--pool N] [--timeout SECONDS] [--schema NAME] [--keep]
 * [--drop]}; defaults 32, 30, 20000, the local test database, 1 instance, no pool, a 5 s statement
 * timeout and the schema {@code quarry_bench_load}, which is dropped and recreated ({@code --keep}
 * reuses one a previous run of the same size loaded; {@code --drop} drops it after).
 */
public final class AgentLoad {
    private static final String APPLICATION = "quarry-bench-load";
    private static final List<String> PROJECTS = List.of("projA", "projB", "projC", "projD");

    private AgentLoad() {}

    /** What to run. */
    record Options(
            int agents,
            int seconds,
            int objects,
            String url,
            int instances,
            int pool,
            Duration timeout,
            String schema,
            boolean keep,
            boolean drop) {
        static Options parse(String[] args) {
            List<String> positional = new ArrayList<>();
            int instances = 1;
            int pool = 0;
            Duration timeout = Duration.ofSeconds(5);
            String schema = "quarry_bench_load";
            boolean keep = false;
            boolean drop = false;
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--instances" -> instances = Integer.parseInt(args[++i]);
                    case "--pool" -> pool = Integer.parseInt(args[++i]);
                    case "--timeout" -> timeout = Duration.ofSeconds(Long.parseLong(args[++i]));
                    case "--schema" -> schema = args[++i];
                    case "--keep" -> keep = true;
                    case "--drop" -> drop = true;
                    default -> positional.add(args[i]);
                }
            }
            return new Options(
                    positional.size() > 0 ? Integer.parseInt(positional.get(0)) : 32,
                    positional.size() > 1 ? Integer.parseInt(positional.get(1)) : 30,
                    positional.size() > 2 ? Integer.parseInt(positional.get(2)) : 20_000,
                    positional.size() > 3 ? positional.get(3) : "jdbc:postgresql://127.0.0.1:5432/test?user=postgres",
                    instances,
                    pool,
                    timeout,
                    schema,
                    keep,
                    drop);
        }
    }

    /** What a run measured. */
    record Report(
            long calls,
            double seconds,
            Map<String, Long> errors,
            long[] sortedNanos,
            Map<String, long[]> sortedNanosPerTool,
            int poolSize,
            int mostActive,
            int mostWaiting,
            long openConnections) {
        long failed() {
            return errors.values().stream().mapToLong(Long::longValue).sum();
        }

        double p(int percentile) {
            return percentile(sortedNanos, percentile);
        }

        double maxMillis() {
            return sortedNanos.length == 0 ? 0 : sortedNanos[sortedNanos.length - 1] / 1e6;
        }
    }

    /** Runs the load. */
    public static void main(String[] args) throws Exception {
        Options options = Options.parse(args);
        Report report = run(options);
        PrintWriter out = new PrintWriter(System.out, true);
        out.printf(
                Locale.ROOT,
                "%d agents on %d instance(s) x %d s over %d objects, %s, statement timeout %d s:"
                        + " %d calls (%.0f/s), %d errors %s%n",
                options.agents(),
                options.instances(),
                options.seconds(),
                options.objects(),
                options.pool() == 0 ? "no pool" : "HikariCP pool of " + options.pool() + " per instance",
                options.timeout().toSeconds(),
                report.calls(),
                report.calls() / report.seconds(),
                report.failed(),
                report.errors());
        out.printf(
                Locale.ROOT,
                "latency ms: p50 %.1f, p99 %.1f, max %.1f%n",
                report.p(50),
                report.p(99),
                report.maxMillis());
        report.sortedNanosPerTool()
                .forEach((tool, nanos) -> out.printf(
                        Locale.ROOT,
                        "  %-34s %6d calls, p50 %8.1f ms, p99 %8.1f ms, max %8.1f ms%n",
                        tool,
                        nanos.length,
                        percentile(nanos, 50),
                        percentile(nanos, 99),
                        nanos.length == 0 ? 0 : nanos[nanos.length - 1] / 1e6));
        if (options.pool() > 0) {
            out.printf(
                    Locale.ROOT,
                    "pool: %d connections per instance; at most %d in use and %d threads waiting for one (one instance)%n",
                    report.poolSize(),
                    report.mostActive(),
                    report.mostWaiting());
        }
        out.printf(Locale.ROOT, "connections left open: %d%n", report.openConnections());
    }

    /** Loads the graph, runs the agents and measures. */
    static Report run(Options options) throws Exception {
        String base = options.url();
        String schema = options.schema();
        String url =
                base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema + "&ApplicationName=" + APPLICATION;
        if (!options.keep()) {
            try (Connection c = DriverManager.getConnection(base);
                    Statement st = c.createStatement()) {
                st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
                st.execute("CREATE SCHEMA " + schema);
            }
        }
        byte[] cursorKey = "agent-load-shared-cursor-key-0123456789".getBytes(StandardCharsets.UTF_8);
        List<Toolkit> toolkits = new ArrayList<>();
        List<HikariDataSource> pools = new ArrayList<>();
        Report report;
        try {
            for (int i = 0; i < options.instances(); i++) {
                DataSource ds;
                if (options.pool() > 0) {
                    HikariConfig config = new HikariConfig();
                    config.setJdbcUrl(url);
                    config.setMaximumPoolSize(options.pool());
                    config.setMinimumIdle(options.pool());
                    config.setPoolName("agent-load-" + i);
                    HikariDataSource pool = new HikariDataSource(config);
                    pools.add(pool);
                    ds = pool;
                } else {
                    ds = new ConnectingDataSource(url);
                }
                JdbcObjectStore store = JdbcObjectStore.builder()
                        .dataSource(ds)
                        .dialect(new PostgresDialect())
                        .mapping(StoreMapping.graph("project_id"))
                        .timeout(options.timeout())
                        .build();
                if (i == 0 && !options.keep()) {
                    store.createLayout();
                    try (Connection c = DriverManager.getConnection(url);
                            Statement st = c.createStatement()) {
                        PostgresExplain.generate(st, options.objects());
                        // the two tables only: a bare ANALYZE would read every schema of the database
                        st.execute("ANALYZE quarry_objects");
                        st.execute("ANALYZE quarry_relationships");
                    }
                }
                toolkits.add(Toolkit.builder()
                        .schema(schema())
                        .store(store)
                        .cursorKey(cursorKey)
                        .build());
            }
            report = load(options, toolkits, pools, base);
        } finally {
            pools.forEach(HikariDataSource::close);
            if (options.drop()) {
                try (Connection c = DriverManager.getConnection(base);
                        Statement st = c.createStatement()) {
                    st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
                }
            }
        }
        return new Report(
                report.calls(),
                report.seconds(),
                report.errors(),
                report.sortedNanos(),
                report.sortedNanosPerTool(),
                report.poolSize(),
                report.mostActive(),
                report.mostWaiting(),
                openConnections(base)); // the pools closed: what the library left open
    }

    private static Report load(Options options, List<Toolkit> toolkits, List<HikariDataSource> pools, String base)
            throws Exception {
        int agents = options.agents();
        Map<String, LongAdder> errors = new ConcurrentHashMap<>();
        Map<String, ConcurrentLinkedQueue<Long>> perTool = new ConcurrentHashMap<>();
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
                            run(toolkits, agent, options.objects(), deadline[0], mine, errors, perTool);
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
        long started = System.nanoTime();
        deadline[0] = started + Duration.ofSeconds(options.seconds()).toNanos();
        go.countDown();
        int mostActive = 0;
        int mostWaiting = 0;
        while (!done.await(50, java.util.concurrent.TimeUnit.MILLISECONDS)) {
            for (HikariDataSource pool : pools) {
                var bean = pool.getHikariPoolMXBean();
                if (bean != null) {
                    mostActive = Math.max(mostActive, bean.getActiveConnections());
                    mostWaiting = Math.max(mostWaiting, bean.getThreadsAwaitingConnection());
                }
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        long[] all = latencies.stream()
                .flatMapToLong(l -> Arrays.stream(l, 1, 1 + (int) l[0]))
                .sorted()
                .toArray();
        Map<String, long[]> tools = new TreeMap<>();
        perTool.forEach((tool, nanos) -> tools.put(
                tool, nanos.stream().mapToLong(Long::longValue).sorted().toArray()));
        Map<String, Long> errorCounts = new TreeMap<>();
        errors.forEach((k, v) -> errorCounts.put(k, v.sum()));
        return new Report(all.length, seconds, errorCounts, all, tools, options.pool(), mostActive, mostWaiting, -1);
    }

    private static void run(
            List<Toolkit> toolkits,
            int agent,
            int objects,
            long deadline,
            long[] latencies,
            Map<String, LongAdder> errors,
            Map<String, ConcurrentLinkedQueue<Long>> perTool) {
        Random random = new Random(agent);
        Toolkit toolkit = toolkits.get(agent % toolkits.size());
        Toolkit other = toolkits.get((agent + 1) % toolkits.size());
        ToolContext context = ToolContext.builder()
                .scope(Scope.of("project_id", PROJECTS.get(agent % PROJECTS.size())))
                .build();
        while (System.nanoTime() < deadline && latencies[0] < latencies.length - 1) {
            String[] call = call(random, objects);
            ToolResult result = timed(toolkit, call[0], call[0], call[1], context, latencies, errors, perTool);
            // a first page's next page, on another instance: the cursor is all that carries over
            String cursor =
                    result.isError() ? null : result.json().path("next_cursor").asText(null);
            if (toolkits.size() > 1 && cursor != null && call[1].contains("\"status\"")) {
                JsonNode next = parse(call[1]);
                ((com.fasterxml.jackson.databind.node.ObjectNode) next).put("cursor", cursor);
                timed(
                        other,
                        call[0],
                        call[0] + " (next page, other instance)",
                        next.toString(),
                        context,
                        latencies,
                        errors,
                        perTool);
            }
        }
    }

    private static JsonNode parse(String json) {
        try {
            return ToolSupport.parse(json);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(json, e);
        }
    }

    private static ToolResult timed(
            Toolkit toolkit,
            String tool,
            String label,
            String arguments,
            ToolContext context,
            long[] latencies,
            Map<String, LongAdder> errors,
            Map<String, ConcurrentLinkedQueue<Long>> perTool) {
        JsonNode args = parse(arguments);
        long start = System.nanoTime();
        ToolResult result = toolkit.call(tool, args, context);
        long nanos = System.nanoTime() - start;
        if (latencies[0] < latencies.length - 1) {
            latencies[(int) ++latencies[0]] = nanos;
        }
        perTool.computeIfAbsent(label, k -> new ConcurrentLinkedQueue<>()).add(nanos);
        String code = result.errorCode();
        // NOT_FOUND is an answer (an id of another project), not a failure of the library
        if (code != null && !code.equals("NOT_FOUND")) {
            errors.computeIfAbsent(label + ":" + code, k -> new LongAdder()).increment();
        }
        return result;
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
