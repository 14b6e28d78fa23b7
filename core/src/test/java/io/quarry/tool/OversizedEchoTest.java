package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 16, item 10: a 1 MB value where a name or id belongs gets its own error (the id does not
 * exist, the type is unknown), echoing a short prefix, never {@code LIMIT_EXCEEDED} about the size of
 * an answer that echoed the whole value.
 */
class OversizedEchoTest {
    private static final String HUGE = "x".repeat(1 << 20);
    private static final Toolkit TOOLKIT = Fixture.toolkit();

    static Stream<Arguments> calls() {
        return Stream.of(
                Arguments.of("get_graph_object", args("id", HUGE), "NOT_FOUND", "id"),
                Arguments.of("get_object_relationships", args("id", HUGE), "NOT_FOUND", "id"),
                Arguments.of("get_project_graph", args("root_id", HUGE), "NOT_FOUND", "root_id"),
                Arguments.of("query_graph_objects", args("type", HUGE), "UNKNOWN_TYPE", "type"),
                Arguments.of("query_graph_objects", args("related_to_id", HUGE), "NOT_FOUND", "related_to_id"),
                Arguments.of(
                        "get_object_relationships",
                        args("id", "123").put("relationship_type", HUGE),
                        "INVALID_OPERAND",
                        "relationship_type"),
                Arguments.of(
                        "query_graph_objects", args(HUGE, 1), "INVALID_OPERAND", io.quarry.tool.Arguments.echo(HUGE)),
                Arguments.of(HUGE, args("type", "Task"), "NOT_FOUND", ""));
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("calls")
    void theRealErrorComesBackWithAShortEcho(String tool, ObjectNode arguments, String code, String path) {
        ToolResult result = TOOLKIT.call(tool, arguments, Fixture.acme());

        JsonNode error = result.json().path("error");
        assertThat(error.path("code").asText()).as("%.300s", result.text()).isEqualTo(code);
        assertThat(error.path("path").asText()).isEqualTo(path);
        assertThat(error.path("hint").asText()).isNotBlank();
        assertThat(result.text()).hasSizeLessThan(2_000);
    }

    private static ObjectNode args(String key, String value) {
        return JsonNodeFactory.instance.objectNode().put(key, value);
    }

    private static ObjectNode args(String key, int value) {
        return JsonNodeFactory.instance.objectNode().put(key, value);
    }
}
