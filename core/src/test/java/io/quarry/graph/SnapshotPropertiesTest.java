package io.quarry.graph;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.internal.Json;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.Scope;
import io.quarry.store.ScopeGraph;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Invariants of snapshots over generated graphs: caps, flags, coverage, scope and determinism. */
class SnapshotPropertiesTest {
    private static final Scope ORG_A = Scope.of("org_id", "a");

    private static ScopeGraph graph(DataFile.DataSet data) {
        return InMemoryObjectStore.of(data).graph(ORG_A);
    }

    private static SnapshotLimits limits(int depth, int nodes, int edges, int perKind) {
        return new SnapshotLimits(depth, nodes, edges, perKind);
    }

    @Property(tries = 300)
    void capsHoldAndEveryFlagIsTrue(
            @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 80) int objects,
            @ForAll @IntRange(min = 0, max = 300) int edges,
            @ForAll @IntRange(min = 1, max = 3) int depth,
            @ForAll @IntRange(min = 1, max = 40) int maxNodes,
            @ForAll @IntRange(min = 0, max = 50) int maxEdges,
            @ForAll @IntRange(min = 1, max = 8) int perKind) {
        ScopeGraph graph = graph(Graphs.random(seed, objects, edges));
        SnapshotLimits caps = limits(depth, maxNodes, maxEdges, perKind);
        GraphSnapshot s = SnapshotBuilder.builder()
                .projections(Graphs.PROJECTIONS)
                .limits(caps)
                .build()
                .build(graph, Graphs.ROOT);

        assertThat(s.nodes()).hasSizeLessThanOrEqualTo(maxNodes);
        assertThat(s.edges()).hasSizeLessThanOrEqualTo(maxEdges);
        Map<String, Integer> perKindCount = new HashMap<>();
        s.nodes().forEach(n -> perKindCount.merge(n.kind(), 1, Integer::sum));
        assertThat(perKindCount.values()).allMatch(c -> c <= perKind);

        Map<String, Integer> ball = Graphs.ball(graph, Graphs.ROOT, depth);
        Set<String> direct = Graphs.neighbours(graph, Graphs.ROOT);
        Map<String, GraphSnapshot.Node> byId = new HashMap<>();
        for (GraphSnapshot.Node n : s.nodes()) {
            assertThat(byId.put(n.id(), n)).as("node listed once").isNull();
            assertThat(graph.object(n.id())).as("a node is in the scope").isPresent();
            assertThat(ball).containsKey(n.id());
            assertThat(n.depth()).isBetween(ball.get(n.id()), depth);
            assertThat(n.directEdge()).as("direct_edge of %s", n.id()).isEqualTo(direct.contains(n.id()));
        }
        Set<String> edgeIds = new HashSet<>();
        Map<String, Boolean> reachedFromParent = new HashMap<>();
        for (GraphSnapshot.Edge e : s.edges()) {
            assertThat(edgeIds.add(e.id())).isTrue();
            assertThat(byId).containsKeys(e.srcId(), e.dstId());
            int ds = byId.get(e.srcId()).depth();
            int dd = byId.get(e.dstId()).depth();
            if (dd == ds + 1) {
                reachedFromParent.put(e.dstId(), true);
            }
            if (ds == dd + 1) {
                reachedFromParent.put(e.srcId(), true);
            }
        }
        for (GraphSnapshot.Node n : s.nodes()) {
            if (n.depth() > 0) {
                assertThat(reachedFromParent)
                        .as("the edge that reached %s is kept", n.id())
                        .containsKey(n.id());
            }
        }
        if (s.caps().isEmpty()) {
            assertThat(byId.keySet()).as("nothing capped: the whole ball").isEqualTo(ball.keySet());
            s.nodes().forEach(n -> assertThat(n.depth()).isEqualTo(ball.get(n.id())));
        } else {
            assertThat(s.truncated()).isTrue();
        }
        if (!s.caps().contains(GraphSnapshot.MAX_PER_KIND)) {
            assertThat(s.cappedKinds()).isEmpty();
        }
        if (s.caps().contains(GraphSnapshot.MAX_NODES)) {
            assertThat(s.nodes()).hasSize(maxNodes);
        }
        if (!s.caps().contains(GraphSnapshot.MAX_NODES) && !s.caps().contains(GraphSnapshot.MAX_EDGES)) {
            s.cappedKinds().forEach(k -> assertThat(perKindCount.get(k)).isEqualTo(perKind));
        }
    }

    @Property(tries = 200)
    void coverageCountsMembersAndUnlinkedStayOutOfTheGraph(
            @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 80) int objects,
            @ForAll @IntRange(min = 0, max = 200) int edges) {
        ScopeGraph graph = graph(Graphs.random(seed, objects, edges));
        GraphSnapshot s = SnapshotBuilder.builder()
                .projections(Graphs.PROJECTIONS)
                .build()
                .build(graph, Graphs.ROOT);
        Set<String> direct = Graphs.neighbours(graph, Graphs.ROOT);
        Map<String, long[]> expected = new HashMap<>();
        Set<String> unlinked = new HashSet<>();
        for (GraphObject o : graph.objects()) {
            if (!o.id().equals(Graphs.ROOT) && Graphs.ROOT.equals(o.scope().get("project_id"))) {
                long[] c = expected.computeIfAbsent(o.type(), k -> new long[2]);
                c[0]++;
                if (direct.contains(o.id())) {
                    c[1]++;
                } else {
                    unlinked.add(o.id());
                }
            }
        }
        assertThat(s.coverage().keySet()).isEqualTo(expected.keySet());
        expected.forEach(
                (kind, c) -> assertThat(s.coverage().get(kind)).isEqualTo(new Coverage(c[0], c[1], c[0] - c[1])));
        for (GraphSnapshot.Node n : s.nodes()) {
            if (unlinked.contains(n.id())) {
                assertThat(n.depth())
                        .as("an unlinked member is only ever reached through others")
                        .isGreaterThan(1);
            }
        }
    }

    @Property(tries = 200)
    void scopeIsNeverCrossed(
            @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 60) int objects,
            @ForAll @IntRange(min = 0, max = 200) int edges) {
        DataFile.DataSet data = Graphs.random(seed, objects, edges);
        GraphSnapshot s = SnapshotBuilder.builder()
                .projections(Graphs.PROJECTIONS)
                .limits(limits(3, 1000, 1000, 1000))
                .build()
                .build(graph(data), Graphs.ROOT);
        Set<String> orgB = new HashSet<>();
        data.objects().stream().filter(o -> o.scope().get("org_id").equals("b")).forEach(o -> orgB.add(o.id()));
        s.nodes().forEach(n -> assertThat(orgB).doesNotContain(n.id()));
        s.edges().forEach(e -> assertThat(orgB).doesNotContain(e.srcId(), e.dstId()));
    }

    @Property(tries = 100)
    void sameDataGivesByteIdenticalJsonWhateverTheLoadOrder(
            @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 80) int objects,
            @ForAll @IntRange(min = 0, max = 300) int edges,
            @ForAll @IntRange(min = 1, max = 3) int depth,
            @ForAll @IntRange(min = 1, max = 5) int perKind) {
        DataFile.DataSet data = Graphs.random(seed, objects, edges);
        List<GraphObject> shuffledObjects = new ArrayList<>(data.objects());
        List<GraphRelationship> shuffledRels = new ArrayList<>(data.relationships());
        Collections.shuffle(shuffledObjects, new Random(seed + 1));
        Collections.shuffle(shuffledRels, new Random(seed + 2));
        SnapshotBuilder builder = SnapshotBuilder.builder()
                .projections(Graphs.PROJECTIONS)
                .limits(limits(depth, 20, 25, perKind))
                .build();
        String a = Json.write(builder.build(graph(data), Graphs.ROOT).toJson());
        String b = Json.write(builder.build(
                        InMemoryObjectStore.of(shuffledObjects, shuffledRels).graph(ORG_A), Graphs.ROOT)
                .toJson());
        assertThat(b).isEqualTo(a);
    }
}
