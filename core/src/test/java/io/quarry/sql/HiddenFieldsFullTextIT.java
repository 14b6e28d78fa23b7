package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.config.QuarryConfig;
import io.quarry.internal.Json;
import io.quarry.schema.Schema;
import io.quarry.sql.dialect.MySqlDialect;
import io.quarry.sql.dialect.PostgresDialect;
import io.quarry.store.DataFile;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectStore;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The model must not learn hidden values through {@code query}: on PostgreSQL and MariaDB with their
 * full-text indexes (which hold every string of a document), as in memory, a word finds an object
 * only through the type's exposed text fields.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HiddenFieldsFullTextIT {
    private static final String SCHEMA = """
            types:
              Task:
                description: A unit of work.
                fields:
                  title: {type: string}
                  priority: {type: integer}
                  cost_code: {type: string, exposed: false}
              Note:
                description: Free notes, no declared fields.
              Budget:
                description: Money.
                fields:
                  amount: {type: number}
                  approver: {type: string, exposed: false}
            """;
    private static final String DATA = """
            {"objects": [
              {"id": "t1", "type": "Task", "properties": {"title": "Fix login bug", "priority": 3,
                "cost_code": "zebra secret", "internal": "walrus"}},
              {"id": "t2", "type": "Task", "properties": {"title": "Zebra crossing", "priority": 1}},
              {"id": "n1", "type": "Note", "properties": {"body": "walrus notes", "cost_code": "penguin"}},
              {"id": "b1", "type": "Budget", "properties": {"amount": 5, "approver": "penguin"}}
            ], "relationships": []}
            """;

    private Toolkit memory;
    private Toolkit postgres;
    private Toolkit mariadb;

    @BeforeAll
    void stores() throws Exception {
        DataFile.DataSet data = DataFile.read(Json.parse(DATA), "hidden");
        Schema schema = QuarryConfig.parse(SCHEMA, "schema.yaml").schema().orElseThrow();
        memory = toolkit(schema, InMemoryObjectStore.of(data));
        postgres = toolkit(
                schema,
                store(
                        Backend.POSTGRES.dataSource("hidden_full_text"),
                        PostgresDialect.withFullText("fts", "english"),
                        data));
        mariadb = toolkit(
                schema,
                store(
                        Backend.MARIADB.dataSource("hidden_full_text"),
                        MySqlDialect.mariadb().withFullText("fts"),
                        data));
    }

    static Stream<Arguments> calls() {
        return Stream.of(
                // a word only in a hidden field, or in a property the type does not declare: nothing
                Arguments.of("{\"type\": \"Task\", \"query\": \"secret\"}", List.of()),
                Arguments.of("{\"type\": \"Task\", \"query\": \"walrus\"}", List.of()),
                Arguments.of("{\"type\": \"Task\", \"query\": \"zebra\"}", List.of("t2")),
                Arguments.of("{\"type\": \"Task\", \"query\": \"login\"}", List.of("t1")),
                Arguments.of("{\"type\": \"Task\", \"query\": \"login secret\"}", List.of()),
                // no type: a name hidden on any type is read on none
                Arguments.of("{\"query\": \"secret\"}", List.of()),
                Arguments.of("{\"query\": \"zebra\"}", List.of("t2")),
                Arguments.of("{\"query\": \"penguin\"}", List.of()),
                // a type without declared fields alone: every string
                Arguments.of("{\"type\": \"Note\", \"query\": \"penguin walrus\"}", List.of("n1")),
                // a type whose only string is hidden: a text finds nothing
                Arguments.of("{\"type\": \"Budget\", \"query\": \"penguin\"}", List.of()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("calls")
    void queryFindsNoObjectByAHiddenValue(String call, List<String> expected) throws Exception {
        assertThat(ids(memory, call)).as("memory").isEqualTo(expected);
        assertThat(ids(postgres, call)).as("postgres").isEqualTo(expected);
        assertThat(ids(mariadb, call)).as("mariadb").isEqualTo(expected);
    }

    private static JdbcObjectStore store(DataSource ds, io.quarry.sql.Dialect dialect, DataFile.DataSet data) {
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(dialect)
                .mapping(StoreMapping.graph())
                .build();
        store.createLayout();
        store.load(data);
        return store;
    }

    private static Toolkit toolkit(Schema schema, ObjectStore store) {
        return Toolkit.builder().schema(schema).store(store).build();
    }

    private static List<String> ids(Toolkit toolkit, String call) throws Exception {
        JsonNode result = toolkit.call(
                        "query_graph_objects",
                        Json.parse(call),
                        ToolContext.builder().build())
                .json();
        assertThat(result.has("error")).as(result.toString()).isFalse();
        List<String> ids = new ArrayList<>();
        result.path("objects").forEach(o -> ids.add(o.path("id").asText()));
        return ids;
    }
}
