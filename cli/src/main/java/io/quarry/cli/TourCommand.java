package io.quarry.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.quarry.demo.DemoDataGenerator;
import io.quarry.store.Scope;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.ToolSupport;
import io.quarry.tool.Toolkit;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code quarry tour}: every tool once on the demo, each with the question it answers in plain words,
 * the call a model would make, and the real result, shortened for reading.
 */
@Command(
        name = "tour",
        mixinStandardHelpOptions = true,
        description = {
            "Walk through every tool on the built-in demo: the question, the tool call, the result.",
            "Results are real, shortened for reading (long lists and texts cut, marked with …);",
            "--json prints one JSON line per step with the whole result."
        })
final class TourCommand implements Callable<Integer> {
    /** The tour's scope and clock: one tenant of the demo, at the instant the demo data was written. */
    static final Scope SCOPE = Scope.of("org_id", "acme");

    private static final int MAX_ITEMS = 3;
    private static final int MAX_TEXT = 72;
    /** Messages and hints are what the tour is about: they are cut later. */
    private static final int MAX_HINT = 200;

    private static final int MAX_DEPTH = 5;

    /**
     * One step of the tour.
     *
     * @param question what a user would ask, in plain words
     * @param tool the tool a model calls for it
     * @param arguments the call's input
     * @param mistake whether the step shows an error on purpose
     */
    record Step(String question, String tool, String arguments, boolean mistake) {
        Step(String question, String tool, String arguments) {
            this(question, tool, arguments, false);
        }
    }

