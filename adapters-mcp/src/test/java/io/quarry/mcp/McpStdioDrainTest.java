package io.quarry.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.quarry.store.Scope;
import io.quarry.testing.Demo;
import io.quarry.tool.ToolContext;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * stdio answers everything it read before the end of input, in order, as a client that pipes its
 * requests and closes standard input sees it ({@code printf ... | quarry mcp}).
 */
class McpStdioDrainTest {
    private static final JsonMapper MAPPER = new JsonMapper();

    @Test
    void everyRequestPipedBeforeTheEndIsAnsweredInOrder() throws Exception {
        String input = String.join(
                "\n",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"printf\",\"version\":\"0\"}}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"query_graph_objects\","
                        + "\"arguments\":{\"type\":\"Project\",\"limit\":2}}}",
                "not json",
                "",
                "{\"jsonrpc\":\"2.0\",\"id\":\"x\".\"method\":\"tools/list\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"get_graph_object\","
                        + "\"arguments\":[]}}",
                "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"initialize\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/list\"}");
        List<JsonNode> answers = serve("mcp-stdio-drain", input); // no newline after the last: the end of input ends it

        assertThat(answers)
                .extracting(a -> a.path("id").asText())
                .containsExactly("1", "2", "3", "null", "null", "4", "5", "6");
        assertThat(answers.get(1).at("/result/tools").size()).isPositive();
        JsonNode page =
                MAPPER.readTree(answers.get(2).at("/result/content/0/text").asText());
        assertThat(page.path("returned").asInt()).isEqualTo(2);
        assertThat(answers.get(3).at("/error/code").asInt()).isEqualTo(-32700);
        assertThat(answers.get(5).at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(answers.get(6).at("/error/code").asInt()).isEqualTo(-32602);
    }

    @Test
    void aLineOverTheLimitIsRefusedAndTheNextServed() throws Exception {
        String input = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"pad\":\""
                + "x".repeat(QuarryMcpServer.MAX_MESSAGE_BYTES) + "\"}}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n";
        List<JsonNode> answers = serve("mcp-stdio-long", input);
        assertThat(answers).hasSize(2);
        assertThat(answers.get(0).at("/error/message").asText()).isEqualTo("The message is larger than 1048576 bytes.");
        assertThat(answers.get(1).path("id").asInt()).isEqualTo(2);
    }

    private static List<JsonNode> serve(String database, String input) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        QuarryMcpServer.serve(
                Demo.toolkit(database),
                ToolContext.builder().scope(Scope.of("org_id", "acme")).build(),
                new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                out);
        List<JsonNode> answers = new ArrayList<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            answers.add(MAPPER.readTree(line));
        }
        return answers;
    }
}
