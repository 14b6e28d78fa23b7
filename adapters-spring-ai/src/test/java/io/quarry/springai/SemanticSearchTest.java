package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarry.search.Embedder;
import io.quarry.testing.Demo;
import io.quarry.tool.Toolkit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.ToolCallAdvisor;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;

/**
 * semantic_search through a real Spring AI ChatClient, with a scripted model calling it and the default
 * model behind Spring AI's EmbeddingModel interface.
 */
class SemanticSearchTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final MiniLmEmbeddingModel MODEL = new MiniLmEmbeddingModel();
    private static final Embedder EMBEDDER = QuarryEmbeddings.embedder(MODEL);
    // the in-memory index: the SimpleVectorStore bridge is QuarryEmbeddingsTest's, and it embeds every text twice
    private static final Toolkit DEMO = Demo.semanticToolkit("spring-ai-semantic", EMBEDDER);

    @Test
    void theModelFindsRisksByMeaningInItsTenantOnly() throws Exception {
        ScriptedChatModel model = new ScriptedChatModel()
                .callTool(
                        "c1",
                        "semantic_search",
                        "{\"type\": \"Risk\", \"query\": \"hackers could steal personal data through an outdated library\","
                                + " \"limit\": 3}")
                .answer("Two vulnerable-dependency risks.");

        String answer = ChatClient.builder(model)
                .defaultAdvisors(ToolCallAdvisor.builder().build())
                .build()
                .prompt()
                .user("Which security risks do we have?")
                .toolCallbacks(QuarryToolCallbacks.of(DEMO))
                .toolContext(Map.of(QuarryToolCallbacks.SCOPE, Map.of("org_id", "globex")))
                .call()
                .content();

        assertThat(answer).isEqualTo("Two vulnerable-dependency risks.");
        List<String> results = new ArrayList<>();
        for (Message m : model.prompts.get(1).getInstructions()) {
            if (m instanceof ToolResponseMessage r) {
                r.getResponses().forEach(response -> results.add(response.responseData()));
            }
        }
        assertThat(results).hasSize(1);
        JsonNode found = MAPPER.readTree(results.get(0));
        assertThat(found.has("error")).as(results.get(0)).isFalse();
        assertThat(found.path("objects")).hasSize(3);
        assertThat(found.at("/objects/0/properties/title").asText()).startsWith("Vulnerable dependencies in");
        for (JsonNode o : found.path("objects")) {
            assertThat(o.path("type").asText()).isEqualTo("Risk");
            // the host's scope, not the model's: globex's risks are risk-165 to risk-204
            assertThat(o.path("id").asText()).isGreaterThanOrEqualTo("risk-165");
        }
    }
}
