package io.quarry.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.internal.Json;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.Scope;
import io.quarry.store.ScopeGraph;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The project context block: its sections, membership versus direct-edge slices, and its budget. */
class ContextFormatterTest {
    private static ContextFormatter formatter(int budget) {
        return ContextFormatter.builder()
                .snapshots(SnapshotBuilder.builder()
                        .projections(Graphs.PROJECTIONS)
                        .build())
                .projections(Graphs.PROJECTIONS)
                .membershipKinds(List.of("Goal", "Document"))
                .budget(budget)
                .build();
    }

    @Test
    void theBlockHasHeaderGraphSlicesAndCoverageInOrder() throws Exception {
        String block = formatter(12_000).format(SnapshotBuilderTest.project(), "p");
        List<String> lines = block.lines().toList();
        assertThat(lines.get(0)).isEqualTo("## Project context: p");
        JsonNode header = Json.parse(lines.get(1));
        assertThat(header.get("id").asText()).isEqualTo("p");
        assertThat(header.get("entity_counts").toString()).isEqualTo("{\"Goal\":2,\"Risk\":1,\"Task\":5}");
        assertThat(lines.get(2)).isEqualTo("### Graph");
        assertThat(lines.get(3)).isEqualTo("```json");
        JsonNode graph = Json.parse(lines.get(4));
        assertThat(graph.get("root_id").asText()).isEqualTo("p");
        assertThat(lines.get(5)).isEqualTo("```");
        assertThat(block)
                .contains("### Goal (2 in the project, 1 linked directly)\n")
                .contains("### Document (0 in the project, 0 linked directly)\n")
                .contains("### Task (5 linked directly)\n")
                .contains("### Risk (1 linked directly)\n")
                .endsWith("### Coverage\n- Goal: 2 total, 1 linked to the root, 1 unlinked\n"
                        + "- Risk: 1 total, 1 linked to the root, 0 unlinked\n"
                        + "- Task: 5 total, 5 linked to the root, 0 unlinked\n");
        assertThat(block.indexOf("### Goal")).isLessThan(block.indexOf("### Document"));
        assertThat(block.indexOf("### Document")).isLessThan(block.indexOf("### Risk"));
    }

    @Test
    void membershipSlicesFlagDirectEdgesAndOtherSlicesHoldOnlyLinkedObjects() throws Exception {
        String block = formatter(12_000).format(SnapshotBuilderTest.project(), "p");
        List<String> goals =
                block.lines().filter(l -> l.contains("\"type\":\"Goal\"")).toList();
        assertThat(goals).hasSize(2);
        assertThat(Json.parse(goals.get(0).substring(2)).get("direct_edge").asBoolean())
                .isTrue();
        assertThat(Json.parse(goals.get(1).substring(2)).get("id").asText()).isEqualTo("g2");
        assertThat(Json.parse(goals.get(1).substring(2)).get("direct_edge").asBoolean())
                .isFalse();
        // d1 belongs to another project and has no edge to p; u1 is linked to a task, not to p
        assertThat(block).doesNotContain("- {\"id\":\"d1\"").doesNotContain("- {\"id\":\"u1\"");
        List<String> tasks =
                block.lines().filter(l -> l.startsWith("- {\"id\":\"t")).toList();
        assertThat(tasks.get(0)).startsWith("- {\"id\":\"t2\"");
    }

    @Test
    void aSmallBudgetCutsSlicesWithOverflowLinesAndShrinksTheGraph() {
        String full = formatter(12_000).format(SnapshotBuilderTest.project(), "p");
        String small = formatter(2_000).format(SnapshotBuilderTest.project(), "p");
        assertThat(full.length()).isLessThanOrEqualTo(12_000);
        assertThat(small.length()).isLessThanOrEqualTo(2_000);
        assertThat(small).contains(" more\n").contains("### Coverage");
    }

    @Property(tries = 60)
    void theBlockAlwaysFitsItsBudgetAndIsDeterministic(
            @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 120) int objects,
            @ForAll @IntRange(min = 0, max = 400) int edges,
            @ForAll @IntRange(min = 2_500, max = 20_000) int budget) {
        ScopeGraph graph =
                InMemoryObjectStore.of(Graphs.random(seed, objects, edges)).graph(Scope.of("org_id", "a"));
        String block = formatter(budget).format(graph, Graphs.ROOT);
        assertThat(block.length()).isLessThanOrEqualTo(budget);
        assertThat(block).startsWith("## Project context: o000\n").contains("### Coverage\n");
        assertThat(formatter(budget).format(graph, Graphs.ROOT)).isEqualTo(block);
    }

    @Test
    void aBudgetBelowTheMinimumIsRefused() {
        assertThatThrownBy(() -> formatter(999))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("ContextFormatter.builder(): budget must be at least 1000 characters, was 999");
    }
}
