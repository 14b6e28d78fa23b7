package io.quarry.sql.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.FieldPath;
import io.quarry.filter.FilterCases;
import io.quarry.internal.Json;
import io.quarry.schema.Schema;
import io.quarry.sql.Backend;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.Sql;
import io.quarry.sql.SqlCompiler;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectQuery;
import io.quarry.store.ObjectStore;
import io.quarry.store.SortKey;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What SQLite would get wrong without the dialect's guards: its affinities and silent casts on dirty
 * values, LIKE's metacharacters and ASCII case folding, UTF-16 against code-point order; and the
 * dialect's read set-up (query_only, the interrupting timeout) on a connection.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqliteDialectTest {
    private static final String DATA = """
            {"objects": [
            {"id": "d01", "type": "Thing", "properties": {"v": 5}},
            {"id": "d02", "type": "Thing", "properties": {"v": "5"}},
            {"id": "d03", "type": "Thing", "properties": {"v": "high"}},
            {"id": "d04", "type": "Thing", "properties": {"v": ""}},
            {"id": "d05", "type": "Thing", "properties": {"v": "n/a"}},
            {"id": "d06", "type": "Thing", "properties": {"v": "12abc"}},
            {"id": "d07", "type": "Thing", "properties": {"v": true}},
            {"id": "d08", "type": "Thing", "properties": {"v": [1, "9", "x"]}},
            {"id": "d09", "type": "Thing", "properties": {"v": {"w": 7}}},
            {"id": "d10", "type": "Thing", "properties": {"v": 1e-5}},
            {"id": "d11", "type": "Thing", "properties": {"v": "2024-03-01T10:00:00+02:00"}},
            {"id": "d12", "type": "Thing", "properties": {"v": "2024-03-01T09:00:00Z"}},
            {"id": "d13", "type": "Thing", "properties": {"v": 0.30000000000000004}},
            {"id": "d14", "type": "Thing", "properties": {"v": 0.3}},
            {"id": "t01", "type": "Thing", "properties": {"s": "100% done"}},
            {"id": "t02", "type": "Thing", "properties": {"s": "100x done"}},
            {"id": "t03", "type": "Thing", "properties": {"s": "a_b"}},
            {"id": "t04", "type": "Thing", "properties": {"s": "axb"}},
            {"id": "t05", "type": "Thing", "properties": {"s": "back\\\\slash"}},
            {"id": "t06", "type": "Thing", "properties": {"s": "ABC"}},
            {"id": "t07", "type": "Thing", "properties": {"s": "abc"}},
            {"id": "t08", "type": "Thing", "properties": {"s": "[ab]*?"}},
            {"id": "t09", "type": "Thing", "properties": {"s": "\\u00c9t\\u00e9"}},
            {"id": "u01", "type": "Thing", "properties": {"u": "a"}},
            {"id": "u02", "type": "Thing", "properties": {"u": "\\u00e9"}},
            {"id": "u03", "type": "Thing", "properties": {"u": "\\ue000"}},
            {"id": "u04", "type": "Thing", "properties": {"u": "\\ud83d\\ude00"}},
            {"id": "u05", "type": "Thing", "properties": {"u": "\\uffff"}},
            {"id": "u06", "type": "Thing", "properties": {"u": "a\\u0000b"}},
            {"id": "u07", "type": "Thing", "properties": {"u": "A"}},
            {"id": "u08", "type": "Thing", "properties": {"u": "ab"}}
            ]}
            """;

    private final Schema schema = FilterCases.schema();
    private ObjectStore memory;
    private JdbcObjectStore sqlite;
    private DataSource dataSource;

    @BeforeAll
    void load() throws Exception {
        DataFile.DataSet data = DataFile.read(Json.parse(DATA), "dialect data");
        memory = InMemoryObjectStore.of(data);
        dataSource = Backend.SQLITE.dataSource("sqlite_dialect");
        sqlite = JdbcObjectStore.builder()
                .dataSource(dataSource)
                .dialect(new SqliteDialect())
                .build();
        sqlite.createLayout();
        sqlite.createLayout(); // idempotent
        sqlite.load(data);
    }

    static Stream<String> filters() {
        return Stream.of(
                // dirty values: never SQLite's text-above-numbers order, never CAST('high') = 0
                "{\"v\": {\"$gt\": 4}}",
                "{\"v\": {\"$lt\": 10}}",
                "{\"v\": {\"$lte\": 0}}",
                "{\"v\": {\"$gte\": 0}}",
                "{\"v\": 5}",
                "{\"v\": \"5\"}",
                "{\"v\": {\"$ne\": 5}}",
                "{\"v\": {\"$in\": [1, \"x\", true]}}",
                "{\"v\": {\"$gt\": 12}}",
                "{\"v\": {\"$gt\": 0.3}}",
                "{\"v\": {\"$lt\": 0.00001}}",
                "{\"v\": {\"$gt\": \"2024-03-01T08:30:00Z\"}}",
                "{\"v\": {\"$lt\": \"2024-03-01T08:30:00Z\"}}",
                "{\"v\": {\"$gt\": \"high\"}}",
                "{\"v\": {\"$lt\": \"\"}}",
                "{\"v\": {\"$exists\": false}}",
                "{\"v\": {\"$size\": 3}}",
                "{\"v\": {\"$all\": [1, \"9\"]}}",
                "{\"v\": {\"$exists\": true}}",
                "{\"v\": true}",
                "{\"v\": 1}",
                // LIKE metacharacters are literal; matching is case-sensitive unless asked
                "{\"s\": {\"$contains\": \"%\"}}",
                "{\"s\": {\"$contains\": \"0% d\"}}",
                "{\"s\": {\"$contains\": \"_\"}}",
                "{\"s\": {\"$startsWith\": \"a_\"}}",
                "{\"s\": {\"$endsWith\": \"_b\"}}",
                "{\"s\": {\"$contains\": \"\\\\\"}}",
                "{\"s\": {\"$contains\": \"[ab]\"}}",
                "{\"s\": {\"$startsWith\": \"[ab]*\"}}",
                "{\"s\": {\"$contains\": \"abc\"}}",
                "{\"s\": {\"$contains\": \"abc\", \"$options\": \"i\"}}",
                "{\"s\": {\"$contains\": \"\\u00e9T\", \"$options\": \"i\"}}",
                "{\"s\": {\"$regex\": \"^a.b$\"}}",
                "{\"s\": {\"$regex\": \"^ABC$\", \"$options\": \"i\"}}",
                "{\"s\": \"abc\"}",
                // code-point order, not UTF-16 order; NUL inside a string
                "{\"u\": {\"$gt\": \"\\ue000\"}}",
                "{\"u\": {\"$lt\": \"\\ue000\"}}",
                "{\"u\": {\"$gt\": \"a\"}}",
                "{\"u\": {\"$lt\": \"ab\"}}",
                "{\"u\": {\"$gte\": \"a\\u0000\"}}",
                "{\"u\": \"a\\u0000b\"}",
                "{\"u\": {\"$contains\": \"\\u0000\"}}");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("filters")
    void sameIdsAsTheEvaluator(String filter) {
        ObjectQuery query = query(filter, List.of(new SortKey(FieldPath.systemField("id"), false)));
        assertThat(ids(sqlite, query)).isEqualTo(ids(memory, query));
    }

    static Stream<String> sortFields() {
        return Stream.of("v", "s", "u");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sortFields")
    void sortsAsTheEvaluatorInBothDirectionsOnEveryPage(String field) {
        for (boolean descending : new boolean[] {false, true}) {
            ObjectQuery first = query("{}", List.of(new SortKey(FieldPath.property(field), descending)));
            assertThat(pages(sqlite, first))
                    .as(field + (descending ? " desc" : " asc"))
                    .isEqualTo(ids(memory, first));
        }
    }

    @Test
    void aTimeoutIsQueryTimeout() throws Exception {
        StringBuilder many = new StringBuilder("{\"objects\": [");
        for (int i = 0; i < 3000; i++) {
            many.append(i == 0 ? "" : ",")
                    .append("{\"id\": \"m")
                    .append(i)
                    .append("\", \"type\": \"Thing\", \"properties\": {\"s\": \"x")
                    .append(i)
                    .append("\"}}");
        }
        DataSource ds = Backend.SQLITE.dataSource("sqlite_timeout");
        JdbcObjectStore loader = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(new SqliteDialect())
                .build();
        loader.createLayout();
        loader.load(DataFile.read(Json.parse(many.append("]}").toString()), "many"));
        JdbcObjectStore slow = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(new SqliteDialect())
                .timeout(Duration.ofNanos(1))
                .build();
        assertThatThrownBy(() -> slow.search(query("{\"s\": {\"$regex\": \"b\"}}", List.of())))
                .isInstanceOfSatisfying(
                        QueryException.class,
                        e -> assertThat(e.errors().get(0).code()).isEqualTo(ErrorCode.QUERY_TIMEOUT));
    }

    @Test
    void aReadIsReadOnlyAndLeavesTheConnectionAsItWas() throws SQLException {
        SqliteDialect dialect = new SqliteDialect();
        try (Connection c = dataSource.getConnection();
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE IF NOT EXISTS scratch (x INTEGER)");
            dialect.session().prepareRead(c, Duration.ofMillis(50));
            assertThatThrownBy(() -> st.execute("INSERT INTO scratch VALUES (1)"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("readonly");
            SQLException timeout = org.junit.jupiter.api.Assertions.assertThrows(
                    SQLException.class,
                    () -> st.executeQuery("WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r)"
                            + " SELECT count(*) FROM r"));
            assertThat(dialect.session().isTimeout(timeout))
                    .as(timeout.getMessage())
                    .isTrue();
            dialect.session().finishRead(c);
            st.execute("INSERT INTO scratch VALUES (1)");
            try (ResultSet rs = st.executeQuery("WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r"
                    + " WHERE i < 300000) SELECT count(*) FROM r")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(300000L);
            }
        }
    }

    @Test
    void aWhereFragmentRunsInTheHostsOwnStatement() throws SQLException {
        SqliteDialect dialect = new SqliteDialect();
        SqlCompiler compiler = new SqlCompiler(dialect);
        Sql where = compiler.where(
                compiler.validate("{\"v\": {\"$gt\": 4}, \"s\": {\"$exists\": false}}", schema, "Thing"),
                SqlCompiler.Columns.document("t", "properties"));
        try (Connection c = dataSource.getConnection()) {
            SqliteDialect.registerFunctions(c);
            try (java.sql.PreparedStatement ps = c.prepareStatement(
                    "SELECT \"t\".\"id\" FROM \"quarry_objects\" \"t\" WHERE " + where.text() + " ORDER BY 1")) {
                for (int i = 0; i < where.binds().size(); i++) {
                    ps.setObject(i + 1, where.binds().get(i));
                }
                List<String> ids = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getString(1));
                    }
                }
                assertThat(ids)
                        .isEqualTo(ids(memory, query("{\"v\": {\"$gt\": 4}}", List.of())).stream()
                                .sorted()
                                .toList());
            }
        }
    }

    @Test
    void isFoundByNameAndByProductName() {
        assertThat(Dialects.named("SQLite")).isInstanceOf(SqliteDialect.class);
        assertThat(Dialects.detect("SQLite")).isInstanceOf(SqliteDialect.class);
        assertThat(Dialects.detect(dataSource)).isInstanceOf(SqliteDialect.class);
        assertThat(Dialects.names()).contains("h2", "sqlite");
        assertThatThrownBy(() -> Dialects.named("oracle"))
                .hasMessage("unknown dialect 'oracle'; supported: " + String.join(", ", Dialects.names()));
    }

    private ObjectQuery query(String filter, List<SortKey> sort) {
        return ObjectQuery.builder()
                .type("Thing")
                .filter(new SqlCompiler(new SqliteDialect()).validate(filter, schema, "Thing"))
                .sort(sort)
                .limit(100)
                .build();
    }

    private static List<String> ids(ObjectStore store, ObjectQuery query) {
        return store.search(query).items().stream().map(GraphObject::id).toList();
    }

    /** Every id, three per page, following the cursors. */
    private List<String> pages(ObjectStore store, ObjectQuery first) {
        List<String> ids = new ArrayList<>();
        ObjectQuery query = ObjectQuery.builder()
                .type("Thing")
                .filter(first.filter())
                .sort(first.sort())
                .limit(3)
                .build();
        for (int i = 0; i < 50; i++) {
            io.quarry.store.Page page = store.search(query);
            page.items().forEach(o -> ids.add(o.id()));
            if (!page.hasMore()) {
                return ids;
            }
            query = ObjectQuery.builder()
                    .type("Thing")
                    .filter(first.filter())
                    .sort(first.sort())
                    .limit(3)
                    .cursor(page.cursors().get(page.cursors().size() - 1))
                    .build();
        }
        throw new AssertionError("more than 50 pages");
    }
}
