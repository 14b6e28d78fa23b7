package io.quarry.examples.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The agent examples run end to end on the scripted models when no real model is configured. */
class AgentExamplesTest {

    @Test
    void langChain4jExampleSaysItIsScriptedAndAnswersFromTheTools() {
        String out = capture(ps -> LangChain4jExample.run(Map.of(), LangChain4jExample.QUESTION, ps));

        assertThat(out).startsWith(ModelSettings.NONE);
        assertThat(out).containsPattern("\\(scripted model\\) \\d+ tasks are blocked; the first 5: .+\\.");
    }

    @Test
    void springAiExampleSaysItIsScriptedAndAnswersFromTheTools() {
        String out = capture(ps -> SpringAiExample.run(Map.of(), LangChain4jExample.QUESTION, ps));

        assertThat(out).contains(ModelSettings.NONE);
        assertThat(out).containsPattern("\\(scripted model\\) \\d+ tasks are blocked; the first 5: .+\\.");
    }

    @Test
    void bothFrameworksGiveTheSameAnswer() {
        String langChain4j = LangChain4jExample.run(Map.of(), "q", new PrintStream(new ByteArrayOutputStream()));
        String springAi = SpringAiExample.run(Map.of(), "q", new PrintStream(new ByteArrayOutputStream()));

        assertThat(springAi).isEqualTo(langChain4j);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            nullValues = "-",
            value = {
                "nothing set|-|-|-|-|-",
                "OpenAI key only|sk-1|-|-|-|OpenAI-compatible endpoint https://api.openai.com/v1 gpt-4o-mini",
                "OpenAI-compatible endpoint|sk-1|http://localhost:8000/v1/|-|-|OpenAI-compatible endpoint http://localhost:8000/v1 gpt-4o-mini",
                "Ollama|-|-|http://localhost:11434/|-|Ollama http://localhost:11434/v1 llama3.1",
                "Ollama with a model|-|-|http://localhost:11434|qwen2.5|Ollama http://localhost:11434/v1 qwen2.5",
            })
    void modelSettingsComeFromTheEnvironment(
            String why, String openAiKey, String openAiUrl, String ollamaUrl, String ollamaModel, String expected) {
        Map<String, String> env = new java.util.HashMap<>();
        Optional.ofNullable(openAiKey).ifPresent(v -> env.put("OPENAI_API_KEY", v));
        Optional.ofNullable(openAiUrl).ifPresent(v -> env.put("OPENAI_BASE_URL", v));
        Optional.ofNullable(ollamaUrl).ifPresent(v -> env.put("OLLAMA_BASE_URL", v));
        Optional.ofNullable(ollamaModel).ifPresent(v -> env.put("OLLAMA_MODEL", v));

        assertThat(ModelSettings.fromEnvironment(env).map(s -> s.provider() + " " + s.baseUrl() + " " + s.model()))
                .isEqualTo(Optional.ofNullable(expected));
    }

    private static String capture(java.util.function.Consumer<PrintStream> body) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        body.accept(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
