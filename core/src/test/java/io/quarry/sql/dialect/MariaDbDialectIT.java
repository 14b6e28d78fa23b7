package io.quarry.sql.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.config.QuarryConfig;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.FilterParser;
import io.quarry.filter.FilterValidator;
import io.quarry.internal.Json;
import io.quarry.schema.Schema;
import io.quarry.sql.Backend;
import io.quarry.sql.Dialect;
import io.quarry.sql.ElementTest;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.SortPart;
import io.quarry.sql.Sql;
import io.quarry.sql.SqlWriter;
import io.quarry.sql.StoreMapping;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectQuery;
import io.quarry.store.ObjectStore;
import io.quarry.store.Scope;
import io.quarry.store.SortKey;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * MariaDB-specific behaviour of {@link MySqlDialect}: dirty numbers, huge and tiny numbers, LIKE
 * metacharacters, the regex translation, case folding, code-point order, the key functions against
 * their Java twins, the read-only transaction and the statement timeout. Every filter is checked
 * against the in-memory evaluator.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MariaDbDialectIT {
    private static final Schema SCHEMA = QuarryConfig.parse(
                    "types:\n  Thing:\n    description: anything\n", "schema.yaml")
            .schema()
            .orElseThrow();
    private static final String[] VALUES = {
        // numbers, numeric strings and poison
        "5",
        "5.0",
        "\"5\"",
        "\" 5 \"",
        "\"high\"",
        "\"\"",
        "\"n/a\"",
        "null",
        "true",
        "false",
        "[1, \"7\", \"high\"]",
        "[]",
        "[[5]]",
        "{\"v\": 5}",
        "\"1e400\"",
        "\"-1e400\"",
        "1e308",
        "-1e308",
        "\"1.7976931348623157e308\"",
        "\"1.8e308\"",
        "\"4.9e-324\"",
        "\"2e-324\"",
        "\"2.5e-324\"",
        "9007199254740993",
        "9007199254740992",
        "\"9007199254740993.0000000000000000000000000001\"",
        "\"-0.000\"",
        "\"0e999999999999999999999\"",
        "\"1e999999999999999999999\"",
        "-2.5",
        "\"-2.50\"",
        "\"-10\"",
        "0.1",
        "\"00012\"",
        "\"1_000\"",
        "\"\\u0665\"",
        "\"5 5\"",
        "\"+.5e1\"",
        "\"5e\"",
        "\".\"",
        "\"-\"",
        // strings: order, case, trailing spaces, astral characters, metacharacters
        "\"a\"",
        "\"a \"",
        "\"A\"",
        "\"b\"",
        "\"\\u00e9\"",
        "\"\\u00c9\"",
        "\"\\ud83d\\ude00\"",
        "\"\\uff41\"",
        "\"\\u212a\"",
        "\"k\"",
        "\"\\u017f\"",
        "\"S\"",
        "\"\\u0130\"",
        "\"i\"",
        "\"stra\\u00dfe\"",
        "\"STRASSE\"",
        "\"\\u1e9e\"",
        "\"100% done\"",
        "\"100 percent done\"",
        "\"a_b\"",
        "\"axb\"",
        "\"back\\\\slash\"",
        "\"bang!\"",
        "\"line1\\nline2\"",
        "\"end\\n\"",
        "\"tab\\there\"",
        "\"x\\r\"",
        "\"\\u0661\\u0662\"",
        "\"12\"",
        "[\"a\", \"b\"]",
        "[\"A\", null]",
        // date-times
        "\"2024-01-05\"",
        "\"2024-01-05T01:00:00+02:00\"",
        "\"2024-01-05T00:00:00.000001Z\"",
        "\"2024-02-29\"",
        "\"2023-02-29\"",
        "\"2024-01-05T24:00\"",
        "\"2024-01-05T10:00:00+18:01\"",
        "\"0000-03-01\"",
        "\"9999-12-31T23:59:59.999999-18:00\"",
        "\"2024-01-05\\n\"",
        "\"2024-01-05T10:00Z\""
    };

    private DataSource dataSource;
    private JdbcObjectStore store;
    private ObjectStore memory;

    @BeforeAll
    void load() throws Exception {
        ArrayNode objects = JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i < VALUES.length; i++) {
            ObjectNode o = objects.addObject();
            o.put("id", String.format("v%03d", i));
            o.put("type", "Thing");
            o.put("created_at", "2024-01-01T00:00:00Z");
            o.set("properties", Json.parse("{\"x\": " + VALUES[i] + "}"));
        }
        ObjectNode missing = objects.addObject();
        missing.put("id", "v999");
        missing.put("type", "Thing");
        missing.set("properties", Json.object());
        ArrayNode relationships = JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i + 7 < VALUES.length; i += 3) {
            ObjectNode r = relationships.addObject();
            r.put("id", String.format("r%03d", i));
            r.put("src_id", String.format("v%03d", i));
            r.put("dst_id", String.format("v%03d", i + (i % 2 == 0 ? 7 : 1)));
            r.put("type", i % 2 == 0 ? "blocks" : "mentions");
        }
        DataFile.DataSet data = DataFile.read(
                Json.parse("{\"objects\": " + objects + ", \"relationships\": " + relationships + "}"), "dialect");
        dataSource = Backend.MARIADB.dataSource("mariadb_dialect");
        store = JdbcObjectStore.builder()
                .dataSource(dataSource)
                .dialect(Dialects.detect(dataSource))
                .build();
        store.createLayout();
        store.createLayout(); // idempotent
        store.load(data);
        memory = InMemoryObjectStore.of(data);
    }

    Stream<String> filters() {
        return Stream.of(
                // guarded numeric comparison
                "{\"x\": 5}",
                "{\"x\": {\"$gt\": 0}}",
                "{\"x\": {\"$gte\": 0}}",
                "{\"x\": {\"$lt\": 0}}",
                "{\"x\": {\"$lte\": -2.5}}",
                "{\"x\": {\"$gt\": 9007199254740992}}",
                "{\"x\": {\"$gt\": 1e300}}",
                "{\"x\": {\"$lt\": -1e300}}",
                "{\"x\": {\"$lt\": 1e-320}}",
                "{\"x\": {\"$gt\": 0, \"$lt\": 1e-300}}",
                "{\"x\": 0}",
                "{\"x\": 12}",
                "{\"x\": {\"$in\": [7, 0.1, 1e308]}}",
                "{\"x\": {\"$ne\": 5}}",
                "{\"x\": {\"$nin\": [5, \"high\"]}}",
                "{\"x\": {\"$not\": {\"$gt\": 1}}}",
                "{\"x\": \"high\"}",
                "{\"x\": \"\"}",
                "{\"x\": null}",
                "{\"x\": {\"$ne\": null}}",
                "{\"x\": true}",
                "{\"x\": {\"$exists\": true}}",
                "{\"x\": {\"$size\": 0}}",
                "{\"x\": {\"$size\": 3}}",
                "{\"x\": {\"$all\": [1, \"high\"]}}",
                "{\"x\": {\"$all\": [null]}}",
                // code-point order, trailing spaces
                "{\"x\": \"a\"}",
                "{\"x\": {\"$gt\": \"a\"}}",
                "{\"x\": {\"$gte\": \"\\uffff\"}}",
                "{\"x\": {\"$lt\": \"B\"}}",
                "{\"x\": {\"$gt\": \"\\uff41\"}}",
                // LIKE metacharacters
                "{\"x\": {\"$contains\": \"%\"}}",
                "{\"x\": {\"$contains\": \"_\"}}",
                "{\"x\": {\"$contains\": \"!\"}}",
                "{\"x\": {\"$contains\": \"\\\\\"}}",
                "{\"x\": {\"$startsWith\": \"100%\"}}",
                "{\"x\": {\"$endsWith\": \"_b\"}}",
                "{\"x\": {\"$endsWith\": \" \"}}",
                "{\"x\": {\"$contains\": \"A\", \"$options\": \"i\"}}",
                "{\"x\": {\"$startsWith\": \"k\", \"$options\": \"i\"}}",
                "{\"x\": {\"$contains\": \"s\", \"$options\": \"i\"}}",
                "{\"x\": {\"$contains\": \"\\u00e9\", \"$options\": \"i\"}}",
                "{\"x\": {\"$contains\": \"%\", \"$options\": \"i\"}}",
                "{\"x\": {\"$endsWith\": \"\\n\", \"$options\": \"i\"}}",
                // the regex subset
                "{\"x\": {\"$regex\": \"^a\"}}",
                "{\"x\": {\"$regex\": \"^a$\"}}",
                "{\"x\": {\"$regex\": \"d$\"}}",
                "{\"x\": {\"$regex\": \"1.l\"}}",
                "{\"x\": {\"$regex\": \"^.$\"}}",
                "{\"x\": {\"$regex\": \"^..$\"}}",
                "{\"x\": {\"$regex\": \"x.\"}}",
                "{\"x\": {\"$regex\": \"\\\\d\"}}",
                "{\"x\": {\"$regex\": \"^\\\\w+$\"}}",
                "{\"x\": {\"$regex\": \"\\\\s\"}}",
                "{\"x\": {\"$regex\": \"[^a-z0-9 ]\"}}",
                "{\"x\": {\"$regex\": \"^(a|b)\", \"$options\": \"\"}}",
                "{\"x\": {\"$regex\": \"^[a-c]{1,2}$\", \"$options\": \"i\"}}",
                "{\"x\": {\"$regex\": \"^k$\", \"$options\": \"i\"}}",
                "{\"x\": {\"$regex\": \"^s$\", \"$options\": \"i\"}}",
                "{\"x\": {\"$regex\": \"^i$\", \"$options\": \"i\"}}",
                "{\"x\": {\"$regex\": \"stra\\u00dfe\", \"$options\": \"i\"}}",
                "{\"x\": {\"$regex\": \"^\\u00df\", \"$options\": \"i\"}}",
                "{\"x\": {\"$regex\": \"\\\\.\"}}",
                "{\"x\": {\"$regex\": \"\\\\$\"}}",
                "{\"x\": {\"$regex\": \"(?:1|2)+\"}}",
                // temporal comparison by instant
                "{\"x\": {\"$gte\": \"2024-01-05\"}}",
                "{\"x\": {\"$lt\": \"2024-01-05T00:00:00.000001Z\"}}",
                "{\"x\": {\"$gt\": \"2024-01-04T23:00:00-01:00\"}}",
                "{\"x\": {\"$lt\": \"1000-01-01\"}}",
                "{\"x\": {\"$gt\": \"9999-12-31T23:59:59Z\"}}",
                "{\"x\": \"2024-01-05\"}");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("filters")
    void dirtyDataGivesTheEvaluatorsAnswerWithoutWarnings(String filter) throws SQLException {
        ObjectQuery query = query(filter, List.of());
        assertThat(ids(store, query)).isEqualTo(ids(memory, query));
        for (Sql sql : store.explain(query)) {
            assertThat(warnings(sql)).as(sql.text()).isEmpty();
        }
    }

    @Test
    void everyPageOfEveryOrderIsTheEvaluatorsOrder() {
        for (boolean descending : new boolean[] {false, true}) {
            ObjectQuery query = query("{}", List.of(new SortKey(io.quarry.filter.FieldPath.property("x"), descending)));
            assertThat(ids(store, query)).isEqualTo(ids(memory, query));
            List<String> paged = new ArrayList<>();
            String cursor = null;
            do {
                ObjectQuery page = ObjectQuery.builder()
                        .type("Thing")
                        .filter(query.filter())
                        .sort(query.sort())
                        .limit(7)
                        .cursor(cursor)
                        .scope(Scope.unrestricted())
                        .build();
                var result = store.search(page);
                result.items().forEach(o -> paged.add(o.id()));
                cursor =
                        result.hasMore() ? result.cursors().get(result.cursors().size() - 1) : null;
            } while (cursor != null);
            assertThat(paged).isEqualTo(ids(memory, query));
        }
    }

    Stream<String> texts() {
        return Stream.of("a", "A", "5", "done", "\u00c9", "k", "line", "100%", "_", "2024", "ab", "x y");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("texts")
    void fullTextIsTheDocumentedFallback(String text) {
        for (List<io.quarry.filter.FieldPath> fields :
                List.of(List.<io.quarry.filter.FieldPath>of(), List.of(io.quarry.filter.FieldPath.property("x")))) {
            ObjectQuery query = ObjectQuery.builder()
                    .type("Thing")
                    .filter(query("{}", List.of()).filter())
                    .text(text, fields)
                    .limit(1000)
                    .scope(Scope.unrestricted())
                    .build();
            assertThat(ids(store, query)).as(fields.toString()).isEqualTo(ids(memory, query));
        }
    }

    @Test
    void relationshipsCountsAndLookupsAreTheEvaluators() {
        for (int i = 0; i < VALUES.length; i += 5) {
            String id = String.format("v%03d", i);
            assertThat(store.relationships(id, Scope.unrestricted()))
                    .isEqualTo(memory.relationships(id, Scope.unrestricted()));
            assertThat(store.get(id, Scope.unrestricted())).isEqualTo(memory.get(id, Scope.unrestricted()));
            for (String type : new String[] {null, "blocks"}) {
                ObjectQuery related = ObjectQuery.builder()
                        .type("Thing")
                        .filter(query("{}", List.of()).filter())
                        .relatedTo(id, type)
                        .limit(1000)
                        .scope(Scope.unrestricted())
                        .build();
                assertThat(ids(store, related)).as(id + " " + type).isEqualTo(ids(memory, related));
            }
        }
        assertThat(store.countByType(Scope.unrestricted())).isEqualTo(memory.countByType(Scope.unrestricted()));
    }

    @Test
    void aSearchThatOutlivesTheStatementTimeoutIsQueryTimeout() throws SQLException {
        // a view of ten million objects: no filter over it ends within a millisecond
        try (Connection c = dataSource.getConnection();
                Statement st = c.createStatement()) {
            st.execute("CREATE OR REPLACE VIEW many_objects AS SELECT CONCAT('m', seq) AS id, 'Thing' AS type,"
                    + " CONCAT('{\"x\": \"', seq, '\"}') AS properties, TIMESTAMP '2024-01-01 00:00:00' AS created_at,"
                    + " TIMESTAMP '2024-01-01 00:00:00' AS updated_at FROM seq_1_to_10000000");
        }
        StoreMapping mapping = new StoreMapping(
                "many_objects",
                "id",
                "type",
                "properties",
                "created_at",
                "updated_at",
                List.of(),
                "quarry_relationships",
                "id",
                "src_id",
                "dst_id",
                "type");
        JdbcObjectStore slow = JdbcObjectStore.builder()
                .dataSource(dataSource)
                .dialect(Dialects.detect(dataSource))
                .mapping(mapping)
                .timeout(Duration.ofMillis(1))
                .build();
        assertThatThrownBy(() -> slow.search(query("{\"x\": {\"$regex\": \"z\"}}", List.of())))
                .isInstanceOfSatisfying(
                        QueryException.class, e -> assertThat(e.first().code()).isEqualTo(ErrorCode.QUERY_TIMEOUT));
    }

    @Test
    void catastrophicBacktrackingIsAnErrorNeverASilentMiss() throws Exception {
        ObjectNode props = Json.object();
        props.put("x", "a".repeat(40) + "!");
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement(
                        "INSERT INTO quarry_objects VALUES ('w001', 'Other', ?," + " '2024-01-01', '2024-01-01')")) {
            ps.setString(1, Json.write(props));
            ps.executeUpdate();
        }
        try {
            ObjectQuery query = ObjectQuery.builder()
                    .type("Other")
                    .filter(new FilterValidator(SCHEMA)
                            .validate(FilterParser.withDefaults().parse("{\"x\": {\"$regex\": \"^(a|aa)*$\"}}"), null))
                    .limit(10)
                    .scope(Scope.unrestricted())
                    .build();
            assertThatThrownBy(() -> store.search(query))
                    .isInstanceOfSatisfying(
                            QueryException.class,
                            e -> assertThat(e.first().code()).isEqualTo(ErrorCode.QUERY_TIMEOUT))
                    .hasMessageContaining("backtracking");
        } finally {
            try (Connection c = dataSource.getConnection();
                    Statement st = c.createStatement()) {
                st.execute("DELETE FROM quarry_objects WHERE id = 'w001'");
            }
        }
    }

    @Test
    void aReadIsReadOnlyUnderTheStatementTimeoutAndRestoresTheSession() throws SQLException {
        Dialect dialect = Dialects.detect(dataSource);
        try (Connection c = dataSource.getConnection();
                Statement st = c.createStatement()) {
            st.execute("SET @@session.max_statement_time = 42, @@session.time_zone = '+05:30'");
            c.setAutoCommit(false);
            dialect.session().prepareRead(c, Duration.ofMillis(2500));
            assertThat(scalar(st, "SELECT @@session.max_statement_time")).isEqualTo("2.500000");
            assertThat(scalar(st, "SELECT @@session.time_zone")).isEqualTo("+00:00");
            assertThat(scalar(st, "SELECT @@in_transaction")).isEqualTo("1");
            assertThatThrownBy(() -> st.executeUpdate("INSERT INTO quarry_relationships VALUES ('r', 'a', 'b', 't')"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("READ ONLY");
            c.rollback();
            dialect.session().finishRead(c);
            c.setAutoCommit(true);
            assertThat(scalar(st, "SELECT @@session.max_statement_time")).isEqualTo("42.000000");
            assertThat(scalar(st, "SELECT @@session.time_zone")).isEqualTo("+05:30");
        }
    }

    /** The store refuses a statement over this before sending it (issue 33, item 2). */
    @Test
    void theLimitOnOneStatementIsTheServersMaxAllowedPacket() throws SQLException {
        Dialect dialect = Dialects.detect(dataSource);
        try (Connection c = dataSource.getConnection();
                Statement st = c.createStatement()) {
            assertThat(dialect.session().maxStatementBytes(c))
                    .isEqualTo(Long.parseLong(scalar(st, "SELECT @@global.max_allowed_packet")))
                    .isGreaterThanOrEqualTo(1L << 20);
        }
    }

    @Test
    void theServersStatementTimeoutIsRecognized() throws SQLException {
        Dialect dialect = Dialects.detect(dataSource);
        try (Connection c = dataSource.getConnection();
                Statement st = c.createStatement()) {
            c.setAutoCommit(false);
            dialect.session().prepareRead(c, Duration.ofMillis(1));
            // 10^12 rows cannot be counted in a millisecond: max_statement_time stops it
            SQLException e = org.junit.jupiter.api.Assertions.assertThrows(
                    SQLException.class,
                    () -> st.executeQuery("SELECT COUNT(*) FROM seq_1_to_1000000 a, seq_1_to_1000000 b"));
            assertThat(dialect.session().isTimeout(e))
                    .as(e.getErrorCode() + " " + e.getMessage())
                    .isTrue();
            c.rollback();
            dialect.session().finishRead(c);
        }
    }

    @Test
    void theKeyFunctionsAgreeWithTheirJavaTwins() throws SQLException {
        Random random = new Random(7);
        List<String> literals = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            BigDecimal n =
                    new BigDecimal(new java.math.BigInteger(1 + random.nextInt(60), random), random.nextInt(640) - 320);
            if (random.nextBoolean()) {
                n = n.negate();
            }
            literals.add(random.nextBoolean() ? n.toString() : n.toPlainString());
        }
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement(
                        "SELECT " + MySqlDialect.NUMBER_KEY + "(JSON_QUOTE(?)), " + MySqlDialect.NUMBER_KEY + "(?)")) {
            for (String literal : literals) {
                ps.setString(1, literal);
                ps.setString(2, literal.replace("E", "e"));
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    var expected = io.quarry.internal.NumericLiteral.parse(literal)
                            .map(NumberKey::of)
                            .orElse(null);
                    assertThat(rs.getString(1)).as(literal).isEqualTo(expected);
                    assertThat(rs.getString(2)).as(literal).isEqualTo(expected);
                }
            }
        }
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT " + MySqlDialect.INSTANT_KEY + "(JSON_QUOTE(?))")) {
            for (int i = 0; i < 2000; i++) {
                long seconds = random.nextLong(-62_167_219_200L, 253_402_300_799L);
                java.time.ZoneOffset offset = java.time.ZoneOffset.ofTotalSeconds((random.nextInt(37) - 18) * 3600);
                String text = java.time.OffsetDateTime.ofInstant(java.time.Instant.ofEpochSecond(seconds), offset)
                        .format(java.time.format.DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ssxxx"));
                text = text.endsWith("+00:00") && random.nextBoolean() ? text.replace("+00:00", "Z") : text;
                ps.setString(1, text);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    Long expected = QuarryFunctionsBridge.instant(text);
                    assertThat(rs.getObject(1) == null ? null : rs.getLong(1))
                            .as(text)
                            .isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void numberAndInstantTestsAgreeWithTheEvaluatorOnRandomValues() throws SQLException {
        Random random = new Random(11);
        MySqlDialect dialect = (MySqlDialect) Dialects.detect(dataSource);
        io.quarry.filter.CompareOp[] ops = io.quarry.filter.CompareOp.values();
        int checked = 0;
        try (Connection c = dataSource.getConnection();
                PreparedStatement set = c.prepareStatement("SET @doc = ?")) {
            for (int i = 0; i < 3000; i++) {
                boolean numbers = i % 2 == 0;
                String value = numbers ? randomNumber(random) : randomInstant(random);
                io.quarry.filter.CompareOp op = ops[random.nextInt(ops.length)];
                ElementTest test = numbers
                        ? new ElementTest.NumberCompare(
                                op,
                                new BigDecimal(
                                        randomNumber(random).replace("\"", "").trim()))
                        : new ElementTest.InstantCompare(
                                op,
                                ElementTest.InstantCompare.micros(
                                        io.quarry.internal.IsoDateTime.parse(randomValidInstant(random))
                                                .orElseThrow()));
                String document = "{\"x\": " + value + "}";
                SqlWriter w = new SqlWriter().append("SELECT ");
                dialect.anyElement(w, "@doc", List.of("x"), test);
                Sql sql = w.toSql();
                set.setString(1, document);
                set.execute();
                try (PreparedStatement ps = c.prepareStatement(sql.text())) {
                    for (int b = 0; b < sql.binds().size(); b++) {
                        ps.setObject(b + 1, sql.binds().get(b));
                    }
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        InProcessTest e = InProcessTest.of(test);
                        boolean expected = io.quarry.sql.functions.QuarryFunctions.anyElement(
                                document, "x", e.kind(), e.op(), e.operand(), false);
                        assertThat(rs.getBoolean(1)).as(value + " " + test).isEqualTo(expected);
                        checked += expected ? 1 : 0;
                    }
                    assertThat((Object) ps.getWarnings()).as(value + " " + test).isNull();
                }
            }
        }
        assertThat(checked).as("both answers occur").isBetween(300, 2700);
    }

    @Test
    void sortKeysAreTheEvaluatorsOnRandomValues() throws Exception {
        Random random = new Random(5);
        MySqlDialect dialect = (MySqlDialect) Dialects.detect(dataSource);
        SqlWriter w = new SqlWriter().append("SELECT ");
        for (SortPart part : SortPart.values()) {
            w.append(part.ordinal() == 0 ? "" : ", ");
            dialect.sortKey(w, "`d`.`doc`", List.of("x"), part);
        }
        // from a table: with a user variable the optimizer folds constants and evaluates every branch
        Sql sql = w.append(" FROM `sort_doc` `d`").toSql();
        try (Connection c = dataSource.getConnection();
                Statement create = c.createStatement();
                PreparedStatement set = c.prepareStatement("UPDATE `sort_doc` SET `doc` = ?");
                PreparedStatement ps = c.prepareStatement(sql.text())) {
            create.execute("CREATE TEMPORARY TABLE `sort_doc` (`doc` LONGTEXT)");
            create.execute("INSERT INTO `sort_doc` VALUES ('{}')");
            for (int i = 0; i < 3000; i++) {
                String value =
                        switch (i % 4) {
                            case 0 -> randomNumber(random);
                            case 1 -> randomInstant(random);
                            case 2 -> "\"" + randomValidInstant(random).replace("0", "" + random.nextInt(10)) + "\"";
                            default ->
                                List.of("true", "false", "null", "[1]", "{}", "\"x\"", "\"\"", "\" 7 \"", "\"-0\"")
                                        .get(random.nextInt(9));
                        };
                var node = Json.parse(value);
                set.setString(1, "{\"x\": " + value + "}");
                set.execute();
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    for (SortPart part : SortPart.values()) {
                        Object expected =
                                node.isNull() ? (part == SortPart.BRACKET ? 5 : null) : dialect.sortValue(part, node);
                        String text = expected instanceof Boolean b
                                ? (b ? "1" : "0")
                                : java.util.Objects.toString(expected, null);
                        assertThat(rs.getString(part.ordinal() + 1))
                                .as(part + " of " + value)
                                .isEqualTo(text);
                    }
                }
                assertThat((Object) ps.getWarnings()).as(value).isNull();
            }
        }
    }

    private static String randomNumber(Random random) {
        StringBuilder d = new StringBuilder().append(1 + random.nextInt(9));
        for (int k = random.nextInt(18); k > 0; k--) {
            d.append(random.nextInt(10));
        }
        String digits = d.toString();
        String n =
                switch (random.nextInt(8)) {
                    case 0 -> digits;
                    case 1 -> "-" + digits;
                    case 2 -> digits.charAt(0) + "." + digits;
                    case 3 -> "0." + "0".repeat(random.nextInt(35)) + digits;
                    case 4 -> digits + "0".repeat(random.nextInt(20)) + "." + digits;
                    case 5 -> digits + "e" + (random.nextInt(640) - 320);
                    case 6 -> "-0." + digits + "e-" + random.nextInt(10);
                    default -> String.valueOf(random.nextInt(21) - 10);
                };
        return random.nextInt(3) == 0
                ? "\"" + n + "\""
                : (n.startsWith("0.") || !n.contains("e") ? n : "\"" + n + "\"");
    }

    private static String randomValidInstant(Random random) {
        long second = random.nextLong(-62_167_219_200L, 253_402_300_799L);
        if (random.nextBoolean()) {
            second = 1_704_412_800L + random.nextInt(1000) - 500;
        }
        String text = java.time.LocalDateTime.ofEpochSecond(second, 0, java.time.ZoneOffset.UTC)
                .format(java.time.format.DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss"));
        return switch (random.nextInt(4)) {
            case 0 -> text + "Z";
            case 1 -> text + "." + random.nextInt(10) + "Z";
            case 2 -> text.substring(0, 10);
            default -> text + (random.nextBoolean() ? "+" : "-") + String.format("%02d:%02d", random.nextInt(19), 0);
        };
    }

    private static String randomInstant(Random random) {
        String valid = randomValidInstant(random);
        String v =
                switch (random.nextInt(6)) {
                    case 0 -> valid.substring(0, 5) + String.format("%02d", random.nextInt(14)) + valid.substring(7);
                    case 1 ->
                        valid.substring(0, 8) + String.format("%02d", 28 + random.nextInt(4)) + valid.substring(10);
                    case 2 ->
                        valid.length() > 13
                                ? valid.substring(0, 11)
                                        + String.format("%02d", 20 + random.nextInt(5))
                                        + valid.substring(13)
                                : valid;
                    case 3 -> valid.toLowerCase(java.util.Locale.ROOT);
                    default -> valid;
                };
        return "\"" + v + "\"";
    }

    /** The evaluator's instant of a string, in epoch microseconds, or null. */
    static final class QuarryFunctionsBridge {
        static Long instant(String text) {
            return io.quarry.sql.functions.QuarryFunctions.instantKey(JsonNodeFactory.instance.textNode(text));
        }
    }

    private List<String> warnings(Sql sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement(sql.text())) {
            for (int i = 0; i < sql.binds().size(); i++) {
                ps.setObject(i + 1, sql.binds().get(i));
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    // read every row, so every row is evaluated
                }
            }
            for (var w = ps.getWarnings(); w != null; w = w.getNextWarning()) {
                out.add(w.getErrorCode() + " " + w.getMessage());
            }
        }
        return out;
    }

    private static String scalar(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static ObjectQuery query(String filter, List<SortKey> sort) {
        return ObjectQuery.builder()
                .type("Thing")
                .filter(new FilterValidator(SCHEMA)
                        .validate(
                                FilterParser.withDefaults().parse(filter),
                                SCHEMA.type("Thing").orElseThrow()))
                .sort(sort)
                .limit(1000)
                .scope(Scope.unrestricted())
                .build();
    }

    private static List<String> ids(ObjectStore store, ObjectQuery query) {
        return store.search(query).items().stream().map(GraphObject::id).toList();
    }
}
