package io.quarry.filter;

/**
 * Limits on a filter's size, set by the host and never by the model.
 *
 * @param maxDepth logical operators ({@code $and}, {@code $or}, {@code $nor}, {@code $not}) enclosing a condition
 * @param maxLogicalItems items in one {@code $and}, {@code $or} or {@code $nor}
 * @param maxInItems items in one {@code $in} or {@code $nin}
 * @param maxAllItems items in one {@code $all}
 * @param maxPatternLength code points in a {@code $regex} or string-operator operand
 * @param maxConditions field conditions (field keys) in the whole filter, at every level
 * @param maxValues values in the whole filter: every operand and every item of an {@code $in},
 *     {@code $nin} or {@code $all} list. With {@link #maxConditions} it bounds the bind parameters
 *     of the compiled statement, far under every database's limit.
 */
public record FilterLimits(
        int maxDepth,
        int maxLogicalItems,
        int maxInItems,
        int maxAllItems,
        int maxPatternLength,
        int maxConditions,
        int maxValues) {

    /**
     * Code points in one string value of a filter ({@code $eq}, {@code $in}, {@code $gt} and the
     * others): the same on every backend, far under what one statement can carry (MariaDB's
     * {@code max_allowed_packet}). A longer value is {@code LIMIT_EXCEEDED} at its path.
     */
    public static final int MAX_VALUE_LENGTH = 10_000;

    /** The defaults of the filter language: 8, 100, 1000, 100, 256, 200, 2000. */
    public static final FilterLimits DEFAULTS = new FilterLimits(8, 100, 1000, 100, 256, 200, 2000);

    /** Checks every limit is positive. */
    public FilterLimits {
        if (maxDepth < 1
                || maxLogicalItems < 1
                || maxInItems < 1
                || maxAllItems < 1
                || maxPatternLength < 1
                || maxConditions < 1
                || maxValues < 1) {
            throw new IllegalArgumentException("filter limits must be positive");
        }
    }

    /** These limits with the default caps on conditions and values in the whole filter. */
    public FilterLimits(int maxDepth, int maxLogicalItems, int maxInItems, int maxAllItems, int maxPatternLength) {
        this(
                maxDepth,
                maxLogicalItems,
                maxInItems,
                maxAllItems,
                maxPatternLength,
                DEFAULTS.maxConditions(),
                DEFAULTS.maxValues());
    }
}
