package io.quarry.tool;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A tool of a toolkit whose schema is inferred per scope: described without any name from the data,
 * each call runs on the toolkit of the call's scope ({@link Toolkit#forScope}).
 */
final class ScopedTool extends ForwardingTool {
    private final Toolkit toolkit;

    ScopedTool(Tool described, Toolkit toolkit) {
        super(described);
        this.toolkit = toolkit;
    }

    @Override
    public ToolResult call(JsonNode arguments, ToolContext context) {
        return toolkit.call(name(), arguments, context);
    }
}
