package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.internal.Json;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Schema;
import io.quarry.sql.dialect.MySqlDialect;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectQuery;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import net.jqwik.api.Group;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The graph-layout contracts on MariaDB with the generated columns of {@code MySqlDialect.schemaIndexes}
 * for the data's fields ({@link Backend#MARIADB_GENERATED}): the store reads them, and its answers are
 * still the evaluator's. {@link MariaDbBackendIT} proves the same contracts on the JSON path.
 */
class MariaDbGeneratedColumnsIT {
    /** The backend of every contract below. */
    interface OnGeneratedColumns extends BackendUnderTest {
        @Override
        default Backend backend() {
            return Backend.MARIADB_GENERATED;
        }
    }

    @Nested
    class Corpus extends CorpusContract implements OnGeneratedColumns {}

    @Nested
    class ToolFixture extends ToolFixtureContract implements OnGeneratedColumns {}

    @Group
    class GeneratedFilter extends GeneratedFilterContract implements OnGeneratedColumns {}

    @Group
    class HostileInput extends HostileInputContract implements OnGeneratedColumns {}

    @Nested
    class DirtyData extends DirtyDataContract implements OnGeneratedColumns {}

    @Nested
    class LongSortKey extends LongSortKeyContract implements OnGeneratedColumns {}

    @Nested
    class Scope extends ScopeContract implements OnGeneratedColumns {}

    @Nested
    class SqlGuard extends SqlGuardContract implements OnGeneratedColumns {}

    /** The store reads the columns once they exist, and MariaDB's plan reads their indexes. */
    @Nested
    class Reads {
        private static final Schema SCHEMA = Schema.builder()
                .type(EntityType.of(
                        "Task",
                        Field.of("status", FieldType.STRING),
                        Field.of("priority", FieldType.NUMBER),
                        Field.of("due", FieldType.DATETIME)))
                .build();

        private static final List<String> FILTERS = List.of(
                "{\"status\": \"s7\"}",
                "{\"status\": {\"$in\": [\"s1\", \"s2\", \"x\"]}}",
                "{\"status\": {\"$ne\": \"s7\"}}",
                "{\"priority\": {\"$gt\": 35}}",
                "{\"priority\": 7}",
                "{\"priority\": {\"$gte\": 3, \"$lt\": 4.5}}",
                "{\"due\": {\"$gte\": \"2024-06-01\", \"$lt\": \"2024-06-03T12:00:00Z\"}}",
                "{\"due\": {\"$lt\": \"2024-01-02\"}}",
                "{\"$nor\": [{\"priority\": {\"$lte\": 38}}]}",
                "{\"status\": {\"$contains\": \"7\"}}",
                "{\"status\": {\"$contains\": \"s7s7\"}}",
                "{\"status\": {\"$startsWith\": \"s1\"}}",
                "{\"status\": {\"$contains\": \"7\"}, \"priority\": {\"$gt\": 35}}",
                "{\"status\": {\"$endsWith\": \"S7\", \"$options\": \"i\"}}",
                "{\"status\": {\"$contains\": \"~\"}}",
                // values of the column's width and longer: the prefix, then the document decides
                "{\"status\": \"" + "s7".repeat(120) + "\"}",
                "{\"status\": \"" + "s7".repeat(100) + "\"}",
                "{\"status\": {\"$in\": [\"" + "s7".repeat(120) + "\", \"s1\"]}}",
                "{\"status\": {\"$ne\": \"" + "s7".repeat(120) + "\"}}");

