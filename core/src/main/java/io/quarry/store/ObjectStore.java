package io.quarry.store;

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
     * @throws io.quarry.filter.QueryException with {@link io.quarry.filter.ErrorCode#INVALID_CURSOR} for a
     *     cursor that is malformed or belongs to another query
     */
    Page search(ObjectQuery query);

    /** The object with this id, if it exists in the scope. */
    Optional<GraphObject> get(String id, Scope scope);

    /** The relationships to and from this object whose both ends are in the scope, ordered by id. */
    List<GraphRelationship> relationships(String id, Scope scope);

    /** How many objects of each type the scope holds, by type name. */
    Map<String, Long> countByType(Scope scope);
}
