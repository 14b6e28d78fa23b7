package io.quarry.graph;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.internal.CodePoints;
import io.quarry.projection.Projections;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.ScopeGraph;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Builds {@link GraphSnapshot}s: a breadth-first traversal from a root over the edges of a
 * {@link ScopeGraph} (whose both ends are in the scope by construction), to {@code max_depth}.
 *
 * <p>Each node's unvisited neighbours are admitted in priority order ({@link NodeScore}, then
 * {@code updated_at} newest first, then id) while the caps allow: at most {@code max_per_kind} nodes
 * of a type, {@code max_nodes} in all, and {@code max_edges} edges, where the edge that reached a node
 * is kept before any other. Only the best {@code max_per_kind} neighbours of each type are kept while
 * scanning, so a node is expanded in time linear in its degree and the result never holds more than
 * the caps. Objects that belong to the root (its membership key, such as {@code project_id}) are
 * counted in {@link Coverage}; those without an edge to the root are never put in the graph.
 *
 * <p>Immutable and thread-safe.
 */
public final class SnapshotBuilder {
    /** Newest first; an object without {@code updated_at} after every object with one. */
    private static final Comparator<Instant> NEWEST_FIRST = Comparator.nullsLast(Comparator.reverseOrder());

    private final Projections projections;
    private final SnapshotLimits limits;
    private final NodeScore score;
    private final String membershipKey;
    private final List<String> membershipKinds;

    private SnapshotBuilder(Builder b) {
        this.projections = b.projections;
        this.limits = b.limits;
        this.score = b.score;
        this.membershipKey = b.membershipKey;
        this.membershipKinds = List.copyOf(b.membershipKinds);
    }

    /** The projections nodes are labelled with. */
    public Projections projections() {
        return projections;
    }

    /**
     * This snapshot builder labelling nodes with these projections, its other settings as they are (a
     * toolkit gives a caller who sees less of the schema its own, {@link Projections#forSchema}).
     */
    public SnapshotBuilder withProjections(Projections newProjections) {
        Builder b = new Builder();
        b.projections = requireNonNull(newProjections, "projections");
        b.limits = limits;
        b.score = score;
        b.membershipKey = membershipKey;
        b.membershipKinds.addAll(membershipKinds);
        return new SnapshotBuilder(b);
    }

    /**
     * This snapshot builder, its projections showing masked values under a key derived from this secret
     * ({@link Projections#maskingKey}), its other settings as they are. A toolkit with a cursor key
     * gives it that key.
     */
    public SnapshotBuilder maskingKey(byte[] secret) {
        return withProjections(projections.maskingKey(secret));
    }

    /** The types listed by membership in a context block (every member, flagged {@code direct_edge}). */
    public List<String> membershipKinds() {
        return membershipKinds;
    }

    /** A builder; projections are required. */
    public static Builder builder() {
        return new Builder();
    }

    /** The caps snapshots are built with unless a call asks for less. */
    public SnapshotLimits limits() {
        return limits;
    }

    /** The key that says an object belongs to the root, such as {@code project_id}. */
    public String membershipKey() {
        return membershipKey;
    }

    /** Whether the object belongs to the root: its scope value or property {@link #membershipKey()} is the root id. */
    public boolean isMember(GraphObject object, String rootId) {
        if (object.id().equals(rootId)) {
            return false;
        }
        String v = object.scope().get(membershipKey);
        if (v == null) {
            JsonNode p = object.property(membershipKey);
            v = p != null && p.isTextual() ? p.textValue() : null;
        }
        return rootId.equals(v);
    }

    /**
     * The priority order of neighbours: score desc, {@code updated_at} desc (objects without one
     * after those with one), id asc.
     */
    public Comparator<GraphObject> priority() {
        return Comparator.<GraphObject>comparingInt(o -> -score.score(o))
                .thenComparing(GraphObject::updatedAt, NEWEST_FIRST)
                .thenComparing(GraphObject::id, CodePoints::compare);
    }

    /** A snapshot with the builder's caps. */
    public GraphSnapshot build(ScopeGraph graph, String rootId) {
        return build(graph, rootId, limits);
    }

    /**
     * A snapshot around a root.
     *
     * @param graph the scope's objects and relationships
     * @param rootId the root object, which must be in the graph
     * @param caps the caps for this snapshot (narrowed by the builder's)
     * @throws IllegalArgumentException when the root is not in the graph
     */
    public GraphSnapshot build(ScopeGraph graph, String rootId, SnapshotLimits caps) {
        requireNonNull(graph, "graph");
        requireNonNull(rootId, "rootId");
        GraphObject root = graph.object(rootId)
                .orElseThrow(() -> new IllegalArgumentException("no object '" + rootId + "' in the scope"));
        return new Run(graph, root, limits.narrowedBy(caps)).run();
    }

