package io.quarry.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.graph.GraphSnapshot;
import io.quarry.graph.SnapshotBuilder;
import io.quarry.projection.Projections;
import io.quarry.schema.EntityType;
import io.quarry.schema.Schema;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.ScopeGraph;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link SnapshotBuilder} on generated project graphs whose root is a hub of {@code hubEdges} edges:
 * that many tasks are part of the project, one blocked task is depended on by a tenth of them (a
 * second hub, one edge away), and goals and risks link to the project. {@code snapshot} builds a
 * snapshot with the default caps from an indexed {@link ScopeGraph}; {@code index} builds that index
 * from the loaded objects and relationships.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms6g", "-Xmx6g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SnapshotBenchmark {
    private static final String ROOT = "p";
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final List<String> KINDS = List.of("Project", "Task", "Goal", "Risk");

    /** How many edges the root has (about as many objects; 1.1 times as many edges in all). */
    @Param({"10000", "100000", "1000000"})
    public int hubEdges;

    private List<GraphObject> objects;
    private List<GraphRelationship> relationships;
    private ScopeGraph graph;
    private SnapshotBuilder builder;

    /** Generates the graph once per trial; deterministic. */
    @Setup(Level.Trial)
    public void generate() {
        Random random = new Random(hubEdges);
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        objects = new ArrayList<>(hubEdges + 100);
        relationships = new ArrayList<>(hubEdges + hubEdges / 10 + 100);
        Map<String, String> member = Map.of("project_id", ROOT);
        objects.add(new GraphObject(ROOT, "Project", props(nodes, "status", "active"), T0, T0, Map.of()));
        int rel = 0;
        for (int i = 0; i < hubEdges; i++) {
            String id = "t" + i;
            String status = i == 0 || random.nextInt(20) == 0 ? "Blocked" : random.nextBoolean() ? "Open" : "Done";
            Instant updated = T0.plusSeconds(random.nextInt(86_400 * 300));
            objects.add(new GraphObject(id, "Task", props(nodes, "status", status), T0, updated, member));
            relationships.add(new GraphRelationship("r" + rel++, id, ROOT, "part_of"));
            if (i > 0 && i % 10 == 0) {
                relationships.add(new GraphRelationship("r" + rel++, id, "t0", "depends_on"));
            }
        }
        for (int i = 0; i < 20; i++) {
            String id = "g" + i;
            objects.add(new GraphObject(
                    id, "Goal", props(nodes, "status", i % 3 == 0 ? "achieved" : "on_track"), T0, T0, member));
            relationships.add(new GraphRelationship("r" + rel++, id, ROOT, "part_of"));
        }
        for (int i = 0; i < 50; i++) {
            String id = "k" + i;
            objects.add(
                    new GraphObject(id, "Risk", props(nodes, "impact", i % 5 == 0 ? "high" : "low"), T0, T0, member));
            relationships.add(new GraphRelationship("r" + rel++, id, ROOT, "part_of"));
        }
        graph = ScopeGraph.of(objects, relationships);
        Schema.Builder schema = Schema.builder();
        KINDS.forEach(k -> schema.type(EntityType.of(k)));
        builder = SnapshotBuilder.builder()
                .projections(Projections.none(schema.build()))
                .build();
        GraphSnapshot check = snapshot();
        if (check.nodes().size() > 60 || check.edges().size() > 80) {
            throw new IllegalStateException(
                    "a snapshot holds more than its caps: " + check.nodes().size());
        }
    }

    private static ObjectNode props(JsonNodeFactory nodes, String field, String value) {
        ObjectNode props = nodes.objectNode();
        props.put(field, value);
        props.put("title", "Object " + value);
        return props;
    }

    /** A snapshot with the default caps (depth 2, 60 nodes, 80 edges, 10 per kind) and coverage. */
    @Benchmark
    public GraphSnapshot snapshot() {
        return builder.build(graph, ROOT);
    }

    /** Indexing the loaded objects and relationships by id. */
    @Benchmark
    public ScopeGraph index() {
        return ScopeGraph.of(objects, relationships);
    }
}
