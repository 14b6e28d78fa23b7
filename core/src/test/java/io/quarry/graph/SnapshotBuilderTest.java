package io.quarry.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.ScopeGraph;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Snapshots of a small hand-made project: priority order, each cap and its flag, coverage, JSON shape. */
class SnapshotBuilderTest {
    private static final Instant T = Instant.parse("2026-03-01T00:00:00Z");

    /**
     * Project p: tasks t1 (Open, oldest), t2 (Blocked), t3 (Open, newest), t4 and t5 (Open, same update,
     * ids decide); risk r1 (high); goal g1 (on_track) and g2 (member without an edge); t2 depends on t3;
     * person u1 assigned to t2 (depth 2); document d1 of another project linked to t3.
     */
    static ScopeGraph project() {
        List<GraphObject> objects = new ArrayList<>();
        objects.add(object("p", "Project", null, "status", "active", 0));
        objects.add(object("t1", "Task", "p", "status", "Open", 1));
        objects.add(object("t2", "Task", "p", "status", "Blocked", 2));
        objects.add(object("t3", "Task", "p", "status", "Open", 9));
        objects.add(object("t4", "Task", "p", "status", "Open", 5));
        objects.add(object("t5", "Task", "p", "status", "Open", 5));
        objects.add(object("r1", "Risk", "p", "impact", "high", 3));
        objects.add(object("g1", "Goal", "p", "status", "on_track", 4));
        objects.add(object("g2", "Goal", "p", "status", "on_track", 4));
        objects.add(object("u1", "Person", null, "name", "Ana", 1));
        objects.add(object("d1", "Document", "q", "title", "Spec", 1));
        List<GraphRelationship> rels = List.of(
                rel("e01", "t1", "p", "part_of"),
                rel("e02", "t2", "p", "part_of"),
                rel("e03", "t3", "p", "part_of"),
                rel("e04", "t4", "p", "part_of"),
                rel("e05", "t5", "p", "part_of"),
                rel("e06", "r1", "p", "part_of"),
                rel("e07", "g1", "p", "part_of"),
                rel("e08", "t2", "t3", "depends_on"),
                rel("e09", "t2", "u1", "assigned_to"),
                rel("e10", "d1", "t3", "documents"));
        return ScopeGraph.of(objects, rels);
    }

    private static GraphObject object(String id, String kind, String project, String field, String value, int hours) {
        ObjectNode props = Json.object();
        props.put(field, value);
        Map<String, String> scope = project == null ? Map.of() : Map.of("project_id", project);
        return new GraphObject(id, kind, props, T, T.plusSeconds(3600L * hours), scope);
    }

    private static GraphRelationship rel(String id, String src, String dst, String type) {
        return new GraphRelationship(id, src, dst, type);
    }

    private static GraphSnapshot snapshot(SnapshotLimits limits) {
        return SnapshotBuilder.builder()
                .projections(Graphs.PROJECTIONS)
                .limits(limits)
                .build()
                .build(project(), "p");
    }

    private static List<String> ids(GraphSnapshot s) {
        return s.nodes().stream().map(GraphSnapshot.Node::id).toList();
    }

    @Test
    void neighboursComeInPriorityOrderThenNewestThenId() {
        GraphSnapshot s = snapshot(SnapshotLimits.DEFAULTS);
        // blocked task, high-impact risk, active goal, then by updated_at desc, equal updates by id
        assertThat(ids(s)).containsExactly("p", "t2", "r1", "g1", "t3", "t4", "t5", "t1", "u1", "d1");
        assertThat(s.caps()).isEmpty();
        assertThat(s.truncated()).isFalse();
    }

    @Test
    void depthAndDirectEdgeFlags() {
        GraphSnapshot s = snapshot(SnapshotLimits.DEFAULTS);
        for (GraphSnapshot.Node n : s.nodes()) {
            int expected = n.id().equals("p") ? 0 : List.of("u1", "d1").contains(n.id()) ? 2 : 1;
            assertThat(n.depth()).as(n.id()).isEqualTo(expected);
            assertThat(n.directEdge()).as(n.id()).isEqualTo(expected == 1);
        }
    }

    @Test
    void coverageCountsMembersDirectAndUnlinked() {
        GraphSnapshot s = snapshot(SnapshotLimits.DEFAULTS);
        assertThat(s.coverage())
                .containsOnlyKeys("Goal", "Risk", "Task")
                .containsEntry("Goal", new Coverage(2, 1, 1))
                .containsEntry("Task", new Coverage(5, 5, 0))
                .containsEntry("Risk", new Coverage(1, 1, 0));
        assertThat(ids(s)).as("an unlinked member is counted, never drawn").doesNotContain("g2");
    }

