package io.quarry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.testing.Golden;
import io.quarry.tool.Tool;
import io.quarry.tool.ToolSupport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The tour: every tool, real results, no error but the deliberate one, the same text every run. */
class TourCommandTest {
    static final Path GOLDEN = Path.of("src/test/resources/io/quarry/cli/golden");

    static QuarryCliTest.Run text;
    static List<JsonNode> json;

    @BeforeAll
    static void runTour() throws Exception {
        text = QuarryCliTest.run("", "tour");
        json = QuarryCliTest.run("", "tour", "--json").lines();
    }

    @Test
    void everyToolOfTheDemoAppears() {
        Set<String> toured = new LinkedHashSet<>();
        json.forEach(step -> toured.add(step.get("tool").asText()));
        assertThat(toured)
                .containsExactlyInAnyOrderElementsOf(
                        DemoDatabase.toolkit().tools().stream().map(Tool::name).toList());
        for (String tool : toured) {
            assertThat(text.out()).contains("   " + tool + " {");
        }
    }

    @Test
    void onlyTheDeliberateMistakeIsAnError() {
        assertThat(json).hasSameSizeAs(TourCommand.STEPS);
        for (int i = 0; i < json.size(); i++) {
            JsonNode step = json.get(i);
            TourCommand.Step expected = TourCommand.STEPS.get(i);
            assertThat(step.get("step").asInt()).isEqualTo(i + 1);
            assertThat(step.get("question").asText()).isEqualTo(expected.question());
            JsonNode result = step.get("result");
            if (expected.mistake()) {
                assertThat(result.at("/error/code").asText())
                        .as(step.toString())
                        .isNotEmpty();
                assertThat(result.at("/error/hint").asText())
                        .as(step.toString())
                        .isNotBlank();
            } else {
                assertThat(result.has("error")).as(step.toString()).isFalse();
                // every question has an answer on the demo: something was found
                assertThat(result.path("returned").asInt()).as(step.toString()).isPositive();
            }
        }
    }

    @Test
    void theTextIsDeterministicAndReadable() throws Exception {
        assertThat(text.exit()).isZero();
        assertThat(text.err()).isEmpty();
        assertThat(QuarryCliTest.run("", "tour").out()).isEqualTo(text.out());
        for (String line : text.out().split("\n")) {
            assertThat(line.length()).as(line).isLessThanOrEqualTo(240);
        }
        Files.createDirectories(GOLDEN);
        Golden.assertMatches(GOLDEN.resolve("tour.txt"), text.out());
    }

    @Test
    void callAndBatchGiveTheTourResultsForEveryTool() throws Exception {
        StringBuilder batch = new StringBuilder();
        List<JsonNode> single = new ArrayList<>();
        for (JsonNode step : json) {
            String args = ToolSupport.write(step.get("arguments"));
            batch.append("{\"tool\": \"")
                    .append(step.get("tool").asText())
                    .append("\", \"arguments\": ")
                    .append(args)
                    .append("}\n");
            single.add(QuarryCliTest.run("", "call", step.get("tool").asText(), args, "--scope", "org_id=acme")
                    .lines()
                    .get(0));
        }
        List<JsonNode> batched = QuarryCliTest.run(batch.toString(), "call", "--batch", "--scope", "org_id=acme")
                .lines();
        assertThat(batched).hasSameSizeAs(json);
        for (int i = 0; i < json.size(); i++) {
            assertThat(batched.get(i))
                    .as("batch line " + (i + 1))
                    .isEqualTo(json.get(i).get("result"));
            assertThat(single.get(i))
                    .as("call " + (i + 1))
                    .isEqualTo(json.get(i).get("result"));
        }
    }

    @Test
    void shorteningKeepsWhatItShowsAndSaysWhatItCut() throws Exception {
        JsonNode node = ToolSupport.parse("{\"a\": [1, 2, 3, 4, 5], \"s\": \"" + "x".repeat(100)
                + "\", \"next_cursor\": \"abc\", \"d\": {\"e\": {\"f\": {\"g\": {\"h\": {\"i\": 1}}}}}}");
        JsonNode shown = TourCommand.shorten(node, 0);
        assertThat(shown.get("a").toString()).isEqualTo("[1,2,3,\"… 2 more\"]");
        assertThat(shown.get("s").asText()).isEqualTo("x".repeat(72) + "…");
        assertThat(shown.get("next_cursor").asText()).isEqualTo("…");
        assertThat(shown.at("/d/e/f/g/h").asText()).isEqualTo("{…}");
        assertThat(TourCommand.pretty(ToolSupport.parse("{\"k\": \"a,b\\\":c\"}")))
                .isEqualTo("{\"k\": \"a,b\\\":c\"}");
    }
}
