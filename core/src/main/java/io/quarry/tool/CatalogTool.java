package io.quarry.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** A tool of the catalog before it is guarded: its name, description and input schema, and its body. */
interface CatalogTool extends ToolHandler {

    /** The stable snake_case name. */
    String name();

    /** The description written for a model, with one example call. */
    String description();

    /** The JSON Schema of the input. */
    ObjectNode inputSchema();
}
