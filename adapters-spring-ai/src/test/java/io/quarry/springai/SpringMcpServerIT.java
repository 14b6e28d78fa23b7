package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
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

/**
 * Spring AI's MCP server starter serves the ToolCallbackProvider bean of Quarry's auto-configuration:
 * an MCP client launches the Boot host ({@link SpringMcpDemoServer}) as a subprocess over stdio.
 */
class SpringMcpServerIT {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final List<String> SERVER_STDERR = new CopyOnWriteArrayList<>();
    private static McpSyncClient client;

    @BeforeAll
    static void launch() {
        ServerParameters server = ServerParameters.builder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString())
                .args("-cp", System.getProperty("java.class.path"), SpringMcpDemoServer.class.getName())
                .build();
        StdioClientTransport transport = new StdioClientTransport(server, new JacksonMcpJsonMapper(MAPPER));
        transport.setStdErrorHandler(SERVER_STDERR::add);
        // a Boot host starting on a loaded machine can take longer than the client's default 20 s
        client = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(60))
                .initializationTimeout(Duration.ofSeconds(60))
                .build();
        client.initialize();
    }

    @AfterAll
    static void close() {
        client.closeGracefully();
    }

    @Test
    void quarrysToolsAreMcpTools() { // the starter keeps tools in a map: its order is not ours
        assertThat(client.listTools().tools())
                .extracting(McpSchema.Tool::name)
                .as("server stderr: %s", SERVER_STDERR)
                .containsExactlyInAnyOrder(Demo.toolNames());
        assertThat(client.listTools().tools())
                .as("the starter does not annotate tools")
                .allSatisfy(tool -> assertThat(tool.annotations()).isNull());
    }

    @Test
    void aGoodCallReturnsObjects() throws Exception {
        McpSchema.CallToolResult result = client.callTool(
                new McpSchema.CallToolRequest("query_graph_objects", Map.of("type", "Project", "limit", 2)));

        JsonNode json =
                MAPPER.readTree(((McpSchema.TextContent) result.content().get(0)).text());
        assertThat(json.path("returned").asInt()).isEqualTo(2);
    }

    @Test
    void aMisspelledFieldReturnsTheQuarryErrorAsText() throws Exception {
        McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest(
                "query_graph_objects", Map.of("type", "Task", "properties", Map.of("stauts", "Done"))));

        // Spring AI marks only exceptions as isError; Quarry's error object is the text either way
        assertThat(result.isError()).isNotEqualTo(Boolean.TRUE);
        JsonNode json =
                MAPPER.readTree(((McpSchema.TextContent) result.content().get(0)).text());
        assertThat(json.at("/error/code").asText()).isEqualTo("UNKNOWN_FIELD");
    }
}
