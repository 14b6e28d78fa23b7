package io.quarry.graph;

/**
 * The caps of a graph snapshot; a host may lower them, a model may only ask for less.
 *
 * @param maxDepth how many edges away from the root the traversal goes, at least 1
 * @param maxNodes the most nodes, the root included, at least 1
 * @param maxEdges the most edges
 * @param maxPerKind the most nodes of one type, at least 1
 */
public record SnapshotLimits(int maxDepth, int maxNodes, int maxEdges, int maxPerKind) {

    /** The defaults: depth 2, 60 nodes, 80 edges, 10 nodes per type. */
    public static final SnapshotLimits DEFAULTS = new SnapshotLimits(2, 60, 80, 10);

    /** Checks the limits. */
    public SnapshotLimits {
        if (maxDepth < 1 || maxNodes < 1 || maxEdges < 0 || maxPerKind < 1) {
            throw new IllegalArgumentException("snapshot limits: need maxDepth >= 1 (" + maxDepth + "), maxNodes >= 1 ("
                    + maxNodes + "), maxEdges >= 0 (" + maxEdges + "), maxPerKind >= 1 (" + maxPerKind + ")");
        }
    }

    /** The smaller of these limits and another set, cap by cap. */
    public SnapshotLimits narrowedBy(SnapshotLimits other) {
        return new SnapshotLimits(
                Math.min(maxDepth, other.maxDepth),
                Math.min(maxNodes, other.maxNodes),
                Math.min(maxEdges, other.maxEdges),
                Math.min(maxPerKind, other.maxPerKind));
    }
}
