package io.quarry.bench;

import static io.quarry.bench.BenchJdbc.bind;
import static io.quarry.bench.BenchJdbc.median;
import static io.quarry.bench.BenchJdbc.time;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarry.bench.BenchJdbc.Work;
import io.quarry.config.QuarryConfig;
import io.quarry.filter.FieldPath;
import io.quarry.schema.Schema;
import io.quarry.sql.Dialect;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.Sql;
import io.quarry.sql.SqlCompiler;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.dialect.MySqlDialect;
import io.quarry.sql.dialect.PostgresDialect;
import io.quarry.store.ObjectQuery;
import io.quarry.store.Page;
import io.quarry.store.Scope;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * Compiled ÷ hand-written: the eight-query mix of PERFORMANCE.md on the graph layout of PostgreSQL or MariaDB,
 * each query as Quarry compiles it and in the best hand-written form for the same question, on the
 * same connection and the same indexes (the DDL Quarry generates for the benchmark's schema, or with
 * {@code --ddl layout} only the layout's own),
 * interleaved run by run; prints the medians, the ratios and {@code EXPLAIN (ANALYZE, BUFFERS)} of
 * the query with the worst ratio. See bench/README.md.
 *
 * <p>Usage: {@code java -cp bench/target/benchmarks.jar io.quarry.bench.RatioBench [--url URL]
 * [--objects N] [--runs R] [--ddl schema|layout] [--keep] [--schema NAME] [--drop] [--timeout SECONDS]}. The schema (on
 * MariaDB, the database) {@code quarry_ratio} or {@code --schema NAME} is dropped and recreated (with
 * {@code --keep} an existing one of the same size is reused); {@code --drop} drops it at the end. A
 * {@code jdbc:mariadb:} URL runs the mix on MariaDB ({@link MySqlDialect#mariadb()}; with the schema's
 * DDL also its full text, {@link MySqlDialect#withFullText}).
 */
public final class RatioBench {
    /** The schema (PostgreSQL) or database (MariaDB) the benchmark owns: {@code --schema}. */
    private static String schemaName = "quarry_ratio";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PROPS = "(\"properties\")::jsonb";
    private static final String COLUMNS = "id, type, properties, created_at, updated_at, project_id";
    private static final String SCOPE = " AND project_id = 'projA'";
    private static final String NEWEST = " ORDER BY updated_at DESC, id LIMIT 21";

    /** Whether the URL is MariaDB's (set once by {@link #main}). */
    private static boolean maria;

    private RatioBench() {}

    /** One question: the tool's query and its best hand-written WHERE (without scope). */
    private record Case(String name, ObjectQuery query, String from, String where, List<String> binds) {
        Case(String name, ObjectQuery query, String where, List<String> binds) {
            this(name, query, "quarry_objects", where, binds);
        }
    }

    /** Runs the benchmark. */
    public static void main(String[] args) throws Exception {
        String base = "jdbc:postgresql://127.0.0.1:5432/test?user=postgres";
        int objects = 100_000;
        int runs = 9;
        boolean schemaDdl = true;
        boolean keep = false;
        java.time.Duration timeout = java.time.Duration.ofSeconds(5);
        boolean drop = false;
        double warmupSeconds = 10;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--url" -> base = args[++i];
                case "--objects" -> objects = Integer.parseInt(args[++i]);
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--ddl" -> {
                    String ddl = args[++i];
                    if (!ddl.equals("schema") && !ddl.equals("layout")) {
                        throw new IllegalArgumentException("--ddl takes schema or layout, not " + ddl);
                    }
                    schemaDdl = ddl.equals("schema");
                }
                case "--keep" -> keep = true;
                case "--timeout" -> timeout = java.time.Duration.ofSeconds(Long.parseLong(args[++i]));
                case "--drop" -> drop = true;
                case "--warmup" -> warmupSeconds = Double.parseDouble(args[++i]);
                case "--schema" -> {
                    schemaName = args[++i];
                    if (!schemaName.matches("[a-z_][a-z0-9_]*")) {
                        throw new IllegalArgumentException("--schema takes a plain lower-case name, not " + schemaName);
                    }
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        maria = base.startsWith("jdbc:mariadb:");
        // PostgreSQL: a schema of its own in the given database; MariaDB: a database of its own
        String url = maria
                ? base.replaceFirst("^(jdbc:mariadb://[^/?]*)/?[^?]*", "$1/" + schemaName)
                : base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schemaName;
        DataSource ds = new PostgresExplain.SimpleDataSource(url);
        // full text: PostgreSQL's tsvector always; MariaDB's FULLTEXT column with the schema's DDL
        Dialect dialect = maria
                ? (schemaDdl ? MySqlDialect.mariadb().withFullText("fts") : MySqlDialect.mariadb())
                : PostgresDialect.withFullText("fts", "english");
        StoreMapping mapping = StoreMapping.graph("project_id");
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(dialect)
                .mapping(mapping)
                .timeout(timeout)
                .build();
        String fields = " fields: {status: string, assignee: string, title: string, priority: number,"
                + " due_at: datetime}}\n";
        Schema schema = QuarryConfig.parse(
                        "types:\n  Task: {description: work," + fields + "  Bug: {description: bugs," + fields
                                + "  Document: {description: docs," + fields,
                        "schema.yaml")
                .schema()
                .orElseThrow();
        load(base, maria, ds, store, dialect, mapping, objects, schemaDdl ? schema : null, keep);

        SqlCompiler compiler = new SqlCompiler(dialect);
        String leaf = PostgresExplainFirst.first(
                ds,
                "SELECT id FROM quarry_objects WHERE project_id = 'projA' AND type IN ('Task', 'Bug', 'Document')"
                        + (maria
                                ? " AND id NOT IN (SELECT concat('o', seq) FROM seq_1_to_100)"
                                : " AND id NOT IN (SELECT 'o' || g FROM generate_series(1, 100) g)")
                        + " ORDER BY id LIMIT 1");
        String hub = PostgresExplainFirst.first(
                ds,
                "SELECT dst_id FROM quarry_relationships r JOIN quarry_objects o ON o.id = r.dst_id"
                        + " WHERE o.project_id = 'projA' GROUP BY dst_id ORDER BY count(*) DESC, dst_id LIMIT 1");
        List<String> three = List.of("Task", "Bug", "Document");
        String types3 = "type IN ('Task', 'Bug', 'Document')";
        List<Case> cases = maria
                ? mariaCases(compiler, schema, hub, leaf, schemaDdl)
                : List.of(
                        new Case(
                                "type + two equalities",
                                query(compiler, schema, "Task", "{\"status\": \"Blocked\", \"assignee\": \"user7\"}"),
                                "type = 'Task' AND " + PROPS + " @> ?::jsonb",
                                List.of("{\"status\": \"Blocked\", \"assignee\": \"user7\"}")),
                        new Case(
                                "number > 8 + status",
                                query(compiler, schema, "Task", "{\"priority\": {\"$gt\": 8}, \"status\": \"Review\"}"),
                                "type = 'Task' AND " + PROPS + " @> ?::jsonb AND " + PROPS + " @@ ?::jsonpath",
                                List.of("{\"status\": \"Review\"}", "$.priority.double() > 8")),
                        new Case(
                                "$in of 3 values",
                                query(
                                        compiler,
                                        schema,
                                        "Task",
                                        "{\"assignee\": {\"$in\": [\"user1\", \"user2\", \"user3\"]}}"),
                                "type = 'Task' AND " + PROPS + " @> ANY(?::jsonb[])",
                                List.of("{\"{\\\"assignee\\\": \\\"user1\\\"}\",\"{\\\"assignee\\\": \\\"user2\\\"}\","
                                        + "\"{\\\"assignee\\\": \\\"user3\\\"}\"}")),
                        new Case(
                                "related to a hub",
                                related(three, hub),
                                types3 + " AND id IN (SELECT dst_id FROM quarry_relationships WHERE src_id = ?"
                                        + " UNION ALL SELECT src_id FROM quarry_relationships WHERE dst_id = ?)",
                                List.of(hub, hub)),
                        new Case(
                                "related to a leaf",
                                related(three, leaf),
                                types3 + " AND id IN (SELECT dst_id FROM quarry_relationships WHERE src_id = ?"
                                        + " UNION ALL SELECT src_id FROM quarry_relationships WHERE dst_id = ?)",
                                List.of(leaf, leaf)),
                        new Case(
                                "title contains",
                                query(compiler, schema, "Task", "{\"title\": {\"$contains\": \"billing 123\"}}"),
                                "type = 'Task' AND (" + PROPS + " ->> 'title') LIKE ?",
                                List.of("%billing 123%")),
                        new Case(
                                "one-week date range + status",
                                query(
                                        compiler,
                                        schema,
                                        "Task",
                                        "{\"status\": \"Review\", \"due_at\": {\"$gte\": \"2024-06-01\", \"$lt\": \"2024-06-08\"}}"),
                                "type = 'Task' AND " + PROPS + " @> ?::jsonb AND (" + PROPS
                                        + " ->> 'due_at') >= ? AND (" + PROPS + " ->> 'due_at') < ?",
                                List.of("{\"status\": \"Review\"}", "2024-06-01", "2024-06-08")),
                        new Case(
                                "full text, 3 words",
                                fullText(three),
                                // the index, then the words in the text fields only (a hidden value
                                // must not find an object); three plain words need no phrase or negation
                                types3 + " AND fts @@ websearch_to_tsquery('english', ?) AND to_tsvector('english',"
                                        + " concat_ws(' ', " + PROPS + " ->> 'status', " + PROPS + " ->> 'assignee', "
                                        + PROPS + " ->> 'title')) @@ websearch_to_tsquery('english', ?)",
                                List.of("ship billing 4232", "ship billing 4232")),
                        new Case(
                                "zero-hit typo",
                                query(compiler, schema, "Task", "{\"status\": \"done\"}"),
                                "type = 'Task' AND " + PROPS + " @> ?::jsonb",
                                List.of("{\"status\": \"done\"}")));

        int n = cases.size();
        double[][] compiledServer = new double[n][runs];
        double[][] handServer = new double[n][runs];
        double[][] compiledPage = new double[n][runs];
        double[][] handPage = new double[n][runs];
        double[][] compiledCall = new double[n][runs];
        double[][] handCall = new double[n][runs];
        long[] totals = new long[n];
        try (Connection c = ds.getConnection()) {
            // warm-up, and the check that both forms answer the same
            for (int q = 0; q < n; q++) {
                Case k = cases.get(q);
                Sql page = store.explain(k.query()).get(0);
                List<String> compiled = ids(c, page.text(), page.binds());
                List<String> hand = ids(c, handPage(k), k.binds());
                if (!compiled.equals(hand)) {
                    throw new IllegalStateException(k.name() + ": compiled " + compiled + " but hand-written " + hand);
                }
                totals[q] = store.search(k.query()).total();
                long handTotal = count(c, handCount(k), k.binds());
                if (totals[q] != handTotal && totals[q] < 1000) {
                    throw new IllegalStateException(
                            k.name() + ": total " + totals[q] + " but hand-written " + handTotal);
                }
                handCall(c, k);
            }
            BenchJdbc.warmUp(cases, warmupSeconds, k -> store.search(k.query()), k -> handCall(c, k));
            for (int r = 0; r < runs; r++) {
                for (int q = 0; q < n; q++) {
                    Case k = cases.get(q);
                    Sql page = store.explain(k.query()).get(0);
                    // both pages once, untimed, so both forms meet the same (warm) buffers: at 1M
                    // objects the data outgrow the buffer pool, and with an odd number of runs the
                    // form that goes first in more of them took the cold pages into its median (the
                    // hub, 38.9 against 20.3 ms on the same plan)
                    ids(c, page.text(), page.binds());
                    ids(c, handPage(k), k.binds());
                    // alternate which goes first, so neither always meets a warmer cache
                    for (int side = 0; side < 2; side++) {
                        if ((side + r) % 2 == 0) {
                            compiledServer[q][r] = serverMs(c, page.text(), page.binds());
                            compiledPage[q][r] =
                                    time(() -> ids(c, page.text(), page.binds()).size());
                            compiledCall[q][r] = time(() -> {
                                Page p = store.search(k.query());
                                return p.total();
                            });
                        } else {
                            handServer[q][r] = serverMs(c, handPage(k), k.binds());
                            handPage[q][r] =
                                    time(() -> ids(c, handPage(k), k.binds()).size());
                            handCall[q][r] = time(() -> handCall(c, k));
                        }
                    }
                }
            }
        }
        System.out.printf(
                Locale.ROOT,
                "%n%d objects, medians of %d interleaved runs (ms), page = newest first, 20 rows. server: planning"
                        + " + execution of the page ("
                        + (maria ? "ANALYZE FORMAT=JSON" : "EXPLAIN ANALYZE, TIMING OFF")
                        + "); JDBC: the page through JDBC in a"
                        + " read-only transaction; call: the tool's search (page + count) vs the hand-written page +"
                        + " count%n%n",
                objects,
                runs);
        System.out.println("| query | total | server: compiled | hand | ratio | JDBC: compiled | hand | ratio"
                + " | call: compiled | hand | ratio |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        double[] logs = new double[3];
        double[] worsts = new double[3];
        int worst = 0;
        for (int q = 0; q < n; q++) {
            double cs = median(compiledServer[q]);
            double hs = median(handServer[q]);
            double cp = median(compiledPage[q]);
            double hp = median(handPage[q]);
            double cc = median(compiledCall[q]);
            double hc = median(handCall[q]);
            double[] ratios = {cs / hs, cp / hp, cc / hc};
            for (int i = 0; i < 3; i++) {
                logs[i] += Math.log(ratios[i]);
                if (ratios[i] > worsts[i]) {
                    worsts[i] = ratios[i];
                    if (i == 0) {
                        worst = q;
                    }
                }
            }
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %d | %.2f | %.2f | %.2f× | %.2f | %.2f | %.2f× | %.2f | %.2f | %.2f× |%n",
                    cases.get(q).name(),
                    totals[q],
                    cs,
                    hs,
                    ratios[0],
                    cp,
                    hp,
                    ratios[1],
                    cc,
                    hc,
                    ratios[2]);
        }
        System.out.printf(
                Locale.ROOT,
                "| geo-mean / worst | | | | %.2f× / %.2f× | | | %.2f× / %.2f× | | | %.2f× / %.2f× |%n",
                Math.exp(logs[0] / n),
                worsts[0],
                Math.exp(logs[1] / n),
                worsts[1],
                Math.exp(logs[2] / n),
                worsts[2]);
        if (maria) {
            System.out.println();
            System.out.println("How each page reads the objects table (ANALYZE FORMAT=JSON: access type, key, rows"
                    + " read, of " + objects + " objects):");
            System.out.println();
            System.out.println("| query | compiled | hand-written |");
            System.out.println("|---|---|---|");
            for (Case q : cases) {
                Sql page = store.explain(q.query()).get(0);
                System.out.println("| " + q.name() + " | " + access(ds, page.text(), page.binds()) + " | "
                        + access(ds, handPage(q), q.binds()) + " |");
            }
        }
        Case k = cases.get(worst);
        System.out.println();
        System.out.println("=== the worst server ratio: " + k.name());
        List<Sql> statements = store.explain(k.query());
        System.out.println("--- compiled page: " + statements.get(0).text());
        System.out.println("--- binds: " + statements.get(0).binds());
        explain(ds, statements.get(0).text(), statements.get(0).binds());
        System.out.println("--- hand-written page: " + handPage(k));
        System.out.println("--- binds: " + k.binds());
        explain(ds, handPage(k), k.binds());
        if (drop) {
            try (Connection c = DriverManager.getConnection(base);
                    Statement st = c.createStatement()) {
                st.execute((maria ? "DROP DATABASE IF EXISTS " : "DROP SCHEMA IF EXISTS ")
                        + schemaName
                        + (maria ? "" : " CASCADE"));
            }
            System.out.println("dropped " + schemaName);
        }
    }

    /**
     * The words of the text fields as MariaDB's full-text column holds them (single spaces, one before
     * and after), in its collation: the ASCII data needs no Unicode classes.
     */
    private static final String TEXT_FIELDS_WORDS = "CONCAT(' ', REGEXP_REPLACE(CONCAT_WS(' ', " + value("status")
            + ", " + value("assignee") + ", " + value("title") + "), '[^[:alnum:]_]+', ' '), ' ')"
            + " COLLATE utf8mb4_unicode_520_ci";

    /**
     * The full-text question: three words in the types' text fields, the schema's string fields, as
     * {@code query_graph_objects} passes them.
     */
    private static ObjectQuery fullText(List<String> types) {
        return ObjectQuery.builder()
                .types(types)
                .text(
                        "ship billing 4232",
                        List.of(
                                FieldPath.property("status"),
                                FieldPath.property("assignee"),
                                FieldPath.property("title")))
                .scope(Scope.of("project_id", "projA"))
                .limit(20)
                .build();
    }

    /** A string property of the document, as MariaDB's JSON functions read it (binary collation). */
    private static String value(String field) {
        return "JSON_VALUE(properties, '$." + field + "')";
    }

    /**
     * The mix on MariaDB. With {@code --ddl layout}, the best hand-written forms on the layout's indexes:
     * {@code JSON_VALUE} comparisons for equalities, {@code $in}, numbers, contains and dates. With the
     * schema's DDL ({@code MySqlDialect.schemaIndexes}: a generated column and its index per declared
     * field and kind), the hand-written forms compare those columns ({@code q1s_status = ?}, {@code
     * q1n_priority > ?}, {@code q1d_due_at >= ?}) as a host that knows its data is clean would, and full
     * text is {@code MATCH(fts) AGAINST (? IN BOOLEAN MODE)} on the layout's full-text column; with the
     * layout only, full text is the fallback's case-insensitive substrings on both. The tables' binary
     * collation keeps {@code 'done'} apart from {@code 'Done'}.
     */
    private static List<Case> mariaCases(
            SqlCompiler compiler, Schema schema, String hub, String leaf, boolean generated) {
        List<String> three = List.of("Task", "Bug", "Document");
        String types3 = "type IN ('Task', 'Bug', 'Document')";
        // a join with the related ids: MariaDB does not turn IN (… UNION …) into a semi-join, and reads
        // every object of the scope instead of looking the few related ids up by primary key
        String related = "(SELECT dst_id AS rid FROM quarry_relationships WHERE src_id = ?"
                + " UNION SELECT src_id FROM quarry_relationships WHERE dst_id = ?) x JOIN quarry_objects ON id = x.rid";
        return List.of(
                new Case(
                        "type + two equalities",
                        query(compiler, schema, "Task", "{\"status\": \"Blocked\", \"assignee\": \"user7\"}"),
                        "type = 'Task' AND " + string("status", generated) + " = ? AND " + string("assignee", generated)
                                + " = ?",
                        List.of("Blocked", "user7")),
                new Case(
                        "number > 8 + status",
                        query(compiler, schema, "Task", "{\"priority\": {\"$gt\": 8}, \"status\": \"Review\"}"),
                        "type = 'Task' AND " + string("status", generated) + " = ? AND "
                                + (generated
                                        ? "q1n_priority > ?"
                                        : value("priority") + " REGEXP '^[0-9]+$' AND CAST(" + value("priority")
                                                + " AS DECIMAL(65, 30)) > ?"),
                        List.of("Review", "8")),
                new Case(
                        "$in of 3 values",
                        query(compiler, schema, "Task", "{\"assignee\": {\"$in\": [\"user1\", \"user2\", \"user3\"]}}"),
                        "type = 'Task' AND " + string("assignee", generated) + " IN (?, ?, ?)",
                        List.of("user1", "user2", "user3")),
                new Case("related to a hub", related(three, hub), related, types3, List.of(hub, hub)),
                new Case("related to a leaf", related(three, leaf), related, types3, List.of(leaf, leaf)),
                generated
                        // the title column's index holds the scope and the type: read it alone, then the
                        // few matches by primary key (the optimizer cannot estimate a LIKE '%…%' and would
                        // read every Task instead)
                        ? new Case(
                                "title contains",
                                query(compiler, schema, "Task", "{\"title\": {\"$contains\": \"billing 123\"}}"),
                                "(SELECT i.id FROM quarry_objects i FORCE INDEX (q1s_title_ix) WHERE i.type = 'Task'"
                                        + " AND i.project_id = 'projA' AND i.q1s_title LIKE ?) i STRAIGHT_JOIN"
                                        + " quarry_objects USING (id)",
                                "type = 'Task'",
                                List.of("%billing 123%"))
                        : new Case(
                                "title contains",
                                query(compiler, schema, "Task", "{\"title\": {\"$contains\": \"billing 123\"}}"),
                                "type = 'Task' AND " + value("title") + " LIKE ?",
                                List.of("%billing 123%")),
                new Case(
                        "one-week date range + status",
                        query(
                                compiler,
                                schema,
                                "Task",
                                "{\"status\": \"Review\", \"due_at\": {\"$gte\": \"2024-06-01\", \"$lt\": \"2024-06-08\"}}"),
                        "type = 'Task' AND " + string("status", generated) + " = ? AND "
                                + (generated ? "q1d_due_at" : value("due_at")) + " >= ? AND "
                                + (generated ? "q1d_due_at" : value("due_at")) + " < ?",
                        List.of("Review", "2024-06-01", "2024-06-08")),
                new Case(
                        "full text, 3 words",
                        fullText(three),
                        generated
                                // the index, then whole words of the text fields only (a hidden value
                                // must not find an object), in the index's collation
                                ? types3 + " AND MATCH(fts) AGAINST (? IN BOOLEAN MODE)"
                                        + (" AND " + TEXT_FIELDS_WORDS + " LIKE ?").repeat(3)
                                // a word holds no space, so no match spans two fields
                                : types3
                                        + (" AND LOWER(CONCAT_WS(' ', " + value("status") + ", " + value("assignee")
                                                        + ", " + value("title") + ")) LIKE ?")
                                                .repeat(3),
                        generated
                                ? List.of("+ship +billing +4232", "% ship %", "% billing %", "% 4232 %")
                                : List.of("%ship%", "%billing%", "%4232%")),
                new Case(
                        "zero-hit typo",
                        query(compiler, schema, "Task", "{\"status\": \"done\"}"),
                        "type = 'Task' AND " + string("status", generated) + " = ?",
                        List.of("done")));
    }

    /** A string property: its generated column ({@code MySqlDialect.schemaIndexes}), or {@link #value}. */
    private static String string(String field, boolean generated) {
        return generated ? "q1s_" + field : value(field);
    }

    private static ObjectQuery query(SqlCompiler compiler, Schema schema, String type, String filter) {
        return ObjectQuery.builder()
                .filter(compiler.validate(filter, schema, type))
                .type(type)
                .scope(Scope.of("project_id", "projA"))
                .limit(20)
                .build();
    }

    private static ObjectQuery related(List<String> types, String id) {
        return ObjectQuery.builder()
                .types(types)
                .relatedTo(id, null)
                .scope(Scope.of("project_id", "projA"))
                .limit(20)
                .build();
    }

    private static String handPage(Case k) {
        return "SELECT " + COLUMNS + " FROM " + k.from() + " WHERE " + k.where() + SCOPE + NEWEST;
    }

    private static String handCount(Case k) {
        return "SELECT count(*) FROM " + k.from() + " WHERE " + k.where() + SCOPE;
    }

    /** The hand-written call: page and count in one read-only transaction, as a host would. */
    private static long handCall(Connection c, Case k) throws SQLException {
        return inRead(c, () -> {
            ids(c, handPage(k), k.binds());
            return count(c, handCount(k), k.binds());
        });
    }

    private static void explain(DataSource ds, String sql, List<?> binds) throws SQLException {
        try (Connection c = ds.getConnection()) {
            inRead(c, () -> {
                try (PreparedStatement ps =
                        c.prepareStatement((maria ? "ANALYZE FORMAT=JSON " : "EXPLAIN (ANALYZE, BUFFERS) ") + sql)) {
                    bind(ps, binds);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            System.out.println("    " + rs.getString(1));
                        }
                    }
                }
                return 0;
            });
        }
    }

    /** Planning + execution time of a statement in the server, in a read-only transaction like the others. */
    private static double serverMs(Connection c, String sql, List<?> binds) throws SQLException {
        return maria ? mariaServerMs(c, sql, binds) : BenchJdbc.postgresServerMs(c, sql, binds);
    }

    /**
     * MariaDB: optimization + execution of a statement in the server, from {@code ANALYZE FORMAT=JSON}
     * ({@code query_optimization.r_total_time_ms} + {@code query_block.r_total_time_ms}).
     */
    private static double mariaServerMs(Connection c, String sql, List<?> binds) throws SQLException {
        double[] ms = {0};
        inRead(c, () -> {
            try (PreparedStatement ps = c.prepareStatement("ANALYZE FORMAT=JSON " + sql)) {
                bind(ps, binds);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    JsonNode plan = mariaPlan(rs.getString(1)).path("query_block");
                    ms[0] = plan.path("query_optimization")
                                    .path("r_total_time_ms")
                                    .asDouble()
                            + plan.path("r_total_time_ms").asDouble();
                } catch (java.io.IOException e) {
                    throw new SQLException("unreadable ANALYZE output", e);
                }
            }
            return 0;
        });
        return ms[0];
    }

    /** A condition's line of MariaDB's JSON plan: its text is not escaped (a {@code "} in a literal breaks the JSON). */
    private static final java.util.regex.Pattern CONDITION =
            java.util.regex.Pattern.compile("(?m)^(\\s*\"[a-z_]*condition\"\\s*:\\s*)\".*\"(,?)\\s*$");

    /** MariaDB's {@code ANALYZE FORMAT=JSON} output, read with the conditions' texts left out. */
    private static JsonNode mariaPlan(String json) throws java.io.IOException {
        return JSON.readTree(CONDITION.matcher(json).replaceAll("$1\"…\"$2"));
    }

    /** MariaDB: how a statement reads the objects table, from {@code ANALYZE FORMAT=JSON}. */
    private static String access(DataSource ds, String sql, List<?> binds) throws SQLException {
        List<String> found = new ArrayList<>();
        try (Connection c = ds.getConnection()) {
            inRead(c, () -> {
                try (PreparedStatement ps = c.prepareStatement("ANALYZE FORMAT=JSON " + sql)) {
                    bind(ps, binds);
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        tables(mariaPlan(rs.getString(1)), found);
                    } catch (java.io.IOException e) {
                        throw new SQLException("unreadable ANALYZE output", e);
                    }
                }
                return 0;
            });
        }
        return String.join("; ", found);
    }

    /** Collects "access_type key, r_rows rows" of every table of the objects (alias o or i, or the name). */
    private static void tables(JsonNode node, List<String> out) {
        if (node.isObject()) {
            String name = node.path("table_name").asText("");
            // i: the candidates' index of a match (MySqlDialect.candidateObjects)
            if (name.equals("quarry_objects") || name.equals("o") || name.equals("i")) {
                out.add(String.format(
                        Locale.ROOT,
                        "%s%s, %.0f rows",
                        node.path("access_type").asText(),
                        node.has("key") ? " `" + node.path("key").asText() + "`" : "",
                        node.path("r_rows").asDouble()
                                * Math.max(1, node.path("r_loops").asDouble())));
            }
            node.elements().forEachRemaining(child -> tables(child, out));
        } else if (node.isArray()) {
            node.elements().forEachRemaining(child -> tables(child, out));
        }
    }

    /** Creates and loads the schema unless {@code keep} finds it loaded with {@code objects} objects. */
    private static void load(
            String base,
            boolean maria,
            DataSource ds,
            JdbcObjectStore store,
            Dialect dialect,
            StoreMapping mapping,
            int objects,
            Schema schema,
            boolean keep)
            throws SQLException {
        if (keep) {
            // on the schema's own connection (a schema loaded before helpers called each other by
            // their schema's name plans only where the schema is on the search path)
            try (Connection c = ds.getConnection();
                    Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT count(*) FROM quarry_objects")) {
                rs.next();
                if (rs.getLong(1) == objects) {
                    System.out.println("reusing " + schemaName + " (" + objects + " objects)");
                    // this build's helper functions (CREATE OR REPLACE), so a kept schema runs the
                    // code under test; indexes of older builds stay
                    store.createLayout();
                    if (schema != null) {
                        // the schema's DDL is idempotent: a kept layout-only load gains it here
                        try (Connection s = ds.getConnection();
                                Statement add = s.createStatement()) {
                            long t = System.nanoTime();
                            for (String sql : dialect.ddl().schemaIndexes(mapping, schema)) {
                                add.execute(sql);
                            }
                            add.execute(
                                    maria
                                            ? "ANALYZE TABLE quarry_objects, quarry_relationships"
                                            : "ANALYZE quarry_objects, quarry_relationships");
                            System.out.printf(
                                    Locale.ROOT,
                                    "schema indexes and ANALYZE in %.1f s%n",
                                    (System.nanoTime() - t) / 1e9);
                        }
                    }
                    return;
                }
            } catch (SQLException e) {
                // not there: load it
            }
        }
        try (Connection c = DriverManager.getConnection(base);
                Statement st = c.createStatement()) {
            if (maria) {
                st.execute("DROP DATABASE IF EXISTS " + schemaName);
                st.execute("CREATE DATABASE " + schemaName);
            } else {
                st.execute("DROP SCHEMA IF EXISTS " + schemaName + " CASCADE");
                st.execute("CREATE SCHEMA " + schemaName);
            }
        }
        long t0 = System.nanoTime();
        if (maria) {
            // MariaDB's full-text column and index after the load, as its generated columns (the
            // layout's DDL is idempotent: run again below, it adds only them)
            JdbcObjectStore.builder()
                    .dataSource(ds)
                    .dialect(MySqlDialect.mariadb())
                    .mapping(mapping)
                    .build()
                    .createLayout();
        } else {
            store.createLayout();
        }
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement()) {
            if (maria) {
                generateMaria(st, objects);
            } else {
                PostgresExplain.generate(st, objects);
            }
            long t1 = System.nanoTime();
            // what createLayout(schema) adds to createLayout(), after the load (faster than before it)
            List<String> ddl = new java.util.ArrayList<>();
            if (maria) {
                dialect.ddl().createGraphLayout(mapping).stream()
                        .filter(sql -> sql.contains("FULLTEXT") || sql.contains("quarry:fulltext"))
                        .forEach(ddl::add);
            }
            ddl.addAll(schema == null ? List.of() : dialect.ddl().schemaIndexes(mapping, schema));
            for (String sql : ddl) {
                st.execute(sql);
            }
            // its own tables only
            st.execute(
                    maria
                            ? "ANALYZE TABLE quarry_objects, quarry_relationships"
                            : "VACUUM ANALYZE quarry_objects, quarry_relationships");
            System.out.printf(
                    Locale.ROOT,
                    "loaded %d objects in %.1f s; schema indexes and VACUUM ANALYZE in %.1f s%n",
                    objects,
                    (t1 - t0) / 1e9,
                    (System.nanoTime() - t1) / 1e9);
            ddl.forEach(s -> System.out.println("  " + s));
        }
    }

    /** A deterministic number in [0, 1) for row {@code g} and stream {@code salt} (CRC32, no RNG state). */
    private static String r(String salt) {
        return "(CRC32(CONCAT('" + salt + "', g)) / 4294967296)";
    }

    /**
     * MariaDB's counterpart of {@link PostgresExplain#generate}: the same distributions (ten types, skewed
     * statuses, 20 % of priorities as strings and 0.1 % poison, 80 % of due dates, hubs among the first
     * 100 objects), deterministic through CRC32 instead of a seeded RNG, loaded with {@code INSERT …
     * SELECT} from the sequence engine's {@code seq_1_to_N}.
     */
    static void generateMaria(Statement st, int objects) throws SQLException {
        String r1 = r("a");
        String r2 = r("b");
        String r3 = r("c");
        String r4 = r("d");
        String r5 = r("e");
        String r6 = r("f");
        String ts = "(TIMESTAMP '2023-01-01 00:00:00' + INTERVAL g * 5 MINUTE)";
        st.execute("INSERT INTO quarry_objects (id, type, properties, created_at, updated_at, project_id)"
                + " SELECT CONCAT('o', g),"
                + " ELT(1 + FLOOR(" + r2 + " * 10), 'Task','Task','Task','Bug','Bug','Document','Document','Note',"
                + "'Story','Person'),"
                + " JSON_MERGE_PATCH(JSON_OBJECT("
                + "  'status', CASE WHEN " + r3 + " < 0.40 THEN 'Done' WHEN " + r3 + " < 0.65 THEN 'Todo' WHEN "
                + r3 + " < 0.85 THEN 'InProgress' WHEN " + r3 + " < 0.95 THEN 'Review' ELSE 'Blocked' END,"
                + "  'assignee', CONCAT('user', g * 31 % 500),"
                + "  'title', CONCAT(ELT(1 + g % 5, 'Fix','Write','Ship','Review','Plan'), ' ',"
                + "   ELT(1 + g % 6, 'login','docs','billing','search','export','import'), ' ', g)),"
                + "  CASE WHEN " + r4 + " < 0.8 THEN JSON_OBJECT('priority', 1 + g % 10) WHEN " + r4 + " < 0.999"
                + "   THEN JSON_OBJECT('priority', CAST(1 + g % 10 AS CHAR))"
                + "   ELSE JSON_OBJECT('priority', ELT(1 + g % 3, 'high', '', 'n/a')) END,"
                + "  CASE WHEN " + r5 + " < 0.8 THEN JSON_OBJECT('due_at', DATE_FORMAT(TIMESTAMP '2024-01-01 00:00:00'"
                + "   + INTERVAL FLOOR(" + r6 + " * 730 * 86400) SECOND, '%Y-%m-%dT%H:%i:%sZ')) ELSE '{}' END,"
                + "  CASE WHEN g % 4 = 0 THEN JSON_OBJECT('tags', JSON_ARRAY(CONCAT('t', g % 30), CONCAT('t', g % 7)))"
                + "   ELSE '{}' END),"
                + " " + ts + ", " + ts + " + INTERVAL FLOOR(" + r6 + " * 30 * 86400000000) MICROSECOND,"
                + " CASE WHEN " + r1 + " < 0.70 THEN 'projA' WHEN " + r1 + " < 0.80 THEN 'projB' WHEN " + r1
                + " < 0.90 THEN 'projC' ELSE 'projD' END"
                + " FROM (SELECT seq AS g FROM seq_1_to_" + objects + ") x");
        st.execute("INSERT INTO quarry_relationships (id, src_id, dst_id, type)"
                + " SELECT CONCAT('r', g), CONCAT('o', 1 + FLOOR(" + r("s") + " * " + objects + ")),"
                + " CASE WHEN " + r("h") + " < 0.10 THEN CONCAT('o', 1 + FLOOR(" + r("t") + " * 100))"
                + "  ELSE CONCAT('o', 1 + FLOOR(" + r("t") + " * " + objects + ")) END,"
                + " ELT(1 + FLOOR(" + r("u") + " * 5), 'blocks','relates_to','assigned_to','mentions','parent_of')"
                + " FROM (SELECT seq AS g FROM seq_1_to_" + objects * 3 + ") x");
    }

    /** Reads one string. */
    private static final class PostgresExplainFirst {
        static String first(DataSource ds, String sql) throws SQLException {
            try (Connection c = ds.getConnection();
                    Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery(sql)) {
                rs.next();
                return rs.getString(1);
            }
        }
    }

    private static long inRead(Connection c, Work work) throws SQLException {
        return BenchJdbc.inRead(c, maria, work);
    }

    private static List<String> ids(Connection c, String sql, List<?> binds) throws SQLException {
        return BenchJdbc.ids(c, maria, sql, binds);
    }

    private static long count(Connection c, String sql, List<?> binds) throws SQLException {
        return BenchJdbc.count(c, maria, sql, binds);
    }
}
