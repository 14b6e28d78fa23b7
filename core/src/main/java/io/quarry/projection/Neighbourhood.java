package io.quarry.projection;

import static java.util.Objects.requireNonNull;

import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.ScopeGraph;
import java.util.List;
import java.util.Optional;

/**
 * What a projection may read around an object to compute derived fields: its relationships and the
 * objects at their other ends. A missing relationship or object simply does not count.
 */
public interface Neighbourhood {

    /** The relationships to and from the object with this id. */
    List<GraphRelationship> relationships(String id);

    /** The object with this id, if it was loaded. */
    Optional<GraphObject> object(String id);

    /** Nothing around any object: derived counts are 0 and id lists empty. */
    static Neighbourhood none() {
        return of(ScopeGraph.of(List.of(), List.of()));
    }

    /** The neighbourhood a loaded graph holds. */
    static Neighbourhood of(ScopeGraph graph) {
        requireNonNull(graph, "graph");
        return new Neighbourhood() {
            @Override
            public List<GraphRelationship> relationships(String id) {
                return graph.relationships(id);
            }

            @Override
            public Optional<GraphObject> object(String id) {
                return graph.object(id);
            }
        };
    }
}
