package io.quarry.graph;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import io.quarry.projection.Neighbourhood;
import io.quarry.projection.Projections;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.ScopeGraph;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Renders a project context block for a host's system prompt, inside a character budget:
 *
 * <ol>
 *   <li>a header: the root's light projection with {@code entity_counts} (members by type);
 *   <li>the graph snapshot as one JSON block, shrunk (fewer nodes and edges) until it fits;
 *   <li>per-type slices of light objects, best first: every member of a membership type (such as
 *       goals and documents) with its {@code direct_edge} flag, and for other types only the objects
 *       with an edge to the root; a {@code +N more} line where a slice is cut;
 *   <li>coverage diagnostics: per type, members in total, linked directly, unlinked.
 * </ol>
 *
 * <p>The same data gives the same text. Immutable and thread-safe.
 */
public final class ContextFormatter {
    /** The smallest budget accepted, in characters. */
    public static final int MIN_BUDGET = 1_000;

    private final SnapshotBuilder snapshots;
    private final Projections projections;
    private final List<String> membershipKinds;
    private final int budget;
    private final int perKind;

    private ContextFormatter(Builder b) {
        this.snapshots = b.snapshots;
        this.projections = b.projections;
        this.membershipKinds =
                List.copyOf(b.membershipKinds != null ? b.membershipKinds : b.snapshots.membershipKinds());
        this.budget = b.budget;
        this.perKind = b.perKind;
    }

