package io.quarry.tool;

import static java.util.Objects.requireNonNull;

import io.quarry.filter.FilterLimits;
import java.time.Duration;

/**
 * The limits a host sets on tool calls; the model can only ask for less.
 *
 * @param defaultLimit objects per page when the model gives no {@code limit}
 * @param maxLimit the largest {@code limit} a model may ask for
 * @param filter limits on filters
 * @param sizeBudget the most characters of JSON one result may hold
 * @param statementTimeout how long one database statement may run
 */
public record Limits(int defaultLimit, int maxLimit, FilterLimits filter, int sizeBudget, Duration statementTimeout) {

    /** The defaults: 20 per page, at most 100, the filter language's limits, 16,000 characters, 5 s. */
    public static final Limits DEFAULTS = new Limits(20, 100, FilterLimits.DEFAULTS, 16_000, Duration.ofSeconds(5));

    /** Checks the limits are positive and consistent. */
    public Limits {
        requireNonNull(filter, "filter");
        requireNonNull(statementTimeout, "statementTimeout");
        if (defaultLimit < 1 || maxLimit < defaultLimit) {
            throw new IllegalArgumentException(
                    "limits: need 1 <= defaultLimit (" + defaultLimit + ") <= maxLimit (" + maxLimit + ")");
        }
        if (sizeBudget < 1_000) {
            throw new IllegalArgumentException(
                    "limits: sizeBudget must be at least 1000 characters, was " + sizeBudget);
        }
        if (statementTimeout.isNegative() || statementTimeout.isZero()) {
            throw new IllegalArgumentException("limits: statementTimeout must be positive");
        }
    }

    /** The stricter of these limits and another set, field by field. */
    public Limits narrowedBy(Limits other) {
        FilterLimits f = other.filter();
        return new Limits(
                Math.min(defaultLimit, other.defaultLimit()),
                Math.min(maxLimit, other.maxLimit()),
                new FilterLimits(
                        Math.min(filter.maxDepth(), f.maxDepth()),
                        Math.min(filter.maxLogicalItems(), f.maxLogicalItems()),
                        Math.min(filter.maxInItems(), f.maxInItems()),
                        Math.min(filter.maxAllItems(), f.maxAllItems()),
                        Math.min(filter.maxPatternLength(), f.maxPatternLength())),
                Math.min(sizeBudget, other.sizeBudget()),
                statementTimeout.compareTo(other.statementTimeout()) <= 0
                        ? statementTimeout
                        : other.statementTimeout());
    }
}
