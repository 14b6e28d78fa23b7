package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.quarry.error.QueryException;
import io.quarry.internal.Json;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Relationship;
import io.quarry.schema.Schema;
import io.quarry.sql.guard.SqlGuard;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.Scope;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * An outsider's check of {@code run_readonly_sql} (issue 25, "Done when"), apart from
 * {@link SqlGuardContract}'s corpus: {@code sql-guard/outsider.txt}'s analyst questions, each answered
 * through the guard as one tenant and compared with hand-written SQL over plain tables holding that
 * tenant's rows (no guard, no layout), and its attacks (names of host tables and of the guard's own,
 * case variants and quotes, numbers out of range, string builders nested, recursion, set operations,
 * subqueries in every clause, comments and look-alike characters, forged rows), with two tenants, hidden
 * fields and a canary table: every attack is held, the database is unchanged, and at least 95 % of the
 * questions are right (the ones that are not are printed).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SqlGuardOutsiderContract implements BackendUnderTest {
    static final Scope ACME = Scope.of("org_id", "acme");
    static final Schema SCHEMA = Schema.builder()
            .type(EntityType.of(
                            "Ticket",
                            Field.of("subject", FieldType.STRING),
                            Field.ofEnum("state", List.of("new", "open", "closed")),
                            Field.of("severity", FieldType.INTEGER),
                            Field.of("cost", FieldType.NUMBER),
                            Field.of("billable", FieldType.BOOLEAN),
                            Field.of("team", FieldType.STRING),
                            Field.of("notes", FieldType.STRING).hidden())
                    .withRelationships(
                            List.of(Relationship.out("handled_by", "Agent"), Relationship.out("blocks", "Ticket"))))
            .type(EntityType.of(
                    "Agent",
                    Field.of("name", FieldType.STRING),
                    Field.of("level", FieldType.INTEGER),
                    Field.of("pay", FieldType.NUMBER).hidden()))
            .build();

    /** Values no answer to tenant acme may hold: the other tenant's, the hidden fields', the canary's and the gold tables' own. */
    static final List<String> NEVER = List.of("globex", "SECRETNOTE", "987654", "CANARYROW", "424242", "GOLDROW");

    /** acme's tickets: subject, state, severity, cost (null: none), billable, team (null: none). */
    static final Object[][] TICKETS = {
        {"Login fails", "open", 3, "120.50", true, "core"},
        {"Slow report", "new", 2, "80.00", false, "reports"},
        {"Crash on save", "open", 5, "300.25", true, "core"},
        {"Typo in footer", "closed", 1, "5.00", false, null},
        {"Export to CSV", "closed", 2, "45.75", true, "reports"},
        {"Dark mode", "new", 1, "0.00", false, "ui"},
        {"Memory leak", "open", 4, "250.00", true, "core"},
        {"Résumé upload", "open", 3, "99.99", true, "ui"},
        {"Timeout on sync", "closed", 4, "175.00", false, "core"},
        {"O'Brien's bug", "new", 2, null, true, "ui"},
    };

    static final Object[][] AGENTS = {{"Ann", 3}, {"Bob", 1}, {"Cyd", 2}};
    /** acme's edges in scope: both ends acme's. */
    static final String[][] HANDLED_BY = {
        {"a-1", "a-ag1"}, {"a-3", "a-ag1"}, {"a-7", "a-ag2"}, {"a-8", "a-ag3"}, {"a-9", "a-ag2"}, {"a-2", "a-ag3"}
    };

    static final String[][] BLOCKS = {{"a-3", "a-1"}, {"a-7", "a-3"}, {"a-9", "a-7"}};

    DataSource ds;
    JdbcObjectStore store;
    SqlGuard guard;
    Map<String, Long> before;

    @BeforeAll
    void load() throws Exception {
        List<GraphObject> objects = new ArrayList<>();
        List<GraphRelationship> edges = new ArrayList<>();
        for (int i = 0; i < TICKETS.length; i++) {
            Object[] t = TICKETS[i];
            var p = Json.object()
                    .put("subject", (String) t[0])
                    .put("state", (String) t[1])
                    .put("severity", (Integer) t[2])
                    .put("billable", (Boolean) t[4])
                    .put("notes", "SECRETNOTE a-" + (i + 1));
            if (t[3] != null) {
                p.put("cost", new BigDecimal((String) t[3]));
            }
            if (t[5] != null) {
                p.put("team", (String) t[5]);
            }
            objects.add(object("a-" + (i + 1), "Ticket", p, created(i), "acme"));
        }
        for (int i = 0; i < AGENTS.length; i++) {
            objects.add(object(
                    "a-ag" + (i + 1),
                    "Agent",
                    Json.object()
                            .put("name", (String) AGENTS[i][0])
                            .put("level", (Integer) AGENTS[i][1])
                            .put("pay", 987654.5),
                    created(0),
                    "acme"));
        }
        for (int i = 1; i <= 6; i++) {
            objects.add(object(
                    "g-" + i,
                    "Ticket",
                    Json.object()
                            .put("subject", "globex issue " + i)
                            .put("state", i % 2 == 0 ? "open" : "closed")
                            .put("severity", i)
                            .put("cost", 1000 + i)
                            .put("billable", true)
                            .put("team", "globex-team")
                            .put("notes", "SECRETNOTE g-" + i),
                    created(i),
                    "globex"));
        }
        objects.add(object(
                "g-ag1",
                "Agent",
                Json.object().put("name", "globex agent").put("level", 5).put("pay", 987654.5),
                created(0),
                "globex"));
        for (String[] e : HANDLED_BY) {
            edges.add(edge(e[0], "handled_by", e[1]));
        }
        for (String[] e : BLOCKS) {
            edges.add(edge(e[0], "blocks", e[1]));
        }
        edges.add(edge("a-5", "handled_by", "g-ag1")); // across tenants: in no relation
        edges.add(edge("a-4", "blocks", "g-2"));
        edges.add(edge("g-1", "handled_by", "g-ag1"));
        edges.add(edge("g-2", "blocks", "g-1"));
        String name = "sql_outsider_" + backend().name().toLowerCase(Locale.ROOT);
        ds = backend().pooledDataSource(name);
        store = backend().store(ds, StoreMapping.graph("org_id"), new DataFile.DataSet(objects, edges));
        guard = SqlGuard.of(SCHEMA, StoreMapping.graph("org_id"), store.dialect());
        goldTables();
        before = counts();
    }

    private static Instant created(int i) {
        return Instant.parse("2024-03-01T09:00:00Z").plusSeconds(86_400L * i);
    }

    private static GraphObject object(
            String id, String type, com.fasterxml.jackson.databind.node.ObjectNode p, Instant at, String org) {
        return new GraphObject(id, type, p, at, at, Map.of("org_id", org));
    }

    private static GraphRelationship edge(String src, String type, String dst) {
        return new GraphRelationship(src + "|" + type + "|" + dst, src, dst, type);
    }

    /** The tenant's rows as plain tables (the gold answers' source), and a canary table. */
    private void goldTables() throws SQLException {
        String dialect = store.dialect().name();
        String text =
                dialect.equals("mariadb") || dialect.equals("mysql") || dialect.equals("h2") ? "VARCHAR(200)" : "TEXT";
        String bool = dialect.equals("sqlite") ? "INTEGER" : "BOOLEAN";
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement()) {
            st.execute(
                    "CREATE TABLE " + store.dialect().quoteIdentifier("canary") + " (n INTEGER, label " + text + ")");
            st.execute("INSERT INTO " + store.dialect().quoteIdentifier("canary") + " VALUES (424242, 'CANARYROW')");
            st.execute("CREATE TABLE gold_ticket (id " + text + ", subject " + text + ", state " + text
                    + ", severity INTEGER, cost DECIMAL(10, 2), billable " + bool + ", team " + text
                    + ", created_at TIMESTAMP, gold_marker " + text + ")");
            st.execute("CREATE TABLE gold_agent (id " + text + ", name " + text + ", level INTEGER)");
            st.execute("CREATE TABLE gold_handled_by (src_id " + text + ", dst_id " + text + ")");
            st.execute("CREATE TABLE gold_blocks (src_id " + text + ", dst_id " + text + ")");
            try (PreparedStatement ps =
                    c.prepareStatement("INSERT INTO gold_ticket VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'GOLDROW')")) {
                for (int i = 0; i < TICKETS.length; i++) {
                    Object[] t = TICKETS[i];
                    ps.setString(1, "a-" + (i + 1));
                    ps.setString(2, (String) t[0]);
                    ps.setString(3, (String) t[1]);
                    ps.setInt(4, (Integer) t[2]);
                    ps.setBigDecimal(5, t[3] == null ? null : new BigDecimal((String) t[3]));
                    if (dialect.equals("sqlite")) {
                        ps.setInt(6, ((Boolean) t[4]) ? 1 : 0);
                    } else {
                        ps.setBoolean(6, (Boolean) t[4]);
                    }
                    ps.setString(7, (String) t[5]);
                    LocalDateTime at = LocalDateTime.ofInstant(created(i), ZoneOffset.UTC);
                    if (dialect.equals("sqlite")) {
                        ps.setString(8, at.toString().replace('T', ' ') + ":00");
                    } else {
                        ps.setObject(8, at);
                    }
                    ps.executeUpdate();
                }
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO gold_agent VALUES (?, ?, ?)")) {
                for (int i = 0; i < AGENTS.length; i++) {
                    ps.setString(1, "a-ag" + (i + 1));
                    ps.setString(2, (String) AGENTS[i][0]);
                    ps.setInt(3, (Integer) AGENTS[i][1]);
                    ps.executeUpdate();
                }
            }
            for (String table : List.of("gold_handled_by", "gold_blocks")) {
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " VALUES (?, ?)")) {
                    for (String[] e : table.equals("gold_blocks") ? BLOCKS : HANDLED_BY) {
                        ps.setString(1, e[0]);
                        ps.setString(2, e[1]);
                        ps.executeUpdate();
                    }
                }
            }
        }
    }

    private Map<String, Long> counts() throws SQLException {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String t : List.of("quarry_objects", "canary")) {
            out.put(t, single("SELECT COUNT(*) FROM " + store.dialect().quoteIdentifier(t)));
        }
        for (String t : List.of("gold_ticket", "gold_agent", "gold_handled_by", "gold_blocks")) {
            out.put(t, single("SELECT COUNT(*) FROM " + t));
        }
        out.put("canary n", single("SELECT MAX(n) FROM " + store.dialect().quoteIdentifier("canary")));
        return out;
    }

    private long single(String sql) throws SQLException {
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @AfterAll
    void theDatabaseIsUnchanged() throws SQLException {
        assertThat(counts()).isEqualTo(before);
    }

    record Line(int line, String kind, String a, String b) {}

    static List<Line> lines() throws Exception {
        return SqlGuardContract.tabLines("/sql-guard/outsider.txt").stream()
                .map(l -> new Line(
                        l.line(), l.parts()[0], l.parts()[1].replace("\\n", "\n"), l.parts()[2].replace("\\n", "\n")))
                .toList();
    }

    private static final Pattern RELATION = Pattern.compile("(?i)\\b(Ticket|Agent|handled_by|blocks)\\b");

    /** The question over the gold tables: each relation named gold_&lt;relation&gt;. */
    static String gold(String question) {
        Matcher m = RELATION.matcher(question);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(b, "gold_" + m.group(1).toLowerCase(Locale.ROOT));
        }
        m.appendTail(b);
        return b.toString();
    }

    @Test
    void theCorpusHasFortyQuestionsAndTwentyFiveAttacks() throws Exception {
        List<Line> all = lines();
        assertThat(all.stream().filter(l -> l.kind().equals("q"))).hasSizeGreaterThanOrEqualTo(40);
        assertThat(all.stream().filter(l -> l.kind().equals("a"))).hasSizeGreaterThanOrEqualTo(25);
    }

    /** At least 95 % of the questions answer as the hand-written SQL over the tenant's plain tables. */
    @Test
    void analystQuestionsAreAnsweredAsTheTenantsOwnTablesAnswerThem() throws Exception {
        List<String> wrong = new ArrayList<>();
        int total = 0;
        for (Line l : lines()) {
            if (!l.kind().equals("q")) {
                continue;
            }
            total++;
            String question = l.a();
            String goldSql = l.b().equals("=") ? gold(question) : l.b();
            List<String> expected;
            try {
                expected = goldRows(goldSql);
            } catch (SQLException e) {
                fail("line " + l.line() + ": the gold SQL fails on " + backend() + ": " + goldSql + " — "
                        + e.getMessage());
                return;
            }
            boolean ordered = question.replaceAll("(?i)OVER \\([^)]*\\)", "")
                    .toUpperCase(Locale.ROOT)
                    .contains("ORDER BY");
            try {
                SqlRows rows = store.readonly(guard.check(question, ACME, 100));
                List<String> actual = new ArrayList<>();
                for (List<Object> r : rows.rows()) {
                    actual.add(row(r));
                }
                if (!ordered) {
                    actual.sort(null);
                    expected.sort(null);
                }
                if (!actual.equals(expected)) {
                    wrong.add("line " + l.line() + ": " + question + "\n    got " + actual + "\n    want " + expected);
                }
            } catch (QueryException e) {
                wrong.add("line " + l.line() + ": " + question + "\n    refused " + e.first());
            } catch (RuntimeException e) {
                wrong.add("line " + l.line() + ": " + question + "\n    failed " + e);
            }
        }
        int right = total - wrong.size();
        System.out.println("outsider questions on " + backend() + ": " + right + "/" + total + " right"
                + (wrong.isEmpty() ? "" : "\n  " + String.join("\n  ", wrong)));
        assertThat(right * 100)
                .as(backend() + ": " + right + "/" + total + " right; wrong:\n" + String.join("\n", wrong))
                .isGreaterThanOrEqualTo(95 * total);
    }

    private List<String> goldRows(String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<Object> r = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    r.add(rs.getObject(i));
                }
                out.add(row(r));
            }
        }
        return out;
    }

    /** A row as text: numbers to 6 decimal places in plain form, booleans as 1/0. */
    static String row(List<Object> r) {
        List<String> out = new ArrayList<>();
        for (Object v : r) {
            if (v instanceof Boolean b) {
                out.add(b ? "1" : "0");
            } else if (v instanceof Number n) {
                BigDecimal d = new BigDecimal(n.toString())
                        .setScale(6, RoundingMode.HALF_UP)
                        .stripTrailingZeros();
                out.add(d.signum() == 0 ? "0" : d.toPlainString());
            } else {
                out.add(String.valueOf(v));
            }
        }
        return String.join(",", out);
    }

    /**
     * Every attack is refused with a model-facing error (never INTERNAL, never "the database is
     * unavailable"), or runs and shows none of the other tenant's, the hidden fields', the canary's or
     * the gold tables' values, and gives its expected answer where the line names one.
     */
    @Test
    void everyAttackIsHeld() throws Exception {
        List<String> broken = new ArrayList<>();
        int total = 0;
        int refused = 0;
        for (Line l : lines()) {
            if (!l.kind().equals("a")) {
                continue;
            }
            total++;
            String attack = l.b();
            Sql sql;
            try {
                sql = guard.check(attack, ACME, 50);
            } catch (QueryException e) {
                refused++;
                if (e.first().code().name().equals("INTERNAL")
                        || e.first().hint() == null
                        || e.first().hint().isBlank()) {
                    broken.add("line " + l.line() + ": " + attack + " — refused without a hint: " + e.first());
                }
                continue;
            } catch (RuntimeException e) {
                broken.add("line " + l.line() + ": " + attack + " — " + e);
                continue;
            }
            SqlRows rows;
            try {
                rows = store.readonly(sql);
            } catch (QueryException e) {
                refused++;
                if (e.first().code().name().equals("INTERNAL")
                        || e.first().code().name().equals("DATABASE_UNAVAILABLE")) {
                    broken.add("line " + l.line() + ": " + attack + " — " + e.first());
                }
                continue;
            } catch (IllegalStateException e) {
                refused++; // the database refused what the guard wrote: the tool maps it (Refusals)
                continue;
            }
            List<String> shown = new ArrayList<>();
            rows.rows().forEach(r -> shown.add(row(r)));
            for (String s : shown) {
                for (String never : NEVER) {
                    if (s.contains(never)) {
                        broken.add("line " + l.line() + ": " + attack + " — shows " + never + ": " + s);
                    }
                }
            }
            for (String column : rows.columns()) {
                if (List.of("notes", "pay", "org_id", "properties", "n", "label", "gold_marker")
                        .contains(column.toLowerCase(Locale.ROOT))) {
                    broken.add("line " + l.line() + ": " + attack + " — a column " + column);
                }
            }
            if (!l.a().equals("*") && !String.join(";", shown).equals(l.a())) {
                broken.add("line " + l.line() + ": " + attack + " — answered " + shown + ", not " + l.a());
            }
        }
        System.out.println("outsider attacks on " + backend() + ": " + (total - broken.size()) + "/" + total + " held ("
                + refused + " refused)" + (broken.isEmpty() ? "" : "\n  " + String.join("\n  ", broken)));
        assertThat(broken).as(backend() + " attacks").isEmpty();
    }
}
