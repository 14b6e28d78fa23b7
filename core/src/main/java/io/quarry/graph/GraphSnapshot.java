package io.quarry.graph;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A capped, deterministic picture of the graph around a root, built by {@link SnapshotBuilder}: the
 * same data always gives the same nodes, edges and JSON, byte for byte.
 *
 * @param rootId the root object
 * @param rootKind its type
 * @param maxDepth how far the traversal went
 * @param nodes the nodes in the order they were admitted, the root first
 * @param edges the edges: the one that reached each node first, in node order, then others between nodes
 * @param coverage per type, how many of the root's members have a direct edge to it; sorted by type
 * @param caps the caps that left something out: {@code max_nodes}, {@code max_edges}, {@code max_per_kind}
 * @param cappedKinds the types {@code max_per_kind} left nodes out of, sorted
 */
public record GraphSnapshot(
        String rootId,
        String rootKind,
        int maxDepth,
        List<Node> nodes,
        List<Edge> edges,
        Map<String, Coverage> coverage,
        List<String> caps,
        List<String> cappedKinds) {

    /** The cap names, as they appear in {@link #caps()}. */
    public static final String MAX_NODES = "max_nodes", MAX_EDGES = "max_edges", MAX_PER_KIND = "max_per_kind";

    /** Checks and copies the arguments. */
    public GraphSnapshot {
        requireNonNull(rootId, "rootId");
        requireNonNull(rootKind, "rootKind");
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
        coverage = Collections.unmodifiableMap(new TreeMap<>(coverage));
        caps = List.copyOf(caps);
        cappedKinds = List.copyOf(cappedKinds);
    }

    /**
     * A node of the snapshot.
     *
     * @param id the object id
     * @param kind its type
     * @param depth how many edges from the root
     * @param directEdge whether an edge joins it to the root
     * @param view its light graph view ({@code id}, {@code kind}, label fields, {@code last_updated})
     */
    public record Node(String id, String kind, int depth, boolean directEdge, ObjectNode view) {

        /** Checks and copies the arguments. */
        public Node {
            requireNonNull(id, "id");
            requireNonNull(kind, "kind");
            view = requireNonNull(view, "view").deepCopy();
        }

        @Override
        public ObjectNode view() {
            return view.deepCopy();
        }
    }

    /**
     * An edge of the snapshot.
     *
     * @param id the relationship id
     * @param srcId the source
     * @param srcKind its type
     * @param dstId the target
     * @param dstKind its type
     * @param rel the relationship type
     */
    public record Edge(String id, String srcId, String srcKind, String dstId, String dstKind, String rel) {}

    /** Whether a cap left something out. */
    public boolean truncated() {
        return !caps.isEmpty();
    }

    /**
     * The snapshot as JSON: {@code root_id}, {@code root_kind}, {@code max_depth}, {@code nodes} (with
     * {@code depth} and {@code direct_edge}), {@code edges}, {@code coverage}, {@code truncated},
     * {@code caps}, and {@code capped_kinds} when a type was capped.
     */
    public ObjectNode toJson() {
        ObjectNode out = Json.object();
        out.put("root_id", rootId);
        out.put("root_kind", rootKind);
        out.put("max_depth", maxDepth);
        ArrayNode nodeList = out.putArray("nodes");
        for (Node n : nodes) {
            ObjectNode v = n.view;
            ObjectNode node = nodeList.addObject();
            v.properties().forEach(e -> {
                if (!e.getKey().equals("last_updated")) {
                    node.set(e.getKey(), e.getValue());
                }
            });
            node.put("depth", n.depth);
            node.put("direct_edge", n.directEdge);
            if (v.has("last_updated")) {
                node.set("last_updated", v.get("last_updated"));
            }
        }
        ArrayNode edgeList = out.putArray("edges");
        for (Edge e : edges) {
            ObjectNode edge = edgeList.addObject();
            edge.put("id", e.id);
            edge.put("src_id", e.srcId);
            edge.put("src_kind", e.srcKind);
            edge.put("dst_id", e.dstId);
            edge.put("dst_kind", e.dstKind);
            edge.put("rel", e.rel);
        }
        ObjectNode cov = out.putObject("coverage");
        coverage.forEach((kind, c) -> {
            ObjectNode k = cov.putObject(kind);
            k.put("total", c.total());
            k.put("direct", c.direct());
            k.put("unlinked", c.unlinked());
        });
        out.put("truncated", truncated());
        ArrayNode capList = out.putArray("caps");
        caps.forEach(capList::add);
        if (!cappedKinds.isEmpty()) {
            ArrayNode kinds = out.putArray("capped_kinds");
            cappedKinds.forEach(kinds::add);
        }
        return out;
    }
}
