package io.quarry.tool;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Relationship;
import io.quarry.store.Scope;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code get_database_schema}: which types exist, their fields, enums and relationships. */
final class GetDatabaseSchemaTool extends SchemaTool {
    static final String NAME = "get_database_schema";
    private static final List<String> DETAILS = List.of("names", "summary", "full");

    private final CommonValues commonValues;

    GetDatabaseSchemaTool(Parts parts) {
        super(NAME, parts);
        this.commonValues = new CommonValues(store);
    }

    /** Forgets the cached common values; the next {@code full} answer computes them again. */
    void refreshStatistics() {
        commonValues.clear();
    }

    /** Computes the common values of every type in a scope, as the first {@code full} answer would. */
    void warm(Scope scope) {
        for (EntityType type : view.schema.types()) {
            commonValues.of(type, scope);
        }
    }

    @Override
    public String description() {
        return "List the types of objects in the database with their fields, enum values and relationships, "
                + "so you can write filters for query_graph_objects with names and values that exist. "
                + "Call it first when you do not know the data model. detail: names (types and counts), "
                + "summary (default: fields and relationships), full (adds field descriptions, formats and the "
                + "most common values of short text fields). "
                + "Example: {\"types\": [" + Examples.quote(view.examples.type()) + "], \"detail\": \"full\"}.";
    }

    @Override
    public ObjectNode inputSchema() {
        ObjectNode schema = InputSchemas.object();
        ObjectNode props = (ObjectNode) schema.get("properties");
        ObjectNode types = props.putObject("types");
        types.put("type", "array");
        types.put("description", "Only these types; omit for all.");
        types.set("items", InputSchemas.enumString(view.typeNames()));
        ObjectNode detail = InputSchemas.enumString(DETAILS);
        detail.put("default", "summary");
        props.set("detail", detail);
        return schema;
    }

    @Override
    public ObjectNode handle(Arguments args, Call call) {
        String detail = args.choice("detail", DETAILS).orElse("summary");
        List<EntityType> types = new ArrayList<>();
        List<String> requested = args.strings("types").orElse(null);
        if (requested == null) {
            types.addAll(view.schema.types());
        } else {
            types.addAll(view.types(requested, "types"));
        }
        Map<String, Long> counts = store.countByType(call.context().scope());
        ObjectNode result = render(types, counts, detail, call.context().scope());
        int budget = call.limits().sizeBudget();
        if (Results.size(result) <= budget) {
            return complete(result, types.size());
        }
        // over the budget: the next lower detail that fits (full, summary, field names only, type
        // names only), so full never answers with less than summary would; then as many types as fit
        List<String> lower = List.of("summary", "fields", "names");
        String fallback = "names";
        for (String level : lower.subList(detail.equals("full") ? 0 : detail.equals("summary") ? 1 : 2, 3)) {
            fallback = level;
            result = render(types, counts, level, null);
            if (Results.size(result) <= budget) {
                break;
            }
        }
        int shown = types.size();
        while (shown > 1 && Results.size(withCap(result, types, shown, detail)) > budget) {
            shown--;
            result = render(types.subList(0, shown), counts, fallback, null);
        }
        return withCap(result, types, shown, detail);
    }

    private static ObjectNode complete(ObjectNode result, int types) {
        result.put("returned", types);
        result.put("total", types);
        result.put("truncated", false);
        result.putArray("caps");
        return result;
    }

    private static ObjectNode withCap(ObjectNode rendered, List<EntityType> types, int shown, String detail) {
        ObjectNode result = rendered.deepCopy();
        result.put("returned", shown);
        result.put("total", types.size());
        result.put("truncated", true);
        result.putArray("caps").add("size_budget");
        if (shown < types.size()) {
            result.put("omitted", types.size() - shown);
        }
        result.put(
                "hint",
                "The schema is larger than the size budget, so less detail is shown"
                        + (shown < types.size() ? " and " + (types.size() - shown) + " types are omitted" : "")
                        + ". Ask for a few types at a time: {\"types\": [\""
                        + types.get(Math.min(shown, types.size() - 1)).name()
                        + "\"], \"detail\": \"" + detail + "\"}.");
        return result;
    }

