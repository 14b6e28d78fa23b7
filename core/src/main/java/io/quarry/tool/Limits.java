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

    /**
     * The most bytes (UTF-8) of one tool input that Quarry reads, the same on every transport: a
     * tool's JSON arguments ({@link Tool#call(String, ToolContext)}), a line of {@code quarry call
     * --batch}, a message of MCP over stdio, a request body of MCP over HTTP (its default). Larger
     * input is answered {@code LIMIT_EXCEEDED} without being parsed: 1 MiB.
     */
    public static final int MAX_INPUT_BYTES = 1 << 20;

    /**
     * The largest default and max limit, 1,000,000: far over a page a model reads, far under where
     * fetching one row more than a page overflows an int ({@code max_limit: 2147483647} failed every
     * search).
     */
    static final int MAX_PAGE = 1_000_000;

    /** The smallest size budget: a result must have room for an error object and a page of ids. */
    static final int MIN_SIZE_BUDGET = 1_000;

    /** Checks the limits are positive and consistent. */
    public Limits {
        requireNonNull(filter, "filter");
        requireNonNull(statementTimeout, "statementTimeout");
        if (defaultLimit < 1 || maxLimit < defaultLimit || maxLimit > MAX_PAGE) {
            throw new IllegalArgumentException("limits: need 1 <= defaultLimit (" + defaultLimit + ") <= maxLimit ("
                    + maxLimit + ") <= " + MAX_PAGE);
        }
        if (sizeBudget < MIN_SIZE_BUDGET) {
            throw new IllegalArgumentException(
                    "limits: sizeBudget must be at least 1000 characters, was " + sizeBudget);
        }
        if (statementTimeout.isNegative() || statementTimeout.isZero()) {
            throw new IllegalArgumentException("limits: statementTimeout must be positive");
        }
    }

    /** Whether text is over {@link #MAX_INPUT_BYTES} in UTF-8. */
    public static boolean tooLarge(CharSequence text) {
        if (text.length() > MAX_INPUT_BYTES) {
            return true;
        }
        if (text.length() * 3L <= MAX_INPUT_BYTES) {
            return false;
        }
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            bytes += c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
        }
        return bytes > MAX_INPUT_BYTES;
    }

    /** The error for input over {@link #MAX_INPUT_BYTES}, at the root path: the same on every transport. */
    public static io.quarry.error.QueryError inputTooLarge() {
        return new io.quarry.error.QueryError(
                io.quarry.error.ErrorCode.LIMIT_EXCEEDED,
                "",
                "The tool input is larger than " + MAX_INPUT_BYTES + " bytes.",
                "Send a smaller request: shorter values, fewer conditions, or several calls.");
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
                        Math.min(filter.maxPatternLength(), f.maxPatternLength()),
                        Math.min(filter.maxConditions(), f.maxConditions()),
                        Math.min(filter.maxValues(), f.maxValues())),
                Math.min(sizeBudget, other.sizeBudget()),
                statementTimeout.compareTo(other.statementTimeout()) <= 0
                        ? statementTimeout
                        : other.statementTimeout());
    }

    /**
     * A builder that starts from {@link #DEFAULTS}: set only the limits that differ. A default limit
     * left unset is lowered to the max limit when that is smaller ({@code maxLimit(5)} alone gives
     * 5 and 5), and a max limit left unset raised to the default limit when that is larger.
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds {@link Limits} from the defaults and the limits set; {@link #build()} checks them. */
    public static final class Builder {
        private Integer defaultLimit;
        private Integer maxLimit;
        private FilterLimits filter = DEFAULTS.filter();
        private int sizeBudget = DEFAULTS.sizeBudget();
        private Duration statementTimeout = DEFAULTS.statementTimeout();

        private Builder() {}

        /** Objects per page when the model gives no {@code limit}. */
        public Builder defaultLimit(int defaultLimit) {
            this.defaultLimit = defaultLimit;
            return this;
        }

        /** The largest {@code limit} a model may ask for. */
        public Builder maxLimit(int maxLimit) {
            this.maxLimit = maxLimit;
            return this;
        }

        /** Limits on filters. */
        public Builder filter(FilterLimits filter) {
            this.filter = requireNonNull(filter, "filter");
            return this;
        }

        /** The most characters of JSON one result may hold, at least 1000. */
        public Builder sizeBudget(int sizeBudget) {
            this.sizeBudget = sizeBudget;
            return this;
        }

        /** How long one database statement may run. */
        public Builder statementTimeout(Duration statementTimeout) {
            this.statementTimeout = requireNonNull(statementTimeout, "statementTimeout");
            return this;
        }

        /**
         * Builds the limits.
         *
         * @throws IllegalArgumentException naming the limit that is out of range
         */
        public Limits build() {
            int max = maxLimit != null
                    ? maxLimit
                    : Math.max(DEFAULTS.maxLimit(), defaultLimit != null ? defaultLimit : 0);
            int def = defaultLimit != null ? defaultLimit : Math.min(DEFAULTS.defaultLimit(), max);
            return new Limits(def, max, filter, sizeBudget, statementTimeout);
        }
    }
}
