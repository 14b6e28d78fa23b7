package io.quarry.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.config.QuarryConfig;
import io.quarry.filter.FilterLimits;
import io.quarry.graph.ContextFormatter;
import io.quarry.graph.GraphSnapshot;
import io.quarry.graph.SnapshotBuilder;
import io.quarry.projection.Projections;
import io.quarry.schema.Schema;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.Scope;
import io.quarry.store.ScopeGraph;
import io.quarry.tool.Limits;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.ToolSupport;
import io.quarry.tool.Toolkit;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The demo's preset over the demo data: every project's snapshot has the graph light schema of
 * TOOLS.md, fits the caps, is the same byte for byte on every run, never shows a hidden field and
 * never leaves the project's org; its context block fits the budget.
 */
class DemoProjectGraphTest {
    private static final Pattern DAY = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final List<String> SNAPSHOT_KEYS =
            List.of("root_id", "root_kind", "max_depth", "nodes", "edges", "coverage", "truncated", "caps");
    private static final Set<String> CAPS = Set.of("max_nodes", "max_edges", "max_per_kind");

    private static QuarryConfig config;
    private static Schema schema;
    private static Projections projections;
    private static DataFile.DataSet data;
    private static Set<String> hiddenValues;

    @BeforeAll
    static void load() throws IOException {
        config = QuarryConfig.parse(resource("quarry.yaml"), "quarry.yaml");
        schema = config.schema().orElseThrow();
        projections = config.projections().orElseThrow();
        try (InputStream in = DemoDataGenerator.class.getResourceAsStream(DemoDataGenerator.RESOURCE)) {
            data = DataFile.read(in, "demo data");
        }
        hiddenValues = new HashSet<>();
        for (GraphObject o : data.objects()) {
            for (String hidden : List.of("internal_cost_code", "salary_band")) {
                JsonNode v = o.property(hidden);
                if (v != null && v.isTextual() && !v.textValue().isBlank()) {
                    hiddenValues.add(v.textValue());
                }
            }
        }
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = DemoDataGenerator.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static Stream<Arguments> projects() {
        return Stream.of(
                        "proj-01", "proj-02", "proj-03", "proj-04", "proj-05", "proj-06", "proj-07", "proj-08",
                        "proj-09", "proj-10", "proj-11")
                .map(Arguments::of);
    }

    private static SnapshotBuilder builder() {
        return config.snapshots().orElseThrow();
    }

    /** The scope of the project's org, read from a fresh store each time. */
    private static ScopeGraph graph(String projectId) {
        InMemoryObjectStore store = InMemoryObjectStore.of(data);
        String org =
                store.get(projectId, Scope.unrestricted()).orElseThrow().scope().get("org_id");
        return store.graph(Scope.of("org_id", org));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("projects")
    void snapshotHasTheGraphLightSchemaAndFitsTheCaps(String projectId) {
        ScopeGraph graph = graph(projectId);
        GraphSnapshot snapshot = builder().build(graph, projectId);
        ObjectNode json = snapshot.toJson();

        List<String> keys = new ArrayList<>();
        json.fieldNames().forEachRemaining(keys::add);
        keys.remove("capped_kinds");
        assertThat(keys).containsExactlyElementsOf(SNAPSHOT_KEYS);
        assertThat(json.get("root_id").asText()).isEqualTo(projectId);
        assertThat(json.get("root_kind").asText()).isEqualTo("Project");
        assertThat(json.get("max_depth").asInt()).isEqualTo(2);

        Set<String> direct = new HashSet<>();
        for (GraphRelationship r : graph.relationships(projectId)) {
            direct.add(r.other(projectId));
        }
        JsonNode nodes = json.get("nodes");
        assertThat(nodes.size()).isBetween(2, 60);
        Map<String, Integer> perKind = new HashMap<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < nodes.size(); i++) {
            JsonNode n = nodes.get(i);
            String id = n.get("id").asText();
            String kind = n.get("kind").asText();
            assertThat(ids.add(id)).as("node %s once", id).isTrue();
            perKind.merge(kind, 1, Integer::sum);
            assertThat(graph.object(id).orElseThrow().type()).isEqualTo(kind);
            Set<String> allowed = new HashSet<>(List.of("id", "kind", "depth", "direct_edge", "last_updated"));
            projections.spec(kind).orElseThrow().graph().forEach(allowed::add);
            List<String> nodeKeys = new ArrayList<>();
            n.fieldNames().forEachRemaining(nodeKeys::add);
            assertThat(nodeKeys).as(id).isSubsetOf(allowed).contains("id", "kind", "depth", "direct_edge");
            assertThat(n.get("last_updated").asText()).matches(DAY);
            int depth = n.get("depth").asInt();
            if (i == 0) {
                assertThat(depth).isZero();
            } else {
                assertThat(depth).isBetween(1, 2);
            }
            assertThat(n.get("direct_edge").asBoolean())
                    .as("%s direct_edge", id)
                    .isEqualTo(i > 0 && direct.contains(id));
            if (depth == 1) {
                assertThat(direct).contains(id);
            }
        }
        assertThat(nodes.get(0).get("id").asText()).isEqualTo(projectId);
        assertThat(perKind.values()).allMatch(c -> c <= 10);

        JsonNode edges = json.get("edges");
        assertThat(edges.size()).isBetween(1, 80);
        for (JsonNode e : edges) {
            List<String> edgeKeys = new ArrayList<>();
            e.fieldNames().forEachRemaining(edgeKeys::add);
            assertThat(edgeKeys).containsExactly("id", "src_id", "src_kind", "dst_id", "dst_kind", "rel");
            assertThat(ids).contains(e.get("src_id").asText(), e.get("dst_id").asText());
            assertThat(graph.relationships(e.get("src_id").asText()))
                    .anyMatch(r -> r.id().equals(e.get("id").asText())
                            && r.dstId().equals(e.get("dst_id").asText())
                            && r.type().equals(e.get("rel").asText()));
        }

        Map<String, long[]> expected = new HashMap<>();
        for (GraphObject o : graph.objects()) {
            if (!o.id().equals(projectId) && projectId.equals(o.scope().get("project_id"))) {
                long[] c = expected.computeIfAbsent(o.type(), k -> new long[2]);
                c[0]++;
                c[1] += direct.contains(o.id()) ? 1 : 0;
            }
        }
        JsonNode coverage = json.get("coverage");
        assertThat(coverage.size()).isEqualTo(expected.size());
        expected.forEach((kind, c) -> {
            JsonNode k = coverage.get(kind);
            assertThat(k.get("total").asLong()).as(kind).isEqualTo(c[0]);
            assertThat(k.get("direct").asLong()).as(kind).isEqualTo(c[1]);
            assertThat(k.get("unlinked").asLong()).as(kind).isEqualTo(c[0] - c[1]);
        });
        assertThat(coverage.get("Plan")).as("the later types are covered").isNotNull();

        assertThat(json.get("truncated").asBoolean())
                .isEqualTo(!json.get("caps").isEmpty());
        json.get("caps").forEach(c -> assertThat(c.asText()).isIn(CAPS));
        // every project has more than ten tasks linked to it: the per-kind cap always fires
        assertThat(json.get("caps").toString()).contains("max_per_kind");
        assertThat(json.get("capped_kinds").toString()).contains("Task");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("projects")
    void snapshotIsByteIdenticalAcrossRunsAndHidesHiddenFields(String projectId) {
        String first =
                ToolSupport.write(builder().build(graph(projectId), projectId).toJson());
        String second =
                ToolSupport.write(builder().build(graph(projectId), projectId).toJson());
        assertThat(second).isEqualTo(first);
        assertThat(first).doesNotContain("internal_cost_code", "salary_band");
        JsonNode tree = parse(first);
        assertThat(texts(tree)).doesNotContainAnyElementsOf(hiddenValues);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("projects")
    void theToolServesTheSameSnapshotInsideTheOrgAndNothingOutsideIt(String projectId) {
        Toolkit toolkit = Toolkit.builder()
                .config(config)
                .store(InMemoryObjectStore.of(data))
                .limits(new Limits(20, 100, FilterLimits.DEFAULTS, 200_000, Duration.ofSeconds(5)))
                .build();
        String org = graph(projectId).object(projectId).orElseThrow().scope().get("org_id");
        String other = org.equals("acme") ? "globex" : "acme";
        ToolResult inside = toolkit.call(
                "get_project_graph",
                parse("{\"root_id\": \"" + projectId + "\"}"),
                ToolContext.builder().scope(Scope.of("org_id", org)).build());
        ObjectNode result = inside.json();
        result.remove(List.of("returned", "hint"));
        assertThat(ToolSupport.write(result))
                .isEqualTo(ToolSupport.write(
                        builder().build(graph(projectId), projectId).toJson()));
        for (JsonNode n : result.get("nodes")) {
            GraphObject o = InMemoryObjectStore.of(data)
                    .get(n.get("id").asText(), Scope.unrestricted())
                    .orElseThrow();
            assertThat(o.scope().get("org_id")).isEqualTo(org);
        }

        ToolResult outside = toolkit.call(
                "get_project_graph",
                parse("{\"root_id\": \"" + projectId + "\"}"),
                ToolContext.builder().scope(Scope.of("org_id", other)).build());
        assertThat(outside.isError()).isTrue();
        assertThat(outside.errorCode()).isEqualTo("NOT_FOUND");
    }

    @ParameterizedTest(name = "{0} within {1} characters")
    @MethodSource("budgets")
    void contextBlockFitsItsBudget(String projectId, int budget) {
        SnapshotBuilder snapshots = builder();
        ContextFormatter formatter = ContextFormatter.builder()
                .snapshots(snapshots)
                .projections(projections)
                .budget(budget)
                .build();
        String block = formatter.format(graph(projectId), projectId);
        assertThat(block.length()).isLessThanOrEqualTo(budget);
        assertThat(block).startsWith("## Project context: " + projectId + "\n");
        assertThat(block).contains("### Goal (", "### Document (", "### Output (", "### Coverage\n");
        assertThat(block).doesNotContain("internal_cost_code", "salary_band");
        assertThat(formatter.format(graph(projectId), projectId)).isEqualTo(block);
    }

    static Stream<Arguments> budgets() {
        return projects().flatMap(p -> Stream.of(4_000, 12_000, 30_000).map(b -> Arguments.of(p.get()[0], b)));
    }

    @Test
    void theDefaultBudgetShowsTheGraphAndSlicesOfTheBiggestProject() {
        String block = ContextFormatter.builder()
                .snapshots(builder())
                .projections(projections)
                .build()
                .format(graph("proj-01"), "proj-01");
        assertThat(block.length()).isLessThanOrEqualTo(12_000);
        assertThat(block).contains("### Graph\n```json\n{\"root_id\":\"proj-01\"");
        assertThat(block).contains("\"entity_counts\":{");
        assertThat(block).contains("\"derived\":{\"total_tasks\":");
    }

    private static JsonNode parse(String json) {
        try {
            return ToolSupport.parse(json);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static List<String> texts(JsonNode node) {
        List<String> out = new ArrayList<>();
        if (node.isTextual()) {
            out.add(node.textValue());
        }
        node.forEach(child -> out.addAll(texts(child)));
        return out;
    }
}