        @Test
        void answersAsTheEvaluatorWithAndWithoutTheColumnsAndUsesTheirIndexes() throws Exception {
            DataSource ds = Backend.MARIADB.pooledDataSource("generated_reads");
            DataFile.DataSet data = data();
            JdbcObjectStore store = JdbcObjectStore.builder()
                    .dataSource(ds)
                    .dialect(MySqlDialect.mariadb())
                    .mapping(StoreMapping.graph("org_id"))
                    .build();
            store.createLayout();
            store.load(data);
            InMemoryObjectStore memory = InMemoryObjectStore.of(data);
            SqlCompiler compiler = new SqlCompiler(MySqlDialect.mariadb());
            for (String filter : FILTERS) {
                ObjectQuery query = query(compiler, filter);
                assertThat(store.explain(query).get(0).text()).doesNotContain("q1");
                assertThat(ids(store, query)).as(filter).isEqualTo(ids(memory, query));
            }
            store.createLayout(SCHEMA);
            store.createLayout(SCHEMA); // idempotent
            // a second store over the same database, which never ran the DDL, reads the columns too
            JdbcObjectStore other = JdbcObjectStore.builder()
                    .dataSource(ds)
                    .dialect(MySqlDialect.mariadb())
                    .mapping(StoreMapping.graph("org_id"))
                    .build();
            for (JdbcObjectStore s : List.of(store, other)) {
                for (String filter : FILTERS) {
                    ObjectQuery query = query(compiler, filter);
                    assertThat(s.explain(query).get(0).text()).as(filter).containsPattern("`q1[snd]_");
                    assertThat(ids(s, query)).as(filter).isEqualTo(ids(memory, query));
                }
            }
            // a match alone reads its candidates first; with a text query the layout reads as before
            ObjectQuery match = query(compiler, "{\"status\": {\"$contains\": \"s7\"}}");
            assertThat(store.explain(match).get(0).text()).contains("STRAIGHT_JOIN");
            ObjectQuery withText = ObjectQuery.builder()
                    .filter(match.filter())
                    .type("Task")
                    .scope(io.quarry.store.Scope.of("org_id", "a"))
                    .text("s7", List.of())
                    .limit(500)
                    .build();
            assertThat(store.explain(withText).get(0).text()).doesNotContain("STRAIGHT_JOIN");
            assertThat(ids(store, withText)).isEqualTo(ids(memory, withText));
            try (Connection c = ds.getConnection()) {
                c.createStatement().execute("ANALYZE TABLE quarry_objects");
                for (String[] expected : new String[][] {
                    {"{\"status\": \"s7\"}", "q1s_status_ix"},
                    {"{\"priority\": {\"$gt\": 38}}", "q1n_priority_ix"},
                    {"{\"due\": {\"$gte\": \"2024-06-01\", \"$lt\": \"2024-06-03\"}}", "q1d_due_ix"},
                    // a match reads the candidates from the column's index alone, first
                    {"{\"status\": {\"$contains\": \"s7\"}}", "q1s_status_ix"}
                }) {
                    Sql page = store.explain(query(compiler, expected[0])).get(0);
                    try (PreparedStatement ps = c.prepareStatement("EXPLAIN " + page.text())) {
                        for (int i = 0; i < page.binds().size(); i++) {
                            ps.setObject(i + 1, page.binds().get(i));
                        }
                        try (ResultSet rs = ps.executeQuery()) {
                            rs.next();
                            assertThat(rs.getString("key")).as(expected[0]).isEqualTo(expected[1]);
                        }
                    }
                }
            }
        }

        private ObjectQuery query(SqlCompiler compiler, String filter) {
            return ObjectQuery.builder()
                    .filter(compiler.validate(filter, SCHEMA, "Task"))
                    .type("Task")
                    .scope(io.quarry.store.Scope.of("org_id", "a"))
                    .limit(500)
                    .build();
        }

        private List<String> ids(io.quarry.store.ObjectStore store, ObjectQuery query) {
            return store.search(query).items().stream().map(GraphObject::id).toList();
        }

        /** 2,000 tasks with clean values and the dirty ones each column must leave to the document. */
        private DataFile.DataSet data() throws Exception {
            List<GraphObject> objects = new ArrayList<>();
            Instant at = Instant.parse("2024-03-01T10:00:00Z");
            String[] dirty = {
                "{\"status\": [\"s7\", \"s1\"], \"priority\": [1, 39], \"due\": [\"2024-06-02\"]}",
                "{\"status\": [], \"priority\": \" 39 \", \"due\": \"2024-06-02T01:00:00+01:00\"}",
                "{\"status\": \"" + "s7".repeat(120)
                        + "\", \"priority\": \"3.9e1\", \"due\": \"2024-06-01T00:00:00.5Z\"}",
                "{\"status\": 7, \"priority\": 1e400, \"due\": \"2024-02-30\"}",
                "{\"status\": null, \"priority\": \"7\", \"due\": \"2023-12-31T23:00:00-02:00\"}",
                "{\"status\": {\"a\": \"s7\"}, \"priority\": 7.000, \"due\": 20240601}",
                "{\"priority\": \"-0\", \"due\": \"0001-01-01\"}",
                "{\"priority\": 123456789012345678901234567890123, \"due\": true}"
            };
            for (int i = 0; i < 2_000; i++) {
                var p = i < dirty.length
                        ? (com.fasterxml.jackson.databind.node.ObjectNode) Json.parse(dirty[i])
                        : Json.object();
                if (i >= dirty.length) {
                    p.put("status", "s" + (i % 10));
                    p.put("priority", i % 40);
                    p.put("due", String.format("2024-%02d-%02d", 1 + i % 12, 1 + i % 28));
                }
                objects.add(new GraphObject(
                        String.format("t%05d", i),
                        "Task",
                        p,
                        at,
                        at.plusSeconds(i),
                        Map.of("org_id", i % 3 == 0 ? "b" : "a")));
            }
            return new DataFile.DataSet(objects, List.of());
        }
    }
}
