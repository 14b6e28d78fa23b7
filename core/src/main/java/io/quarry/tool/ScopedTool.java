package io.quarry.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A tool of a toolkit whose schema is inferred per scope: described without any name from the data,
 * each call runs on the toolkit of the call's scope ({@link Toolkit#forScope}).
 */
final class ScopedTool implements Tool {
    private final Tool described;
    private final Toolkit toolkit;

    ScopedTool(Tool described, Toolkit toolkit) {
        this.described = described;
        this.toolkit = toolkit;
    }

    @Override
    public String name() {
        return described.name();
    }

    @Override
    public boolean readOnly() {
        return described.readOnly();
    }

    @Override
    public String description() {
        return described.description();
    }

    @Override
    public ObjectNode inputSchema() {
        return described.inputSchema();
    }

    @Override
    public ToolResult call(JsonNode arguments, ToolContext context) {
        return toolkit.call(name(), arguments, context);
    }
}
