package io.quarry.mcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * The {@code outputSchema} of each catalog tool: the JSON Schema of the result object the tool already
 * builds (its text content), which MCP clients read as {@code structuredContent}. A schema names the
 * keys every result of the tool has ({@code required}) and the types of the ones it may have; it stays
 * open ({@code additionalProperties} allowed), so a result that gains a key in a later version still
 * validates, and a database's own fields (an object's {@code properties}) are free. A tool outside the
 * catalog (a host's extension) declares {@code {"type": "object"}}: every tool result is an object.
 * Error results carry no structured content (they are {@code isError} with the error object as text).
 *
 * <p>Only keywords that draft 2020-12 and draft-07 read alike are used, so the TypeScript SDK's
 * validator and the Java SDK's agree.
 */
final class OutputSchemas {
    private OutputSchemas() {}

    private static final Map<String, ObjectNode> BY_TOOL = Map.ofEntries(
            Map.entry("get_database_schema", schemaTypes(false)),
            Map.entry("discover_schema", schemaTypes(true)),
            Map.entry("query_graph_objects", objects(false)),
            Map.entry("semantic_search", objects(false)),
            Map.entry("text_pattern_search", objects(true)),
            Map.entry("datetime_range_search", objects(true)),
            Map.entry("number_range_search", objects(true)),
            Map.entry("enum_filter_search", objects(true)),
            Map.entry("get_graph_object", graphObject()),
            Map.entry("get_object_relationships", relationships()),
            Map.entry("aggregate_graph_objects", aggregate()),
            Map.entry("get_project_graph", projectGraph()),
            Map.entry("run_readonly_sql", sql()),
            Map.entry("report_missing_capability", missingCapability()));

    /** The output schema of the tool of this name: a fresh copy the caller may change. */
    static ObjectNode of(String tool) {
        ObjectNode schema = BY_TOOL.get(tool);
        return schema == null ? type("object") : schema.deepCopy();
    }

    /** Whether the tool of this name is one of the catalog's, with a schema of its own. */
    static boolean specific(String tool) {
        return BY_TOOL.containsKey(tool);
    }

    private static ObjectNode type(String type) {
        return Dispatcher.JSON.createObjectNode().put("type", type);
    }

    private static ObjectNode described(String type, String description) {
        return type(type).put("description", description);
    }

    private static ObjectNode arrayOf(ObjectNode items) {
        ObjectNode array = type("array");
        array.set("items", items);
        return array;
    }

    /** An object with these properties, of which these are required. */
    private static ObjectNode object(Map<String, ObjectNode> properties, String... required) {
        ObjectNode schema = type("object");
        ObjectNode props = schema.putObject("properties");
        properties.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> props.set(e.getKey(), e.getValue()));
        if (required.length > 0) {
            ArrayNode names = schema.putArray("required");
            for (String name : required) {
                names.add(name);
            }
        }
        return schema;
    }

    /** What every result may carry: how much is shown, whether it was cut and why, a hint, warnings. */
    private static ObjectNode envelope(Map<String, ObjectNode> own, String... required) {
        Map<String, ObjectNode> all = new java.util.HashMap<>(own);
        ObjectNode count = type("integer").put("minimum", 0);
        all.putIfAbsent("returned", count.deepCopy().put("description", "How many items this answer shows."));
        all.putIfAbsent("truncated", described("boolean", "Whether more matched than this answer shows."));
        all.putIfAbsent(
                "caps",
                arrayOf(type("string")).put("description", "The limits that cut the answer, such as max_limit."));
        all.putIfAbsent("hint", described("string", "What to do next."));
        all.putIfAbsent("warnings", arrayOf(problem()));
        return object(all, required);
    }

    private static ObjectNode problem() {
        return object(
                Map.of(
                        "code", type("string"),
                        "path", type("string"),
                        "message", type("string"),
                        "hint", type("string")),
                "code",
                "message");
    }

    /** An object of the graph as the tools show it. */
    private static ObjectNode item() {
        return object(
                Map.of(
                        "id", type("string"),
                        "type", type("string"),
                        "created_at", type("string"),
                        "updated_at", type("string"),
                        "properties", described("object", "The object's fields that the caller may see."),
                        "derived", described("object", "Values computed from its relationships."),
                        "score", type("number")),
                "id",
                "type");
    }

    private static ObjectNode schemaTypes(boolean ranked) {
        Map<String, ObjectNode> type = new java.util.HashMap<>(Map.of(
                "name", type("string"),
                "description", type("string"),
                "module", type("string"),
                "count", type("integer"),
                "fields", arrayOf(type("string")),
                "properties", described("object", "Each field: its type, enum values, description, format."),
                "relationships",
                        arrayOf(object(
                                Map.of(
                                        "name", type("string"),
                                        "target", type("string"),
                                        "direction", type("string"),
                                        "kind", type("string"),
                                        "description", type("string")),
                                "name",
                                "target"))));
        type.put("system_fields", type("object"));
        if (ranked) {
            type.put("score", type("number"));
            type.put("matched", arrayOf(type("string")));
        }
        return envelope(
                Map.of(
                        "types", arrayOf(object(type, "name")),
                        "system_fields", described("object", "The fields every object has, and their types."),
                        "total", type("integer"),
                        "omitted", type("integer")),
                "types",
                "returned",
                "truncated");
    }

    private static ObjectNode objects(boolean typed) {
        Map<String, ObjectNode> own = new java.util.HashMap<>(Map.of(
                "objects", arrayOf(item()),
                "total", described("integer", "How many objects match in all."),
                "total_exact", described("boolean", "False when total is a lower bound."),
                "has_more", type("boolean"),
                "next_cursor", described("string", "Pass as cursor to get the next page.")));
        if (typed) {
            own.put(
                    "query_graph_objects",
                    described("object", "The same search as query_graph_objects arguments, to refine it."));
        }
        return envelope(own, "objects", "returned", "truncated");
    }

    private static ObjectNode graphObject() {
        return envelope(
                Map.of(
                        "object", item(),
                        "relationships",
                                arrayOf(object(
                                        Map.of(
                                                "type", type("string"),
                                                "direction", type("string"),
                                                "count", type("integer"),
                                                "neighbours", arrayOf(item())),
                                        "type",
                                        "direction"))),
                "object");
    }

    private static ObjectNode relationships() {
        return envelope(
                Map.of(
                        "id", type("string"),
                        "relationships",
                                arrayOf(object(
                                        Map.of(
                                                "relationship_id", type("string"),
                                                "type", type("string"),
                                                "direction", type("string"),
                                                "object", item()),
                                        "type",
                                        "direction",
                                        "object")),
                        "total", type("integer"),
                        "has_more", type("boolean"),
                        "next_cursor", type("string")),
                "id",
                "relationships",
                "returned");
    }

    private static ObjectNode aggregate() {
        return envelope(
                Map.of(
                        "groups",
                        arrayOf(described("object", "The group's keys (by the group_by fields) and its metrics.")),
                        "total",
                        described("integer", "How many groups there are in all."),
                        "objects",
                        described("integer", "How many objects were aggregated.")),
                "groups",
                "returned");
    }

    private static ObjectNode projectGraph() {
        return envelope(
                Map.of(
                        "root_id", type("string"),
                        "root_kind", type("string"),
                        "max_depth", type("integer"),
                        "nodes",
                                arrayOf(object(
                                        Map.of(
                                                "id", type("string"),
                                                "kind", type("string"),
                                                "depth", type("integer")),
                                        "id")),
                        "edges",
                                arrayOf(object(
                                        Map.of(
                                                "id", type("string"),
                                                "src_id", type("string"),
                                                "dst_id", type("string"),
                                                "rel", type("string")),
                                        "src_id",
                                        "dst_id")),
                        "coverage", type("object"),
                        "capped_kinds", arrayOf(type("string"))),
                "nodes",
                "edges");
    }

    private static ObjectNode sql() {
        return envelope(
                Map.of(
                        "columns", arrayOf(type("string")),
                        "rows", arrayOf(type("array")).put("description", "One array of values per row."),
                        "sql", described("string", "The statement as it ran.")),
                "columns",
                "rows",
                "returned",
                "truncated");
    }

    private static ObjectNode missingCapability() {
        return object(Map.of("recorded", type("boolean"), "hint", type("string")), "recorded");
    }
}
