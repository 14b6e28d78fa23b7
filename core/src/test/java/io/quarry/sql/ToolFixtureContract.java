package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.config.QuarryConfig;
import io.quarry.internal.Json;
import io.quarry.schema.Schema;
import io.quarry.store.DataFile;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.Scope;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The tool fixture's {@code query_graph_objects} calls give byte-identical results on a SQL backend and
 * in memory, in three scopes, page after page. Each backend's test class nests one subclass ({@link BackendUnderTest}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ToolFixtureContract implements BackendUnderTest {
    Toolkit memory;
    Toolkit sql;

    @BeforeAll
    void stores() throws Exception {
        DataFile.DataSet data;
        try (InputStream in = Toolkit.class.getResourceAsStream("fixture-data.json")) {
            data = DataFile.read(in, "fixture");
        }
        String yaml;
        try (InputStream in = Toolkit.class.getResourceAsStream("fixture.yaml")) {
            yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Schema schema = QuarryConfig.parse(yaml, "schema.yaml").schema().orElseThrow();
        JdbcObjectStore store =
                backend().store("differential_fixture_" + backend().name(), StoreMapping.graph("org_id"), data);
        memory = Toolkit.builder()
                .schema(schema)
                .store(InMemoryObjectStore.of(data))
                .build();
        sql = Toolkit.builder().schema(schema).store(store).build();
    }

    Stream<String> calls() {
        return Stream.of(
                "{\"type\": \"Task\", \"properties\": {\"status\": \"Done\"}}",
                "{\"type\": \"Task\", \"properties\": {\"priority\": {\"$gt\": 5}}}",
                "{\"type\": \"Task\", \"properties\": {\"priority\": {\"$lte\": 7}}}",
                "{\"type\": \"Task\", \"properties\": {\"status\": {\"$in\": [\"Open\", \"In Progress\"]}}}",
                "{\"type\": \"Task\", \"properties\": {\"$or\": [{\"status\": \"Open\"}, {\"priority\": {\"$gte\": 8}}]}}",
                "{\"type\": \"Document\", \"related_to_id\": \"123\"}",
                "{\"related_to_id\": \"123\", \"relationship_type\": \"part_of\"}",
                "{\"related_to_id\": \"123\"}",
                "{\"type\": \"Task\", \"properties\": {\"tags\": \"auth\"}}",
                "{\"type\": \"Task\", \"properties\": {\"tags\": {\"$size\": 2}}}",
                "{\"type\": \"Task\", \"properties\": {\"tags\": {\"$all\": [\"urgent\", \"auth\"]}}}",
                "{\"type\": \"Task\", \"properties\": {\"notes\": {\"$contains\": \"100% path_of\"}}}",
                "{\"type\": \"Task\", \"properties\": {\"title\": {\"$contains\": \"LOGIN\", \"$options\": \"i\"}}}",
                "{\"type\": \"Task\", \"properties\": {\"title\": {\"$regex\": \"^(Fix|Ship) \"}}}",
                "{\"type\": \"Task\", \"properties\": {\"due_at\": {\"$lt\": \"2024-04-01T00:00:01Z\"}}}",
                "{\"type\": \"Task\", \"properties\": {\"priority\": null}}",
                "{\"type\": \"Task\", \"properties\": {\"priority\": {\"$ne\": null}}}",
                "{\"type\": \"Task\", \"properties\": {\"due_at\": {\"$exists\": false}}}",
                "{\"type\": \"Task\", \"properties\": {\"status\": {\"$nin\": [\"Done\"]}, \"title\": {\"$not\": {\"$startsWith\": \"W\"}}}}",
                "{\"type\": \"Task\", \"properties\": {\"$nor\": [{\"status\": \"Done\"}, {\"priority\": \"high\"}]}}",
                "{\"type\": \"Document\", \"query\": \"login FLOW\"}",
                "{\"query\": \"login\", \"limit\": 100}",
                "{\"type\": \"Project\", \"properties\": {\"budget.amount\": {\"$gte\": 100000}}}",
                "{\"type\": \"Task\", \"properties\": {\"updated_at\": {\"$gte\": \"2024-03-05\"}}}",
                "{\"type\": \"Task\", \"properties\": {\"created_at\": \"2024-01-03T00:00:00Z\"}}",
                "{\"type\": \"Task\", \"properties\": {\"id\": {\"$gt\": \"125\"}}}",
                "{\"type\": \"Task\", \"properties\": {\"id\": {\"$regex\": \"^12[3-5]$\"}}}",
                "{\"properties\": {\"type\": {\"$in\": [\"Project\", \"Document\"]}}}",
                "{\"type\": \"Task\", \"sort\": [{\"field\": \"priority\", \"direction\": \"desc\"}]}",
                "{\"type\": \"Task\", \"sort\": [{\"field\": \"priority\"}], \"limit\": 2}",
                "{\"type\": \"Task\", \"sort\": [{\"field\": \"title\"}, {\"field\": \"created_at\", \"direction\": \"desc\"}]}",
                "{\"sort\": [{\"field\": \"type\"}, {\"field\": \"id\", \"direction\": \"desc\"}], \"limit\": 100}",
                "{\"limit\": 3}",
                "{\"type\": \"Task\", \"properties\": {\"prority\": 5}}");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("calls")
    void sameResultEverywhereIncludingEveryPage(String call) throws Exception {
        for (Scope scope :
                new Scope[] {Scope.of("org_id", "acme"), Scope.unrestricted(), Scope.of("org_id", "globex")}) {
            ToolContext context = ToolContext.builder().scope(scope).build();
            ObjectNode args = (ObjectNode) Json.parse(call);
            for (int page = 0; page < 20; page++) {
                ObjectNode expected =
                        memory.call("query_graph_objects", args, context).json();
                ObjectNode actual =
                        sql.call("query_graph_objects", args, context).json();
                assertThat(Json.write(actual)).as(scope + " page " + page).isEqualTo(Json.write(expected));
                if (!expected.has("next_cursor")) {
                    break;
                }
                args.put("cursor", expected.get("next_cursor").asText());
                if (!args.has("limit")) {
                    args.put("limit", 2);
                }
            }
        }
    }
}
