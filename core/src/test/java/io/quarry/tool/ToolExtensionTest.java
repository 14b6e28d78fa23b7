package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.internal.Json;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.Scope;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Tools from outside the catalog run under the toolkit's guard: input check, errors, size budget, listeners. */
class ToolExtensionTest {

    /** {@code echo}: answers {@code {"said": text}}, or fails as its input asks. */
    private static final ToolExtension ECHO = new ToolExtension() {
        @Override
        public String name() {
            return "echo";
        }

        @Override
        public String description() {
            return "Says it back. Example: {\"text\": \"hi\"}.";
        }

        @Override
        public ObjectNode inputSchema() {
            ObjectNode schema = InputSchemas.object();
            ((ObjectNode) schema.get("properties")).set("text", InputSchemas.string("What to say."));
            return schema;
        }

        @Override
        public ObjectNode handle(ObjectNode arguments, ToolContext context, Limits limits) {
            String text = arguments.path("text").asText("");
            if (text.equals("bad")) {
                throw QueryException.of(ErrorCode.INVALID_OPERAND, "text", "Not that.", "Say something else.");
            }
            if (text.equals("boom")) {
                throw new IllegalStateException("a bug with a secret in it");
            }
            ObjectNode out = Json.object();
            out.put("said", text.equals("big") ? "x".repeat(limits.sizeBudget() + 10) : text);
            out.put("scope", context.scope().values().toString());
            return out;
        }
    };

    private static Toolkit toolkit(List<ToolCall> calls) {
        return Toolkit.builder()
                .store(InMemoryObjectStore.of(List.of(), List.of()))
                .extensions(List.of(ECHO))
                .listener(calls::add)
                .build();
    }

    @Test
    void anExtensionRunsLikeACatalogTool() {
        List<ToolCall> calls = new ArrayList<>();
        Toolkit toolkit = toolkit(calls);
        assertThat(toolkit.tools()).last().extracting(Tool::name).isEqualTo("echo");
        ToolContext acme =
                ToolContext.builder().scope(Scope.of("org_id", "acme")).build();
        assertThat(toolkit.call("echo", Json.object().put("text", "hi"), acme)
                        .json()
                        .path("scope")
                        .asText())
                .isEqualTo("{org_id=acme}");
        ToolResult typo = toolkit.tool("echo").orElseThrow().call("{\"txt\": \"hi\"}", acme);
        assertThat(typo.errorCode()).isEqualTo("INVALID_OPERAND");
        assertThat(typo.json().path("error").path("hint").asText()).startsWith("Did you mean 'text'?");
        assertThat(toolkit.call("echo", Json.object().put("text", "bad"), acme)
                        .json()
                        .path("error")
                        .path("path")
                        .asText())
                .isEqualTo("text");
        ToolResult boom = toolkit.call("echo", Json.object().put("text", "boom"), acme);
        assertThat(boom.errorCode()).isEqualTo("INTERNAL");
        assertThat(boom.text()).doesNotContain("secret");
        assertThat(toolkit.call("echo", Json.object().put("text", "big"), acme).errorCode())
                .isEqualTo("LIMIT_EXCEEDED");
        assertThat(calls).extracting(ToolCall::tool).containsOnly("echo").hasSize(5);
    }

    @Test
    void aNameIsTakenOnce() {
        ToolExtension clash = new ToolExtension() {
            @Override
            public String name() {
                return "discover_schema";
            }

            @Override
            public String description() {
                return "";
            }

            @Override
            public ObjectNode inputSchema() {
                return InputSchemas.object();
            }

            @Override
            public ObjectNode handle(ObjectNode arguments, ToolContext context, Limits limits) {
                return Json.object();
            }
        };
        assertThatThrownBy(() -> Toolkit.builder().extensions(List.of(clash)))
                .hasMessageContaining("'discover_schema' is taken");
        assertThatThrownBy(() -> Toolkit.builder().extensions(List.of(ECHO, ECHO)))
                .hasMessageContaining("'echo' is taken");
    }
}
