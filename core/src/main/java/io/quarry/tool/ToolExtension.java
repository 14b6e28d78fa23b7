package io.quarry.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A tool from outside the catalog that a {@link Toolkit} lists and runs beside its own, such as the
 * API tools of {@code quarry-openapi}: registered with {@link Toolkit.Builder#extensions}, it reaches
 * every agent framework adapter with no extra code. The toolkit checks the input against {@link
 * #inputSchema()}'s properties, turns a {@link io.quarry.error.QueryException} into an error result
 * and anything else into an {@code INTERNAL} one, keeps the answer within the size budget and tells
 * the listeners.
 */
public interface ToolExtension {

    /** The tool's stable snake_case name; it must not be a catalog tool's. */
    String name();

    /** What the tool is for, written for the model, with an example call. */
    String description();

    /** Whether the tool only reads ({@link Tool#readOnly()}); default true. */
    default boolean readOnly() {
        return true;
    }

    /** The JSON Schema of the input object; its {@code properties} are the only parameters accepted. */
    ObjectNode inputSchema();

    /**
     * Runs one call.
     *
     * @param arguments the model's input: an object of known parameters in valid Unicode
     * @param context the host's context for the call, invisible to the model
     * @param limits the toolkit's limits narrowed by the context's
     * @return the result object
     * @throws io.quarry.error.QueryException for input that cannot be run, with a path and a hint
     */
    ObjectNode handle(ObjectNode arguments, ToolContext context, Limits limits);
}
