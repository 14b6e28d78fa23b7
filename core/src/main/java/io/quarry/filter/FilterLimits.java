package io.quarry.filter;

/**
 * Limits on a filter's size, set by the host and never by the model.
 *
 * @param maxDepth logical operators ({@code $and}, {@code $or}, {@code $nor}, {@code $not}) enclosing a condition
 * @param maxLogicalItems items in one {@code $and}, {@code $or} or {@code $nor}
 * @param maxInItems items in one {@code $in} or {@code $nin}
 * @param maxAllItems items in one {@code $all}
 * @param maxPatternLength code points in a {@code $regex} or string-operator operand
 */
public record FilterLimits(int maxDepth, int maxLogicalItems, int maxInItems, int maxAllItems, int maxPatternLength) {

    /** The defaults of the filter language: 8, 100, 1000, 100, 256. */
    public static final FilterLimits DEFAULTS = new FilterLimits(8, 100, 1000, 100, 256);

    /** Checks every limit is positive. */
    public FilterLimits {
        if (maxDepth < 1 || maxLogicalItems < 1 || maxInItems < 1 || maxAllItems < 1 || maxPatternLength < 1) {
            throw new IllegalArgumentException("filter limits must be positive");
        }
    }
}
