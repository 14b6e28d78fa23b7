package io.quarry.sql.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.config.QuarryConfig;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.FieldPath;
import io.quarry.filter.FilterEvaluator;
import io.quarry.internal.IsoDateTime;
import io.quarry.internal.Json;
import io.quarry.internal.NumericLiteral;
import io.quarry.regex.PortableRegex;
import io.quarry.regex.PostgresRegex;
import io.quarry.schema.Schema;
import io.quarry.sql.Backend;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.LayoutDdl;
import io.quarry.sql.Sql;
import io.quarry.sql.SqlCompiler;
import io.quarry.sql.SqlWriter;
import io.quarry.sql.StoreMapping;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectQuery;
import io.quarry.store.ObjectStore;
import io.quarry.store.Scope;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javax.sql.DataSource;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What only PostgreSQL has: the layout's helper functions on dirty values, the regex translation,
 * literal LIKE metacharacters, the scope, the timeout, full text and the plans. The filter corpus
 * runs in {@code PostgresBackendIT}.
 */
class PostgresDialectIT {
    static final String SCHEMA =
            "types:\n  Thing:\n    description: anything\n  Other:\n    description: another org\n";
    static final String DATA = """
            {"objects": [
              {"id": "a1", "type": "Thing", "org_id": "a", "created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z",
               "properties": {"s": "100% sure", "n": 5, "tags": ["x_y", "back\\\\slash"], "d": "2024-03-01T10:00:00+02:00"}},
              {"id": "a2", "type": "Thing", "org_id": "a", "created_at": "2024-01-02T00:00:00Z", "updated_at": "2024-01-02T00:00:00Z",
               "properties": {"s": "1000 sure", "n": "high", "tags": "xzy", "d": "2024-03-01"}},
              {"id": "a3", "type": "Thing", "org_id": "a", "created_at": "2024-01-03T00:00:00Z", "updated_at": "2024-01-03T00:00:00Z",
               "properties": {"s": "a_b\\\\c%", "n": [" 7 ", "n/a", 1e300], "d": ["2023-12-31T23:00:00-02:00", "x"], "title": "Logins fail"}},
              {"id": "a4", "type": "Thing", "org_id": "a", "created_at": "2024-01-04T00:00:00Z", "updated_at": "2024-01-04T00:00:00Z",
               "properties": {"s": "line\\nbreak", "n": "", "d": "", "title": "KELVIN \u212a and long \u017f"}},
              {"id": "b1", "type": "Thing", "org_id": "b", "created_at": "2024-01-05T00:00:00Z", "updated_at": "2024-01-05T00:00:00Z",
               "properties": {"s": "100% sure", "n": 5, "title": "login"}}
            ],
            "relationships": [
              {"id": "r1", "src_id": "a1", "dst_id": "a2", "type": "rel"},
              {"id": "r2", "src_id": "b1", "dst_id": "a1", "type": "rel"}
            ]}
            """;

    static DataSource ds;
    static JdbcObjectStore store;
    static JdbcObjectStore fullText;
    static InMemoryObjectStore memory;
    static Schema schema;

    @BeforeContainer
    static void jqwikSetUp() throws Exception {
        setUp();
    }

    @org.junit.jupiter.api.BeforeAll
    static void setUp() throws Exception {
        if (store != null) {
            return;
        }
        ds = Backend.POSTGRES.dataSource("postgres_dialect");
        DataFile.DataSet data = DataFile.read(new ByteArrayInputStream(DATA.getBytes(StandardCharsets.UTF_8)), "test");
        store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(Backend.POSTGRES.dialect(ds))
                .mapping(StoreMapping.graph("org_id"))
                .build();
        store.createLayout();
        store.createLayout();
        store.load(data);
        DataSource fts = Backend.POSTGRES.dataSource("postgres_dialect_fts");
        fullText = JdbcObjectStore.builder()
                .dataSource(fts)
                .dialect(PostgresDialect.withFullText("fts", "english"))
                .mapping(StoreMapping.graph("org_id"))
                .build();
        fullText.createLayout();
        fullText.load(data);
        memory = InMemoryObjectStore.of(data);
        schema = QuarryConfig.parse(SCHEMA, "schema.yaml").schema().orElseThrow();
    }

    // --- helper functions on dirty values -------------------------------------------------------

