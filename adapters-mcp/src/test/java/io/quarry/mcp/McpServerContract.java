package io.quarry.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarry.testing.Demo;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What every Quarry MCP server over the demo, started for tenant {@code globex}, does for an MCP
 * Java SDK client that launches it as a subprocess over stdio. Each way of starting a server extends
 * it with its command line.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class McpServerContract {
    private static final JsonMapper MAPPER = new JsonMapper();
    private final List<String> stderr = new CopyOnWriteArrayList<>();
    private McpSyncClient client;

    /** The server's command line after {@code java}; it must serve the demo scoped to org_id=globex. */
    protected abstract List<String> javaArguments();

    @BeforeAll
    void launch() {
        ServerParameters server = ServerParameters.builder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString())
                .args(javaArguments())
                .build();
        StdioClientTransport transport = new StdioClientTransport(server, McpJsonDefaults.getMapper());
        transport.setStdErrorHandler(stderr::add);
        client = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(120))
                // the server builds its demo database first: 20 s (the default) is too short on a loaded machine
                .initializationTimeout(Duration.ofSeconds(120))
                .build();
        // a stray line on the server's stdout would fail this
        client.initialize();
    }

    @AfterAll
    void close() {
        client.closeGracefully();
    }

    @Test
    void listsReadOnlyToolsWithValidJsonSchema202012Inputs() {
        List<McpSchema.Tool> tools = client.listTools().tools();

        assertThat(tools).extracting(McpSchema.Tool::name).containsExactly(Demo.toolNames());
        Schema meta = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
        for (McpSchema.Tool tool : tools) {
            assertThat(meta.validate(MAPPER.valueToTree(tool.inputSchema())))
                    .as(tool.name())
                    .isEmpty();
            assertThat(tool.annotations().readOnlyHint()).isTrue();
        }
    }

    @Test
    void getDatabaseSchemaDescribesTheDemo() throws Exception {
        JsonNode result = call("get_database_schema", Map.of("detail", "names"), false);

        assertThat(result.toString()).contains("Task", "Project", "Person");
    }

    @Test
    void queryGraphObjectsStaysInTheScopeTheServerWasStartedWith() throws Exception {
        JsonNode result = call("query_graph_objects", Map.of("type", "Project", "limit", 50), false);

        assertThat(result.path("returned").asInt()).as("globex has 3 projects").isEqualTo(3);
        assertThat(result.toString()).doesNotContain("CRM Migration");
    }

    @Test
    void badInputIsAnIsErrorResultWithTheQuarryErrorObject() throws Exception {
        JsonNode misspelled =
                call("query_graph_objects", Map.of("type", "Task", "properties", Map.of("stauts", "Done")), true);
        assertThat(misspelled.at("/error/code").asText()).isEqualTo("UNKNOWN_FIELD");
        assertThat(misspelled.at("/error/hint").asText()).contains("status");

        JsonNode hidden =
                call("query_graph_objects", Map.of("type", "Person", "properties", Map.of("salary_band", "B")), true);
        assertThat(hidden.at("/error/code").asText()).isEqualTo("UNKNOWN_FIELD");

        assertThat(call("query_graph_objects", Map.of("type", "Nothing"), true)
                        .at("/error/code")
                        .asText())
                .isEqualTo("UNKNOWN_TYPE");
        assertThat(client.ping()).isNotNull();
    }

    private JsonNode call(String tool, Map<String, Object> arguments, boolean isError) throws Exception {
        McpSchema.CallToolResult result = client.callTool(
                McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());
        assertThat(result.isError())
                .as("isError of %s; server stderr: %s", result, stderr)
                .isEqualTo(isError);
        return MAPPER.readTree(((McpSchema.TextContent) result.content().get(0)).text());
    }
}
