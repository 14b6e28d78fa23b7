package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A wrapper shows its tool as it is, read-only flag included, and decides only what a call does. */
class ForwardingToolTest {

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void showsTheToolAndDecidesTheCall(boolean readOnly) {
        Tool tool = new Tool() {
            @Override
            public String name() {
                return "change_things";
            }

            @Override
            public String description() {
                return "Changes things.";
            }

            @Override
            public boolean readOnly() {
                return readOnly;
            }

            @Override
            public ObjectNode inputSchema() {
                return Json.object().put("type", "object");
            }

            @Override
            public ToolResult call(JsonNode arguments, ToolContext context) {
                return new ToolResult(Json.object().put("called", "tool"), false);
            }
        };
        Tool wrapped = new ForwardingTool(tool) {
            @Override
            public ToolResult call(JsonNode arguments, ToolContext context) {
                ObjectNode answer = delegate().call(arguments, context).json().deepCopy();
                return new ToolResult(answer.put("wrapped", true), false);
            }
        };
        assertThat(wrapped.name()).isEqualTo("change_things");
        assertThat(wrapped.description()).isEqualTo("Changes things.");
        assertThat(wrapped.readOnly()).isEqualTo(readOnly);
        assertThat(wrapped.inputSchema()).isEqualTo(tool.inputSchema());
        assertThat(wrapped.call("{}", ToolContext.builder().build()).json().toString())
                .isEqualTo("{\"called\":\"tool\",\"wrapped\":true}");
    }
}
