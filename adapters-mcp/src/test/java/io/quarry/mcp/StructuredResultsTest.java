package io.quarry.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarry.demo.DemoData;
import io.quarry.search.HashingEmbedder;
import io.quarry.testing.Demo;
import io.quarry.tool.Tool;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every tool of the catalog declares an {@code outputSchema}, and every result it gives on the demo data
 * (its description's example and more calls) carries {@code structuredContent} that validates against
 * it with networknt's JSON Schema validator, and is the same object as its text.
 */
class StructuredResultsTest {
    /** The demo's tools with semantic_search (over the risks, embedded by a hashing embedder). */
    private static final Toolkit DEMO = Demo.semanticToolkit("mcp_structured", new HashingEmbedder());
    /** run_readonly_sql and report_missing_capability, which the demo's toolkit does not enable. */
    private static final Toolkit MORE_TOOLS = Toolkit.builder()
            .config(DemoData.config())
            .store(DemoData.load(h2("mcp_structured_sql")))
            .readonlySql("h2")
            .capabilityListener(report -> {})
            .build();

    private static final List<Tool> ALL = Stream.concat(
                    DEMO.tools().stream(),
                    MORE_TOOLS.tools().stream().filter(t -> DEMO.tool(t.name()).isEmpty()))
            .toList();
    private static final List<SyncToolSpecification> TOOLS = Stream.concat(
                    QuarryMcpServer.tools(DEMO, exchange -> ToolContext.unrestricted()).stream(),
                    QuarryMcpServer.tools(MORE_TOOLS, exchange -> ToolContext.unrestricted()).stream()
                            .filter(t -> DEMO.tool(t.tool().name()).isEmpty()))
            .toList();
    private static final SchemaRegistry REGISTRY =
            SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private static final Schema DRAFT_2020_12 =
            REGISTRY.getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
    private static final Schema DRAFT_07 = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7)
            .getSchema(SchemaLocation.of("http://json-schema.org/draft-07/schema#"));

    /** More calls per tool than its example, so optional keys (cursors, hints, caps) appear too. */
    private static final Map<String, List<String>> MORE = Map.ofEntries(
            Map.entry(
                    "get_database_schema",
                    List.of("{}", "{\"detail\": \"names\"}", "{\"detail\": \"full\"}", "{\"types\": [\"Risk\"]}")),
            Map.entry("discover_schema", List.of("{\"query\": \"budget\"}", "{\"query\": \"zzzz nothing\"}")),
            Map.entry(
                    "query_graph_objects",
                    List.of(
                            "{\"type\": \"Task\", \"limit\": 1}",
                            "{\"type\": \"Risk\", \"sort\": [{\"field\": \"updated_at\", \"direction\": \"desc\"}]}",
                            "{\"type\": \"Task\", \"properties\": {\"status\": \"Blocked\", \"priority\": 99}}",
                            "{\"type\": \"Task\", \"limit\": 100}")),
            Map.entry("semantic_search", List.of("{\"query\": \"security\", \"type\": \"Risk\", \"limit\": 2}")),
            Map.entry("get_graph_object", List.of("{\"id\": \"risk-001\"}", "{\"id\": \"proj-01\"}")),
            Map.entry(
                    "get_object_relationships",
                    List.of("{\"id\": \"task-0001\"}", "{\"id\": \"task-0001\", \"direction\": \"in\", \"limit\": 1}")),
            Map.entry(
                    "aggregate_graph_objects",
                    List.of(
                            "{\"type\": \"Task\", \"metrics\": [{\"op\": \"count\"}]}",
                            "{\"type\": \"Task\", \"group_by\": \"priority\","
                                    + " \"metrics\": [{\"op\": \"avg\", \"field\": \"estimate_hours\"}]}")),
            Map.entry("get_project_graph", List.of("{\"root_id\": \"proj-01\"}")),
            Map.entry(
                    "run_readonly_sql",
                    List.of(
                            "{\"sql\": \"SELECT status, COUNT(*) AS n FROM Task GROUP BY status\"}",
                            "{\"sql\": \"SELECT id, title FROM Risk\"}")),
            Map.entry(
                    "report_missing_capability",
                    List.of("{\"user_request\": \"chart of burn-down\", \"missing\": \"a chart tool\"}")));

    private static JdbcDataSource h2(String name) {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1");
        return ds;
    }

    static Stream<Arguments> calls() {
        List<Arguments> calls = new ArrayList<>();
        for (Tool tool : ALL) {
            Set<String> arguments = new LinkedHashSet<>();
            String description = tool.description();
            int example = description.lastIndexOf("Example: ");
            if (example >= 0) {
                arguments.add(
                        description.substring(example + "Example: ".length()).replaceAll("\\.\\s*$", ""));
            }
            arguments.addAll(MORE.getOrDefault(tool.name(), List.of()));
            arguments.forEach(a -> calls.add(Arguments.of(tool.name(), a)));
        }
        return calls.stream();
    }

    @Test
    void theCatalogIsServedWhole() {
        assertThat(TOOLS)
                .extracting(t -> t.tool().name())
                .contains(
                        "semantic_search",
                        "run_readonly_sql",
                        "report_missing_capability",
                        "get_project_graph",
                        "aggregate_graph_objects")
                .allSatisfy(name ->
                        assertThat(OutputSchemas.specific(name)).as(name).isTrue());
        assertThat(ALL).extracting(Tool::name).containsAll(MORE.keySet());
    }

    @Test
    void everyOutputSchemaIsAnObjectSchemaOfDraft202012AndOfDraft07() {
        for (SyncToolSpecification t : TOOLS) {
            JsonNode schema = Dispatcher.JSON.valueToTree(t.tool().outputSchema());
            assertThat(schema.path("type").asText()).as(t.tool().name()).isEqualTo("object");
            assertThat(DRAFT_2020_12.validate(schema)).as(t.tool().name()).isEmpty();
            assertThat(DRAFT_07.validate(schema)).as(t.tool().name()).isEmpty();
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("calls")
    void theStructuredContentValidatesAgainstTheOutputSchema(String name, String arguments) throws Exception {
        SyncToolSpecification spec = TOOLS.stream()
                .filter(t -> t.tool().name().equals(name))
                .findFirst()
                .orElseThrow();
        Map<String, Object> args = Dispatcher.JSON.readValue(arguments, new TypeReference<>() {});
        McpSchema.CallToolResult result = spec.callHandler()
                .apply(
                        null,
                        McpSchema.CallToolRequest.builder(name).arguments(args).build());

        String text = ((McpSchema.TextContent) result.content().get(0)).text();
        assertThat(result.isError()).as(text).isFalse();
        JsonNode structured = Dispatcher.JSON.valueToTree(result.structuredContent());
        assertThat(structured.toString()).isEqualTo(text);
        Schema schema =
                REGISTRY.getSchema(Dispatcher.JSON.valueToTree(spec.tool().outputSchema()));
        assertThat(schema.validate(structured)).as(text).isEmpty();
    }

    @Test
    void anErrorResultIsTextWithIsErrorAndNoStructuredContent() throws Exception {
        McpSchema.CallToolResult result = TOOLS.get(1)
                .callHandler()
                .apply(
                        null,
                        McpSchema.CallToolRequest.builder("query_graph_objects")
                                .arguments(Map.of("type", "Tsak"))
                                .build());
        assertThat(result.isError()).isTrue();
        assertThat(result.structuredContent()).isNull();
        JsonNode error = Dispatcher.JSON.readTree(
                ((McpSchema.TextContent) result.content().get(0)).text());
        assertThat(error.at("/error/code").asText()).isEqualTo("UNKNOWN_TYPE");
    }

    @Test
    void theWireCarriesTheOutputSchemaAndTheStructuredContentThroughTheSdk() {
        try (Dispatcher dispatcher =
                Dispatcher.of(DEMO, transport -> ToolContext.unrestricted(), Duration.ofSeconds(30))) {
            ObjectNode list = dispatcher
                    .answer("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}", McpTransportContext.EMPTY)
                    .orElseThrow();
            assertThat(list.at("/result/tools"))
                    .allSatisfy(tool ->
                            assertThat(tool.at("/outputSchema/type").asText()).isEqualTo("object"));
            ObjectNode call = dispatcher
                    .answer(
                            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":"
                                    + "\"query_graph_objects\",\"arguments\":{\"type\":\"Task\",\"limit\":2}}}",
                            McpTransportContext.EMPTY)
                    .orElseThrow();
            JsonNode result = call.path("result");
            assertThat(result.path("isError").asBoolean()).as(call.toString()).isFalse();
            assertThat(result.at("/structuredContent/objects")).hasSize(2);
            assertThat(result.at("/content/0/text").asText())
                    .isEqualTo(result.path("structuredContent").toString());
        }
    }
}
