package io.quarry.store;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every object of a scope and every relationship whose both ends are among them, indexed by id: what
 * {@link ObjectStore#graph(Scope)} returns in one call, and what graph snapshots are built from.
 * Building the index is linear in objects and relationships; a relationship with an end that is not
 * among the objects is dropped, so the graph never reaches outside what was loaded. Immutable.
 */
public final class ScopeGraph {
    private final Map<String, GraphObject> objects;
    private final List<GraphObject> objectList;
    private final Map<String, List<GraphRelationship>> adjacency;
    private final List<GraphRelationship> relationships;

    private ScopeGraph(Collection<GraphObject> objects, Collection<GraphRelationship> relationships) {
        Map<String, GraphObject> byId = new LinkedHashMap<>();
        for (GraphObject o : objects) {
            if (byId.put(o.id(), o) != null) {
                throw new IllegalArgumentException("duplicate object id '" + o.id() + "'");
            }
        }
        Map<String, List<GraphRelationship>> adj = new HashMap<>();
        List<GraphRelationship> kept = new ArrayList<>();
        for (GraphRelationship r : relationships) {
            if (!byId.containsKey(r.srcId()) || !byId.containsKey(r.dstId())) {
                continue;
            }
            kept.add(r);
            adj.computeIfAbsent(r.srcId(), k -> new ArrayList<>()).add(r);
            if (!r.dstId().equals(r.srcId())) {
                adj.computeIfAbsent(r.dstId(), k -> new ArrayList<>()).add(r);
            }
        }
        this.objects = byId;
        this.objectList = List.copyOf(byId.values());
        this.adjacency = adj;
        this.relationships = List.copyOf(kept);
    }

    /**
     * Indexes these objects and the relationships between them.
     *
     * @throws IllegalArgumentException for two objects with one id
     */
    public static ScopeGraph of(Collection<GraphObject> objects, Collection<GraphRelationship> relationships) {
        return new ScopeGraph(requireNonNull(objects, "objects"), requireNonNull(relationships, "relationships"));
    }

    /** The objects, in the order they were loaded. */
    public List<GraphObject> objects() {
        return objectList;
    }

    /** The relationships whose both ends are objects of this graph, in the order they were loaded. */
    public List<GraphRelationship> relationships() {
        return relationships;
    }

    /** The object with this id, if the graph holds it. */
    public Optional<GraphObject> object(String id) {
        return Optional.ofNullable(objects.get(id));
    }

    /** The relationships to and from this object (a self-loop once), in load order; empty for an unknown id. */
    public List<GraphRelationship> relationships(String id) {
        List<GraphRelationship> list = adjacency.get(id);
        return list == null ? List.of() : java.util.Collections.unmodifiableList(list);
    }

    /** How many objects the graph holds. */
    public int size() {
        return objects.size();
    }

    @Override
    public String toString() {
        return "ScopeGraph[" + objects.size() + " objects, " + relationships.size() + " relationships]";
    }
}