    /**
     * The types at a level of detail: names, fields (names only), summary or full; with a scope, full
     * adds the common values computed in that scope.
     */
    ObjectNode render(List<EntityType> types, Map<String, Long> counts, String detail, Scope scope) {
        ObjectNode result = Json.object();
        ArrayNode list = result.putArray("types");
        for (EntityType t : types) {
            ObjectNode node = list.addObject();
            node.put("name", t.name());
            if (t.module() != null) {
                node.put("module", t.module());
            }
            if (!detail.equals("names") && !detail.equals("fields") && t.description() != null) {
                node.put("description", t.description());
            }
            node.put("count", counts.getOrDefault(t.name(), 0L));
            if (detail.equals("names")) {
                continue;
            }
            if (t.order() != null) {
                node.put("order", t.order()); // the default sort of a query over the type
            }
            if (detail.equals("fields")) {
                ArrayNode names = node.putArray("fields");
                t.exposedFieldNames().forEach(names::add);
                continue;
            }
            if (t.schemaless()) {
                node.put("schemaless", true);
            }
            ObjectNode props = node.putObject("properties");
            Map<String, List<String>> common =
                    detail.equals("full") && scope != null ? commonValues.of(t, scope) : Map.of();
            for (Field f : t.exposedFields()) {
                ObjectNode field = field(f, detail.equals("full"));
                List<String> values = common.get(f.name());
                if (values != null) {
                    values.forEach(field.putArray("common_values")::add);
                }
                props.set(f.name(), field);
            }
            if (!t.leftOut().isEmpty()) {
                // what the table holds that no field serves, and why: the model knows the data exists
                ObjectNode leftOut = node.putObject("left_out");
                t.leftOut().forEach(leftOut::put);
            }
            ArrayNode rels = node.putArray("relationships");
            for (Relationship r : t.relationships()) {
                ObjectNode rel = rels.addObject();
                rel.put("name", r.name());
                rel.put("target", r.target());
                rel.put("direction", SchemaView.direction(r));
                if (r.kind() != null) {
                    rel.put("kind", r.kind().name());
                }
                if (detail.equals("full") && r.description() != null) {
                    rel.put("description", r.description());
                }
            }
        }
        if (!detail.equals("names") && !view.schema.leftOut().isEmpty() && types.containsAll(view.schema.types())) {
            // the tables and views no type serves, and why: the model learns the data exists
            ObjectNode leftOut = result.putObject("left_out");
            view.schema.leftOut().forEach(leftOut::put);
        }
        if (!detail.equals("names")) {
            // a timestamp every listed type has is a system field of all; any other is listed on its types
            List<String> common = EntityType.TIMESTAMPS.stream()
                    .filter(ts -> types.stream().allMatch(t -> t.hasTimestamp(ts)))
                    .toList();
            ObjectNode system = result.putObject("system_fields");
            system.put("id", "string");
            system.put("type", "string");
            common.forEach(ts -> system.put(ts, "datetime"));
            for (int i = 0; i < types.size(); i++) {
                List<String> own = types.get(i).timestamps().stream()
                        .filter(ts -> !common.contains(ts))
                        .toList();
                if (!own.isEmpty()) {
                    ObjectNode timestamps = ((ObjectNode) list.get(i)).putObject("system_fields");
                    own.forEach(ts -> timestamps.put(ts, "datetime"));
                }
            }
        }
        return result;
    }

    private static ObjectNode field(Field f, boolean full) {
        ObjectNode node = Json.object();
        node.put("type", f.type().jsonName());
        if (f.type() == FieldType.ENUM) {
            ArrayNode values = node.putArray("enum");
            f.values().forEach(values::add);
        }
        if (f.items() != null) {
            node.put("items", f.items().jsonName());
        }
        if (f.masked()) {
            node.put("masked", true); // filter, sort, group and count by it; values show as masks
        }
        if (full) {
            if (f.description() != null) {
                node.put("description", f.description());
            }
            if (f.type() == FieldType.DATE) {
                node.put("format", "YYYY-MM-DD");
            } else if (f.type() == FieldType.DATETIME) {
                node.put("format", "ISO-8601 date-time, such as 2024-01-31T09:30:00Z");
            }
        }
        return node;
    }
}
