package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.internal.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every tool promises, on the store the subclass picks: examples that work, hidden fields
 * nowhere, the envelope, the budget, the listeners.
 */
abstract class CatalogContract extends ToolContract {
    /** One ordinary call per tool, on the fixture. */
    static final List<String[]> CALLS = List.of(
            new String[] {"get_database_schema", "{\"detail\": \"full\"}"},
            new String[] {"discover_schema", "{\"query\": \"task\"}"},
            new String[] {"query_graph_objects", "{\"type\": \"Task\", \"detail\": \"full\"}"},
            new String[] {"get_graph_object", "{\"id\": \"123\"}"},
            new String[] {"get_object_relationships", "{\"id\": \"123\"}"},
            new String[] {"text_pattern_search", "{\"entity_type\": \"Task\", \"field\": \"title\", \"pattern\": \"i\"}"
            },
            new String[] {
                "datetime_range_search",
                "{\"entity_type\": \"Task\", \"field\": \"created_at\", \"mode\": \"after\", \"datetime\": \"2000-01-01\"}"
            },
            new String[] {
                "number_range_search",
                "{\"entity_type\": \"Task\", \"field\": \"priority\", \"operator\": \"gte\", \"value\": 0}"
            },
            new String[] {
                "enum_filter_search",
                "{\"entity_type\": \"Task\", \"field\": \"status\", \"values\": [\"Done\", \"Open\"]}"
            },
            new String[] {"aggregate_graph_objects", "{\"type\": \"Task\", \"group_by\": \"title\"}"},
            new String[] {"get_project_graph", "{\"root_id\": \"p1\"}"});

    /** The fixture's tools, telling this list of every call. */
    private Toolkit listened(List<ToolCall> seen) {
        return Toolkit.builder()
                .schema(Fixture.schema())
                .store(store("fixture-data.json"))
                .listener(seen::add)
                .build();
    }

