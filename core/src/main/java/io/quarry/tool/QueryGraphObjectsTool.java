package io.quarry.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.FieldPath;
import io.quarry.filter.Filter;
import io.quarry.filter.FilterParser;
import io.quarry.internal.Json;
import io.quarry.projection.Projection;
import io.quarry.schema.EntityType;
import io.quarry.store.SortKey;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** {@code query_graph_objects}: find objects by type, filter, full text or a related object. */
final class QueryGraphObjectsTool implements ToolHandler {
    static final String NAME = "query_graph_objects";
    private static final int MAX_SORT_KEYS = 4;

    private final SchemaView view;
    private final QueryRunner runner;
    private final Limits limits;

    QueryGraphObjectsTool(SchemaView view, QueryRunner runner, Limits limits) {
        this.view = view;
        this.runner = runner;
        this.limits = limits;
    }

    String description() {
        Examples examples = view.examples;
        return "Find objects by type and field values. 'properties' is a MongoDB-style filter: "
                + "{\"status\": \"Done\"} (equals), {\"priority\": {\"$gt\": 5}}, {\"status\": {\"$in\": [\"Open\", \"Blocked\"]}}, "
                + "{\"$or\": [{...}, {...}]}, {\"title\": {\"$contains\": \"auth\", \"$options\": \"i\"}}, "
                + "{\"due_at\": {\"$lt\": \"2024-06-01\"}}, {\"owner\": {\"$exists\": false}}. "
                + "Operators: $eq $ne $gt $gte $lt $lte $in $nin $exists $regex $contains $startsWith $endsWith $options $not $all $size; "
                + "$and $or $nor at the top. Nested fields use dots (address.city). 'query' is full-text words; "
                + "'related_to_id' keeps objects linked to that id. Results are newest first, "
                + limits.defaultLimit() + " per page; pass next_cursor back to page. "
                + "Call get_database_schema first if you do not know the fields. Example: {\"type\": "
                + Examples.quote(examples.type())
                + examples.enumCondition()
                        .map(c -> ", \"properties\": {" + c + "}")
                        .orElse("")
                + ", \"limit\": 10}.";
    }

    ObjectNode inputSchema() {
        ObjectNode schema = InputSchemas.object();
        ObjectNode props = (ObjectNode) schema.get("properties");
        ObjectNode type = InputSchemas.enumString(view.typeNames());
        type.put("description", "The type of object to find; omit to search every type.");
        props.set("type", type);
        props.set("query", InputSchemas.string("Full-text words; every word must match a text field."));
        ObjectNode filter = props.putObject("properties");
        filter.put("type", "object");
        filter.put("description", "Filter on field values, MongoDB style. Fields by type: " + view.typeSummary(1500));
        props.set("related_to_id", InputSchemas.string("Only objects with a relationship to or from this object id."));
        ObjectNode relType =
                view.relationshipNames().isEmpty() ? Json.object() : InputSchemas.enumString(view.relationshipNames());
        relType.put("type", "string");
        relType.put("description", "With related_to_id: only relationships of this type.");
        props.set("relationship_type", relType);
        ObjectNode sort = props.putObject("sort");
        sort.put("type", "array");
        sort.put(
                "description",
                "Order by these fields; default the type's own order (get_database_schema shows it), else newest"
                        + " first (updated_at desc). id breaks ties.");
        sort.put("maxItems", MAX_SORT_KEYS);
        ObjectNode item = InputSchemas.object();
        ObjectNode itemProps = (ObjectNode) item.get("properties");
        ObjectNode field = view.anySchemaless() ? Json.object() : InputSchemas.enumString(view.fieldNames());
        field.put("type", "string");
        itemProps.set("field", field);
        ObjectNode direction = InputSchemas.enumString(List.of("asc", "desc"));
        direction.put("default", "asc");
        itemProps.set("direction", direction);
        item.putArray("required").add("field");
        sort.set("items", item);
        ObjectNode limit = props.putObject("limit");
        limit.put("type", "integer");
        limit.put("minimum", 1);
        limit.put("maximum", limits.maxLimit());
        limit.put("default", limits.defaultLimit());
        props.set("cursor", InputSchemas.string("next_cursor from the previous page of the same query."));
        ObjectNode detail = InputSchemas.enumString(List.of("light", "full"));
        detail.put("default", "light");
        detail.put("description", "light (default) cuts long text; full shows every field.");
        props.set("detail", detail);
        return schema;
    }

