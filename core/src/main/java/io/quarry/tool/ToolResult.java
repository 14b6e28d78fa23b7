package io.quarry.tool;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import io.quarry.internal.Json;
import java.util.List;

/**
 * What a tool call returns to the model: a JSON object, either a result or {@code {"error": {...}}}.
 *
 * @param json the result object; a copy the caller may change
 * @param isError whether it is an error object
 */
public record ToolResult(ObjectNode json, boolean isError) {

    /** Checks the argument and copies it. */
    public ToolResult {
        json = requireNonNull(json, "json").deepCopy();
    }

    /**
     * The error result {@code {"error": {"code", "path", "message", "hint"}}} for one error: for hosts
     * and adapters that refuse a call before it reaches a tool.
     */
    public static ToolResult error(QueryError error) {
        return new ToolResult(Results.error(List.of(requireNonNull(error, "error"))), true);
    }

    /**
     * The error result for a failure inside the library or the host's code, such as an adapter's
     * context function that threw: an {@code INTERNAL} error that tells the model nothing about the
     * cause, which belongs in the host's log.
     */
    public static ToolResult internalError() {
        return error(new QueryError(
                ErrorCode.INTERNAL,
                "",
                "The tool failed inside the library; the host's log has the details.",
                "Try again, or try a simpler request."));
    }

    /**
     * The error result for a call of a tool that does not exist, such as a name the model invented:
     * {@code NOT_FOUND} naming the nearest tool and listing them all, so the model calls one of them.
     * {@link Toolkit#call} answers it; adapters whose framework handles unknown names itself (the
     * LangChain4j strategy for hallucinated tool names) give the same answer.
     *
     * @param name the name called
     * @param tools the names of the tools there are, in catalog order
     */
    public static ToolResult unknownTool(String name, java.util.Collection<String> tools) {
        List<String> names = List.copyOf(tools);
        List<String> near = io.quarry.internal.Suggestions.nearest(String.valueOf(name), names, 1);
        return error(new QueryError(
                ErrorCode.NOT_FOUND,
                "",
                "There is no tool '" + Arguments.echo(name) + "'.",
                (near.isEmpty() ? "" : "Did you mean '" + near.get(0) + "'? ") + "Tools: " + String.join(", ", names)
                        + "."));
    }

    @Override
    public ObjectNode json() {
        return json.deepCopy();
    }

    /** The result as compact JSON text, as a model receives it. */
    public String text() {
        return Json.write(json);
    }

    /** The error code of an error result, or {@code null}. */
    public String errorCode() {
        JsonNode code = json.path("error").path("code");
        return code.isTextual() ? code.textValue() : null;
    }
}
