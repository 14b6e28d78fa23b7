package io.quarry.store;

import static java.util.Objects.requireNonNull;

import io.quarry.filter.FieldPath;

/**
 * One sort key of a query; {@code id} always breaks the remaining ties, ascending.
 *
 * @param field the field to sort by
 * @param descending whether larger values come first
 */
public record SortKey(FieldPath field, boolean descending) {

    /** The default order: most recently updated first. */
    public static final SortKey NEWEST_FIRST = new SortKey(FieldPath.systemField("updated_at"), true);

    /** Checks the argument. */
    public SortKey {
        requireNonNull(field, "field");
    }
}
