package io.quarry.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A tool of a toolkit before it is guarded: its name, description, input schema and body. Every
 * catalog tool is one, and a host's {@link ToolExtension} becomes one ({@link #of}); the toolkit
 * wraps each in a {@link GuardedTool}.
 */
interface CatalogTool {

    /** The stable snake_case name. */
    String name();

    /** The description written for a model, with one example call. */
    String description();

    /** The JSON Schema of the input. */
    ObjectNode inputSchema();

    /** Whether the tool only reads ({@link Tool#readOnly()}): true for every catalog tool. */
    default boolean readOnly() {
        return true;
    }

    /** Runs the tool for one call: reads its arguments and returns a result, or throws {@link io.quarry.error.QueryException}. */
    ObjectNode handle(Arguments arguments, Call call);

    /**
     * One call's context with the limits in force.
     *
     * @param context the host's context
     * @param limits the toolkit's limits, narrowed by the context's
     */
    record Call(ToolContext context, Limits limits) {}

    /** A host's tool as a catalog tool: its body gets the checked arguments as JSON. */
    static CatalogTool of(ToolExtension extension) {
        return new CatalogTool() {
            @Override
            public String name() {
                return extension.name();
            }

            @Override
            public String description() {
                return extension.description();
            }

            @Override
            public ObjectNode inputSchema() {
                return extension.inputSchema();
            }

            @Override
            public boolean readOnly() {
                return extension.readOnly();
            }

            @Override
            public ObjectNode handle(Arguments arguments, Call call) {
                return extension.handle(arguments.json(), call.context(), call.limits());
            }
        };
    }
}
