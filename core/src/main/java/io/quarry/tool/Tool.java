package io.quarry.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

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

    /** The JSON Schema (draft 2020-12) of the input object; a fresh copy the caller may change. */
    ObjectNode inputSchema();

    /**
     * Runs the tool.
     *
     * @param arguments the model's input, a JSON object ({@code null} is the empty object)
     * @param context the host's scope, user, clock and limits for this call, invisible to the model
     */
    ToolResult call(JsonNode arguments, ToolContext context);
}
