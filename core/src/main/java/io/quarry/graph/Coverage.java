package io.quarry.graph;

/**
 * How well one type's members are linked to the root: of the {@code total} objects that belong to the
 * root (by its membership key, such as {@code project_id}), {@code direct} have an edge to it and
 * {@code unlinked} have none. Unlinked objects are counted here and never put in the graph.
 *
 * @param total the members of the type
 * @param direct the members with an edge to or from the root
 * @param unlinked the members without one
 */
public record Coverage(long total, long direct, long unlinked) {

    /** Checks the counts add up. */
    public Coverage {
        if (total < 0 || direct < 0 || unlinked < 0 || direct + unlinked != total) {
            throw new IllegalArgumentException(
                    "coverage: need direct (" + direct + ") + unlinked (" + unlinked + ") = total (" + total + ")");
        }
    }
}
