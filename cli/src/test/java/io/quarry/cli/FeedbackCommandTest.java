package io.quarry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.tool.ToolSupport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code --feedback FILE} writes the agent's reports; {@code feedback summarize} groups them with their remedy. */
class FeedbackCommandTest {
    @TempDir
    Path dir;

    @Test
    void callWithFeedbackAppendsTheReportAndSummarizeGroupsIt() throws Exception {
        Path file = dir.resolve("feedback.jsonl");
        QuarryCliTest.Run first = QuarryCliTest.run(
                "",
                "call",
                "report_missing_capability",
                "{\"user_request\": \"tasks overdue by more than 3 days\", \"missing\": \"no date filter relative to due_at\"}",
                "--feedback",
                file.toString(),
                "--scope",
                "org_id=acme");
        assertThat(first.exit()).as(first.err()).isZero();
        assertThat(ToolSupport.parse(first.out()).path("recorded").asBoolean()).isTrue();
        QuarryCliTest.run(
                "",
                "call",
                "report_missing_capability",
                "{\"user_request\": \"average cycle time per team\", \"tried\": [\"aggregate_graph_objects\"], "
                        + "\"missing\": \"nothing to average\"}",
                "--feedback",
                file.toString());
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines).hasSize(2);
        assertThat(ToolSupport.parse(lines.get(0)).path("scope").path("org_id").asText())
                .isEqualTo("acme");
        assertThat(ToolSupport.parse(lines.get(1)).path("tried").get(0).asText())
                .isEqualTo("aggregate_graph_objects");

        QuarryCliTest.Run summary = QuarryCliTest.run("", "feedback", "summarize", file.toString());
        assertThat(summary.exit()).as(summary.err()).isZero();
        assertThat(summary.out())
                .contains("2 reports, by what they lack:")
                .contains("date: 1 report")
                .contains("datetime_range_search")
                .contains("aggregation: 1 report")
                .contains("aggregate_graph_objects")
                .contains("\"average cycle time per team\" lacks: nothing to average");
    }

    @Test
    void withoutFeedbackTheToolIsNotOffered() {
        QuarryCliTest.Run tools = QuarryCliTest.run("", "tools");
        assertThat(tools.out()).doesNotContain("report_missing_capability");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "how many risks per category | AGGREGATION",
                "documents reviewed since 2026-01-01 | DATE",
                "projects with a budget over 100000 | NUMBER",
                "tasks assigned to people who left | RELATIONSHIP",
                "decisions that mention Kafka | TEXT",
                "the salary band is hidden | FIELD",
                "book a meeting room | OTHER"
            })
    void eachKindOfReportMapsToItsRemedy(String text, FeedbackCommand.Kind kind) {
        assertThat(FeedbackCommand.Kind.of(text)).isEqualTo(kind);
    }

    @Test
    void linesThatAreNotReportsAreCountedAndSkipped() throws Exception {
        Path file = dir.resolve("mixed.jsonl");
        Files.writeString(file, "not json\n{\"user_request\": \"x\"}\n\n", StandardCharsets.UTF_8);
        QuarryCliTest.Run summary = QuarryCliTest.run("", "feedback", "summarize", file.toString());
        assertThat(summary.out()).startsWith("0 reports (2 lines skipped: not a report).");
    }
}
