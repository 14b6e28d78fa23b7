package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.config.ConfigException;
import io.quarry.config.QuarryConfig;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The limits and tools sections of the configuration file: what they change, and what they refuse at build time. */
class ToolConfigTest {
    private static final String TYPES = Fixture.resource("fixture.yaml");

    private static Toolkit build(String extra) {
        return Toolkit.builder()
                .config(QuarryConfig.parse(TYPES + "\n" + extra, "quarry.yaml"))
                .store(Fixture.store())
                .build();
    }

    @Test
    void disabledToolsAreLeftOut() {
        Toolkit toolkit = build("tools:\n  disabled: [aggregate_graph_objects, discover_schema]\n");
        assertThat(toolkit.tool("aggregate_graph_objects")).isEmpty();
        assertThat(toolkit.tool("discover_schema")).isEmpty();
        assertThat(toolkit.tool("query_graph_objects")).isPresent();
        assertThat(toolkit.call("aggregate_graph_objects", (String) null, Fixture.acme())
                        .errorCode())
                .isEqualTo("NOT_FOUND");
    }

    @Test
    void limitsComeFromTheFile() {
        Toolkit toolkit = build("limits: {default_limit: 2, max_limit: 3, size_budget: 5000}\n");
        ObjectNode result = Fixture.call(toolkit, "query_graph_objects", "{\"type\": \"Task\"}", Fixture.acme());
        assertThat(result.get("returned").asInt()).isEqualTo(2);
        assertThat(Fixture.call(toolkit, "query_graph_objects", "{\"limit\": 4}", Fixture.acme())
                        .at("/error/code")
                        .asText())
                .isEqualTo("LIMIT_EXCEEDED");
        assertThat(toolkit.tool("text_pattern_search")
                        .orElseThrow()
                        .inputSchema()
                        .at("/properties/limit/maximum")
                        .asInt())
                .isEqualTo(3);
    }

    @Test
    void everyLimitIsOptionalAndAnUnsetOneMakesWayForTheOther() {
        // max_limit alone lowers the default limit to it, rather than refusing 20 > 5
        Toolkit low = build("limits: {max_limit: 5}\n");
        assertThat(low.limits().defaultLimit()).isEqualTo(5);
        assertThat(low.limits().maxLimit()).isEqualTo(5);
        assertThat(Fixture.call(low, "query_graph_objects", "{\"type\": \"Task\"}", Fixture.acme())
                        .get("returned")
                        .asInt())
                .isLessThanOrEqualTo(5);
        // default_limit alone raises the max limit to it
        Limits high = build("limits: {default_limit: 150}\n").limits();
        assertThat(high.defaultLimit()).isEqualTo(150);
        assertThat(high.maxLimit()).isEqualTo(150);
        // a max above the default keeps the default
        assertThat(build("limits: {max_limit: 500}\n").limits())
                .isEqualTo(new Limits(20, 500, Limits.DEFAULTS.filter(), 16_000, Limits.DEFAULTS.statementTimeout()));
        assertThat(build("limits: {}\n").limits()).isEqualTo(Limits.DEFAULTS);
        assertThat(build("").limits()).isEqualTo(Limits.DEFAULTS);
    }

    @Test
    void theSchemaIsGivenInOnePlace() {
        QuarryConfig config = QuarryConfig.parse(TYPES, "quarry.yaml");
        // the same schema twice is no conflict
        assertThat(Toolkit.builder()
                        .schema(config.schema().orElseThrow())
                        .config(config)
                        .store(Fixture.store())
                        .build()
                        .schema())
                .isEqualTo(config.schema().orElseThrow());
        assertThatThrownBy(() -> Toolkit.builder()
                        .schema(QuarryConfig.parse("types: {Task: {}}", "other.yaml")
                                .schema()
                                .orElseThrow())
                        .config(config)
                        .store(Fixture.store())
                        .build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Toolkit.builder(): the schema is given twice, by schema(...) and by the types section of"
                        + " quarry.yaml; give it in one place");
        // a configuration without types configures a toolkit over a schema from elsewhere
        Toolkit inferred = Toolkit.builder()
                .schema(Fixture.schema())
                .config(QuarryConfig.parse("limits: {max_limit: 5}\ntools: {disabled: [discover_schema]}", "q.yaml"))
                .store(Fixture.store())
                .build();
        assertThat(inferred.limits().maxLimit()).isEqualTo(5);
        assertThat(inferred.tool("discover_schema")).isEmpty();
    }

