package io.quarry.tool;

import static io.quarry.tool.Fixture.call;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.config.QuarryConfig;
import io.quarry.filter.FilterLimits;
import io.quarry.internal.Json;
import io.quarry.projection.Projections;
import io.quarry.schema.Schema;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.Scope;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** get_project_graph over the tool fixture, and query_graph_objects with configured projections. */
class GetProjectGraphToolTest {
    static final Toolkit TOOLKIT = Fixture.toolkit();

    private static List<String> nodeIds(JsonNode result) {
        List<String> ids = new ArrayList<>();
        result.path("nodes").forEach(n -> ids.add(n.path("id").asText()));
        return ids;
    }

    @Test
    void aProjectGraphStaysInsideTheScopeAndTheSchema() {
        ObjectNode result = call(TOOLKIT, "get_project_graph", "{\"root_id\": \"p1\"}", Fixture.acme());
        assertThat(result.get("root_id").asText()).isEqualTo("p1");
        assertThat(result.get("root_kind").asText()).isEqualTo("Project");
        // d3 is another org's document and x1 an undeclared type: both link to task 123, neither shows
        assertThat(nodeIds(result)).containsExactly("p1", "123", "d2", "d1");
        assertThat(result.get("returned").asInt()).isEqualTo(4);
        assertThat(result.get("edges").findValuesAsText("id")).containsExactly("r3", "r2", "r1");
        assertThat(result.get("truncated").asBoolean()).isFalse();
        assertThat(result.has("hint")).isFalse();
        assertThat(result.at("/nodes/1/direct_edge").asBoolean()).isTrue();
        assertThat(result.at("/nodes/2/depth").asInt()).isEqualTo(2);
    }

    @Test
    void aCapSaysWhatItLeftOut() {
        ObjectNode result =
                call(TOOLKIT, "get_project_graph", "{\"root_id\": \"p1\", \"max_nodes\": 3}", Fixture.acme());
        assertThat(nodeIds(result)).containsExactly("p1", "123", "d2");
        assertThat(result.get("truncated").asBoolean()).isTrue();
        assertThat(result.get("caps").toString()).isEqualTo("[\"max_nodes\"]");
        assertThat(result.get("hint").asText()).contains("related_to_id \"p1\"");
    }

    static Stream<Arguments> errors() {
        return Stream.of(
                Arguments.of("{}", "INVALID_OPERAND", "root_id"),
                Arguments.of("{\"root_id\": \"nope\"}", "NOT_FOUND", "root_id"),
                Arguments.of("{\"root_id\": \"129\"}", "NOT_FOUND", "root_id"),
                Arguments.of("{\"root_id\": \"x1\"}", "NOT_FOUND", "root_id"),
                Arguments.of("{\"root_id\": \"p1\", \"max_nodes\": 61}", "LIMIT_EXCEEDED", "max_nodes"),
                Arguments.of("{\"root_id\": \"p1\", \"max_depth\": 0}", "LIMIT_EXCEEDED", "max_depth"),
                Arguments.of("{\"root_id\": \"p1\", \"depth\": 1}", "INVALID_OPERAND", "depth"));
    }

    @ParameterizedTest
    @MethodSource
    void errors(String input, String code, String path) {
        ObjectNode result = call(TOOLKIT, "get_project_graph", input, Fixture.acme());
        assertThat(result.at("/error/code").asText()).isEqualTo(code);
        assertThat(result.at("/error/path").asText()).isEqualTo(path);
    }

    @Test
    void theInputSchemaNamesTheCaps() {
        Tool tool = TOOLKIT.tool("get_project_graph").orElseThrow();
        ObjectNode schema = tool.inputSchema();
        assertThat(schema.get("required").toString()).isEqualTo("[\"root_id\"]");
        assertThat(schema.at("/properties/max_nodes/maximum").asInt()).isEqualTo(60);
        assertThat(schema.at("/properties/max_edges/maximum").asInt()).isEqualTo(80);
        assertThat(schema.at("/properties/max_per_kind/maximum").asInt()).isEqualTo(10);
        assertThat(schema.at("/properties/max_depth/default").asInt()).isEqualTo(2);
        assertThat(tool.description()).contains("At most 60 nodes, 80 edges and 10 nodes per type");
    }

    @Test
    void aSnapshotOverTheSizeBudgetIsShrunkAndSaysSo() {
        Schema schema = QuarryConfig.parse(
                        "types: {Project: {fields: {name: string}}, Task: {fields: {title: string}}}", "schema.yaml")
                .schema()
                .orElseThrow();
        Instant t = Instant.parse("2026-01-01T00:00:00Z");
        List<GraphObject> objects = new ArrayList<>();
        List<GraphRelationship> rels = new ArrayList<>();
        objects.add(new GraphObject("p", "Project", Json.object().put("name", "P"), t, t, Map.of()));
        for (int i = 0; i < 60; i++) {
            String id = "task-" + i;
            objects.add(new GraphObject(id, "Task", Json.object().put("title", "x".repeat(70)), t, t, Map.of()));
            rels.add(new GraphRelationship("rel-" + i, id, "p", "part_of"));
        }
        Toolkit toolkit = Toolkit.builder()
                .schema(schema)
                .store(InMemoryObjectStore.of(objects, rels))
                .limits(new Limits(20, 100, FilterLimits.DEFAULTS, 2_000, Duration.ofSeconds(5)))
                .build();
        ToolResult result =
                toolkit.call("get_project_graph", Json.object().put("root_id", "p"), ToolContext.unrestricted());
        assertThat(result.text().length()).isLessThanOrEqualTo(2_000);
        JsonNode json = result.json();
        assertThat(json.get("truncated").asBoolean()).isTrue();
        assertThat(json.get("caps").toString()).contains("size_budget").contains("max_per_kind");
        assertThat(json.get("nodes").size()).isBetween(2, 10);
    }

    @Test
    void queryGraphObjectsUsesConfiguredProjectionsWithinTheScope() {
        Schema schema = Fixture.schema();
        Projections projections = QuarryConfig.parse(
                        Fixture.resource("fixture.yaml")
                                + "projections:\n  Task:\n    light: [title, status]\n"
                                + "    derived: {documented_by: {ids: documents, direction: in}}\n",
                        "quarry.yaml")
                .projections()
                .orElseThrow();
        Toolkit toolkit = Toolkit.builder()
                .schema(schema)
                .store(Fixture.store())
                .projections(projections)
                .build();
        ObjectNode result = call(
                toolkit,
                "query_graph_objects",
                "{\"type\": \"Task\", \"properties\": {\"title\": \"Fix login bug\"}}",
                Fixture.acme());
        JsonNode task = result.at("/objects/0");
        assertThat(task.get("properties").toString()).isEqualTo("{\"title\":\"Fix login bug\",\"status\":\"Done\"}");
        // d3 (globex) and x1 (an undeclared type) also document task 123: neither is seen
        assertThat(task.at("/derived/documented_by").toString()).isEqualTo("[\"d1\",\"d2\"]");
        assertThat(task.get("created_at").asText()).isEqualTo("2024-01-01");
        ObjectNode full = call(
                toolkit,
                "query_graph_objects",
                "{\"type\": \"Task\", \"properties\": {\"title\": \"Fix login bug\"}, \"detail\": \"full\"}",
                ToolContext.builder().scope(Scope.of("org_id", "acme")).build());
        assertThat(full.at("/objects/0/properties").has("cost_code")).isFalse();
        assertThat(full.at("/objects/0/properties/tags").size()).isEqualTo(2);
    }
}
