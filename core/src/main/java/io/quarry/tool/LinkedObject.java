package io.quarry.tool;

import io.quarry.error.QueryException;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.ObjectQuery;
import io.quarry.store.ObjectStore;
import io.quarry.store.Scope;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An object and its relationships as the tools show them: only objects of declared types, only in
 * the scope; a relationship whose other end is invisible does not exist.
 *
 * @param object the object
 * @param edges its visible relationships, ordered by relationship id
 * @param neighbours the objects at the other ends, by id
 */
record LinkedObject(GraphObject object, List<Edge> edges, Map<String, GraphObject> neighbours) {
    /** The most neighbours one object shows; beyond that, relationships are counted from what was read. */
    static final int MAX_NEIGHBOURS = 5_000;

    /**
     * A relationship seen from the object: {@code out} when the object is the source; {@code name}
     * what the object's type calls it ({@code albums} from an artist for links of type {@code artist}).
     */
    record Edge(GraphRelationship relationship, String direction, String otherId, String name) {}

    /**
     * Reads the object with this id and its neighbours.
     *
     * @throws QueryException {@code NOT_FOUND} when no object of a declared type has this id in the scope
     */
    static LinkedObject of(String id, SchemaView view, ObjectStore store, Scope scope, String path) {
        GraphObject object = store.get(id, scope)
                .filter(o -> view.schema.type(o.type()).isPresent())
                .orElseThrow(() -> NearIds.notFound(
                        id,
                        path,
                        "Use an id from a previous result; query_graph_objects and text_pattern_search find "
                                + "objects by their fields.",
                        store,
                        scope,
                        view));
        Map<String, GraphObject> neighbours = new HashMap<>();
        store.search(ObjectQuery.builder()
                        .types(view.typeNames())
                        .relatedTo(id, null)
                        .limit(MAX_NEIGHBOURS)
                        .scope(scope)
                        .build())
                .items()
                .forEach(o -> neighbours.put(o.id(), o));
        List<Edge> edges = new ArrayList<>();
        for (GraphRelationship r : store.relationships(id, scope)) {
            String other = r.other(id);
            if (neighbours.containsKey(other)) {
                String direction = r.srcId().equals(id) ? "out" : "in";
                edges.add(new Edge(r, direction, other, view.nameSeenFrom(object.type(), r.type(), direction)));
            }
        }
        return new LinkedObject(object, List.copyOf(edges), Map.copyOf(neighbours));
    }
}
