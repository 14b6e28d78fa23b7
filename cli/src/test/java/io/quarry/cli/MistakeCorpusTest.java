package io.quarry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.demo.DemoData;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.tool.ToolResult;
import io.quarry.tool.ToolSupport;
import io.quarry.tool.Toolkit;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The mistakes a model makes with the tools, on the demo: {@code mistakes.jsonl} holds one call per
 * line with the words its answer's hints must contain (the fix the model needs). A mistake passes
 * when the call is refused or warned and the hints name the fix outside the lists of every name
 * (a hint that only lists all parameters or fields does not count); a call of the category {@code
 * valid} passes when it is answered. The share that passes is asserted, and the misses are written
 * to {@code target/mistakes-STORE.txt}.
 */
class MistakeCorpusTest {
    /** The share of the corpus whose hints must name the fix. */
    static final double REQUIRED = 0.95;

    private static final Toolkit H2 = DemoDatabase.toolkit();
    private static final Toolkit MEMORY = DemoData.toolkit(InMemoryObjectStore.of(DemoData.data()));

    /** A sentence that lists names ("Parameters: a, b, c."): it names every fix, so it names none. */
    private static final Pattern LISTING =
            Pattern.compile("(?:^|(?<=[.?!] ))[A-Z][A-Za-z]*(?: [A-Za-z]+){0,3}: [^:]*?, [^:]*?\\.(?= |$)");

    record Case(int line, String category, String tool, JsonNode arguments, List<String> expect) {}

    static Stream<String> stores() {
        return Stream.of("memory", "h2");
    }

    static List<Case> corpus() throws IOException {
        List<Case> cases = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                MistakeCorpusTest.class.getResourceAsStream("mistakes.jsonl"), StandardCharsets.UTF_8))) {
            int line = 0;
            for (String text = in.readLine(); text != null; text = in.readLine()) {
                line++;
                if (text.isBlank()) {
                    continue;
                }
                JsonNode node = ToolSupport.parse(text);
                List<String> expect = new ArrayList<>();
                node.path("expect").forEach(e -> expect.add(e.asText()));
                cases.add(new Case(
                        line,
                        node.path("category").asText(),
                        node.path("tool").asText(),
                        node.path("arguments"),
                        expect));
            }
        }
        return cases;
    }

    /** The hints of every error and warning, without the sentences that only list names. */
    static String hints(ToolResult result) {
        StringBuilder out = new StringBuilder();
        List<JsonNode> problems = new ArrayList<>();
        if (result.json().has("errors")) {
            result.json().path("errors").forEach(problems::add);
        } else if (result.json().has("error")) {
            problems.add(result.json().path("error"));
        }
        result.json().path("warnings").forEach(problems::add);
        for (JsonNode p : problems) {
            out.append(LISTING.matcher(p.path("hint").asText()).replaceAll("")).append('\n');
        }
        return out.toString();
    }

    static boolean passes(Case c, ToolResult result) {
        if (c.category().equals("valid")) {
            return !result.isError();
        }
        boolean flagged = result.isError() || result.json().has("warnings");
        String hints = hints(result);
        return flagged && c.expect().stream().allMatch(hints::contains);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stores")
    void theHintsNameTheFix(String store) throws Exception {
        Toolkit toolkit = store.equals("h2") ? H2 : MEMORY;
        List<Case> cases = corpus();
        assertThat(cases).hasSizeGreaterThanOrEqualTo(300);
        Map<String, int[]> byCategory = new TreeMap<>();
        StringBuilder misses = new StringBuilder();
        int passed = 0;
        for (Case c : cases) {
            ToolResult result = toolkit.call(c.tool(), c.arguments(), TourCommand.context());
            boolean ok = passes(c, result);
            int[] counts = byCategory.computeIfAbsent(c.category(), k -> new int[2]);
            counts[1]++;
            if (ok) {
                counts[0]++;
                passed++;
            } else {
                misses.append("line ")
                        .append(c.line())
                        .append(" [")
                        .append(c.category())
                        .append("] ")
                        .append(c.tool())
                        .append(' ')
                        .append(ToolSupport.write(c.arguments()))
                        .append("\n  expect ")
                        .append(c.expect())
                        .append("\n  got    ")
                        .append(result.isError() ? result.text() : abbreviate(result.text()))
                        .append('\n');
            }
        }
        StringBuilder report = new StringBuilder();
        byCategory.forEach((k, v) -> report.append(String.format("%-24s %3d / %3d%n", k, v[0], v[1])));
        double share = (double) passed / cases.size();
        report.append(String.format("%-24s %3d / %3d = %.1f %%%n", "all", passed, cases.size(), 100 * share));
        Files.createDirectories(Path.of("target"));
        Files.writeString(
                Path.of("target", "mistakes-" + store + ".txt"), report + "\n" + misses, StandardCharsets.UTF_8);
        System.out.println("mistake corpus on " + store + ":\n" + report);
        assertThat(share).as(store + ":\n" + report).isGreaterThanOrEqualTo(REQUIRED);
    }

    private static String abbreviate(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "…";
    }
}