    static Stream<String> values() {
        return Stream.of(
                "5",
                "5.0",
                "-0",
                "\"high\"",
                "\"\"",
                "\"n/a\"",
                "\" 7 \"",
                "\"\\t7\\n\"",
                "\"7abc\"",
                "\"0x10\"",
                "\".5\"",
                "\"5.\"",
                "\".\"",
                "\"+1e+2\"",
                "\"1e400\"",
                "\"1e-400\"",
                "\"4.9e-324\"",
                "\"1.7976931348623157e308\"",
                "\"1.7976931348623159e308\"",
                "\"0e99999999999999999999999\"",
                "\"1e99999999999999999999999\"",
                "\"99999999999999999999999999999999\"",
                "\"" + "1".repeat(2000) + "\"",
                "\"0." + "0".repeat(320) + "1\"",
                "\"1." + "3".repeat(5000) + "\"",
                "1e300",
                "1e400",
                "null",
                "true",
                "[1, 2]",
                "{\"a\": 1}",
                "\"\u0663\"");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("values")
    void theNumberHelperIsTheEvaluatorsNumber(String json) throws Exception {
        JsonNode value = Json.parse(json);
        Optional<BigDecimal> expected = FilterEvaluator.numberOf(value);
        BigDecimal actual =
                (BigDecimal) row("SELECT quarry_num(?::jsonb)", json).get(0);
        if (expected.isPresent() && json.length() > 1000) {
            // exact to 1000 significant digits, then a sticky digit
            assertThat(actual.subtract(expected.get()).abs()).isLessThan(new BigDecimal("1e-990"));
        } else if (expected.isPresent()) {
            assertThat(actual).isNotNull();
            assertThat(actual.compareTo(expected.get())).as(json).isZero();
        } else {
            assertThat(actual).as(json).isNull();
        }
        // the bracket and the range agree and never raise
        assertThat(row("SELECT quarry_bracket(?::jsonb)", json).get(0))
                .isEqualTo(value.isNull() ? 5 : io.quarry.store.ObjectOrder.bracket(value));
        assertThat(row(
                        "SELECT quarry_num_range(?::jsonb), quarry_nums(?::jsonb), quarry_instant_range(?::jsonb)",
                        json,
                        json,
                        json))
                .hasSize(3);
    }

    /** The inlined keys give what the exact PL/pgSQL helpers give, on every value (NULL for arrays). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("values")
    void theInlinedKeysAreTheHelpersValues(String json) throws Exception {
        assertThat(row(
                        "SELECT quarry_num_key(?::jsonb) IS NOT DISTINCT FROM quarry_num(?::jsonb),"
                                + " quarry_instant_key(?::jsonb) IS NOT DISTINCT FROM quarry_instant(?::jsonb)",
                        json,
                        json,
                        json,
                        json))
                .as(json)
                .containsExactly(true, true);
    }

    @Property(tries = 300)
    void theNumberKeyIsTheEvaluatorsNumber(@ForAll("numberish") String s) throws Exception {
        Optional<BigDecimal> expected = NumericLiteral.parse(s);
        BigDecimal actual =
                (BigDecimal) row("SELECT quarry_num_key(to_jsonb(?::text))", s).get(0);
        assertThat(Optional.ofNullable(actual).map(BigDecimal::stripTrailingZeros))
                .as("'%s'", s)
                .isEqualTo(expected.map(BigDecimal::stripTrailingZeros));
    }

    @Property(tries = 300)
    void theInstantKeyIsTheEvaluatorsInstant(@ForAll("dateish") String s) throws Exception {
        Long expected = IsoDateTime.parse(s)
                .map(io.quarry.sql.functions.QuarryFunctions::micros)
                .orElse(null);
        assertThat(row("SELECT quarry_instant_key(to_jsonb(?::text))", s).get(0))
                .as(s)
                .isEqualTo(expected);
    }

    /**
     * The number key is a plain expression in the plan (it reads its argument once on the common path);
     * the instant key, whose fast path reads the text seven times, is one call that reads it once.
     */
    @org.junit.jupiter.api.Test
    void theNumberKeyIsInlinedAndTheInstantKeyReadsItsValueOnce() throws Exception {
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("EXPLAIN (VERBOSE) SELECT quarry_num_key((properties)::jsonb -> 'n'),"
                        + " quarry_instant_key((properties)::jsonb -> 'd') FROM quarry_objects")) {
            StringBuilder plan = new StringBuilder();
            while (rs.next()) {
                plan.append(rs.getString(1)).append('\n');
            }
            assertThat(plan.toString())
                    .doesNotContain("quarry_num_key")
                    .contains("substring")
                    .doesNotContain("make_date");
            assertThat(plan.toString().split("quarry_instant_key\\(", -1)).hasSize(2);
        }
    }