    /** A candidate neighbour with its score, computed once, and the lowest-id edge that reached it. */
    private static final class Candidate {
        final GraphObject object;
        final int score;
        GraphRelationship via;

        Candidate(GraphObject object, int score, GraphRelationship via) {
            this.object = object;
            this.score = score;
            this.via = via;
        }
    }

    /** One traversal. */
    private final class Run {
        private final ScopeGraph graph;
        private final GraphObject root;
        private final SnapshotLimits caps;
        private final Map<String, Integer> order = new HashMap<>();
        private final List<GraphSnapshot.Node> nodes = new ArrayList<>();
        private final List<GraphRelationship> treeEdges = new ArrayList<>();
        private final Map<String, Integer> perKind = new HashMap<>();
        private final Set<String> cappedKinds = new TreeSet<>();
        private final Comparator<Candidate> better = Comparator.<Candidate>comparingInt(c -> -c.score)
                .thenComparing(c -> c.object.updatedAt(), NEWEST_FIRST)
                .thenComparing(c -> c.object.id(), CodePoints::compare);
        private boolean nodesCapped;
        private boolean edgesCapped;

        Run(ScopeGraph graph, GraphObject root, SnapshotLimits caps) {
            this.graph = graph;
            this.root = root;
            this.caps = caps;
        }

        GraphSnapshot run() {
            admit(root, 0, null);
            List<GraphObject> frontier = List.of(root);
            for (int depth = 0; depth < caps.maxDepth() && !frontier.isEmpty(); depth++) {
                List<GraphObject> next = new ArrayList<>();
                for (GraphObject u : frontier) {
                    expand(u, depth, next);
                }
                frontier = next;
            }
            List<GraphSnapshot.Edge> edges = edges();
            List<String> fired = new ArrayList<>();
            if (nodesCapped) {
                fired.add(GraphSnapshot.MAX_NODES);
            }
            if (edgesCapped) {
                fired.add(GraphSnapshot.MAX_EDGES);
            }
            if (!cappedKinds.isEmpty()) {
                fired.add(GraphSnapshot.MAX_PER_KIND);
            }
            return new GraphSnapshot(
                    root.id(), root.type(), caps.maxDepth(), nodes, edges, coverage(), fired, List.copyOf(cappedKinds));
        }

        private void expand(GraphObject u, int depth, List<GraphObject> next) {
            // the best few unvisited neighbours per type, worst at the head: linear in u's degree, and
            // nothing kept per neighbour beyond the caps (a repeated neighbour is found in its small queue)
            Map<String, PriorityQueue<Candidate>> best = new LinkedHashMap<>();
            for (GraphRelationship r : graph.relationships(u.id())) {
                String v = r.other(u.id());
                if (order.containsKey(v)) {
                    continue;
                }
                GraphObject object = graph.object(v).orElseThrow();
                int room = caps.maxPerKind() - perKind.getOrDefault(object.type(), 0);
                if (room <= 0) {
                    cappedKinds.add(object.type());
                    continue;
                }
                PriorityQueue<Candidate> queue =
                        best.computeIfAbsent(object.type(), k -> new PriorityQueue<>(better.reversed()));
                Candidate known = find(queue, v);
                if (known != null) {
                    if (CodePoints.compare(r.id(), known.via.id()) < 0) {
                        known.via = r;
                    }
                    continue;
                }
                Candidate c = new Candidate(object, score.score(object), r);
                if (queue.size() < room) {
                    queue.add(c);
                } else {
                    cappedKinds.add(object.type());
                    if (better.compare(c, queue.peek()) < 0) {
                        queue.poll();
                        queue.add(c);
                    }
                }
            }
            List<Candidate> chosen = new ArrayList<>();
            best.values().forEach(chosen::addAll);
            chosen.sort(better);
            for (Candidate c : chosen) {
                if (nodes.size() >= caps.maxNodes()) {
                    nodesCapped = true;
                    break;
                }
                if (treeEdges.size() >= caps.maxEdges()) {
                    edgesCapped = true;
                    break;
                }
                admit(c.object, depth + 1, c.via);
                next.add(c.object);
            }
        }

        private Candidate find(PriorityQueue<Candidate> queue, String id) {
            for (Candidate c : queue) {
                if (c.object.id().equals(id)) {
                    return c;
                }
            }
            return null;
        }

