package io.quarry.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** The body of a tool: reads its arguments and returns a result, or throws {@link io.quarry.error.QueryException}. */
@FunctionalInterface
interface ToolHandler {

    /** Runs the tool for one call. */
    ObjectNode handle(Arguments arguments, Call call);

    /**
     * One call's context with the limits in force.
     *
     * @param context the host's context
     * @param limits the toolkit's limits, narrowed by the context's
     */
    record Call(ToolContext context, Limits limits) {}
}