    /** The steps: every tool of the catalog once, then a mistake and its answer. */
    static final List<Step> STEPS = List.of(
            new Step(
                    "What kinds of things are in this database, and how many of each?",
                    "get_database_schema",
                    "{\"detail\": \"names\"}"),
            new Step(
                    "Where would I find how likely a risk is?",
                    "discover_schema",
                    "{\"query\": \"risk likelihood\", \"limit\": 1}"),
            new Step(
                    "Which blocked tasks have the highest priority?",
                    "query_graph_objects",
                    "{\"type\": \"Task\", \"properties\": {\"status\": \"Blocked\", \"priority\": {\"$gte\": 8}},"
                            + " \"sort\": [{\"field\": \"priority\", \"direction\": \"desc\"}], \"limit\": 2}"),
            new Step("Tell me everything about task-0001.", "get_graph_object", "{\"id\": \"task-0001\"}"),
            new Step(
                    "Which tasks does the Salesforce API limit risk (risk-001) block?",
                    "get_object_relationships",
                    "{\"id\": \"risk-001\", \"direction\": \"out\", \"relationship_type\": \"blocks\", \"limit\": 2}"),
            new Step(
                    "Which tasks mention SSO in their title?",
                    "text_pattern_search",
                    "{\"entity_type\": \"Task\", \"field\": \"title\", \"pattern\": \"sso\", \"limit\": 2}"),
            new Step(
                    "Which tasks were completed in the last 7 days?",
                    "datetime_range_search",
                    "{\"entity_type\": \"Task\", \"field\": \"completed_at\", \"mode\": \"relative\","
                            + " \"relative_period\": \"last_7_days\", \"limit\": 2}"),
            new Step(
                    "Which tasks are estimated at about 40 hours?",
                    "number_range_search",
                    "{\"entity_type\": \"Task\", \"field\": \"estimate_hours\", \"operator\": \"approximately\","
                            + " \"value\": 40, \"tolerance\": 4, \"limit\": 2}"),
            new Step(
                    "Which risks would hurt most: high or critical impact?",
                    "enum_filter_search",
                    "{\"entity_type\": \"Risk\", \"field\": \"impact\", \"values\": [\"high\", \"critical\"],"
                            + " \"limit\": 2}"),
            new Step(
                    "How many tasks are in each status, and what is their average estimate?",
                    "aggregate_graph_objects",
                    "{\"type\": \"Task\", \"group_by\": \"status\", \"metrics\": [{\"op\": \"count\"},"
                            + " {\"op\": \"avg\", \"field\": \"estimate_hours\"}]}"),
            new Step(
                    "What does the CRM migration (proj-01) look like around its blockers and risks?",
                    "get_project_graph",
                    "{\"root_id\": \"proj-01\", \"max_depth\": 1, \"max_nodes\": 6, \"max_per_kind\": 2}"),
            new Step(
                    "And when the model gets a name wrong? The answer says what to change.",
                    "query_graph_objects",
                    "{\"type\": \"Task\", \"properties\": {\"prority\": 5}}",
                    true));

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--json", description = "Print one JSON line per step: step, question, tool, arguments, result.")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Toolkit toolkit = DemoDatabase.toolkit();
        ToolContext context = context();
        if (!json) {
            out.println("A tour of Quarry's " + toolkit.tools().size()
                    + " tools on the demo knowledge graph, as an agent would use them.");
            out.println(
                    "Every call runs in scope org_id=acme (the host's choice, never the model's), with the clock at "
                            + DemoDataGenerator.NOW + ".");
        }
        for (int i = 0; i < STEPS.size(); i++) {
            Step step = STEPS.get(i);
            JsonNode arguments = parse(step.arguments());
            ToolResult result = toolkit.call(step.tool(), arguments, context);
            if (json) {
                ObjectNode line = ToolSupport.object();
                line.put("step", i + 1);
                line.put("question", step.question());
                line.put("tool", step.tool());
                line.set("arguments", arguments);
                line.set("result", result.json());
                out.println(ToolSupport.write(line));
            } else {
                out.println();
                out.println((i + 1) + ". " + step.question());
                out.println("   " + step.tool() + " " + ToolSupport.write(arguments));
                out.println(indent(pretty(shorten(result.json(), 0)), "   "));
            }
        }
        if (!json) {
            out.println();
            out.println("Try your own: java -jar cli/target/quarry.jar call TOOL 'JSON' --scope org_id=acme");
            out.println("Every tool's description and input schema: java -jar cli/target/quarry.jar tools --schemas");
        }
        out.flush();
        return 0;
    }

    /** The context every step runs in. */
    static ToolContext context() {
        return ToolContext.builder()
                .scope(SCOPE)
                .clock(Clock.fixed(DemoDataGenerator.NOW, ZoneOffset.UTC))
                .build();
    }

    private static JsonNode parse(String json) {
        try {
            return ToolSupport.parse(json);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The result cut for a terminal: arrays keep their first items and say how many more there are,
     * long strings end in {@code …}, deep objects become {@code {…}}. Never changes a value it keeps.
     */
    static JsonNode shorten(JsonNode node, int depth) {
        return shorten(node, depth, MAX_TEXT);
    }

    private static JsonNode shorten(JsonNode node, int depth, int maxText) {
        if (node.isTextual()
                && node.textValue().codePointCount(0, node.textValue().length()) > maxText) {
            String text = node.textValue();
            return TextNode.valueOf(text.substring(0, text.offsetByCodePoints(0, maxText)) + "…");
        }
        if (node.isContainerNode() && depth >= MAX_DEPTH && !node.isEmpty()) {
            return TextNode.valueOf(node.isArray() ? "[…]" : "{…}");
        }
        if (node.isArray()) {
            ArrayNode out = ToolSupport.array();
            for (int i = 0; i < Math.min(MAX_ITEMS, node.size()); i++) {
                out.add(shorten(node.get(i), depth + 1, maxText));
            }
            if (node.size() > MAX_ITEMS) {
                out.add("… " + (node.size() - MAX_ITEMS) + " more");
            }
            return out;
        }
        if (node.isObject()) {
            ObjectNode out = ToolSupport.object();
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                if (e.getKey().equals("next_cursor")) {
                    out.put(e.getKey(), "…"); // opaque to people, and long
                } else {
                    boolean prose = e.getKey().equals("hint") || e.getKey().equals("message");
                    out.set(e.getKey(), shorten(e.getValue(), depth + 1, prose ? MAX_HINT : MAX_TEXT));
                }
            }
            return out;
        }
        return node;
    }

    /** Indented JSON with short arrays of scalars kept on one line. */
    static String pretty(JsonNode node) {
        StringBuilder out = new StringBuilder();
        pretty(node, "", out);
        return out.toString();
    }

    private static void pretty(JsonNode node, String indent, StringBuilder out) {
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        if (!node.isContainerNode() || node.isEmpty() || oneLine(node)) {
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < node.size(); i++) {
                parts.add(
                        node.isArray()
                                ? ToolSupport.write(node.get(i))
                                : ToolSupport.write(TextNode.valueOf(keys.get(i))) + ": "
                                        + ToolSupport.write(node.get(keys.get(i))));
            }
            out.append(
                    !node.isContainerNode()
                            ? ToolSupport.write(node)
                            : node.isArray()
                                    ? "[" + String.join(", ", parts) + "]"
                                    : "{" + String.join(", ", parts) + "}");
            return;
        }
        out.append(node.isArray() ? "[" : "{").append('\n');
        String inner = indent + "  ";
        for (int i = 0; i < node.size(); i++) {
            out.append(inner);
            JsonNode child;
            if (node.isArray()) {
                child = node.get(i);
            } else {
                out.append(ToolSupport.write(TextNode.valueOf(keys.get(i)))).append(": ");
                child = node.get(keys.get(i));
            }
            pretty(child, inner, out);
            out.append(i + 1 < node.size() ? "," : "").append('\n');
        }
        out.append(indent).append(node.isArray() ? "]" : "}");
    }

    /** Whether a container reads well on one line: only scalars, and short. */
    private static boolean oneLine(JsonNode node) {
        for (JsonNode child : node) {
            if (child.isContainerNode() && !child.isEmpty()) {
                return false;
            }
        }
        return ToolSupport.write(node).length() <= 90;
    }

    private static String indent(String text, String prefix) {
        return prefix + text.replace("\n", "\n" + prefix);
    }
}
