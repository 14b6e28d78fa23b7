package io.quarry.tool;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import io.quarry.internal.Json;

/**
 * A tool a language model can call: a name, a description written for the model, a JSON Schema of
 * its input, and a handler. Framework adapters only translate these four things.
 *
 * <p>{@link #call} never throws for bad input or a failing store: the result is then an error object
 * ({@code {"error": {"code", "path", "message", "hint"}}}) the model can read and act on.
 */
public interface Tool {

    /** The tool's stable snake_case name, such as {@code query_graph_objects}. */
    String name();

    /** What the tool is for, when to prefer another, and an example call; generated from the schema. */
    String description();

    /**
     * Whether the tool only reads: true for every catalog tool; false for a tool that can change data,
     * such as {@code call_api} with mutations enabled. Adapters pass it on (MCP's {@code readOnlyHint}).
     */
    default boolean readOnly() {
        return true;
    }

    /** The JSON Schema (draft 2020-12) of the input object; a fresh copy the caller may change. */
    ObjectNode inputSchema();

    /** The {@linkplain #inputSchema() input schema} as compact JSON text, as agent frameworks take it. */
    default String inputSchemaJson() {
        return Json.write(inputSchema());
    }

    /**
     * Runs the tool.
     *
     * @param arguments the model's input, a JSON object ({@code null} is the empty object)
     * @param context the host's scope, user, clock and limits for this call, invisible to the model
     */
    ToolResult call(JsonNode arguments, ToolContext context);

    /**
     * Runs the tool on the model's input as JSON text, as agent frameworks hand it over: text that is
     * not JSON (or repeats a key) gives an {@code INVALID_JSON} error result instead of an exception,
     * and text over {@link Limits#MAX_INPUT_BYTES} a {@code LIMIT_EXCEEDED} one.
     *
     * @param arguments the model's input as JSON text ({@code null} or blank is the empty object)
     * @param context the host's scope, user, clock and limits for this call, invisible to the model
     */
    default ToolResult call(String arguments, ToolContext context) {
        JsonNode parsed = null;
        if (arguments != null && Limits.tooLarge(arguments)) {
            return ToolResult.error(Limits.inputTooLarge());
        }
        if (arguments != null && !arguments.isBlank()) {
            try {
                parsed = Json.parse(arguments);
            } catch (JsonProcessingException e) {
                return ToolResult.error(new QueryError(
                        ErrorCode.INVALID_JSON,
                        "",
                        "The tool input is not valid JSON: " + Json.problem(e) + ".",
                        "Send one JSON object with the tool's parameters, such as {\"type\": \"Task\"}."));
            }
        }
        return call(parsed, context);
    }
}