    @Test
    void buildingLeavesTheBuilderAsItWas() {
        // build() resolves the configuration into the toolkit, not into the builder: a second
        // configuration on the same builder is read as if it were the first
        Toolkit.Builder builder = Toolkit.builder()
                .config(QuarryConfig.parse(TYPES + "\nlimits: {max_limit: 3}\n", "a.yaml"))
                .store(Fixture.store());
        assertThat(builder.build().limits().maxLimit()).isEqualTo(3);
        String other = TYPES.replace("Task", "Chore") + "\nlimits: {max_limit: 7}\n";
        Toolkit second = builder.config(QuarryConfig.parse(other, "b.yaml")).build();
        assertThat(second.limits().maxLimit()).isEqualTo(7);
        assertThat(second.schema().typeNames()).contains("Chore").doesNotContain("Task");
    }

    @Test
    void fieldRulesConstrainTheTypedTools() {
        Toolkit toolkit = build("tools:\n  fields:\n"
                + "    Task.title: {modes: [contains, starts_with]}\n"
                + "    Task.priority: {min: 1, max: 10}\n"
                + "    Task.status: {values: [Open, Done]}\n");
        ObjectNode regex = Fixture.call(
                toolkit,
                "text_pattern_search",
                "{\"entity_type\": \"Task\", \"field\": \"title\", \"pattern\": \"x\", \"mode\": \"regex\"}",
                Fixture.acme());
        assertThat(regex.at("/error/path").asText()).isEqualTo("mode");
        assertThat(regex.at("/error/hint").asText()).isEqualTo("Allowed here: contains, starts_with.");
        ObjectNode high = Fixture.call(
                toolkit,
                "number_range_search",
                "{\"entity_type\": \"Task\", \"field\": \"priority\", \"operator\": \"gt\", \"value\": 11}",
                Fixture.acme());
        assertThat(high.at("/error/message").asText()).isEqualTo("Task.priority is never above 10.");
        assertThat(high.at("/error/hint").asText()).isEqualTo("Use a value from 1 to 10.");
        ObjectNode blocked = Fixture.call(
                toolkit,
                "enum_filter_search",
                "{\"entity_type\": \"Task\", \"field\": \"status\", \"values\": [\"Blocked\"]}",
                Fixture.acme());
        assertThat(blocked.at("/error/code").asText()).isEqualTo("TYPE_MISMATCH");
        assertThat(blocked.at("/error/hint").asText()).endsWith("Values: Open, Done.");
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                Arguments.of(
                        "tools:\n  disabled: [agregate_graph_objects]\n",
                        "quarry.yaml: tools.disabled[0]: unknown tool 'agregate_graph_objects' (did you mean 'aggregate_graph_objects'?)"),
                Arguments.of("tools:\n  enabled: []\n", "quarry.yaml: tools: unknown key 'enabled'"),
                Arguments.of(
                        "tools:\n  fields:\n    Task.priorty: {min: 1}\n",
                        "quarry.yaml: tools.fields.Task.priorty: Task has no exposed field 'priorty' (did you mean 'priority'?)"),
                Arguments.of(
                        "tools:\n  fields:\n    Task.cost_code: {modes: [exact]}\n",
                        "quarry.yaml: tools.fields.Task.cost_code: Task has no exposed field 'cost_code'"),
                Arguments.of(
                        "tools:\n  fields:\n    Tsk.title: {modes: [exact]}\n",
                        "quarry.yaml: tools.fields.Tsk.title: unknown type 'Tsk' (did you mean 'Task'?)"),
                Arguments.of(
                        "tools:\n  fields:\n    Task.title: {min: 1}\n",
                        "quarry.yaml: tools.fields.Task.title.min: min and max apply to number and integer fields; title is string"),
                Arguments.of(
                        "tools:\n  fields:\n    Task.title: {modes: [between]}\n",
                        "quarry.yaml: tools.fields.Task.title.modes: 'between' is not a mode of a string field"),
                Arguments.of(
                        "tools:\n  fields:\n    Task.priority: {min: 10, max: 1}\n",
                        "quarry.yaml: tools.fields.Task.priority: min (10) is greater than max (1); swap them"),
                Arguments.of(
                        "tools:\n  fields:\n    Task.status: {values: [Closed]}\n",
                        "quarry.yaml: tools.fields.Task.status.values: 'Closed' is not a value of Task.status"),
                Arguments.of(
                        "tools:\n  fields:\n    title: {modes: [exact]}\n",
                        "quarry.yaml: tools.fields.title: 'title' names no type; name the field as Type.field, such as Task.priority"),
                Arguments.of(
                        "limits: {default_limit: 0}\n",
                        "quarry.yaml: limits.default_limit: expected a whole number of at least 1, found 0; raise it to 1"),
                Arguments.of(
                        "limits: {size_budget: 100}\n",
                        "quarry.yaml: limits.size_budget: expected a whole number of at least 1000, found 100; raise it to 1000"),
                Arguments.of("limits: {max_rows: 100}\n", "quarry.yaml: limits: unknown key 'max_rows'"),
                Arguments.of(
                        "limits: {default_limit: 30, max_limit: 5}\n",
                        "quarry.yaml: limits: default_limit (30) is greater than max_limit (5); lower default_limit or"
                                + " raise max_limit"),
                Arguments.of(
                        "limits: {max_limit: 5, max_limit: 6}\n",
                        "quarry.yaml: limits: duplicate key 'max_limit'; write each key once"),
                Arguments.of(
                        "tools:\n  fields:\n    Task.priority: {min: 1}\n    Task.priority: {max: 3}\n",
                        "quarry.yaml: tools.fields: duplicate key 'Task.priority'; write each key once"),
                Arguments.of(
                        "tools:\n  example: {type: Tsk, id: t1}\n",
                        "quarry.yaml: tools.example.type: unknown type 'Tsk' (did you mean 'Task'?)"),
                Arguments.of(
                        "tools:\n  example: {type: Task}\n",
                        "quarry.yaml: tools.example: 'id' is missing; give {type, id} naming one object of your data"),
                Arguments.of(
                        "tools:\n  example: {type: Task, id: t1, title: x}\n",
                        "quarry.yaml: tools.example: unknown key 'title'"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("invalid")
    void invalidConfigurationFailsAtBuildSayingWhatToChange(String extra, String message) {
        assertThatThrownBy(() -> build(extra))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(message);
    }

    @Test
    void theExampleObjectIsWhatDescriptionsName() throws Exception {
        Toolkit toolkit = build("tools:\n  example: {type: Document, id: \"456\"}\n"
                + "  fields:\n    Task.priority: {min: 1, max: 10}\n");
        assertThat(toolkit.tool("get_graph_object").orElseThrow().description())
                .endsWith("Example: {\"id\": \"456\"}.");
        assertThat(toolkit.tool("get_object_relationships").orElseThrow().description())
                .endsWith("Example: {\"id\": \"456\", \"direction\": \"out\", \"relationship_type\": \"documents\"}.");
        assertThat(toolkit.tool("query_graph_objects").orElseThrow().description())
                .endsWith("Example: {\"type\": \"Document\", \"limit\": 10}.");
        // the number example lies inside the configured range
        assertThat(toolkit.tool("number_range_search").orElseThrow().description())
                .endsWith("\"field\": \"priority\", \"operator\": \"approximately\", \"value\": 6, \"tolerance\": 1}.");
        // without an example object, the id is a placeholder that answers NOT_FOUND with a hint
        Toolkit plain = build("");
        assertThat(plain.tool("get_graph_object").orElseThrow().description())
                .endsWith("Example: {\"id\": \"" + Examples.PLACEHOLDER_ID + "\"}.");
        assertThat(plain.tool("get_object_relationships").orElseThrow().description())
                .contains("\"direction\": \"out\", \"relationship_type\": \"part_of\"");
    }

    @Test
    void examplesKeepToTheFieldRules() throws Exception {
        for (String rules : java.util.List.of(
                "    Task.title: {modes: [ends_with]}\n    Task.priority: {min: 3, modes: [lt, between]}\n",
                "    Task.priority: {max: 4, modes: [between]}\n    Task.status: {values: [Done]}\n",
                "    Task.priority: {min: 2, max: 9, modes: [rounded_equal]}\n")) {
            Toolkit toolkit = build("tools:\n  fields:\n" + rules);
            for (Tool tool : toolkit.tools()) {
                String description = tool.description();
                String example = description.substring(description.indexOf("Example: ") + 9, description.length() - 1);
                ToolResult result = toolkit.call(
                        tool.name(),
                        com.fasterxml.jackson.databind.json.JsonMapper.builder()
                                .build()
                                .readTree(example),
                        Fixture.acme());
                assertThat(result.isError() ? result.errorCode() : "OK")
                        .as(rules + tool.name() + " " + example + " -> " + result.text())
                        .isIn("OK", "NOT_FOUND");
            }
        }
    }

    @Test
    void refreshStatisticsRecomputesCommonValues() {
        Toolkit toolkit = Fixture.toolkit();
        ObjectNode before = Fixture.call(
                toolkit, "get_database_schema", "{\"types\": [\"Task\"], \"detail\": \"full\"}", Fixture.acme());
        toolkit.refreshStatistics();
        ObjectNode after = Fixture.call(
                toolkit, "get_database_schema", "{\"types\": [\"Task\"], \"detail\": \"full\"}", Fixture.acme());
        assertThat(after).isEqualTo(before);
    }
}
