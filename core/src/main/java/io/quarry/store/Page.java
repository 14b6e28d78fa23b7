package io.quarry.store;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.OptionalLong;

/**
 * One page of a query's results.
 *
 * @param items the objects, in query order, at most the query's limit
 * @param hasMore whether more objects match after the last one (known from fetching limit + 1)
 * @param cursors for each item, the cursor that continues after it; a tool that returns fewer items
 *     than it got (to fit a size budget) continues from the last one it returned
 * @param total how many objects match in all, when the store counts cheaply; {@code -1} when not counted
 * @param totalExact whether {@code total} is exact; {@code false} when the store counted up to its cap
 *     and stopped: at least {@code total} objects match
 */
public record Page(List<GraphObject> items, boolean hasMore, List<String> cursors, long total, boolean totalExact) {

    /** A page whose total, when counted, is exact. */
    public Page(List<GraphObject> items, boolean hasMore, List<String> cursors, long total) {
        this(items, hasMore, cursors, total, true);
    }

    /** Checks and copies the arguments. */
    public Page {
        items = List.copyOf(requireNonNull(items, "items"));
        cursors = List.copyOf(requireNonNull(cursors, "cursors"));
        if (cursors.size() != items.size()) {
            throw new IllegalArgumentException("one cursor per item");
        }
    }

    /** The cursor of the next page, when there is one. */
    public String nextCursor() {
        return hasMore && !items.isEmpty() ? cursors.get(cursors.size() - 1) : null;
    }

    /** The total, when counted. */
    public OptionalLong counted() {
        return total < 0 ? OptionalLong.empty() : OptionalLong.of(total);
    }
}