    @Property(tries = 300)
    void numericStringsParseAsTheEvaluatorParses(@ForAll("numberish") String s) throws Exception {
        Optional<BigDecimal> expected = NumericLiteral.parse(s);
        BigDecimal actual =
                (BigDecimal) row("SELECT quarry_num(to_jsonb(?::text))", s).get(0);
        assertThat(Optional.ofNullable(actual).map(BigDecimal::stripTrailingZeros))
                .as("'%s'", s)
                .isEqualTo(expected.map(BigDecimal::stripTrailingZeros));
    }

    @Provide
    Arbitrary<String> numberish() {
        return Arbitraries.strings()
                .withChars(" \t+-.eE0123456789x")
                .ofMinLength(0)
                .ofMaxLength(12);
    }

    @Property(tries = 300)
    void dateTimesParseAsTheEvaluatorParses(@ForAll("dateish") String s) throws Exception {
        Long expected = IsoDateTime.parse(s)
                .map(io.quarry.sql.functions.QuarryFunctions::micros)
                .orElse(null);
        assertThat(row("SELECT quarry_instant(to_jsonb(?::text))", s).get(0))
                .as(s)
                .isEqualTo(expected);
    }

    @Provide
    Arbitrary<String> dateish() {
        Arbitrary<String> year =
                Arbitraries.of("0000", "0999", "1000", "1900", "1970", "2000", "2023", "2024", "2100", "9999");
        Arbitrary<String> month = Arbitraries.of("00", "01", "02", "04", "12", "13");
        Arbitrary<String> day = Arbitraries.of("00", "01", "28", "29", "30", "31", "32");
        Arbitrary<String> time = Arbitraries.of(
                "",
                "T00:00",
                "T23:59:59",
                "T10:11:12",
                "T20:60:00",
                "T24:00",
                "T10:00:60",
                "T10:00:00.5",
                "T10:00:00.123456",
                "T10:00:00.1234567");
        Arbitrary<String> zone = Arbitraries.of("", "Z", "+02:00", "-18:00", "+18:01", "+05:60", "z");
        return net.jqwik.api.Combinators.combine(year, month, day, time, zone)
                .as((y, m, d, t, z) -> y + "-" + m + "-" + d + t + (t.isEmpty() ? "" : z));
    }

