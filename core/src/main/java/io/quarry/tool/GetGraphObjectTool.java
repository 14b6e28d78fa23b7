package io.quarry.tool;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import io.quarry.projection.Projection;
import io.quarry.projection.Projections;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code get_graph_object}: one object in full, with a summary of its relationships. */
final class GetGraphObjectTool extends SchemaTool {
    static final String NAME = "get_graph_object";
    private static final int NEIGHBOURS_PER_GROUP = 3;

    private final Projections projections;

    GetGraphObjectTool(Parts parts, Projections projections) {
        super(NAME, parts);
        this.projections = projections;
    }

    @Override
    public String description() {
        return "Get one object by id with every field, plus its relationships counted by type and direction "
                + "and the first few neighbours. Use get_object_relationships to list all of one kind. "
                + "Example: {\"id\": " + view.examples.id() + "}.";
    }

    @Override
    public ObjectNode inputSchema() {
        ObjectNode schema = InputSchemas.object();
        ((ObjectNode) schema.get("properties"))
                .set("id", InputSchemas.string("The object's id, from a previous result."));
        schema.putArray("required").add("id");
        return schema;
    }

    @Override
    public ObjectNode handle(Arguments args, Call call) {
        String id = args.string("id").orElseThrow(() -> TypedSearch.missing("id"));
        LinkedObject n = LinkedObject.of(id, view, store, call.context().scope(), "id");
        int budget = call.limits().sizeBudget();
        ObjectNode result = null;
        for (int shown : new int[] {NEIGHBOURS_PER_GROUP, 1, 0}) {
            for (Projection.Detail detail : new Projection.Detail[] {Projection.Detail.FULL, Projection.Detail.LIGHT}) {
                result = render(n, shown, detail);
                if (Results.size(result) <= budget) {
                    return result;
                }
            }
        }
        return result; // the guard replaces a result that still does not fit
    }

    private ObjectNode render(LinkedObject n, int perGroup, Projection.Detail detail) {
        ObjectNode result = Json.object();
        result.set("object", projections.projection(n.object().type(), detail).apply(n.object(), around(n)));
        Map<String, List<LinkedObject.Edge>> groups = new LinkedHashMap<>();
        for (LinkedObject.Edge e : n.edges()) {
            groups.computeIfAbsent(e.name() + "\u0000" + e.direction(), k -> new ArrayList<>())
                    .add(e);
        }
        ArrayNode rels = result.putArray("relationships");
        boolean cut = detail == Projection.Detail.LIGHT;
        for (List<LinkedObject.Edge> edges : groups.values()) {
            ObjectNode g = rels.addObject();
            g.put("type", edges.get(0).name());
            g.put("direction", edges.get(0).direction());
            g.put("count", edges.size());
            ArrayNode list = g.putArray("neighbours");
            for (LinkedObject.Edge e : edges.subList(0, Math.min(perGroup, edges.size()))) {
                var other = n.neighbours().get(e.otherId());
                // a neighbour's derived fields would need its own neighbourhood: left out, not shown as 0
                ObjectNode light = projections.light(other.type()).apply(other);
                light.remove("derived");
                list.add(light);
            }
            cut |= perGroup < edges.size() && perGroup < NEIGHBOURS_PER_GROUP;
        }
        result.put("returned", 1);
        result.put("truncated", cut);
        ArrayNode caps = result.putArray("caps");
        if (cut) {
            caps.add("size_budget");
        }
        if (!n.edges().isEmpty()) {
            result.put(
                    "hint",
                    "get_object_relationships {\"id\": \"" + n.object().id() + "\", \"relationship_type\": \""
                            + n.edges().get(0).name()
                            + "\"} lists every neighbour of one kind; query_graph_objects with related_to_id "
                            + "filters them.");
        }
        return result;
    }

    /** The object's relationships and neighbours, for its derived fields. */
    private static io.quarry.projection.Neighbourhood around(LinkedObject n) {
        List<GraphRelationship> rels =
                n.edges().stream().map(LinkedObject.Edge::relationship).toList();
        return new io.quarry.projection.Neighbourhood() {
            @Override
            public List<GraphRelationship> relationships(String id) {
                return id.equals(n.object().id()) ? rels : List.of();
            }

            @Override
            public Optional<GraphObject> object(String id) {
                return Optional.ofNullable(n.neighbours().get(id));
            }
        };
    }
}
