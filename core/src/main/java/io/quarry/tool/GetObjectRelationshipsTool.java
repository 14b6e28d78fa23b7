package io.quarry.tool;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.CodePoints;
import io.quarry.internal.Json;
import io.quarry.store.Cursor;
import io.quarry.store.GraphObject;
import java.util.ArrayList;
import java.util.List;

/** {@code get_object_relationships}: the relationships of one object, with each neighbour in light projection. */
final class GetObjectRelationshipsTool extends SchemaTool {
    static final String NAME = "get_object_relationships";
    private static final List<String> DIRECTIONS = List.of("out", "in", "both");

    GetObjectRelationshipsTool(Parts parts) {
        super(NAME, parts);
    }

    @Override
    public String description() {
        return "List the relationships of one object, each with the object at the other end: out (this object "
                + "is the source), in, or both (default). To filter the neighbours by field, use "
                + "query_graph_objects with related_to_id. Example: {\"id\": " + view.examples.id()
                + view.examples.relationship() + "}.";
    }

    @Override
    public ObjectNode inputSchema() {
        ObjectNode schema = InputSchemas.object();
        ObjectNode props = (ObjectNode) schema.get("properties");
        props.set("id", InputSchemas.string("The object's id, from a previous result."));
        ObjectNode direction = InputSchemas.enumString(DIRECTIONS);
        direction.put("default", "both");
        props.set("direction", direction);
        ObjectNode relType =
                view.relationshipNames().isEmpty() ? Json.object() : InputSchemas.enumString(view.relationshipNames());
        relType.put("type", "string");
        relType.put("description", "Only relationships of this type.");
        props.set("relationship_type", relType);
        ObjectNode limit = InputSchemas.integer(1, limits.maxLimit(), limits.defaultLimit());
        props.set("limit", limit);
        props.set("cursor", InputSchemas.string("next_cursor from the previous page."));
        schema.putArray("required").add("id");
        return schema;
    }

    @Override
    public ObjectNode handle(Arguments args, Call call) {
        String id = args.string("id").orElseThrow(() -> TypedSearch.missing("id"));
        String direction = args.choice("direction", DIRECTIONS).orElse("both");
        String type = args.string("relationship_type").orElse(null);
        if (type != null) {
            view.relationshipType(type, "relationship_type");
        }
        int limit =
                args.pageLimit(call.limits().maxLimit()).orElse(call.limits().defaultLimit());
        String fingerprint = "relationships\u0001" + id + "\u0001" + direction + "\u0001" + type;
        String cursor = args.string("cursor").orElse(null);
        String after =
                cursor == null ? null : Cursor.decode(cursor, fingerprint, 0).id();
        LinkedObject n = LinkedObject.of(id, view, store, call.context().scope(), "id");
        if (type != null) {
            view.refuseRenamed(view.schema.type(n.object().type()).orElseThrow(), type, "relationship_type");
        }
        List<LinkedObject.Edge> matching = new ArrayList<>();
        for (LinkedObject.Edge e : n.edges()) {
            if ((direction.equals("both") || direction.equals(e.direction()))
                    && (type == null || type.equals(e.name()))) {
                matching.add(e);
            }
        }
        List<LinkedObject.Edge> rest = matching.stream()
                .filter(e ->
                        after == null || CodePoints.compare(e.relationship().id(), after) > 0)
                .toList();
        List<ObjectNode> items = new ArrayList<>();
        for (LinkedObject.Edge e : rest.subList(0, Math.min(limit, rest.size()))) {
            ObjectNode item = Json.object();
            item.put("relationship_id", e.relationship().id());
            item.put("type", e.name());
            item.put("direction", e.direction());
            GraphObject other = n.neighbours().get(e.otherId());
            item.set(
                    "object", runner.projections().generic().light(other.type()).apply(other));
            items.add(item);
        }
        int keep = items.size();
        ObjectNode result = envelope(id, items, keep, rest, matching.size(), fingerprint, cursor);
        while (keep > 0 && Results.size(result) > call.limits().sizeBudget()) {
            keep--;
            result = envelope(id, items, keep, rest, matching.size(), fingerprint, cursor);
        }
        return result;
    }

    private static ObjectNode envelope(
            String id,
            List<ObjectNode> items,
            int keep,
            List<LinkedObject.Edge> rest,
            int total,
            String fingerprint,
            String cursor) {
        ObjectNode result = Json.object();
        result.put("id", id);
        ArrayNode list = result.putArray("relationships");
        items.subList(0, keep).forEach(list::add);
        boolean cutByBudget = keep < items.size();
        boolean hasMore = keep < rest.size();
        result.put("returned", keep);
        result.put("total", total);
        result.put("has_more", hasMore);
        result.put("truncated", hasMore);
        ArrayNode caps = result.putArray("caps");
        if (hasMore) {
            caps.add(cutByBudget ? "size_budget" : "limit");
        }
        if (hasMore) {
            String next = keep == 0
                    ? cursor
                    : new Cursor(List.of(), rest.get(keep - 1).relationship().id()).encode(fingerprint);
            if (next != null) {
                result.put("next_cursor", next);
            }
            result.put(
                    "hint",
                    "Showing " + keep + " of " + total + " relationships. Pass next_cursor for more, or narrow with "
                            + "direction and relationship_type.");
        } else if (total == 0) {
            result.put("hint", "No relationships match; try direction \"both\" or another relationship_type.");
        }
        return result;
    }
}