        private void admit(GraphObject object, int depth, GraphRelationship via) {
            order.put(object.id(), nodes.size());
            perKind.merge(object.type(), 1, Integer::sum);
            nodes.add(new GraphSnapshot.Node(
                    object.id(),
                    object.type(),
                    depth,
                    depth == 1,
                    projections.light(object.type()).node(object)));
            if (via != null) {
                treeEdges.add(via);
            }
        }

        /** The tree edges in node order, then other edges between nodes from every expanded node, within the cap. */
        private List<GraphSnapshot.Edge> edges() {
            List<GraphSnapshot.Edge> out = new ArrayList<>();
            Set<String> taken = new HashSet<>();
            for (GraphRelationship r : treeEdges) {
                taken.add(r.id());
                out.add(edge(r));
            }
            for (GraphSnapshot.Node n : nodes) {
                if (n.depth() >= caps.maxDepth()) {
                    continue;
                }
                List<GraphRelationship> between = new ArrayList<>();
                for (GraphRelationship r : graph.relationships(n.id())) {
                    if (order.containsKey(r.other(n.id())) && !taken.contains(r.id())) {
                        between.add(r);
                    }
                }
                between.sort(Comparator.<GraphRelationship>comparingInt(r -> order.get(r.other(n.id())))
                        .thenComparing(GraphRelationship::id, CodePoints::compare));
                for (GraphRelationship r : between) {
                    if (!taken.add(r.id())) {
                        continue;
                    }
                    if (out.size() >= caps.maxEdges()) {
                        edgesCapped = true;
                        return out;
                    }
                    out.add(edge(r));
                }
            }
            return out;
        }

        private GraphSnapshot.Edge edge(GraphRelationship r) {
            return new GraphSnapshot.Edge(
                    r.id(),
                    r.srcId(),
                    graph.object(r.srcId()).orElseThrow().type(),
                    r.dstId(),
                    graph.object(r.dstId()).orElseThrow().type(),
                    r.type());
        }

        private Map<String, Coverage> coverage() {
            Set<String> direct = new HashSet<>();
            for (GraphRelationship r : graph.relationships(root.id())) {
                direct.add(r.other(root.id()));
            }
            Map<String, long[]> counts = new TreeMap<>();
            for (GraphObject o : graph.objects()) {
                if (isMember(o, root.id())) {
                    long[] c = counts.computeIfAbsent(o.type(), k -> new long[2]);
                    c[0]++;
                    if (direct.contains(o.id())) {
                        c[1]++;
                    }
                }
            }
            Map<String, Coverage> out = new TreeMap<>();
            counts.forEach((kind, c) -> out.put(kind, new Coverage(c[0], c[1], c[0] - c[1])));
            return out;
        }
    }

    /** Builds a {@link SnapshotBuilder}. */
    public static final class Builder {
        private Projections projections;
        private SnapshotLimits limits = SnapshotLimits.DEFAULTS;
        private NodeScore score = NodeScore.DEFAULT;
        private String membershipKey = "project_id";
        private final List<String> membershipKinds = new ArrayList<>();

        private Builder() {}

        /**
         * The types a context block lists by membership, such as {@code Goal}, {@code Document},
         * {@code Output}; others are listed only when linked to the root. Default: none.
         */
        public Builder membershipKinds(List<String> kinds) {
            this.membershipKinds.clear();
            this.membershipKinds.addAll(kinds);
            return this;
        }

        /** How nodes are shown (their graph fields). */
        public Builder projections(Projections projections) {
            this.projections = projections;
            return this;
        }

        /** The caps; default {@link SnapshotLimits#DEFAULTS}. */
        public Builder limits(SnapshotLimits limits) {
            this.limits = requireNonNull(limits, "limits");
            return this;
        }

        /** The priority of neighbours; default {@link NodeScore#DEFAULT}. */
        public Builder score(NodeScore score) {
            this.score = requireNonNull(score, "score");
            return this;
        }

        /** The scope key or property that names the root an object belongs to; default {@code project_id}. */
        public Builder membershipKey(String membershipKey) {
            this.membershipKey = requireNonNull(membershipKey, "membershipKey");
            return this;
        }

        /**
         * Builds the snapshot builder.
         *
         * @throws IllegalStateException when projections are missing
         */
        public SnapshotBuilder build() {
            if (projections == null) {
                throw new IllegalStateException(
                        "SnapshotBuilder.builder(): projections are required; pass Projections.none(schema) "
                                + "or QuarryConfig.projections()");
            }
            return new SnapshotBuilder(this);
        }
    }
}
