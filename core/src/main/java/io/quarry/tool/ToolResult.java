package io.quarry.tool;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;

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
