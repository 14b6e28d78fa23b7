package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link Tool#call(String, ToolContext)}: JSON text as agent frameworks hand it over. */
class ToolJsonTextTest {
    private static final Tool QUERY =
            Fixture.toolkit().tool("query_graph_objects").orElseThrow();

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "not JSON|{type: Task",
                "truncated|{\"type\": \"Task\"",
                "a repeated key|{\"type\": \"Task\", \"type\": \"Document\"}",
            })
    void malformedTextIsAnInvalidJsonResult(String why, String text) {
        ToolResult result = QUERY.call(text, Fixture.acme());

        assertThat(result.isError()).isTrue();
        assertThat(result.errorCode()).isEqualTo("INVALID_JSON");
        assertThat(result.json().at("/error/message").asText()).startsWith("The tool input is not valid JSON: ");
        assertThat(result.json().at("/error/hint").asText()).contains("one JSON object");
    }

    @ParameterizedTest(name = "[{0}]")
    @CsvSource(
            value = {"''", "'   '"},
            nullValues = "null")
    void blankTextIsTheEmptyObject(String text) {
        assertThat(QUERY.call(text, Fixture.acme()).text())
                .isEqualTo(QUERY.call((com.fasterxml.jackson.databind.JsonNode) null, Fixture.acme())
                        .text());
    }

    @Test
    void nullTextIsTheEmptyObject() {
        assertThat(QUERY.call((String) null, Fixture.acme()).isError()).isFalse();
    }

    @Test
    void wellFormedTextGivesTheSameResultAsTheTree() throws Exception {
        String text = "{\"type\": \"Task\", \"properties\": {\"status\": \"Done\"}}";

        assertThat(QUERY.call(text, Fixture.acme()).text())
                .isEqualTo(QUERY.call(io.quarry.internal.Json.parse(text), Fixture.acme())
                        .text());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "a filter|query_graph_objects|{\"type\": \"Task\", \"properties\": {\"status\": \"Done\"}}",
                "not JSON|query_graph_objects|{type: Task",
                "no arguments|get_database_schema|",
                "an unknown tool|query_graph_object|{\"type\": \"Task\"}",
            })
    void theToolkitTakesTextAsItsToolsDo(String why, String name, String text) throws Exception {
        Toolkit toolkit = Fixture.toolkit();
        ToolResult byText = toolkit.call(name, text, Fixture.acme());
        ToolResult expected = toolkit.tool(name).isPresent()
                ? toolkit.tool(name).orElseThrow().call(text, Fixture.acme())
                : toolkit.call(name, io.quarry.internal.Json.parse(text), Fixture.acme());

        assertThat(byText.text()).isEqualTo(expected.text());
        assertThat(byText.isError()).isEqualTo(!why.equals("a filter") && !why.equals("no arguments"));
    }

    @Test
    void errorWrapsOneQueryError() {
        ToolResult result = ToolResult.error(new QueryError(ErrorCode.INTERNAL, "", "It broke.", "Try again."));

        assertThat(result.isError()).isTrue();
        assertThat(result.text())
                .isEqualTo(
                        "{\"error\":{\"code\":\"INTERNAL\",\"path\":\"\",\"message\":\"It broke.\",\"hint\":\"Try again.\"}}");
    }

    @Test
    void internalErrorSaysNothingAboutTheCause() {
        ToolResult result = ToolResult.internalError();

        assertThat(result.isError()).isTrue();
        assertThat(result.errorCode()).isEqualTo("INTERNAL");
        assertThat(result.json().at("/error/message").asText()).contains("the host's log has the details");
    }
}
