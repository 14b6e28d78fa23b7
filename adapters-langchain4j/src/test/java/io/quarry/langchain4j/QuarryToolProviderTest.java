package io.quarry.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.invocation.InvocationParameters;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.UserMessage;
import io.quarry.store.Scope;
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

/** Through a real LangChain4j AI service, with a scripted model that calls Quarry's tools. */
class QuarryToolProviderTest {
    private static final Toolkit DEMO = Demo.toolkit("langchain4j");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    interface Assistant {
        String chat(@UserMessage String message, InvocationParameters parameters);
    }

    private static QuarryToolProvider provider() {
        return QuarryToolProvider.of(DEMO, params -> ToolContext.builder()
                .scope(Scope.of("org_id", params.get("org_id")))
                .user(params.get("user"))
                .build());
    }

    @Test
    void theConversationCompletesAndTheModelReadsEveryResult() throws Exception {
        ScriptedChatModel model = new ScriptedChatModel()
                .callTool("c1", "query_graph_objects", "{\"type\": \"Project\", \"limit\": 50}")
                .callTool("c2", "query_graph_objects", "{\"type\": \"Task\", \"properties\": {\"stauts\": \"Done\"}}")
                .callTool(
                        "c3", "query_graph_objects", "{\"type\": \"Person\", \"properties\": {\"salary_band\": \"B\"}}")
                .callTool("c4", "query_graph_objects", "{\"type\": \"Task\", \"properties\": {")
                .callTool("c5", "query_graph_objects", "{\"type\": \"Task\", \"colour\": \"red\"}")
                .answer("Globex has three projects.");
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(model)
                .toolProvider(provider())
                .build();

        String answer = assistant.chat(
                "How many projects?", InvocationParameters.from(Map.of("org_id", "globex", "user", "ana")));

        assertThat(answer).isEqualTo("Globex has three projects.");
        assertThat(model.requests.get(0).toolSpecifications())
                .extracting(ToolSpecification::name)
                .containsExactly(Demo.toolNames());
        List<ToolExecutionResultMessage> results =
                toolResults(model.requests.get(5).messages());
        assertThat(results).hasSize(5);

        JsonNode good = MAPPER.readTree(results.get(0).text());
        assertThat(results.get(0).isError()).isNotEqualTo(Boolean.TRUE);
        assertThat(good.path("returned").asInt())
                .as("the host's scope, not the model's")
                .isEqualTo(3);

        JsonNode misspelled = MAPPER.readTree(results.get(1).text());
        assertThat(results.get(1).isError()).isTrue();
        assertThat(misspelled.at("/error/code").asText()).isEqualTo("UNKNOWN_FIELD");
        assertThat(misspelled.at("/error/hint").asText()).contains("status");

        JsonNode hidden = MAPPER.readTree(results.get(2).text());
        assertThat(results.get(2).isError()).isTrue();
        assertThat(hidden.at("/error/code").asText()).isEqualTo("UNKNOWN_FIELD");
        assertThat(results.get(2).text()).doesNotContain("\"B\"");

        assertThat(MAPPER.readTree(results.get(3).text()).at("/error/code").asText())
                .isEqualTo("INVALID_JSON");
        assertThat(results.get(4).isError()).isTrue();
        assertThat(results.get(4).text()).contains("colour");
    }