    @Override
    public ObjectNode handle(Arguments args, Call call) {
        FilterParser parser = new FilterParser(call.limits().filter());
        EntityType type = null;
        Optional<String> typeName = args.string("type");
        if (typeName.isPresent()) {
            type = view.type(typeName.get(), "type");
        }
        Filter filter = parser.parse(args.node("properties").orElse(null), "properties");
        String relatedTo = args.string("related_to_id").orElse(null);
        String relationshipType = args.string("relationship_type").orElse(null);
        if (relationshipType != null && relatedTo == null) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "relationship_type",
                    "'relationship_type' needs 'related_to_id'.",
                    "Give the id of the object whose relationships you want.");
        }
        List<SortKey> sort = sort(args, type, parser);
        int limit = args.integer("limit", 1, call.limits().maxLimit())
                .orElse(call.limits().defaultLimit());
        String detail = args.choice("detail", List.of("light", "full")).orElse("light");
        return runner.run(
                new QueryRunner.Request(
                        type,
                        filter,
                        args.string("query").orElse(null),
                        relatedTo,
                        relationshipType,
                        sort,
                        limit,
                        args.string("cursor").orElse(null),
                        Projection.Detail.valueOf(detail.toUpperCase(Locale.ROOT))),
                call);
    }

    private List<SortKey> sort(Arguments args, EntityType type, FilterParser parser) {
        Optional<JsonNode> node = args.node("sort");
        if (node.isEmpty()) {
            return List.of();
        }
        if (!node.get().isArray()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "sort",
                    "'sort' must be an array of {field, direction}.",
                    "Write [{\"field\": \"priority\", \"direction\": \"desc\"}].");
        }
        ArrayNode items = (ArrayNode) node.get();
        if (items.size() > MAX_SORT_KEYS) {
            throw QueryException.of(
                    ErrorCode.LIMIT_EXCEEDED,
                    "sort",
                    "At most " + MAX_SORT_KEYS + " sort keys are allowed.",
                    "Keep the first " + MAX_SORT_KEYS + "; id always breaks ties.");
        }
        List<SortKey> keys = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            String where = "sort[" + i + "]";
            JsonNode item = items.get(i);
            if (!item.isObject() || !item.path("field").isTextual()) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        where,
                        "Each sort key is {\"field\": name, \"direction\": \"asc\"|\"desc\"}.",
                        "Write [{\"field\": \"" + sortExample(type) + "\", \"direction\": \"desc\"}].");
            }
            for (Iterator<String> it = item.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                if (!k.equals("field") && !k.equals("direction")) {
                    throw QueryException.of(
                            ErrorCode.INVALID_OPERAND,
                            where + "." + k,
                            "Unknown sort key parameter '" + Arguments.echo(k) + "'.",
                            "Each sort key is {\"field\": name, \"direction\": \"asc\"|\"desc\"}.");
                }
            }
            String direction = item.path("direction").asText("asc");
            if (!direction.equals("asc") && !direction.equals("desc")) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        where + ".direction",
                        "direction must be \"asc\" or \"desc\".",
                        "Use \"asc\" (smallest first) or \"desc\" (largest first).");
            }
            FieldPath path = parser.parsePath(item.get("field").textValue(), where + ".field");
            keys.add(runner.sortKey(path, direction.equals("desc"), type, where + ".field"));
        }
        return keys;
    }

    /** A field a sort hint can name: updated_at when the type has it, else its first field, else id. */
    private static String sortExample(EntityType type) {
        if (type == null || type.hasTimestamp("updated_at")) {
            return "updated_at";
        }
        return type.exposedFieldNames().isEmpty()
                ? "id"
                : type.exposedFieldNames().get(0);
    }
}
