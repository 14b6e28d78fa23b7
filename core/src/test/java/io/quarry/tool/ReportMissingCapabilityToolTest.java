package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The opt-in feedback tool: absent without a listener, a structured report to the host with one. */
class ReportMissingCapabilityToolTest {
    private static final Instant NOW = Instant.parse("2026-11-01T12:00:00Z");

    private static ToolContext context() {
        return ToolContext.builder()
                .scope(Fixture.ACME)
                .user("ana")
                .clock(Clock.fixed(NOW, ZoneOffset.UTC))
                .build();
    }

    @Test
    void withoutAListenerTheToolIsAbsentAndTheOthersAreUnchanged() {
        Toolkit plain = Fixture.toolkit();
        Toolkit withFeedback = Toolkit.builder()
                .schema(Fixture.schema())
                .store(Fixture.store())
                .capabilityListener(r -> {})
                .build();
        assertThat(plain.tool(ReportMissingCapabilityTool.NAME)).isEmpty();
        List<String> names = withFeedback.tools().stream().map(Tool::name).toList();
        assertThat(names.get(names.size() - 1)).isEqualTo(ReportMissingCapabilityTool.NAME);
        assertThat(names.subList(0, names.size() - 1))
                .isEqualTo(plain.tools().stream().map(Tool::name).toList());
        for (Tool tool : plain.tools()) {
            Tool same = withFeedback.tool(tool.name()).orElseThrow();
            assertThat(same.description()).isEqualTo(tool.description());
            assertThat(same.inputSchema()).isEqualTo(tool.inputSchema());
        }
    }

    @Test
    void aReportReachesTheHostWithTheContextsScopeUserAndTime() {
        List<CapabilityReport> reports = new ArrayList<>();
        Toolkit toolkit = Toolkit.builder()
                .schema(Fixture.schema())
                .store(Fixture.store())
                .capabilityListener(reports::add)
                .capabilityListener(r -> {
                    throw new IllegalStateException("a broken listener is skipped");
                })
                .build();
        ObjectNode result = Fixture.call(
                toolkit,
                ReportMissingCapabilityTool.NAME,
                "{\"user_request\": \"average cycle time per team\", \"tried\": [\"aggregate_graph_objects\"],"
                        + " \"missing\": \" no field holds the time a task took \"}",
                context());
        assertThat(result.path("recorded").asBoolean()).isTrue();
        assertThat(result.path("hint").asText()).contains("answer the user");
        assertThat(reports)
                .containsExactly(new CapabilityReport(
                        "average cycle time per team",
                        List.of("aggregate_graph_objects"),
                        "no field holds the time a task took",
                        Fixture.ACME,
                        "ana",
                        NOW));
    }

    @Test
    void aReportWithoutWhatWasMissingIsRefusedAndNotDelivered() {
        List<CapabilityReport> reports = new ArrayList<>();
        Toolkit toolkit = Toolkit.builder()
                .schema(Fixture.schema())
                .store(Fixture.store())
                .capabilityListener(reports::add)
                .build();
        ObjectNode missing =
                Fixture.call(toolkit, ReportMissingCapabilityTool.NAME, "{\"user_request\": \"x\"}", context());
        assertThat(missing.path("error").path("code").asText()).isEqualTo("INVALID_OPERAND");
        assertThat(missing.path("error").path("path").asText()).isEqualTo("missing");
        ObjectNode blank = Fixture.call(
                toolkit, ReportMissingCapabilityTool.NAME, "{\"user_request\": \"x\", \"missing\": \"  \"}", context());
        assertThat(blank.path("error").path("path").asText()).isEqualTo("missing");
        ObjectNode wrongName = Fixture.call(
                toolkit, ReportMissingCapabilityTool.NAME, "{\"request\": \"x\", \"lacking\": \"y\"}", context());
        assertThat(wrongName.path("errors")).hasSize(2);
        assertThat(reports).isEmpty();
    }
}