    @Test
    void anInventedToolNameIsAnsweredWithTheToolsAndTheConversationGoesOn() throws Exception {
        ScriptedChatModel model = new ScriptedChatModel()
                .callTool("c1", "query_graph_object", "{\"type\": \"Project\"}")
                .callTool("c2", "search_everything", "{}")
                .callTool("c3", "query_graph_objects", "{\"type\": \"Project\", \"limit\": 50}")
                .answer("Globex has three projects.");
        QuarryToolProvider provider = provider();
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(model)
                .toolProvider(provider)
                .hallucinatedToolNameStrategy(provider.hallucinatedToolNameStrategy())
                .build();

        String answer = assistant.chat(
                "How many projects?", InvocationParameters.from(Map.of("org_id", "globex", "user", "ana")));

        assertThat(answer).isEqualTo("Globex has three projects.");
        List<ToolExecutionResultMessage> results =
                toolResults(model.requests.get(3).messages());
        assertThat(results).hasSize(3);
        for (ToolExecutionResultMessage invented : results.subList(0, 2)) {
            // LangChain4j 1.19 passes on the strategy's text but not its isError flag: the code says it
            JsonNode error = MAPPER.readTree(invented.text()).path("error");
            assertThat(error.path("code").asText()).isEqualTo("NOT_FOUND");
            assertThat(error.path("hint").asText()).contains(String.join(", ", Demo.toolNames()));
            // the same answer as the toolkit's own for a name it does not have
            assertThat(invented.text())
                    .isEqualTo(DEMO.call(invented.toolName(), "{}", ToolContext.unrestricted())
                            .text());
        }
        assertThat(MAPPER.readTree(results.get(0).text()).at("/error/hint").asText())
                .startsWith("Did you mean 'query_graph_objects'?");
        assertThat(MAPPER.readTree(results.get(2).text()).path("returned").asInt())
                .isEqualTo(3);
    }

    @Test
    void withoutTheStrategyAnInventedNameEndsTheConversation() {
        ScriptedChatModel model = new ScriptedChatModel()
                .callTool("c1", "query_graph_object", "{}")
                .answer("never reached");
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(model)
                .toolProvider(provider())
                .build();

        org.junit.jupiter.api.Assertions.assertThrows(
                RuntimeException.class, () -> assistant.chat("Projects?", new InvocationParameters()));
    }

    @Test
    void aContextFunctionThatThrowsGivesAnInternalErrorAndTheConversationGoesOn() {
        ScriptedChatModel model = new ScriptedChatModel()
                .callTool("c1", "query_graph_objects", "{\"type\": \"Project\"}")
                .answer("Sorry.");
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(model)
                .toolProvider(QuarryToolProvider.of(DEMO, params -> {
                    throw new IllegalStateException("no tenant in the session");
                }))
                .build();

        assertThat(assistant.chat("Projects?", new InvocationParameters())).isEqualTo("Sorry.");
        ToolExecutionResultMessage result =
                toolResults(model.requests.get(1).messages()).get(0);
        assertThat(result.isError()).isTrue();
        assertThat(result.text()).contains("INTERNAL").doesNotContain("tenant");
    }

    @Test
    void specificationsKeepTheInputSchemaWhole() throws Exception {
        for (Tool tool : DEMO.tools()) {
            ToolSpecification spec = provider().tools().keySet().stream()
                    .filter(s -> s.name().equals(tool.name()))
                    .findFirst()
                    .orElseThrow();
            assertThat(spec.description()).isEqualTo(tool.description());
            JsonNode parameters = MAPPER.readTree(spec.toJson()).path("parameters");
            assertThat(parameters)
                    .as(tool.name())
                    .isEqualTo(MAPPER.readTree(tool.inputSchema().toString()));
        }
        ToolSpecification schemaTool = provider().tools().keySet().iterator().next();
        assertThat(schemaTool.parameters().properties().get("types")).isInstanceOf(JsonArraySchema.class);
        assertThat(((JsonArraySchema) schemaTool.parameters().properties().get("types")).items())
                .isInstanceOf(JsonEnumSchema.class);
    }

    @Test
    void toolDescriptionsMatchTheGoldenFile() throws Exception {
        ArrayNode specs = MAPPER.createArrayNode();
        for (ToolSpecification spec : provider().tools().keySet()) {
            specs.add(MAPPER.readTree(spec.toJson()));
        }
        Golden.assertMatches(
                Path.of("src/test/resources/io/quarry/langchain4j/langchain4j-tools.demo.json"),
                MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(specs) + "\n");
    }

    private static List<ToolExecutionResultMessage> toolResults(List<ChatMessage> messages) {
        List<ToolExecutionResultMessage> results = new ArrayList<>();
        for (ChatMessage m : messages) {
            if (m instanceof ToolExecutionResultMessage r) {
                results.add(r);
            }
        }
        return results;
    }
}
