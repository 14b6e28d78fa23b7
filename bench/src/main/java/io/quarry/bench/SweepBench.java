package io.quarry.bench;

import static io.quarry.bench.BenchJdbc.bind;
import static io.quarry.bench.BenchJdbc.median;
import static io.quarry.bench.BenchJdbc.time;

import io.quarry.bench.BenchJdbc.Work;
import io.quarry.config.QuarryConfig;
import io.quarry.filter.FieldPath;
import io.quarry.schema.Schema;
import io.quarry.sql.JdbcObjectStore;
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
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * The selectivity sweep of issue 27 on PostgreSQL's graph layout: each operator family (equality,
 * {@code $in}, number range, date range, contains, full text, {@code related_to_id}, {@code $exists})
 * at about 0.01 %, 1 %, 10 % and 50 % of the queried objects, alone and AND-ed with an equality that
 * matches a quarter of them, always with the scope column, newest first (the default order), a page
 * of 20 and the capped count. Each question runs as Quarry compiles it ({@link JdbcObjectStore}) and
 * as a DBA would write it by hand, with the indexes a DBA would add for it; before timing both must
 * return the same page and the same capped total, or the run stops. Its own generator ({@link
 * #generate}), not {@link RatioBench}'s. See bench/README.md, "Selectivity sweep".
 *
 * <p>Usage: {@code java -cp bench/target/benchmarks.jar io.quarry.bench.SweepBench [--url URL] [--objects N]
 * [--runs R] [--warmup SECONDS] [--keep] [--schema NAME] [--drop] [--only REGEX] [--plans K] [--timeout S]};
 * {@code --runs 0} checks the answers without timing them (the smoke test).
 */
public final class SweepBench {
    private static final String PROPS = "(properties)::jsonb";
    private static final String COLUMNS = "id, type, properties, created_at, updated_at, project_id";
    private static final String POPULATION = "type = 'Item' AND project_id = 'p1'";
    private static final String NEWEST = " ORDER BY updated_at DESC, id LIMIT 21";
    private static final int CAP = 1000;

    /** The selectivities of the sweep, as labels and fractions of the queried objects. */
    static final String[] LEVELS = {"0.01%", "1%", "10%", "50%"};

    private SweepBench() {}

    /**
     * One question: the tool's query, and the hand-written WHERE over the objects table (without type
     * and scope) with its binds.
     */
    record Case(String name, ObjectQuery query, String where, List<Object> binds) {}

    /** Runs the sweep. */
    public static void main(String[] args) throws Exception {
        String base = "jdbc:postgresql://127.0.0.1:5432/test?user=postgres";
        String schemaName = "quarry_sweep";
        int objects = 100_000;
        int runs = 5;
        double warmup = 5;
        boolean keep = false;
        boolean drop = false;
        int plans = 3;
        Pattern only = null;
        long timeout = 30;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--url" -> base = args[++i];
                case "--objects" -> objects = Integer.parseInt(args[++i]);
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Double.parseDouble(args[++i]);
                case "--keep" -> keep = true;
                case "--drop" -> drop = true;
                case "--plans" -> plans = Integer.parseInt(args[++i]);
                case "--only" -> only = Pattern.compile(args[++i]);
                case "--timeout" -> timeout = Long.parseLong(args[++i]);
                case "--schema" -> {
                    schemaName = args[++i];
                    if (!schemaName.matches("[a-z_][a-z0-9_]*")) {
                        throw new IllegalArgumentException("--schema takes a plain lower-case name, not " + schemaName);
                    }
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        String url = base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schemaName;
        DataSource ds = new PostgresExplain.SimpleDataSource(url);
        PostgresDialect dialect = PostgresDialect.withFullText("quarry_fts", "english");
        StoreMapping mapping = StoreMapping.graph("project_id");
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(dialect)
                .mapping(mapping)
                .timeout(java.time.Duration.ofSeconds(timeout))
                .build();
        Schema schema = schema();
        load(base, schemaName, ds, store, dialect, mapping, schema, objects, keep);
        List<Case> cases = new ArrayList<>();
        for (Case k : cases(new SqlCompiler(dialect), schema)) {
            if (only == null || only.matcher(k.name()).find()) {
                cases.add(k);
            }
        }
        int n = cases.size();
        double[][] compiled = new double[n][runs];
        double[][] hand = new double[n][runs];
        double[][] compiledCall = new double[n][runs];
        double[][] handCall = new double[n][runs];
        long[] totals = new long[n];
        try (Connection c = ds.getConnection()) {
            for (int q = 0; q < n; q++) {
                Case k = cases.get(q);
                totals[q] = check(c, store, k);
            }
            if (warmup > 0) {
                BenchJdbc.warmUp(cases, warmup, k -> store.search(k.query()), k -> handCall(c, k));
            }
            for (int r = 0; r < runs; r++) {
                for (int q = 0; q < n; q++) {
                    Case k = cases.get(q);
                    List<Sql> statements = store.explain(k.query());
                    // both once, untimed, so both meet the same warm buffers
                    ids(c, statements.get(0).text(), statements.get(0).binds());
                    ids(c, handPage(k), k.binds());
                    for (int side = 0; side < 2; side++) {
                        if ((side + r + q) % 2 == 0) {
                            compiled[q][r] = serverMs(c, statements.get(0)) + serverMs(c, statements.get(1));
                            compiledCall[q][r] =
                                    time(() -> store.search(k.query()).total());
                        } else {
                            hand[q][r] = serverMs(c, new Sql(handPage(k), k.binds()))
                                    + serverMs(c, new Sql(handCount(k), k.binds()));
                            handCall[q][r] = time(() -> handCall(c, k));
                        }
                    }
                }
            }
        }
        if (runs == 0) {
            // the smoke test's: the checks alone
            System.out.println();
            System.out.println("| query | total |");
            System.out.println("|---|---:|");
            for (int q = 0; q < n; q++) {
                System.out.println("| " + cases.get(q).name() + " | " + totals[q] + " |");
            }
            System.out.println(
                    "checked " + n + " queries: every compiled page and capped total is the hand-written one");
            dropIfAsked(base, schemaName, drop);
            return;
        }
        System.out.printf(
                Locale.ROOT,
                "%n%d objects, medians of %d interleaved runs (ms). server: planning + execution of the page and"
                        + " the capped count (EXPLAIN ANALYZE, TIMING OFF); call: JdbcObjectStore.search against the"
                        + " hand-written page and capped count through JDBC in one read-only transaction%n%n",
                objects,
                runs);
        System.out.println("| query | total | compiled ms | hand-written ms | ratio | call: compiled | hand | ratio |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
        double[] logs = new double[2];
        double[] worst = new double[2];
        Integer[] order = new Integer[n];
        double[] ratios = new double[n];
        for (int q = 0; q < n; q++) {
            double cs = median(compiled[q]);
            double hs = median(hand[q]);
            double cc = median(compiledCall[q]);
            double hc = median(handCall[q]);
            ratios[q] = cs / hs;
            order[q] = q;
            logs[0] += Math.log(cs / hs);
            logs[1] += Math.log(cc / hc);
            worst[0] = Math.max(worst[0], cs / hs);
            worst[1] = Math.max(worst[1], cc / hc);
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %d | %.2f | %.2f | %.2f× | %.2f | %.2f | %.2f× |%n",
                    cases.get(q).name(),
                    totals[q],
                    cs,
                    hs,
                    cs / hs,
                    cc,
                    hc,
                    cc / hc);
        }
        System.out.printf(
                Locale.ROOT,
                "| **geo-mean / worst** | | | | **%.2f× / %.2f×** | | | **%.2f× / %.2f×** |%n",
                Math.exp(logs[0] / n),
                worst[0],
                Math.exp(logs[1] / n),
                worst[1]);
        Arrays.sort(order, (a, b) -> Double.compare(ratios[b], ratios[a]));
        for (int i = 0; i < Math.min(plans, n); i++) {
            Case k = cases.get(order[i]);
            System.out.printf(Locale.ROOT, "%n=== worst %d: %s (%.2f×)%n", i + 1, k.name(), ratios[order[i]]);
            Sql page = store.explain(k.query()).get(0);
            System.out.println("--- compiled page: " + page.text());
            System.out.println("--- binds: " + page.binds());
            explain(ds, page);
            System.out.println("--- hand-written page: " + handPage(k));
            System.out.println("--- binds: " + k.binds());
            explain(ds, new Sql(handPage(k), k.binds()));
        }
        dropIfAsked(base, schemaName, drop);
    }

    private static void dropIfAsked(String base, String schemaName, boolean drop) throws SQLException {
        if (drop) {
            try (Connection c = DriverManager.getConnection(base);
                    Statement st = c.createStatement()) {
                st.execute("DROP SCHEMA IF EXISTS " + schemaName + " CASCADE");
            }
            System.out.println("dropped " + schemaName);
        }
    }

    /** The benchmark's schema: what {@code quarry init --config F --full-text english} is given. */
    static Schema schema() {
        return QuarryConfig.parse(
                        "types:\n"
                                + "  Item: {description: items, fields: {cat: string, tag: string, title: string,"
                                + " grp: string, n: number, d: datetime, x0: number, x1: number, x10: number,"
                                + " x50: number}}\n"
                                + "  Other: {description: others, fields: {cat: string, title: string}}\n"
                                + "  Hub: {description: anchors, fields: {title: string}}\n",
                        "sweep.yaml")
                .schema()
                .orElseThrow();
    }

    /**
     * The 64 questions: eight families × four selectivities, alone and with {@code grp = "A"} (a quarter
     * of the objects). The hand-written forms read the JSON as a DBA would ({@code ->>} with a btree on
     * the expression, the layout's trigram and full-text indexes, {@code ?} with a GIN {@code jsonb_ops}),
     * knowing the data are clean: every value has its declared kind.
     */
    static List<Case> cases(SqlCompiler compiler, Schema schema) {
        List<Case> out = new ArrayList<>();
        String[] eq = {"e0", "e1", "e10", "e50"};
        String[] in = {"i0", "i1", "i10", "i50"};
        double[] width = {0.0001, 0.01, 0.1, 0.5};
        String[] dateTo = {
            "2021-01-01T02:24:00Z", "2021-01-11T00:00:00Z", "2021-04-11T00:00:00Z", "2022-05-16T00:00:00Z"
        };
        String[] words = {"tth0042", "hun07", "ten3", "half"};
        for (boolean and : new boolean[] {false, true}) {
            String suffix = and ? " + grp (25 %)" : "";
            String grpJson = and ? ", \"grp\": \"A\"" : "";
            String grpSql = and ? " AND (" + PROPS + " ->> 'grp') = ?" : "";
            for (int l = 0; l < LEVELS.length; l++) {
                String level = " " + LEVELS[l];
                out.add(filter(
                        compiler,
                        schema,
                        "equality" + level + suffix,
                        "{\"cat\": \"" + eq[l] + "\"" + grpJson + "}",
                        "(" + PROPS + " ->> 'cat') = ?" + grpSql,
                        and,
                        eq[l]));
                out.add(filter(
                        compiler,
                        schema,
                        "$in of 3" + level + suffix,
                        "{\"tag\": {\"$in\": [\"" + in[l] + "_0\", \"" + in[l] + "_1\", \"" + in[l] + "_2\"]}" + grpJson
                                + "}",
                        "(" + PROPS + " ->> 'tag') IN (?, ?, ?)" + grpSql,
                        and,
                        in[l] + "_0",
                        in[l] + "_1",
                        in[l] + "_2"));
                long to = 200_000 + Math.round(width[l] * 1_000_000);
                out.add(filter(
                        compiler,
                        schema,
                        "number range" + level + suffix,
                        "{\"n\": {\"$gte\": 200000, \"$lt\": " + to + "}" + grpJson + "}",
                        "((" + PROPS + " ->> 'n')::numeric) >= ? AND ((" + PROPS + " ->> 'n')::numeric) < ?" + grpSql,
                        and,
                        new java.math.BigDecimal(200_000),
                        new java.math.BigDecimal(to)));
                out.add(filter(
                        compiler,
                        schema,
                        "date range" + level + suffix,
                        "{\"d\": {\"$gte\": \"2021-01-01T00:00:00Z\", \"$lt\": \"" + dateTo[l] + "\"}" + grpJson + "}",
                        "(" + PROPS + " ->> 'd') >= ? AND (" + PROPS + " ->> 'd') < ?" + grpSql,
                        and,
                        "2021-01-01T00:00:00Z",
                        dateTo[l]));
                out.add(filter(
                        compiler,
                        schema,
                        "contains" + level + suffix,
                        "{\"title\": {\"$contains\": \"" + words[l] + "\"}" + grpJson + "}",
                        "(" + PROPS + " ->> 'title') LIKE ?" + grpSql,
                        and,
                        "%" + words[l] + "%"));
                out.add(text(
                        compiler,
                        schema,
                        "full text" + level + suffix,
                        words[l],
                        and,
                        "quarry_fts @@ websearch_to_tsquery('english', ?)" + grpSql));
                String anchor = "o" + (l + 1);
                out.add(related(
                        compiler,
                        schema,
                        "related_to_id" + level + suffix,
                        anchor,
                        and,
                        "id IN (SELECT dst_id FROM quarry_relationships WHERE src_id = ?"
                                + " UNION ALL SELECT src_id FROM quarry_relationships WHERE dst_id = ?)" + grpSql));
                String field = "x" + new String[] {"0", "1", "10", "50"}[l];
                out.add(filter(
                        compiler,
                        schema,
                        "$exists" + level + suffix,
                        "{\"" + field + "\": {\"$exists\": true}" + grpJson + "}",
                        // ?? is pgjdbc's escape for the jsonb operator ?
                        PROPS + " ?? '" + field + "'" + grpSql,
                        and));
            }
        }
        return out;
    }

    private static Case filter(
            SqlCompiler compiler,
            Schema schema,
            String name,
            String filter,
            String where,
            boolean and,
            Object... binds) {
        ObjectQuery q = ObjectQuery.builder()
                .filter(compiler.validate(filter, schema, "Item"))
                .type("Item")
                .scope(Scope.of("project_id", "p1"))
                .limit(20)
                .build();
        return new Case(name, q, where, withGroup(List.of(binds), and));
    }

    private static Case text(SqlCompiler compiler, Schema schema, String name, String word, boolean and, String where) {
        ObjectQuery.Builder b = ObjectQuery.builder()
                .type("Item")
                // the tool passes the type's string fields (decision 13)
                .text(
                        word,
                        List.of(
                                FieldPath.property("cat"),
                                FieldPath.property("tag"),
                                FieldPath.property("title"),
                                FieldPath.property("grp")))
                .scope(Scope.of("project_id", "p1"))
                .limit(20);
        if (and) {
            b.filter(compiler.validate("{\"grp\": \"A\"}", schema, "Item"));
        }
        return new Case(name, b.build(), where, withGroup(List.of(word), and));
    }

    private static Case related(
            SqlCompiler compiler, Schema schema, String name, String anchor, boolean and, String where) {
        ObjectQuery.Builder b = ObjectQuery.builder()
                .type("Item")
                .relatedTo(anchor, null)
                .scope(Scope.of("project_id", "p1"))
                .limit(20);
        if (and) {
            b.filter(compiler.validate("{\"grp\": \"A\"}", schema, "Item"));
        }
        return new Case(name, b.build(), where, withGroup(List.of(anchor, anchor), and));
    }

    private static List<Object> withGroup(List<Object> binds, boolean and) {
        List<Object> out = new ArrayList<>(binds);
        if (and) {
            out.add("A");
        }
        return out;
    }

    static String handPage(Case k) {
        return "SELECT " + COLUMNS + " FROM quarry_objects WHERE " + POPULATION + " AND " + k.where() + NEWEST;
    }

    static String handCount(Case k) {
        return "SELECT count(*) FROM (SELECT 1 FROM quarry_objects WHERE " + POPULATION + " AND " + k.where()
                + " LIMIT " + (CAP + 1) + ") c";
    }

    /** Both forms return the same page and the same capped total, or the run stops; returns the total. */
    static long check(Connection c, JdbcObjectStore store, Case k) throws SQLException {
        List<Sql> statements = store.explain(k.query());
        List<String> compiled =
                ids(c, statements.get(0).text(), statements.get(0).binds());
        List<String> hand = ids(c, handPage(k), k.binds());
        if (!compiled.equals(hand)) {
            throw new IllegalStateException(k.name() + ": compiled page " + compiled + " but hand-written " + hand);
        }
        long total = store.search(k.query()).total();
        long handTotal = Math.min(CAP, count(c, handCount(k), k.binds()));
        if (total != handTotal) {
            throw new IllegalStateException(k.name() + ": total " + total + " but hand-written " + handTotal);
        }
        return total;
    }

    /** The hand-written call: the page, and the capped count when the page is full (as the store does). */
    private static long handCall(Connection c, Case k) throws SQLException {
        return inRead(c, () -> {
            int rows = ids(c, handPage(k), k.binds()).size();
            return rows <= 20 ? rows : count(c, handCount(k), k.binds());
        });
    }

    /** Creates and loads the schema, unless {@code keep} finds it loaded with {@code objects} objects. */
    private static void load(
            String base,
            String schemaName,
            DataSource ds,
            JdbcObjectStore store,
            PostgresDialect dialect,
            StoreMapping mapping,
            Schema schema,
            int objects,
            boolean keep)
            throws SQLException {
        if (keep && loaded(ds) == objects) {
            System.out.println("reusing " + schemaName + " (" + objects + " objects)");
            // this build's helper functions and any index it adds (all idempotent); a failure here
            // stops the run rather than reloading a million objects
            store.createLayout();
            try (Connection s = ds.getConnection();
                    Statement add = s.createStatement()) {
                for (String sql : indexes(dialect, mapping, schema)) {
                    add.execute(sql);
                }
                add.execute("ANALYZE quarry_objects, quarry_relationships");
            }
            return;
        }
        try (Connection c = DriverManager.getConnection(base);
                Statement st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS " + schemaName + " CASCADE");
            st.execute("CREATE SCHEMA " + schemaName);
        }
        long t0 = System.nanoTime();
        store.createLayout();
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement()) {
            generate(st, objects);
            long t1 = System.nanoTime();
            for (String sql : indexes(dialect, mapping, schema)) {
                st.execute(sql);
            }
            st.execute("VACUUM ANALYZE quarry_objects, quarry_relationships");
            System.out.printf(
                    Locale.ROOT,
                    "loaded %d objects in %.1f s; indexes and VACUUM ANALYZE in %.1f s%n",
                    objects,
                    (t1 - t0) / 1e9,
                    (System.nanoTime() - t1) / 1e9);
        }
    }

    /**
     * The objects loaded in the schema, or -1 when it has no objects table. Counted on the schema's own
     * connection: a schema loaded before the helpers called each other by their schema's name plans
     * only where the schema is on the search path.
     */
    private static long loaded(DataSource ds) {
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM quarry_objects")) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            System.out.println(
                    "nothing loaded (" + e.getMessage().lines().findFirst().orElse("") + ")");
            return -1;
        }
    }

    /**
     * Quarry's indexes for the schema ({@code schemaIndexes}, what {@code quarry init --config F} adds), and
     * the DBA's for the hand-written forms: a btree per queried field on the {@code ->>} expression they
     * compare (the number cast to {@code numeric}), a GIN {@code jsonb_ops} for {@code ?}, and both ends of
     * a relationship together so the related ids come from the index alone.
     */
    static List<String> indexes(PostgresDialect dialect, StoreMapping mapping, Schema schema) {
        List<String> out = new ArrayList<>(dialect.ddl().schemaIndexes(mapping, schema));
        out.add("CREATE INDEX IF NOT EXISTS dba_cat ON quarry_objects ((" + PROPS + " ->> 'cat'))");
        out.add("CREATE INDEX IF NOT EXISTS dba_tag ON quarry_objects ((" + PROPS + " ->> 'tag'))");
        out.add("CREATE INDEX IF NOT EXISTS dba_n ON quarry_objects (((" + PROPS + " ->> 'n')::numeric))");
        out.add("CREATE INDEX IF NOT EXISTS dba_d ON quarry_objects (project_id, (" + PROPS + " ->> 'd'))");
        out.add("CREATE INDEX IF NOT EXISTS dba_keys ON quarry_objects USING gin ((" + PROPS + "))");
        out.add("CREATE INDEX IF NOT EXISTS dba_src_dst ON quarry_relationships (src_id, dst_id)");
        out.add("CREATE INDEX IF NOT EXISTS dba_dst_src ON quarry_relationships (dst_id, src_id)");
        return out;
    }

    /** {@code sweep_u(g, salt)}: a deterministic number in [0, 1) per row and stream (a hash, no RNG state). */
    private static String u(int salt) {
        return "sweep_u(g, " + salt + ")";
    }

    /**
     * Loads {@code objects} objects and about {@code 1.61 × objects} relationships in SQL, deterministic:
     * 80 % of type {@code Item} (the queried one) and 20 % {@code Other}, 80 % in project {@code p1}, four
     * anchors {@code o1}–{@code o4} of type {@code Hub}. Each selectivity comes from its own hash of the row
     * number, so no field follows another or the time order: {@code cat} is {@code e0}, {@code e1},
     * {@code e10}, {@code e50} for 0.01, 1, 10, 50 % of the objects; {@code tag} the same levels, each split
     * in three values for {@code $in}; {@code n} a uniform integer in [0, 1,000,000); {@code d} a uniform
     * UTC date-time over 1,000 days from 2020-01-01; {@code title} four words, {@code half} (50 %),
     * {@code tenK} (10 %), {@code hunKK} (1 %), {@code tthKKKK} (0.01 %); {@code grp} {@code A}–{@code D}, a
     * quarter each; {@code x0}, {@code x1}, {@code x10}, {@code x50} present in 0.01 … 50 %. Anchor
     * {@code oL} links to the objects of its level (0.01, 1, 10, 50 %), and every object links to one
     * random other object.
     */
    static void generate(Statement st, int objects) throws SQLException {
        st.execute("CREATE OR REPLACE FUNCTION sweep_u(g bigint, salt int) RETURNS float8 LANGUAGE sql IMMUTABLE"
                + " AS $f$ SELECT (hashint8(g * 64 + salt)::bigint + 2147483648) / 4294967296.0 $f$");
        String ts = "(TIMESTAMPTZ '2023-01-01 00:00:00+00' + g * INTERVAL '30 seconds')";
        String levels = "CASE WHEN %1$s < 0.0001 THEN '%2$s0' WHEN %1$s < 0.0101 THEN '%2$s1' WHEN %1$s < 0.1101"
                + " THEN '%2$s10' WHEN %1$s < 0.6101 THEN '%2$s50' ELSE 'r' END";
        st.execute("INSERT INTO quarry_objects (id, type, properties, created_at, updated_at, project_id)"
                + " SELECT 'o' || g,"
                + " CASE WHEN g <= 4 THEN 'Hub' WHEN " + u(1) + " < 0.8 THEN 'Item' ELSE 'Other' END,"
                + " (jsonb_build_object("
                + "  'cat', " + String.format(Locale.ROOT, levels, u(2), "e") + ","
                + "  'tag', " + String.format(Locale.ROOT, levels, u(3), "i") + " || '_' || (g % 3),"
                + "  'title', concat_ws(' ', CASE WHEN " + u(4) + " < 0.5 THEN 'half' ELSE 'whole' END,"
                + "   'ten' || floor(" + u(5) + " * 10)::int, 'hun' || lpad(floor(" + u(6)
                + " * 100)::int::text, 2, '0'),"
                + "   'tth' || lpad(floor(" + u(7) + " * 10000)::int::text, 4, '0')),"
                + "  'grp', (ARRAY['A', 'B', 'C', 'D'])[1 + floor(" + u(8) + " * 4)::int],"
                + "  'n', floor(" + u(9) + " * 1000000)::int,"
                + "  'd', to_char(TIMESTAMP '2020-01-01 00:00:00' + floor(" + u(10) + " * 86400000)::int"
                + "   * INTERVAL '1 second', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'))"
                + "  || CASE WHEN " + u(11) + " < 0.0001 THEN '{\"x0\": 1}'::jsonb ELSE '{}' END"
                + "  || CASE WHEN " + u(11) + " < 0.01 THEN '{\"x1\": 1}'::jsonb ELSE '{}' END"
                + "  || CASE WHEN " + u(11) + " < 0.1 THEN '{\"x10\": 1}'::jsonb ELSE '{}' END"
                + "  || CASE WHEN " + u(11) + " < 0.5 THEN '{\"x50\": 1}'::jsonb ELSE '{}' END)::json,"
                + " " + ts + ", " + ts + " + floor(" + u(12) + " * 86400) * INTERVAL '1 second',"
                + " CASE WHEN g <= 4 OR " + u(13) + " < 0.8 THEN 'p1' ELSE 'p2' END"
                + " FROM generate_series(1, " + objects + ") g");
        // the anchors' links: o1 to 0.01 %, o2 to 1 %, o3 to 10 %, o4 to 50 % of the objects
        st.execute("INSERT INTO quarry_relationships (id, src_id, dst_id, type)"
                + " SELECT 'a' || a || '_' || g, 'o' || a, 'o' || g, 'links'"
                + " FROM generate_series(5, " + objects + ") g, (VALUES (1, 0.0001), (2, 0.01), (3, 0.1), (4, 0.5))"
                + " l(a, p) WHERE sweep_u(g, 20 + a) < p");
        // and one random link per object, never to an anchor
        st.execute("INSERT INTO quarry_relationships (id, src_id, dst_id, type)"
                + " SELECT 'r' || g, 'o' || g, 'o' || (5 + floor(" + u(30) + " * " + (objects - 4)
                + ")::int), 'mentions'"
                + " FROM generate_series(5, " + objects + ") g");
    }

    /** Planning + execution of a statement in the server ({@code EXPLAIN (ANALYZE, TIMING OFF)}). */
    private static double serverMs(Connection c, Sql sql) throws SQLException {
        return BenchJdbc.postgresServerMs(c, sql.text(), sql.binds());
    }

    private static void explain(DataSource ds, Sql sql) throws SQLException {
        try (Connection c = ds.getConnection()) {
            inRead(c, () -> {
                try (PreparedStatement ps = c.prepareStatement("EXPLAIN (ANALYZE, BUFFERS) " + sql.text())) {
                    bind(ps, sql.binds());
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

    private static long inRead(Connection c, Work work) throws SQLException {
        return BenchJdbc.inRead(c, false, work);
    }

    private static List<String> ids(Connection c, String sql, List<?> binds) throws SQLException {
        return BenchJdbc.ids(c, false, sql, binds);
    }

    private static long count(Connection c, String sql, List<?> binds) throws SQLException {
        return BenchJdbc.count(c, false, sql, binds);
    }
}
