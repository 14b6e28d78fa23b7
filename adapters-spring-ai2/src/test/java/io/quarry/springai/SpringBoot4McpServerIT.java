package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
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
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Spring AI 2.0's MCP server starter serves the ToolCallbackProvider bean of Quarry's Boot 4
 * auto-configuration: an MCP client launches the Boot 4 host ({@link SpringBoot4McpDemoServer}) as a
 * subprocess over stdio. The twin of quarry-spring-ai's {@code SpringMcpServerIT}.
 */
class SpringBoot4McpServerIT {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final List<String> SERVER_STDERR = new CopyOnWriteArrayList<>();
    private static McpSyncClient client;

    @BeforeAll
    static void launch() {
        ServerParameters server = ServerParameters.builder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString())
                .args("-cp", System.getProperty("java.class.path"), SpringBoot4McpDemoServer.class.getName())
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
    }

    @Test
    void aGoodCallReturnsObjectsAndAMistakeQuarrysErrorAsText() {
        McpSchema.CallToolResult good = client.callTool(McpSchema.CallToolRequest.builder("query_graph_objects")
                .arguments(Map.of("type", "Project", "limit", 2))
                .build());
        JsonNode json = MAPPER.readTree(((McpSchema.TextContent) good.content().get(0)).text());
        assertThat(json.path("returned").asInt()).isEqualTo(2);

        McpSchema.CallToolResult wrong = client.callTool(McpSchema.CallToolRequest.builder("query_graph_objects")
                .arguments(Map.of("type", "Task", "properties", Map.of("stauts", "Done")))
                .build());
        JsonNode error =
                MAPPER.readTree(((McpSchema.TextContent) wrong.content().get(0)).text());
        assertThat(error.at("/error/code").asString()).isEqualTo("UNKNOWN_FIELD");
    }
}
