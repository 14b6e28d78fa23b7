package io.quarry.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.invocation.InvocationParameters;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.UserMessage;
import io.quarry.store.Scope;
import io.quarry.testing.Demo;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** semantic_search through a real LangChain4j AI service, with the default model over the demo's risks. */
class SemanticSearchTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Toolkit DEMO = Demo.semanticToolkit(
            "langchain4j-semantic",
            QuarryEmbeddings.embedder(
                    new dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel()));

    interface Assistant {
        String chat(@UserMessage String message, InvocationParameters parameters);
    }

    @Test
    void theModelFindsRisksByMeaningInItsTenantOnly() throws Exception {
        ScriptedChatModel model = new ScriptedChatModel()
                .callTool(
                        "c1",
                        "semantic_search",
                        "{\"type\": \"Risk\", \"query\": \"hackers could steal personal data through an outdated library\","
                                + " \"limit\": 3}")
                .answer("Two vulnerable-dependency risks.");
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(model)
                .toolProvider(QuarryToolProvider.of(DEMO, params -> ToolContext.builder()
                        .scope(Scope.of("org_id", params.get("org_id")))
                        .build()))
                .build();

        String answer = assistant.chat(
                "Which security risks do we have?", InvocationParameters.from(Map.of("org_id", "globex")));

        assertThat(answer).isEqualTo("Two vulnerable-dependency risks.");
        assertThat(model.requests.get(0).toolSpecifications())
                .extracting(ToolSpecification::name)
                .contains("semantic_search");
        List<ToolExecutionResultMessage> results = new ArrayList<>();
        model.requests.get(1).messages().forEach(m -> {
            if (m instanceof ToolExecutionResultMessage r) {
                results.add(r);
            }
        });
        assertThat(results).hasSize(1);
        assertThat(results.get(0).isError()).isNotEqualTo(Boolean.TRUE);
        JsonNode found = MAPPER.readTree(results.get(0).text());
        assertThat(found.path("objects")).hasSize(3);
        assertThat(found.at("/objects/0/properties/title").asText()).startsWith("Vulnerable dependencies in");
        for (JsonNode o : found.path("objects")) {
            assertThat(o.path("type").asText()).isEqualTo("Risk");
            assertThat(o.path("score").asDouble()).isBetween(0.0, 1.0);
            // the host's scope, not the model's: globex's risks are risk-165 to risk-204
            assertThat(o.path("id").asText()).isGreaterThanOrEqualTo("risk-165");
        }
    }
}
