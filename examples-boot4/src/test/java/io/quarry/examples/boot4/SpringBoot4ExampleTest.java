package io.quarry.examples.boot4;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.openai.OpenAiChatModel;

/** The Boot 4 / Spring AI 2.0 sample end to end on its scripted model. */
class SpringBoot4ExampleTest {

    @Test
    void theAnswerComesFromQuarrysToolResult() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        String answer = SpringBoot4Example.run(
                Map.of(), SpringBoot4Example.QUESTION, new PrintStream(bytes, true, StandardCharsets.UTF_8));

        // Quarry's result object, through Spring AI 2.0's ToolCallingAdvisor, is what the model read
        assertThat(answer)
                .startsWith("(scripted model) query_graph_objects answered: {\"objects\":[")
                .contains("\"type\":\"Task\"", "\"status\":\"Blocked\"", "\"returned\":")
                .doesNotContain("\"error\"");
        assertThat(bytes.toString(StandardCharsets.UTF_8)).contains(ModelSettings.NONE, answer);
    }

    @Test
    void aRealModelComesFromTheEnvironment() {
        assertThat(ModelSettings.fromEnvironment(Map.of())).isEmpty();
        assertThat(ModelSettings.fromEnvironment(Map.of("OLLAMA_BASE_URL", "http://localhost:11434/"))
                        .map(ModelSettings::describe))
                .contains("Model: llama3.1 on Ollama at http://localhost:11434/v1");
        // built (no call made) as Spring AI 2.0's OpenAI client, whose options allow tool calling
        ChatModel ollama = SpringBoot4Example.model(
                Map.of("OLLAMA_BASE_URL", "http://localhost:11434"), new PrintStream(new ByteArrayOutputStream()));
        assertThat(ollama).isInstanceOf(OpenAiChatModel.class);
        assertThat(ollama.getOptions()).isInstanceOf(ToolCallingChatOptions.class);
    }
}