    static Stream<Arguments> calls() {
        return CALLS.stream().map(c -> Arguments.of(c[0], c[1]));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("calls")
    void everyCallKeepsTheContract(String tool, String arguments) throws Exception {
        List<ToolCall> seen = new ArrayList<>();
        Toolkit toolkit = listened(seen);
        ToolContext context =
                ToolContext.builder().scope(Fixture.ACME).user("ana").build();
        ToolResult result = toolkit.call(tool, Json.parse(arguments), context);
        assertThat(result.isError()).as(result.text()).isFalse();
        JsonNode json = result.json();
        assertThat(result.text())
                .doesNotContain("cost_code")
                .doesNotContain("CC-1")
                .doesNotContain("Globex");
        assertThat(json.has("returned")).as("returned: " + result.text()).isTrue();
        assertThat(json.has("truncated")).as("truncated: " + result.text()).isTrue();
        assertThat(json.path("caps").isArray()).as("caps: " + result.text()).isTrue();
        checkEnvelope(tool, json);
        assertThat(seen).singleElement().satisfies(call -> {
            assertThat(call.tool()).isEqualTo(tool);
            assertThat(call.arguments()).isEqualTo(Json.parse(arguments));
            assertThat(call.scope()).isEqualTo(Fixture.ACME);
            assertThat(call.user()).isEqualTo("ana");
            assertThat(call.duration()).isPositive();
            assertThat(call.rows()).isEqualTo(json.get("returned").asInt());
            assertThat(call.errorCode()).isNull();
        });

        // the smallest budget a host may set: still whole JSON, within the budget, saying what was cut
        Limits tight = new Limits(20, 100, Limits.DEFAULTS.filter(), 1_000, Limits.DEFAULTS.statementTimeout());
        ToolResult small = toolkit.call(
                tool,
                Json.parse(arguments),
                ToolContext.builder().scope(Fixture.ACME).limits(tight).build());
        assertThat(small.text().length()).as(small.text()).isLessThanOrEqualTo(1_000);
        JsonNode reparsed = Json.parse(small.text());
        assertThat(reparsed.isObject()).isTrue();
        if (!small.isError()) {
            checkEnvelope(tool, reparsed);
        }
        if (!small.isError() && small.text().length() < result.text().length()) {
            assertThat(reparsed.get("truncated").asBoolean()).as(small.text()).isTrue();
            assertThat(reparsed.get("caps").toString()).as(small.text()).contains("size_budget");
        }
    }

    @Test
    void everyDescriptionHasAWorkingExampleAndNoHiddenField() throws Exception {
        Toolkit toolkit = fixture();
        // run_readonly_sql is opt-in and off here: RunReadonlySqlToolTest covers it; semantic_search needs
        // an embedder and a vector index: SemanticSearchToolTest covers it
        assertThat(toolkit.tools())
                .extracting(Tool::name)
                .containsExactlyElementsOf(Toolkit.CATALOG.stream()
                        .filter(name -> !name.equals(RunReadonlySqlTool.NAME) && !name.equals(SemanticSearchTool.NAME))
                        .toList());
        for (Tool tool : toolkit.tools()) {
            String description = tool.description();
            assertThat(description).as(tool.name()).doesNotContain("cost_code").hasSizeLessThan(800);
            assertThat(tool.inputSchema().toString()).as(tool.name()).doesNotContain("cost_code");
            int at = description.indexOf("Example: ");
            assertThat(at).as(tool.name()).isPositive();
            String example = description.substring(at + "Example: ".length(), description.length() - 1);
            ToolResult result = toolkit.call(tool.name(), Json.parse(example), Fixture.acme());
            // examples name made-up ids; everything else in them must be valid for this schema
            assertThat(result.isError() ? result.errorCode() : "OK")
                    .as(tool.name() + " " + example + " -> " + result.text())
                    .isIn("OK", "NOT_FOUND");
        }
    }

    /** The envelope's parts agree with each other and with the list they describe. */
    static void checkEnvelope(String tool, JsonNode json) {
        String as = tool + ": " + json;
        JsonNode list = null; // get_graph_object returns one object: its relationships are a summary
        for (String name : tool.equals("get_graph_object")
                ? List.<String>of()
                : List.of("objects", "relationships", "groups", "types", "nodes")) {
            if (json.path(name).isArray()) {
                list = json.get(name);
                break;
            }
        }
        if (list != null) {
            assertThat(json.get("returned").asInt()).as(as).isEqualTo(list.size());
        }
        if (!List.of("get_graph_object", "get_project_graph").contains(tool)) {
            // one object, and a graph with its coverage counts, are not pages of a list
            assertThat(json.has("total") || json.has("total_estimate")).as(as).isTrue();
        }
        boolean truncated = json.get("truncated").asBoolean();
        if (json.has("has_more")) {
            assertThat(json.has("next_cursor"))
                    .as(as)
                    .isEqualTo(json.get("has_more").asBoolean());
            assertThat(truncated || !json.get("has_more").asBoolean()).as(as).isTrue();
        }
        assertThat(json.get("caps").isEmpty()).as(as).isEqualTo(!truncated);
        if (truncated) {
            assertThat(json.path("hint").asText()).as(as).isNotBlank();
        }
    }

    @Test
    void theCallsCoverEveryTool() {
        assertThat(CALLS.stream().map(c -> c[0]))
                .containsExactlyInAnyOrderElementsOf(
                        fixture().tools().stream().map(Tool::name).toList());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("calls")
    void everyToolReportsItsErrorsToTheListeners(String tool, String ignored) throws Exception {
        List<ToolCall> seen = new ArrayList<>();
        Toolkit toolkit = listened(seen);
        ToolResult result = toolkit.call(tool, Json.parse("{\"limit\": \"many\", \"cost_code\": 1}"), Fixture.acme());
        assertThat(result.isError()).as(result.text()).isTrue();
        assertThat(result.text()).doesNotContain("Exception").doesNotContain("SELECT");
        assertThat(result.json().at("/error/hint").asText()).as(result.text()).isNotBlank();
        assertThat(seen).singleElement().satisfies(call -> {
            assertThat(call.tool()).isEqualTo(tool);
            assertThat(call.errorCode()).isEqualTo(result.errorCode());
            assertThat(call.rows()).isZero();
            assertThat(call.scope()).isEqualTo(Fixture.ACME);
        });
    }

    /**
     * Wrong input for every parameter of every tool, derived from its input schema: no parameters,
     * an unknown one, and each parameter with a value of every wrong JSON kind. Each mistake is an
     * error result with a code, a path and a hint (that names no hidden field), never an exception
     * or an internal error.
     */
    @Test
    void everyMistakeInEveryParameterGetsAHint() throws Exception {
        Toolkit toolkit = fixture();
        List<String> failed = new ArrayList<>();
        int checked = 0;
        for (Tool tool : toolkit.tools()) {
            List<JsonNode> inputs = new ArrayList<>();
            inputs.add(Json.parse("{\"no_such_parameter\": 1}"));
            JsonNode required = tool.inputSchema().path("required");
            if (!required.isEmpty()) {
                inputs.add(Json.object());
            }
            for (var property : tool.inputSchema().path("properties").properties()) {
                String type = property.getValue().path("type").asText();
                for (JsonNode wrong : Json.parse("[\"text\", 12.5, true, [1], {\"a\": 1}]")) {
                    boolean fits =
                            switch (type) {
                                case "string" -> wrong.isTextual();
                                case "number" -> wrong.isNumber();
                                case "integer" -> false; // 12.5 is not whole
                                case "boolean" -> wrong.isBoolean();
                                case "array" ->
                                    wrong.isArray() && !property.getValue().has("items");
                                default -> wrong.isObject();
                            };
                    if (!fits) {
                        com.fasterxml.jackson.databind.node.ObjectNode input = Json.object();
                        input.set(property.getKey(), wrong);
                        inputs.add(input);
                    }
                }
            }
            for (JsonNode input : inputs) {
                ToolResult result = toolkit.call(tool.name(), input, Fixture.acme());
                String as = tool.name() + " " + input + " -> " + result.text();
                if (!result.isError()
                        || "INTERNAL".equals(result.errorCode())
                        || result.json().at("/error/hint").asText().isBlank()
                        || result.text().contains("cost_code")) { // hints never name a hidden field
                    failed.add(as);
                }
                checked++;
            }
        }
        assertThat(failed).isEmpty();
        assertThat(checked).isGreaterThan(100);
    }

    @Test
    void unknownToolsAndFailuresReachTheListeners() throws Exception {
        List<ToolCall> seen = new ArrayList<>();
        Toolkit toolkit = listened(seen);
        toolkit.call("get_grph_object", Json.parse("{}"), Fixture.acme());
        toolkit.call("get_graph_object", Json.parse("{\"id\": \"nope\"}"), Fixture.acme());
        assertThat(seen).extracting(ToolCall::tool).containsExactly("get_grph_object", "get_graph_object");
        assertThat(seen).extracting(ToolCall::errorCode).containsExactly("NOT_FOUND", "NOT_FOUND");
    }
}
