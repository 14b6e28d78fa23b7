package io.quarry.tool;

import static io.quarry.tool.Fixture.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.config.ConfigException;
import io.quarry.config.QuarryConfig;
import org.junit.jupiter.api.Test;

/**
 * A toolkit built from a configuration takes its {@code projections} and {@code graph} sections:
 * query_graph_objects, get_graph_object and get_project_graph show objects as configured.
 */
class ConfiguredProjectionsTest {
    private static final String PRESET = """
            projections:
              Task:
                light: [title, status]
                derived: {documented_by: {ids: documents, direction: in}}
                graph: [title]
            graph:
              membership_key: project_id
              max_nodes: 3
            """;

    private static Toolkit toolkit(String extra) {
        return Toolkit.builder()
                .config(QuarryConfig.parse(Fixture.resource("fixture.yaml") + extra, "quarry.yaml"))
                .store(Fixture.store())
                .build();
    }

    @Test
    void theQueryToolShowsTheConfiguredLightProjection() {
        ObjectNode result = call(
                toolkit(PRESET),
                "query_graph_objects",
                "{\"type\": \"Task\", \"properties\": {\"title\": \"Fix login bug\"}}",
                Fixture.acme());
        assertThat(result.at("/objects/0/properties").toString())
                .isEqualTo("{\"title\":\"Fix login bug\",\"status\":\"Done\"}");
        assertThat(result.at("/objects/0/derived/documented_by").toString()).isEqualTo("[\"d1\",\"d2\"]");
    }

    @Test
    void getGraphObjectShowsDerivedFieldsOfTheObjectButNotOfItsNeighbours() {
        ObjectNode result = call(toolkit(PRESET), "get_graph_object", "{\"id\": \"123\"}", Fixture.acme());
        // full detail: every exposed field, the hidden cost code never, and the derived fields
        assertThat(result.at("/object/properties").has("tags")).isTrue();
        assertThat(result.at("/object/properties").has("cost_code")).isFalse();
        assertThat(result.at("/object/derived/documented_by").toString()).isEqualTo("[\"d1\",\"d2\"]");
        for (JsonNode group : result.get("relationships")) {
            group.get("neighbours")
                    .forEach(n -> assertThat(n.has("derived")).as(n.toString()).isFalse());
        }
    }

    @Test
    void theGraphSectionSetsTheCapsAndTheProjectionsLabelTheNodes() {
        Toolkit toolkit = toolkit(PRESET);
        assertThat(toolkit.tool("get_project_graph").orElseThrow().description())
                .contains("At most 3 nodes");
        ObjectNode result = call(toolkit, "get_project_graph", "{\"root_id\": \"p1\"}", Fixture.acme());
        assertThat(result.get("nodes").size()).isEqualTo(3);
        assertThat(result.at("/nodes/1/id").asText()).isEqualTo("123");
        assertThat(result.at("/nodes/1").has("status")).isFalse();
        assertThat(result.at("/nodes/1/title").asText()).isEqualTo("Fix login bug");
    }

    @Test
    void aBadProjectionFailsTheBuildWithItsPath() {
        assertThatThrownBy(() -> toolkit("projections: {Task: {light: [titel]}}\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("projections.Task.light: Task has no field 'titel'; did you mean 'title'?");
    }
}