    @org.junit.jupiter.api.Test
    void expressionIndexesBuildOnDirtyData() throws Exception {
        PostgresDialect dialect = new PostgresDialect();
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement()) {
            for (LayoutDdl.FieldKind kind : LayoutDdl.FieldKind.values()) {
                for (String field : List.of("n", "d", "s")) {
                    for (String ddl : dialect.ddl().fieldIndexes(StoreMapping.graph("org_id"), field, kind)) {
                        st.execute(ddl);
                    }
                }
            }
        }
    }

    /**
     * A session whose search path lacks the layout's schema (another application, pg_dump, autovacuum's
     * ANALYZE, which runs with an empty path) can plan, write and analyze the objects table: planning
     * inlines the keys of the expression indexes, and the helpers they call are found by the schema they
     * were created in, not by the session's path.
     */
    @org.junit.jupiter.api.Test
    void aSessionWithoutTheLayoutsSchemaOnItsPathUsesTheTable() throws Exception {
        PostgresDialect dialect = new PostgresDialect();
        String layout;
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement()) {
            for (String ddl :
                    dialect.ddl().fieldIndexes(StoreMapping.graph("org_id"), "kn", LayoutDdl.FieldKind.NUMBER)) {
                st.execute(ddl);
            }
            for (String ddl :
                    dialect.ddl().fieldIndexes(StoreMapping.graph("org_id"), "kd", LayoutDdl.FieldKind.DATE)) {
                st.execute(ddl);
            }
            try (ResultSet rs = st.executeQuery("SELECT current_schema()")) {
                rs.next();
                layout = '"' + rs.getString(1) + '"';
            }
        }
        for (String path : List.of("", "public", "pg_catalog")) {
            try (Connection c = ds.getConnection();
                    Statement st = c.createStatement()) {
                st.execute("SELECT set_config('search_path', '" + path + "', false)");
                c.setAutoCommit(false);
                try (ResultSet rs = st.executeQuery("SELECT count(*) FROM " + layout + ".quarry_objects")) {
                    rs.next();
                    assertThat(rs.getLong(1)).as(path).isPositive();
                }
                // index maintenance evaluates every key, the slow paths included
                st.execute("INSERT INTO " + layout + ".quarry_objects"
                        + " (id, type, org_id, properties, created_at, updated_at) VALUES ('z9', 'Thing', 'a',"
                        + " '{\"kn\": \"1e3\", \"kd\": \"2024-03-01T10:00:00.5+02:00\"}', now(), now())");
                st.execute("ANALYZE " + layout + ".quarry_objects");
                try (ResultSet rs = st.executeQuery("SELECT " + layout + ".quarry_num_key('\"1e3\"'),"
                        + layout + ".quarry_instant_key('\"2024-03-01T10:00:00.5+02:00\"'), "
                        + layout + ".quarry_nums('[\"7\", 8]'), "
                        + layout + ".quarry_num_range('[\"7\", 8]')::text, "
                        + layout + ".quarry_instant_range('[\"2024-03-01\"]')::text, "
                        + layout + ".quarry_bracket('\"2024-03-01\"'), "
                        + layout + ".quarry_sort_string('\"x\"')")) {
                    rs.next();
                    assertThat(rs.getBigDecimal(1)).as(path).isEqualByComparingTo("1000");
                    assertThat(rs.getLong(2)).isEqualTo(1_709_280_000_500_000L);
                    assertThat(rs.getString(4)).isEqualTo("[7,8]");
                    assertThat(rs.getString(5)).isEqualTo("[1709251200000000,1709251200000001)");
                    assertThat(rs.getInt(6)).isEqualTo(1);
                    assertThat(rs.getString(7)).isEqualTo("x");
                }
                c.rollback();
            }
        }
    }

    // --- regular expressions ---------------------------------------------------------------------

    static Stream<Arguments> patterns() {
        List<Arguments> cases = new ArrayList<>();
        String[] inputs = {
            "",
            "abc",
            "ABC",
            "a\nb",
            "a.b",
            "line\nbreak",
            "x".repeat(300),
            "x".repeat(1000),
            "é É",
            "\u212a",
            "k",
            "a-b_c",
            "tab\there",
            "😀x",
            "100%"
        };
        String[] patterns = {
            "a.b",
            "^a",
            "c$",
            "^$",
            "a\\.b",
            "[^a]",
            "[^a]b",
            "\\W",
            "\\w+",
            "\\d",
            "\\s",
            "\\S",
            "x{300}",
            "^x{0,1000}$",
            "^x{256,}$",
            "(ab|AB)c",
            "[a-c]{2}",
            "k",
            "é",
            "[é]",
            "😀",
            "\\n",
            "line.break",
            "%",
            "a\\-b",
            "(?:a|b)+",
            "[\\-_]c"
        };
        for (String p : patterns) {
            for (String input : inputs) {
                cases.add(Arguments.of(p, false, input));
                cases.add(Arguments.of(p, true, input));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} i={1} on {2}")
    @MethodSource("patterns")
    void patternsMatchAsTheEvaluatorMatches(String pattern, boolean ignoreCase, String input) throws Exception {
        PostgresRegex regex = PostgresRegex.of(pattern, ignoreCase);
        Object actual = row("SELECT ?::text ~ ?", input, regex.pattern()).get(0);
        assertThat(actual)
                .as("%s -> %s", pattern, regex.pattern())
                .isEqualTo(PortableRegex.find(pattern, ignoreCase, input));
    }

    @org.junit.jupiter.api.Test
    void onlyPatternsWithThreeLiteralsAreLeftToATrigramIndex() {
        assertThat(PostgresRegex.of("login", false).trigrams()).isTrue();
        assertThat(PostgresRegex.of("log", true).trigrams()).isTrue();
        assertThat(PostgresRegex.of("^ab", false).trigrams()).isFalse();
        assertThat(PostgresRegex.of("a.c", false).trigrams()).isFalse();
        assertThat(PostgresRegex.of("abc|d", false).trigrams()).isFalse();
        assertThat(PostgresRegex.of("ab+c", false).trigrams()).isFalse();
        assertThat(PostgresRegex.hasTrigram("a%b")).isFalse();
        assertThat(PostgresRegex.hasTrigram("100%")).isTrue();
    }

    // --- filters through the store, against the evaluator ---------------------------------------

    static Stream<String> filters() {
        return Stream.of(
                "{\"s\": {\"$contains\": \"%\"}}",
                "{\"s\": {\"$contains\": \"100%\"}}",
                "{\"s\": {\"$contains\": \"_\"}}",
                "{\"s\": {\"$contains\": \"a_b\"}}",
                "{\"s\": {\"$contains\": \"\\\\c\"}}",
                "{\"s\": {\"$contains\": \"b\\\\c%\"}}",
                "{\"s\": {\"$startsWith\": \"10\"}}",
                "{\"s\": {\"$startsWith\": \"100%\"}}",
                "{\"s\": {\"$endsWith\": \"%\"}}",
                "{\"s\": {\"$endsWith\": \"SURE\", \"$options\": \"i\"}}",
                "{\"s\": {\"$contains\": \"\\n\"}}",
                "{\"s\": {\"$regex\": \"line.break\"}}",
                "{\"tags\": {\"$contains\": \"_\"}}",
                "{\"tags\": {\"$contains\": \"\\\\\"}}",
                "{\"tags\": {\"$regex\": \"^x.y$\"}}",
                "{\"title\": {\"$contains\": \"k\", \"$options\": \"i\"}}",
                "{\"title\": {\"$contains\": \"S\", \"$options\": \"i\"}}",
                "{\"n\": 5}",
                "{\"n\": 7}",
                "{\"n\": {\"$gt\": 6}}",
                "{\"n\": {\"$lt\": 6}}",
                "{\"n\": {\"$gte\": 1e300}}",
                "{\"n\": {\"$gt\": 6, \"$lt\": 8}}",
                "{\"n\": {\"$gte\": 7, \"$lte\": 7}}",
                "{\"n\": {\"$gt\": 7, \"$lt\": 7}}",
                "{\"n\": {\"$gt\": 100, \"$lt\": 8}}",
                "{\"d\": {\"$gt\": \"2024-02-01\", \"$lte\": \"2024-01-01T01:00:00Z\"}}",
                "{\"d\": {\"$gte\": \"2024-01-01T01:00:00Z\", \"$lte\": \"2024-01-01T01:00:00Z\"}}",
                "{\"n\": {\"$in\": [5, 7, \"high\"]}}",
                "{\"n\": {\"$nin\": [5, 7]}}",
                "{\"n\": {\"$not\": {\"$gt\": 6}}}",
                "{\"n\": {\"$exists\": true}}",
                "{\"title\": {\"$exists\": false}}",
                "{\"d\": {\"$gte\": \"2024-03-01\", \"$lt\": \"2024-03-02\"}}",
                "{\"d\": {\"$lt\": \"2024-01-01\"}}",
                "{\"d\": {\"$gt\": \"2024-03-01T08:00:00Z\"}}",
                "{\"s\": {\"$gt\": \"100% sure\"}}",
                "{\"s\": {\"$lte\": \"1000 sure\"}}");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("filters")
    void filtersReturnWhatTheEvaluatorReturns(String filter) {
        for (Scope scope : List.of(Scope.unrestricted(), Scope.of("org_id", "a"), Scope.of("org_id", "b"))) {
            ObjectQuery query = query(filter, scope, null, null);
            assertThat(ids(store, query)).as(filter + " " + scope).isEqualTo(ids(memory, query));
        }
    }

    @org.junit.jupiter.api.Test
    void objectsComeBackExactlyAsLoaded() {
        for (String id : List.of("a1", "a2", "a3", "a4", "b1")) {
            assertThat(Json.write(
                            store.get(id, Scope.unrestricted()).orElseThrow().properties()))
                    .isEqualTo(Json.write(
                            memory.get(id, Scope.unrestricted()).orElseThrow().properties()));
        }
    }

    // --- scope -----------------------------------------------------------------------------------

    @org.junit.jupiter.api.Test
    void noRowOutsideTheScopeIsReached() {
        Scope b = Scope.of("org_id", "b");
        // a1 is related to b1, but it is in org a: neither the anchor nor its neighbours leak
        assertThat(ids(store, query("{}", b, "a1", null))).isEmpty();
        assertThat(ids(store, query("{}", b, null, null))).containsExactly("b1");
        assertThat(ids(store, query("{}", Scope.of("org_id", "a"), "a1", null))).containsExactly("a2");
        assertThat(store.get("a1", b)).isEmpty();
        assertThat(store.relationships("a1", b)).isEmpty();
        assertThat(store.relationships("a1", Scope.of("org_id", "a")))
                .extracting(r -> r.id())
                .containsExactly("r1");
        assertThat(store.countByType(b)).containsEntry("Thing", 1L).hasSize(1);
    }

    // --- full text -------------------------------------------------------------------------------

    @org.junit.jupiter.api.Test
    void fullTextUsesTheStoredTsvectorWhenConfigured() {
        // stemmed words: "login" finds "Logins"; the fallback (substring) finds "login" inside "Logins" too
        assertThat(ids(fullText, query("{}", Scope.unrestricted(), null, "login")))
                .containsExactly("b1", "a3");
        // websearch syntax: a quoted phrase and a negation
        assertThat(ids(fullText, query("{}", Scope.unrestricted(), null, "login -fail")))
                .containsExactly("b1");
        // without the column the fallback equals the evaluator: "logi" is a substring, not a word
        assertThat(ids(store, query("{}", Scope.unrestricted(), null, "logi")))
                .isEqualTo(ids(memory, query("{}", Scope.unrestricted(), null, "logi")))
                .containsExactly("b1", "a3");
        assertThat(ids(fullText, query("{}", Scope.unrestricted(), null, "logi")))
                .isEmpty();
    }

    @org.junit.jupiter.api.Test
    void fullTextReadsOnlyTheTextFields() {
        List<FieldPath> title = List.of(FieldPath.property("title"));
        List<FieldPath> s = List.of(FieldPath.property("s"));
        // "sure" is only in s: hidden when the text fields are [title]
        assertThat(ids(fullText, text("sure", List.of()))).containsExactlyInAnyOrder("a1", "a2", "b1");
        assertThat(ids(fullText, text("sure", title))).isEmpty();
        assertThat(ids(fullText, text("sure", s))).containsExactlyInAnyOrder("a1", "a2", "b1");
        assertThat(ids(fullText, text("login", title))).containsExactlyInAnyOrder("a3", "b1");
        assertThat(ids(fullText, text("login", s))).isEmpty();
        // a negated word in a hidden field excludes nothing: b1's s holds "sure", its title not
        assertThat(ids(fullText, text("login -sure", title))).containsExactlyInAnyOrder("a3", "b1");
        assertThat(ids(fullText, text("-sure", title))).containsExactlyInAnyOrder("a1", "a2", "a3", "a4", "b1");
        assertThat(ids(fullText, text("login or sure", title))).containsExactlyInAnyOrder("a3", "b1");
        // phrases within a field; the word of one field next to another's is no phrase
        assertThat(ids(fullText, text("\"logins fail\"", title))).containsExactly("a3");
        assertThat(ids(fullText, text("\"100 sure\"", List.of(FieldPath.property("s"), FieldPath.property("title")))))
                .containsExactlyInAnyOrder("a1", "b1");
        assertThat(ids(fullText, text("\"fail a_b\"", List.of(FieldPath.property("title"), FieldPath.property("s")))))
                .isEmpty();
        // a nested path, a missing field, and stop words only
        assertThat(ids(fullText, text("sure", List.of(FieldPath.property("s", "x")))))
                .isEmpty();
        assertThat(ids(fullText, text("the", title))).isEmpty();
    }

    // --- every read: read-only, timeout, custom plans --------------------------------------------

    @org.junit.jupiter.api.Test
    void readsRunReadOnlyUnderTheTimeoutWithCustomPlans() throws Exception {
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            new PostgresDialect().session().prepareRead(c, Duration.ofMillis(1234));
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT current_setting('statement_timeout'),"
                            + " current_setting('plan_cache_mode'), current_setting('transaction_read_only')")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("1234ms");
                assertThat(rs.getString(2)).isEqualTo("force_custom_plan");
                assertThat(rs.getString(3)).isEqualTo("on");
                assertThatThrownBy(() -> st.execute("CREATE TABLE nope (x int)"))
                        .hasMessageContaining("read-only");
            }
            c.rollback();
            // SET LOCAL: gone with the transaction
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT current_setting('statement_timeout')")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("0");
            }
            c.rollback();
        }
    }

    @org.junit.jupiter.api.Test
    void aStatementOverTheTimeoutIsTheQueryTimeoutError() throws Exception {
        PostgresDialect dialect = new PostgresDialect();
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            dialect.session().prepareRead(c, Duration.ofMillis(50));
            try (Statement st = c.createStatement()) {
                assertThatThrownBy(() -> st.execute("SELECT pg_sleep(5)"))
                        .isInstanceOfSatisfying(
                                SQLException.class,
                                e -> assertThat(dialect.session().isTimeout(e)).isTrue());
            }
            c.rollback();
        }
        // through the store: a 1 ms limit, and a query that reads every row many times over
        JdbcObjectStore slow = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(dialect)
                .mapping(StoreMapping.graph("org_id"))
                .timeout(Duration.ofMillis(1))
                .build();
        StringBuilder in = new StringBuilder("{\"n\": {\"$in\": [");
        for (int i = 0; i < 1000; i++) {
            in.append(i == 0 ? "" : ", ").append(i);
        }
        String filter =
                in.append("]}, \"s\": {\"$regex\": \"(a|b|c|d)*e{0,900}$\"}}").toString();
        assertThatThrownBy(() -> slow.search(query(filter, Scope.unrestricted(), null, null)))
                .isInstanceOfSatisfying(
                        QueryException.class, e -> assertThat(e.first().code()).isEqualTo(ErrorCode.QUERY_TIMEOUT));
    }

    // --- plans -----------------------------------------------------------------------------------

    @org.junit.jupiter.api.Test
    void theFormsCanUseTheirIndexes() throws Exception {
        PostgresDialect dialect = new PostgresDialect();
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement()) {
            for (LayoutDdl.FieldKind kind : LayoutDdl.FieldKind.values()) {
                for (String ddl : dialect.ddl().fieldIndexes(StoreMapping.graph("org_id"), "n", kind)) {
                    st.execute(ddl);
                }
            }
            st.execute("ANALYZE quarry_objects");
        }
        assertThat(plan("{\"s\": \"100% sure\"}", null)).contains("quarry_objects_properties");
        assertThat(plan("{\"n\": {\"$gt\": 6}}", null))
                .contains("quarry_objects_n_numkey")
                .contains("quarry_objects_n_jsontype");
        assertThat(plan("{\"n\": {\"$gte\": 6, \"$lt\": 9}}", null)).contains("quarry_objects_n_numkey");
        assertThat(plan("{\"n\": {\"$in\": [1, 2, 3]}}", null))
                .contains("quarry_objects_n_numkey")
                .doesNotContain("Seq Scan on quarry_objects");
        assertThat(plan("{\"n\": {\"$gt\": \"2024-01-01\"}}", null)).contains("quarry_objects_n_instantkey");
        assertThat(plan("{}", "a1")).contains("quarry_relationships_src").contains("quarry_relationships_dst");
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement()) {
            for (String ddl : dialect.ddl().fieldIndexes(StoreMapping.graph("org_id"), "s", LayoutDdl.FieldKind.TEXT)) {
                st.execute(ddl);
            }
        }
        // both arms of a string test can be indexed (on this tiny table the planner prefers the
        // jsonb_typeof btree for the string arm; bench/README.md shows the trigram index at scale)
        assertThat(plan("{\"s\": {\"$contains\": \"sure\"}}", null)).doesNotContain("Seq Scan on quarry_objects");
        // a trigram index is offered only a literal or pattern with three letters or digits in a row
        assertThat(where("{\"s\": {\"$contains\": \"sure\"}}")).contains(" LIKE ?");
        assertThat(where("{\"s\": {\"$contains\": \"% s\"}}"))
                .contains("strpos(")
                .doesNotContain("LIKE");
        assertThat(where("{\"s\": {\"$startsWith\": \"10\"}}"))
                .contains("starts_with(")
                .doesNotContain("LIKE");
        assertThat(where("{\"s\": {\"$endsWith\": \"e\"}}")).contains("right(").doesNotContain("LIKE");
        assertThat(where("{\"s\": {\"$regex\": \"^100\"}}")).contains(" ~ ?").doesNotContain("regexp_like");
        assertThat(where("{\"s\": {\"$regex\": \"^1.0\"}}"))
                .contains("regexp_like(")
                .doesNotContain(" ~ ?");
        assertThat(plan("{\"n\": 5}", null))
                .contains("quarry_objects_n_numkey")
                .contains("quarry_objects_n_jsontype")
                .doesNotContain("Seq Scan on quarry_objects");
    }

    /** A field the type declares a scalar is compared without the array arm; arrays and schemaless types keep it. */
    @org.junit.jupiter.api.Test
    void aDeclaredScalarIsComparedWithoutTheArrayArm() {
        Schema declared = QuarryConfig.parse(
                        "types:\n  Thing:\n    description: anything\n    fields:\n      s: string\n      n: number\n"
                                + "      d: datetime\n      tags: {type: array, items: string}\n",
                        "schema.yaml")
                .schema()
                .orElseThrow();
        SqlCompiler compiler = new SqlCompiler(new PostgresDialect());
        SqlCompiler.Columns columns = SqlCompiler.Columns.of("o", store.mapping());
        String scalar = compiler.where(
                        compiler.validate(
                                "{\"$or\": [{\"n\": {\"$gt\": 5}}, {\"d\": {\"$lt\": \"2024-01-01\"}},"
                                        + " {\"s\": {\"$contains\": \"sure\"}}, {\"n\": 7}]}",
                                declared,
                                "Thing"),
                        columns)
                .text();
        assertThat(scalar)
                .contains("quarry_num_key")
                .contains("quarry_instant_key")
                .contains(" LIKE ?")
                .doesNotContain("'array'")
                .doesNotContain("_range");
        // equalities on declared scalars: one containment, not the jsonpath
        assertThat(compiler.where(
                                compiler.validate("{\"s\": \"100% sure\", \"n\": {\"$gt\": 1}}", declared, "Thing"),
                                columns)
                        .text())
                .contains(" @> ?::jsonb")
                .doesNotContain("@??");
        assertThat(compiler.where(compiler.validate("{\"s\": {\"$in\": [\"a\", \"b\"]}}", declared, "Thing"), columns)
                        .text())
                .contains("@??");
        assertThat(compiler.where(compiler.validate("{\"tags\": {\"$contains\": \"x_y\"}}", declared, "Thing"), columns)
                        .text())
                .contains("'array'");
        assertThat(compiler.where(compiler.validate("{\"n\": {\"$gt\": 5}}", schema, "Thing"), columns)
                        .text())
                .contains("'array'");
    }

    /**
     * The plan, with sequential scans disabled to show what can use an index: of the filter alone
     * (the table is too small for the planner to prefer a JSON index over the type index), or of the
     * search's page statement when there is a relationship.
     */
    private static String plan(String filter, String relatedTo) throws Exception {
        ObjectQuery q = query(filter, Scope.of("org_id", "a"), relatedTo, null);
        Sql sql;
        if (relatedTo != null) {
            sql = store.explain(q).get(0);
        } else {
            SqlWriter w = new SqlWriter().append("SELECT 1 FROM \"quarry_objects\" \"o\" WHERE ");
            w.append(new SqlCompiler(new PostgresDialect())
                    .where(q.filter(), SqlCompiler.Columns.of("o", store.mapping())));
            sql = w.toSql();
        }
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            try (Statement st = c.createStatement()) {
                st.execute("SET LOCAL enable_seqscan = off");
                st.execute("SET LOCAL plan_cache_mode = force_custom_plan");
            }
            StringBuilder out = new StringBuilder();
            try (PreparedStatement ps = c.prepareStatement("EXPLAIN " + sql.text())) {
                for (int i = 0; i < sql.binds().size(); i++) {
                    ps.setObject(i + 1, sql.binds().get(i));
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.append(rs.getString(1)).append('\n');
                    }
                }
            }
            c.rollback();
            return out.toString();
        }
    }

    // --- helpers ---------------------------------------------------------------------------------

    /** The WHERE text a filter compiles to. */
    private static String where(String filter) {
        ObjectQuery q = query(filter, Scope.unrestricted(), null, null);
        return new SqlCompiler(new PostgresDialect())
                .where(q.filter(), SqlCompiler.Columns.of("o", store.mapping()))
                .text();
    }

    private static ObjectQuery text(String text, List<FieldPath> textFields) {
        return ObjectQuery.builder()
                .type("Thing")
                .filter(new SqlCompiler(new PostgresDialect()).validate("{}", schema, "Thing"))
                .scope(Scope.unrestricted())
                .limit(100)
                .text(text, textFields)
                .build();
    }

    private static ObjectQuery query(String filter, Scope scope, String relatedTo, String text) {
        ObjectQuery.Builder b = ObjectQuery.builder()
                .type("Thing")
                .filter(new SqlCompiler(new PostgresDialect()).validate(filter, schema, "Thing"))
                .scope(scope)
                .limit(100);
        if (relatedTo != null) {
            b.relatedTo(relatedTo, null);
        }
        if (text != null) {
            b.text(text, List.of());
        }
        return b.build();
    }

    private static List<String> ids(ObjectStore s, ObjectQuery q) {
        return s.search(q).items().stream().map(GraphObject::id).toList();
    }

    /** The first row of a query with string binds. */
    private static List<Object> row(String sql, String... binds) throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < binds.length; i++) {
                ps.setString(i + 1, binds[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    row.add(rs.getObject(i));
                }
                return row;
            }
        }
    }
}
