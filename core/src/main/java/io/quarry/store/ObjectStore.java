package io.quarry.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.schema.Schema;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where tools read objects and relationships. Every method applies the scope to everything it reads:
 * an object outside the scope, or a relationship with an end outside it, does not exist for the caller.
 */
public interface ObjectStore {

    /**
     * One page of the objects a query selects, in the query's order.
     *
     * @throws io.quarry.error.QueryException with {@link io.quarry.error.ErrorCode#INVALID_CURSOR} for a
     *     cursor that is malformed or belongs to another query
     */
    Page search(ObjectQuery query);

    /** The object with this id, if it exists in the scope. */
    Optional<GraphObject> get(String id, Scope scope);

    /** The relationships to and from this object whose both ends are in the scope, ordered by id. */
    List<GraphRelationship> relationships(String id, Scope scope);

    /** How many objects of each type the scope holds, by type name. */
    Map<String, Long> countByType(Scope scope);

    /**
     * Groups the objects a query selects and computes metrics per group, with the semantics of the
     * {@link Aggregator}. This default pages through {@link #search} and aggregates in memory, so every
     * store supports it; a store may compute the same result in the database.
     */
    default Aggregation aggregate(AggregateQuery query) {
        return Aggregator.scan(this, query);
    }

    /**
     * The schema of the data in the scope, inferred ({@link Schema#infer}) from the first objects of
     * each type with objects in the scope: only names that objects in the scope carry, so another
     * tenant's types and fields never appear. Empty when the scope holds no objects.
     *
     * @param scope the objects to read
     * @param perType how many objects of each type to read, at most
     */
    default Schema inferSchema(Scope scope, int perType) {
        Map<String, List<JsonNode>> byType = new LinkedHashMap<>();
        countByType(scope).forEach((type, count) -> {
            if (count > 0) {
                for (GraphObject o : search(ObjectQuery.builder()
                                .type(type)
                                .scope(scope)
                                .limit(perType)
                                .build())
                        .items()) {
                    byType.computeIfAbsent(o.type(), k -> new ArrayList<>()).add(o.properties());
                }
            }
        });
        return Schema.infer(byType);
    }

    /**
     * Every object of the scope and every relationship whose both ends are in it, in one call: what a
     * graph snapshot is built from. A SQL store reads each table once (never a query per object).
     * Both stores of the library implement it; the default refuses, since a per-object fallback would
     * be too slow to offer.
     *
     * @throws UnsupportedOperationException from a store that does not implement it
     */
    default ScopeGraph graph(Scope scope) {
        throw new UnsupportedOperationException(
                getClass().getName() + " does not implement ObjectStore.graph(Scope); get_project_graph needs it");
    }

    /**
     * The objects with these ids, their relationships whose both ends are in the scope, and the
     * objects at the other ends: what derived fields of a page of objects read. The default asks
     * {@link #get} and {@link #relationships} per object; a SQL store reads each table once per batch.
     */
    default ScopeGraph neighbourhood(Collection<String> ids, Scope scope) {
        Map<String, GraphObject> objects = new LinkedHashMap<>();
        Map<String, GraphRelationship> relationships = new LinkedHashMap<>();
        for (String id : ids) {
            get(id, scope).ifPresent(o -> objects.put(o.id(), o));
        }
        for (String id : List.copyOf(objects.keySet())) {
            for (GraphRelationship r : relationships(id, scope)) {
                relationships.putIfAbsent(r.id(), r);
                String other = r.other(id);
                if (!objects.containsKey(other)) {
                    get(other, scope).ifPresent(o -> objects.put(o.id(), o));
                }
            }
        }
        return ScopeGraph.of(objects.values(), relationships.values());
    }
}
