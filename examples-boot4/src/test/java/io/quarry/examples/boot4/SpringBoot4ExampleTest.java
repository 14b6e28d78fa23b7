package io.quarry.examples.boot4;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The Boot 4 / Spring AI 2.0 sample end to end on its scripted model. */
class SpringBoot4ExampleTest {

    @Test
    void theAnswerComesFromQuarrysToolResult() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        String answer = SpringBoot4Example.run(
                SpringBoot4Example.QUESTION, new PrintStream(bytes, true, StandardCharsets.UTF_8));

        // Quarry's result object, through Spring AI 2.0's ToolCallingAdvisor, is what the model read
        assertThat(answer)
                .startsWith("(scripted model) query_graph_objects answered: {\"objects\":[")
                .contains("\"type\":\"Task\"", "\"status\":\"Blocked\"", "\"returned\":")
                .doesNotContain("\"error\"");
        assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("scripted model", answer);
    }
}
