package io.quarry.mcp;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarry.error.QueryError;
import io.quarry.error.QueryException;
import io.quarry.graph.ContextFormatter;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The project context block as an MCP prompt, {@code project_context}: arguments {@code root_id} (a
 * project's id) and {@code budget} (the most characters), one user message holding the block
 * ({@link Toolkit#contextBlock}) read in the caller's context, exactly as {@code get_project_graph}
 * would read it for that caller. A root the caller cannot see, or a budget out of range, is an
 * invalid-params error with the toolkit's message and hint.
 */
final class ContextPrompt {
    static final String NAME = "project_context";
    /** The budget when the client gives none, if the size budget allows it. */
    static final int DEFAULT_BUDGET = 12_000;

    private final Toolkit toolkit;
    private final Function<McpTransportContext, ToolContext> context;

    ContextPrompt(Toolkit toolkit, Function<McpTransportContext, ToolContext> context) {
        this.toolkit = toolkit;
        this.context = context;
    }

    /** Whether the toolkit serves project graphs at all (get_project_graph may be disabled). */
    boolean served() {
        return toolkit.tool("get_project_graph").isPresent();
    }

    McpStatelessServerFeatures.SyncPromptSpecification specification() {
        int most = toolkit.limits().sizeBudget();
        McpSchema.Prompt prompt = McpSchema.Prompt.builder(NAME)
                .title("Project context")
                .description("A project's context for a system prompt: the project with its counts by type, its"
                        + " graph of linked objects, its goals, documents and linked objects by type, and"
                        + " coverage (how many link to it directly), within a character budget.")
                .arguments(List.of(
                        McpSchema.PromptArgument.builder("root_id")
                                .title("Project id")
                                .description("The id of the project (or other object) at the center, such as an"
                                        + " id from query_graph_objects {\"type\": \"Project\"}.")
                                .required(true)
                                .build(),
                        McpSchema.PromptArgument.builder("budget")
                                .title("Budget")
                                .description("The most characters of the block, " + ContextFormatter.MIN_BUDGET + " to "
                                        + most + "; default " + defaultBudget(most) + ".")
                                .required(false)
                                .build()))
                .build();
        return new McpStatelessServerFeatures.SyncPromptSpecification(prompt, this::get);
    }

    private static int defaultBudget(int most) {
        return Math.min(DEFAULT_BUDGET, most);
    }

    private McpSchema.GetPromptResult get(McpTransportContext transport, McpSchema.GetPromptRequest request) {
        Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
        ToolContext caller = context.apply(transport);
        Object root = arguments.get("root_id");
        if (root != null && !(root instanceof String)) {
            throw invalid("root_id must be a string (prompt arguments are strings).");
        }
        int most = caller.limits() == null
                ? toolkit.limits().sizeBudget()
                : Math.min(toolkit.limits().sizeBudget(), caller.limits().sizeBudget());
        int budget = budget(arguments.get("budget"), defaultBudget(most));
        String block;
        try {
            block = toolkit.contextBlock((String) root, budget, caller);
        } catch (QueryException e) {
            QueryError error = e.errors().get(0);
            throw invalid(error.message() + " " + error.hint());
        }
        return McpSchema.GetPromptResult.builder(List.of(McpSchema.PromptMessage.builder(
                                McpSchema.Role.USER,
                                McpSchema.TextContent.builder(block).build())
                        .build()))
                .description("The context of " + root + ", " + block.length() + " characters.")
                .build();
    }

    private static int budget(Object value, int fallback) {
        if (value == null || (value instanceof String s && s.isBlank())) {
            return fallback;
        }
        String text = String.valueOf(value).trim();
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw invalid("budget must be a whole number of characters, such as \"" + fallback + "\".");
        }
    }

    private static McpError invalid(String message) {
        return McpError.builder(Dispatcher.INVALID_PARAMS).message(message).build();
    }
}