    /** A builder; snapshots and projections are required. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The context block of a root, at most the budget in characters (the header alone may exceed a
     * tiny budget: it is never cut).
     *
     * @param graph the scope's objects and relationships
     * @param rootId the root, usually a project
     * @throws IllegalArgumentException when the root is not in the graph
     */
    public String format(ScopeGraph graph, String rootId) {
        GraphObject root = graph.object(rootId)
                .orElseThrow(() -> new IllegalArgumentException("no object '" + rootId + "' in the scope"));
        Neighbourhood around = Neighbourhood.of(graph);
        Set<String> direct = new HashSet<>();
        for (GraphRelationship r : graph.relationships(rootId)) {
            direct.add(r.other(rootId));
        }
        Map<String, List<GraphObject>> members = new TreeMap<>();
        Map<String, List<GraphObject>> linked = new TreeMap<>();
        for (GraphObject o : graph.objects()) {
            if (o.id().equals(rootId)) {
                continue;
            }
            if (snapshots.isMember(o, rootId)) {
                members.computeIfAbsent(o.type(), k -> new ArrayList<>()).add(o);
            }
            if (direct.contains(o.id())) {
                linked.computeIfAbsent(o.type(), k -> new ArrayList<>()).add(o);
            }
        }

        ObjectNode header = projections.light(root.type()).apply(root, around);
        ObjectNode counts = header.putObject("entity_counts");
        members.forEach((kind, list) -> counts.put(kind, list.size()));
        String head = "## " + root.type() + " context: " + root.id() + "\n" + Json.write(header) + "\n";

        GraphSnapshot snapshot = snapshots.build(graph, rootId);
        String coverage = coverage(snapshot);

        List<Slice> slices = new ArrayList<>();
        for (String kind : membershipKinds) {
            slices.add(new Slice(kind, true, sorted(members.getOrDefault(kind, List.of())), direct, around));
        }
        for (Map.Entry<String, List<GraphObject>> e : linked.entrySet()) {
            if (!membershipKinds.contains(e.getKey())) {
                slices.add(new Slice(e.getKey(), false, sorted(e.getValue()), direct, around));
            }
        }

        String graphBlock = graphBlock(snapshot);
        SnapshotLimits caps = snapshots.limits();
        while (length(head, graphBlock, slices, coverage) > budget && caps.maxNodes() > 1) {
            caps = new SnapshotLimits(
                    caps.maxDepth(), Math.max(1, caps.maxNodes() / 2), caps.maxEdges() / 2, caps.maxPerKind());
            graphBlock = graphBlock(snapshots.build(graph, rootId, caps));
        }
        if (length(head, graphBlock, slices, coverage) > budget) {
            graphBlock = "### Graph\n(left out: over the context budget)\n";
        }
        // fill the slices round-robin, one object at a time, while the whole block fits
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Slice s : slices) {
                if (s.shown < Math.min(perKind, s.lines.size())) {
                    s.shown++;
                    if (length(head, graphBlock, slices, coverage) > budget) {
                        s.shown--;
                    } else {
                        grew = true;
                    }
                }
            }
        }
        return render(head, graphBlock, slices, coverage);
    }

    private List<GraphObject> sorted(List<GraphObject> objects) {
        List<GraphObject> out = new ArrayList<>(objects);
        out.sort(snapshots.priority());
        return out;
    }

    private static String graphBlock(GraphSnapshot snapshot) {
        return "### Graph\n```json\n" + Json.write(snapshot.toJson()) + "\n```\n";
    }

    private static String coverage(GraphSnapshot snapshot) {
        StringBuilder out = new StringBuilder("### Coverage\n");
        if (snapshot.coverage().isEmpty()) {
            out.append("(no objects belong to ").append(snapshot.rootId()).append(")\n");
        }
        snapshot.coverage().forEach((kind, c) -> out.append("- ")
                .append(kind)
                .append(": ")
                .append(c.total())
                .append(" total, ")
                .append(c.direct())
                .append(" linked to the root, ")
                .append(c.unlinked())
                .append(" unlinked\n"));
        return out.toString();
    }

    private int length(String head, String graphBlock, List<Slice> slices, String coverage) {
        return render(head, graphBlock, slices, coverage).length();
    }

    private static String render(String head, String graphBlock, List<Slice> slices, String coverage) {
        StringBuilder out = new StringBuilder(head).append(graphBlock);
        for (Slice s : slices) {
            s.render(out);
        }
        return out.append(coverage).toString();
    }

    /** One type's list: its rendered lines and how many are shown. */
    private final class Slice {
        final String kind;
        final boolean membership;
        final List<String> lines = new ArrayList<>();
        final int total;
        final int linkedCount;
        int shown;

        Slice(String kind, boolean membership, List<GraphObject> objects, Set<String> direct, Neighbourhood around) {
            this.kind = kind;
            this.membership = membership;
            this.total = objects.size();
            int n = 0;
            for (GraphObject o : objects) {
                if (direct.contains(o.id())) {
                    n++;
                }
            }
            this.linkedCount = n;
            for (GraphObject o : objects.subList(0, Math.min(perKind, objects.size()))) {
                ObjectNode light = projections.light(o.type()).apply(o, around);
                if (membership) {
                    light.put("direct_edge", direct.contains(o.id()));
                }
                lines.add("- " + Json.write(light) + "\n");
            }
        }

        void render(StringBuilder out) {
            out.append("### ").append(kind).append(" (");
            if (membership) {
                out.append(total)
                        .append(" in the project, ")
                        .append(linkedCount)
                        .append(" linked directly)\n");
            } else {
                out.append(total).append(" linked directly)\n");
            }
            for (int i = 0; i < shown; i++) {
                out.append(lines.get(i));
            }
            if (shown < total) {
                out.append("- +").append(total - shown).append(" more\n");
            }
        }
    }

    /** Builds a {@link ContextFormatter}. */
    public static final class Builder {
        private SnapshotBuilder snapshots;
        private Projections projections;
        private List<String> membershipKinds;
        private int budget = 12_000;
        private int perKind = 10;

        private Builder() {}

        /** How the graph block is built, and what membership means. */
        public Builder snapshots(SnapshotBuilder snapshots) {
            this.snapshots = requireNonNull(snapshots, "snapshots");
            return this;
        }

        /** How the header and slices show objects. */
        public Builder projections(Projections projections) {
            this.projections = requireNonNull(projections, "projections");
            return this;
        }

        /**
         * The types listed by membership (every member, flagged {@code direct_edge}), in order, such
         * as {@code Goal}, {@code Document}, {@code Output}; other types list only objects with an edge
         * to the root. Default: the snapshot builder's.
         */
        public Builder membershipKinds(List<String> kinds) {
            this.membershipKinds = List.copyOf(kinds);
            return this;
        }

        /** The most characters of the block; default 12,000, at least {@link #MIN_BUDGET}. */
        public Builder budget(int budget) {
            this.budget = budget;
            return this;
        }

        /** The most objects listed per type; default 10. */
        public Builder perKind(int perKind) {
            this.perKind = perKind;
            return this;
        }

        /**
         * Builds the formatter.
         *
         * @throws IllegalStateException naming what is missing or out of range
         */
        public ContextFormatter build() {
            if (snapshots == null || projections == null) {
                throw new IllegalStateException("ContextFormatter.builder(): snapshots and projections are required");
            }
            if (budget < MIN_BUDGET) {
                throw new IllegalStateException("ContextFormatter.builder(): budget must be at least " + MIN_BUDGET
                        + " characters, was " + budget);
            }
            if (perKind < 0) {
                throw new IllegalStateException("ContextFormatter.builder(): perKind must not be negative");
            }
            return new ContextFormatter(this);
        }
    }
}