    @Test
    void treeEdgesFirstThenEdgesBetweenNodes() {
        GraphSnapshot s = snapshot(SnapshotLimits.DEFAULTS);
        assertThat(s.edges().stream().map(GraphSnapshot.Edge::id))
                .containsExactly("e02", "e06", "e07", "e03", "e04", "e05", "e01", "e09", "e10", "e08");
        GraphSnapshot.Edge e = s.edges().get(0);
        assertThat(e).isEqualTo(new GraphSnapshot.Edge("e02", "t2", "Task", "p", "Project", "part_of"));
    }

    static Stream<Arguments> caps() {
        return Stream.of(
                Arguments.of(
                        new SnapshotLimits(2, 60, 80, 2),
                        List.of("max_per_kind"),
                        List.of("p", "t2", "r1", "g1", "t3", "u1", "d1")),
                Arguments.of(new SnapshotLimits(2, 4, 80, 10), List.of("max_nodes"), List.of("p", "t2", "r1", "g1")),
                Arguments.of(new SnapshotLimits(2, 60, 2, 10), List.of("max_edges"), List.of("p", "t2", "r1")),
                Arguments.of(
                        new SnapshotLimits(2, 60, 9, 10),
                        List.of("max_edges"),
                        List.of("p", "t2", "r1", "g1", "t3", "t4", "t5", "t1", "u1", "d1")),
                Arguments.of(
                        new SnapshotLimits(1, 60, 80, 10),
                        List.of(),
                        List.of("p", "t2", "r1", "g1", "t3", "t4", "t5", "t1")),
                Arguments.of(
                        new SnapshotLimits(2, 3, 80, 1),
                        List.of("max_nodes", "max_per_kind"),
                        List.of("p", "t2", "r1")));
    }

    @ParameterizedTest
    @MethodSource
    void caps(SnapshotLimits limits, List<String> fired, List<String> nodes) {
        GraphSnapshot s = snapshot(limits);
        assertThat(ids(s)).containsExactlyElementsOf(nodes);
        assertThat(s.caps()).containsExactlyInAnyOrderElementsOf(fired);
        assertThat(s.truncated()).isEqualTo(!fired.isEmpty());
        assertThat(s.edges()).hasSizeLessThanOrEqualTo(limits.maxEdges());
        if (fired.contains("max_per_kind")) {
            assertThat(s.cappedKinds()).contains("Task");
        }
    }

    @Test
    void maxEdgesStopsCrossEdgesBeforeTreeEdges() {
        GraphSnapshot s = snapshot(new SnapshotLimits(2, 60, 9, 10));
        assertThat(s.edges()).hasSize(9);
        assertThat(s.edges().stream().map(GraphSnapshot.Edge::id)).doesNotContain("e08");
    }

    @Test
    void jsonFollowsTheGraphLightSchema() {
        ObjectNode json = snapshot(new SnapshotLimits(2, 60, 80, 2)).toJson();
        assertThat(fieldNames(json))
                .containsExactly(
                        "root_id",
                        "root_kind",
                        "max_depth",
                        "nodes",
                        "edges",
                        "coverage",
                        "truncated",
                        "caps",
                        "capped_kinds");
        assertThat(json.get("root_kind").asText()).isEqualTo("Project");
        assertThat(json.get("max_depth").asInt()).isEqualTo(2);
        JsonNode task = json.get("nodes").get(1);
        assertThat(fieldNames(task)).containsExactly("id", "kind", "status", "depth", "direct_edge", "last_updated");
        assertThat(task.get("last_updated").asText()).isEqualTo("2026-03-01");
        assertThat(fieldNames(json.get("edges").get(0)))
                .containsExactly("id", "src_id", "src_kind", "dst_id", "dst_kind", "rel");
        assertThat(json.at("/coverage/Goal").toString()).isEqualTo("{\"total\":2,\"direct\":1,\"unlinked\":1}");
        assertThat(json.get("capped_kinds").toString()).isEqualTo("[\"Task\"]");
    }

    @Test
    void aHostScoreChangesTheOrder() {
        GraphSnapshot s = SnapshotBuilder.builder()
                .projections(Graphs.PROJECTIONS)
                .score(o -> o.type().equals("Goal") ? 10 : 0)
                .limits(new SnapshotLimits(1, 3, 80, 10))
                .build()
                .build(project(), "p");
        assertThat(ids(s)).containsExactly("p", "g1", "t3");
    }

    @Test
    void anUnknownRootIsRefused() {
        assertThatThrownBy(() -> SnapshotBuilder.builder()
                        .projections(Graphs.PROJECTIONS)
                        .build()
                        .build(project(), "nope"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no object 'nope' in the scope");
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
