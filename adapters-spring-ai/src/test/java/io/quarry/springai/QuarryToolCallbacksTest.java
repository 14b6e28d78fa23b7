package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.testing.Demo;
import io.quarry.testing.Golden;
import io.quarry.tool.Tool;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.ToolCallAdvisor;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.tool.ToolCallback;

/** Through a real Spring AI ChatClient, with a scripted model that calls Quarry's tools. */
class QuarryToolCallbacksTest {
    private static final Toolkit DEMO = Demo.toolkit("spring-ai");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void theConversationCompletesAndTheModelReadsEveryResult() throws Exception {
        ScriptedChatModel model = new ScriptedChatModel()
                .callTool("c1", "query_graph_objects", "{\"type\": \"Project\", \"limit\": 50}")
                .callTool("c2", "query_graph_objects", "{\"type\": \"Task\", \"properties\": {\"stauts\": \"Done\"}}")
                .callTool(
                        "c3", "query_graph_objects", "{\"type\": \"Person\", \"properties\": {\"salary_band\": \"B\"}}")
                .callTool("c4", "query_graph_objects", "{\"type\": \"Task\", \"properties\": {")
                .answer("Globex has three projects.");

        String answer = ChatClient.builder(model)
                .defaultAdvisors(ToolCallAdvisor.builder().build())
                .build()
                .prompt()
                .user("How many projects?")
                .toolCallbacks(QuarryToolCallbacks.of(DEMO))
                .toolContext(
                        Map.of(QuarryToolCallbacks.SCOPE, Map.of("org_id", "globex"), QuarryToolCallbacks.USER, "ana"))
                .call()
                .content();

        assertThat(answer).isEqualTo("Globex has three projects.");
        List<String> results = toolResponses(model.prompts.get(4).getInstructions());
        assertThat(results).hasSize(4);
        JsonNode good = MAPPER.readTree(results.get(0));
        assertThat(good.has("error")).isFalse();
        assertThat(good.path("returned").asInt())
                .as("the host's scope, not the model's")
                .isEqualTo(3);
        JsonNode misspelled = MAPPER.readTree(results.get(1));
        assertThat(misspelled.at("/error/code").asText()).isEqualTo("UNKNOWN_FIELD");
        assertThat(misspelled.at("/error/hint").asText()).contains("status");
        assertThat(MAPPER.readTree(results.get(2)).at("/error/code").asText()).isEqualTo("UNKNOWN_FIELD");
        assertThat(MAPPER.readTree(results.get(3)).at("/error/code").asText()).isEqualTo("INVALID_JSON");
    }

    @Test
    void theModelIsOfferedEveryToolWithQuarrysSchema() throws Exception {
        ScriptedChatModel model = new ScriptedChatModel().answer("Hello.");

        ChatClient.create(model)
                .prompt()
                .user("Hi")
                .toolCallbacks(QuarryToolCallbacks.of(DEMO))
                .call()
                .content();

        assertThat(model.prompts.get(0).getOptions())
                .isInstanceOf(org.springframework.ai.model.tool.ToolCallingChatOptions.class);
        List<ToolCallback> offered = ((org.springframework.ai.model.tool.ToolCallingChatOptions)
                        model.prompts.get(0).getOptions())
                .getToolCallbacks();
        assertThat(offered).extracting(c -> c.getToolDefinition().name()).containsExactly(Demo.toolNames());
        for (Tool tool : DEMO.tools()) {
            ToolCallback callback = offered.stream()
                    .filter(c -> c.getToolDefinition().name().equals(tool.name()))
                    .findFirst()
                    .orElseThrow();
            assertThat(MAPPER.readTree(callback.getToolDefinition().inputSchema()))
                    .isEqualTo(MAPPER.readTree(tool.inputSchema().toString()));
            assertThat(callback.getToolDefinition().description()).isEqualTo(tool.description());
        }
    }

    @Test
    void aContextFunctionThatThrowsGivesAnInternalError() {
        ToolCallback callback = QuarryToolCallbacks.of(DEMO, List.of("query_graph_objects"), map -> {
                    throw new IllegalStateException("no tenant");
                })
                .getToolCallbacks()[0];

        assertThat(callback.call("{\"type\": \"Project\"}"))
                .contains("\"INTERNAL\"")
                .doesNotContain("tenant");
    }

    @Test
    void aScopeOfTheWrongTypeIsAnInternalErrorNotAnUnscopedRead() {
        ToolCallback callback = QuarryToolCallbacks.of(DEMO).getToolCallbacks()[1];

        assertThat(callback.call(
                        "{\"type\": \"Project\"}",
                        new org.springframework.ai.chat.model.ToolContext(
                                Map.of(QuarryToolCallbacks.SCOPE, "org_id=globex"))))
                .contains("\"INTERNAL\"");
    }

    @Test
    void unknownToolNamesAreRefusedWithTheKnownOnes() {
        assertThatThrownBy(() ->
                        QuarryToolCallbacks.of(DEMO, List.of("query_graph_object"), map -> ToolContext.unrestricted()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("quarry.tools: there is no tool 'query_graph_object'; the tools are "
                        + List.of(Demo.toolNames()));
    }

    @Test
    void toolDescriptionsMatchTheGoldenFile() throws Exception {
        ArrayNode definitions = MAPPER.createArrayNode();
        for (ToolCallback c : QuarryToolCallbacks.of(DEMO).getToolCallbacks()) {
            ObjectNode d = definitions.addObject();
            d.put("name", c.getToolDefinition().name());
            d.put("description", c.getToolDefinition().description());
            d.put("inputSchema", c.getToolDefinition().inputSchema());
        }
        Golden.assertMatches(
                Path.of("src/test/resources/io/quarry/springai/spring-ai-tools.demo.json"),
                MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(definitions) + "\n");
    }

    private static List<String> toolResponses(List<Message> messages) {
        List<String> results = new ArrayList<>();
        for (Message m : messages) {
            if (m instanceof ToolResponseMessage r) {
                r.getResponses().forEach(response -> results.add(response.responseData()));
            }
        }
        return results;
    }
}
