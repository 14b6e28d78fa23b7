package io.quarry.graph;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.ScopeGraph;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * How much work a snapshot does on a hub: the builder looks only at the edges of the nodes it
 * expands (each neighbour scored at most once per expansion), and whatever the hub's degree the
 * result holds no more than the caps. Counting, not timing: bench/README.md has the times.
 */
class SnapshotWorkTest {
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    /** A project with {@code tasks} member tasks, every tenth depending on the first, and a few goals. */
    private static ScopeGraph hub(int tasks) {
        List<GraphObject> objects = new ArrayList<>();
        List<GraphRelationship> rels = new ArrayList<>();
        Map<String, String> member = Map.of("project_id", "p");
        objects.add(new GraphObject("p", "Project", props("active"), T0, T0, Map.of()));
        for (int i = 0; i < tasks; i++) {
            String id = "t" + i;
            objects.add(
                    new GraphObject(id, "Task", props(i % 7 == 0 ? "Blocked" : "Open"), T0, T0.plusSeconds(i), member));
            rels.add(new GraphRelationship("r" + i, id, "p", "part_of"));
            if (i > 0 && i % 10 == 0) {
                rels.add(new GraphRelationship("d" + i, id, "t0", "depends_on"));
            }
        }
        for (int i = 0; i < 5; i++) {
            objects.add(new GraphObject("g" + i, "Goal", props("on_track"), T0, T0, member));
            rels.add(new GraphRelationship("s" + i, "t" + i, "g" + i, "supports"));
        }
        return ScopeGraph.of(objects, rels);
    }

    private static ObjectNode props(String status) {
        ObjectNode props = JsonNodeFactory.instance.objectNode();
        props.put("status", status);
        props.put("title", "Object " + status);
        return props;
    }

    @Property(tries = 12)
    void scoresOnlyEdgesOfExpandedNodesAndKeepsTheResultWithinTheCaps(
            @ForAll @IntRange(min = 20, max = 20_000) int tasks,
            @ForAll @IntRange(min = 1, max = 3) int depth,
            @ForAll @IntRange(min = 1, max = 12) int perKind) {
        ScopeGraph graph = hub(tasks);
        AtomicLong scored = new AtomicLong();
        SnapshotLimits caps = new SnapshotLimits(depth, 60, 80, perKind);
        GraphSnapshot s = SnapshotBuilder.builder()
                .projections(Graphs.PROJECTIONS)
                .limits(caps)
                .score(o -> {
                    scored.incrementAndGet();
                    return NodeScore.DEFAULT.score(o);
                })
                .build()
                .build(graph, "p");

        long touched = 0;
        for (GraphSnapshot.Node n : s.nodes()) {
            if (n.depth() < depth) {
                touched += graph.relationships(n.id()).size();
            }
        }
        assertThat(scored.get()).isLessThanOrEqualTo(touched);
        assertThat(s.nodes()).hasSizeLessThanOrEqualTo(Math.min(60, 1 + 2 * perKind));
        assertThat(s.edges()).hasSizeLessThanOrEqualTo(80);
        assertThat(s.nodes().stream().filter(n -> n.kind().equals("Task"))).hasSizeLessThanOrEqualTo(perKind);
    }

    @Property(tries = 6)
    void aHundredTimesTheTasksNeverGrowsTheResult(@ForAll @IntRange(min = 20, max = 200) int tasks) {
        SnapshotBuilder builder =
                SnapshotBuilder.builder().projections(Graphs.PROJECTIONS).build();
        GraphSnapshot large = builder.build(hub(tasks * 100), "p");
        // the root, ten tasks (max_per_kind) and at most the five goals: the default caps, not the data
        assertThat(builder.build(hub(tasks), "p").nodes()).hasSizeBetween(11, 16);
        assertThat(large.nodes()).hasSizeBetween(11, 16);
        assertThat(large.edges()).hasSizeLessThanOrEqualTo(80);
        assertThat(large.coverage().get("Task").total()).isEqualTo(tasks * 100L);
    }
}
