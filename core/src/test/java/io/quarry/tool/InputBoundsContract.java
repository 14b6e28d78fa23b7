package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.filter.FilterLimits;
import io.quarry.internal.Json;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every input is bounded where it enters, with the same limit and the same answer on every store:
 * a filter value one past {@link FilterLimits#MAX_VALUE_LENGTH} in every place a value goes, a tool
 * input past {@link Limits#MAX_INPUT_BYTES}, a text query past its cap. Each is {@code LIMIT_EXCEEDED}
 * at the path of the value, never a database's failure ({@code DATABASE_UNAVAILABLE} on MariaDB,
 * whose {@code max_allowed_packet} a 10 MB value exceeded), and a value at the limit is answered.
 */
abstract class InputBoundsContract extends ToolContract {
    private static final String LONG = "a".repeat(FilterLimits.MAX_VALUE_LENGTH + 1);
    private static final String AT_LIMIT = "\ud83d\ude00".repeat(FilterLimits.MAX_VALUE_LENGTH);

    static Stream<Arguments> calls() {
        String s = Json.write(Json.object().put("v", LONG).get("v"));
        return Stream.of(
                Arguments.of(
                        "query_graph_objects",
                        "{\"type\": \"Task\", \"properties\": {\"title\": " + s + "}}",
                        "properties.title"),
                Arguments.of(
                        "query_graph_objects",
                        "{\"type\": \"Task\", \"properties\": {\"title\": {\"$eq\": " + s + "}}}",
                        "properties.title.$eq"),
                Arguments.of(
                        "query_graph_objects",
                        "{\"type\": \"Task\", \"properties\": {\"title\": {\"$ne\": " + s + "}}}",
                        "properties.title.$ne"),
                Arguments.of(
                        "query_graph_objects",
                        "{\"type\": \"Task\", \"properties\": {\"title\": {\"$gt\": " + s + "}}}",
                        "properties.title.$gt"),
                Arguments.of(
                        "query_graph_objects",
                        "{\"type\": \"Task\", \"properties\": {\"title\": {\"$in\": [\"x\", " + s + "]}}}",
                        "properties.title.$in[1]"),
                Arguments.of(
                        "query_graph_objects",
                        "{\"type\": \"Task\", \"properties\": {\"tags\": {\"$all\": [" + s + "]}}}",
                        "properties.tags.$all[0]"),
                Arguments.of(
                        "query_graph_objects",
                        "{\"type\": \"Task\", \"properties\": {\"$or\": [{\"title\": " + s + "}]}}",
                        "properties.$or[0].title"),
                Arguments.of("query_graph_objects", "{\"type\": \"Task\", \"query\": " + s + "}", "query"),
                Arguments.of("discover_schema", "{\"query\": " + s + "}", "query"),
                Arguments.of(
                        "query_graph_objects",
                        "{\"type\": \"Task\", \"properties\": {\"title\": \"" + "x".repeat(Limits.MAX_INPUT_BYTES)
                                + "\"}}",
                        ""));
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("calls")
    void anInputPastItsLimitIsLimitExceededAtItsPath(String tool, String arguments, String path) {
        JsonNode error = fixture()
                .tool(tool)
                .orElseThrow()
                .call(arguments, Fixture.acme())
                .json()
                .path("error");
        assertThat(error.path("code").asText()).as(error.toString()).isEqualTo("LIMIT_EXCEEDED");
        assertThat(error.path("path").asText()).isEqualTo(path);
        assertThat(error.toString().length())
                .as("the message does not echo the value")
                .isLessThan(1_000);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("atTheLimit")
    void aValueAtTheLimitIsAnswered(String op) {
        String s = Json.write(Json.object().put("v", AT_LIMIT).get("v"));
        JsonNode result = fixture()
                .tool("query_graph_objects")
                .orElseThrow()
                .call("{\"type\": \"Task\", \"properties\": {\"title\": {\"" + op + "\": " + s + "}}}", Fixture.acme())
                .json();
        assertThat(result.has("error")).as(op + " -> " + result.path("error")).isFalse();
    }

    static Stream<String> atTheLimit() {
        return Stream.of("$eq", "$ne", "$gt", "$lte");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("limitsBelowOne")
    void aLimitBelowOneHintsAtTheRangeNotACursor(String tool, String arguments) {
        JsonNode error = fixture()
                .tool(tool)
                .orElseThrow()
                .call(arguments, Fixture.acme())
                .json()
                .path("error");
        assertThat(error.path("code").asText()).isEqualTo("LIMIT_EXCEEDED");
        assertThat(error.path("hint").asText())
                .startsWith("Give a number from 1 to ")
                .doesNotContain("cursor");
    }

    static Stream<Arguments> limitsBelowOne() {
        return Stream.of(
                Arguments.of("query_graph_objects", "{\"type\": \"Task\", \"limit\": 0}"),
                Arguments.of("discover_schema", "{\"query\": \"task\", \"limit\": 0}"));
    }
}
