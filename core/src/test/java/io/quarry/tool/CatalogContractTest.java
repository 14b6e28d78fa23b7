package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.internal.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** What every tool promises: examples that work, hidden fields nowhere, the envelope, the budget, the listeners. */
class CatalogContractTest {
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
            new String[] {"aggregate_graph_objects", "{\"type\": \"Task\", \"group_by\": \"title\"}"});

    static Stream<Arguments> calls() {
        List<Arguments> out = new ArrayList<>();
        for (String store : Stores.names()) {
            for (String[] c : CALLS) {
                out.add(Arguments.of(store, c[0], c[1]));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("calls")
    void everyCallKeepsTheContract(String store, String tool, String arguments) throws Exception {
        List<ToolCall> seen = new ArrayList<>();
        Toolkit toolkit = Toolkit.builder()
                .schema(Fixture.schema())
                .store(Stores.store(store, Stores.data("fixture-data.json")))
                .listener(seen::add)
                .build();
        ToolResult result = toolkit.call(tool, Json.parse(arguments), Fixture.acme());
        assertThat(result.isError()).as(result.text()).isFalse();
        JsonNode json = result.json();
        assertThat(result.text())
                .doesNotContain("cost_code")
                .doesNotContain("CC-1")
                .doesNotContain("Globex");
        assertThat(json.has("returned")).as("returned: " + result.text()).isTrue();
        assertThat(json.has("truncated")).as("truncated: " + result.text()).isTrue();
        assertThat(json.path("caps").isArray()).as("caps: " + result.text()).isTrue();
        assertThat(seen).singleElement().satisfies(call -> {
            assertThat(call.tool()).isEqualTo(tool);
            assertThat(call.scope()).isEqualTo(Fixture.ACME);
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
        if (!small.isError() && small.text().length() < result.text().length()) {
            assertThat(reparsed.get("truncated").asBoolean()).as(small.text()).isTrue();
            assertThat(reparsed.get("caps").toString()).as(small.text()).contains("size_budget");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.quarry.tool.Stores#names")
    void everyDescriptionHasAWorkingExampleAndNoHiddenField(String store) throws Exception {
        Toolkit toolkit = Stores.fixture(store);
        assertThat(toolkit.tools()).extracting(Tool::name).containsExactlyElementsOf(Toolkit.CATALOG);
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

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.quarry.tool.Stores#names")
    void unknownToolsAndFailuresReachTheListeners(String store) throws Exception {
        List<ToolCall> seen = new ArrayList<>();
        Toolkit toolkit = Toolkit.builder()
                .schema(Fixture.schema())
                .store(Stores.store(store, Stores.data("fixture-data.json")))
                .listener(seen::add)
                .build();
        toolkit.call("get_grph_object", Json.parse("{}"), Fixture.acme());
        toolkit.call("get_graph_object", Json.parse("{\"id\": \"nope\"}"), Fixture.acme());
        assertThat(seen).extracting(ToolCall::tool).containsExactly("get_grph_object", "get_graph_object");
        assertThat(seen).extracting(ToolCall::errorCode).containsExactly("NOT_FOUND", "NOT_FOUND");
    }
}
