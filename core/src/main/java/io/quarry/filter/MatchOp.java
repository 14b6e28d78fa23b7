package io.quarry.filter;

/** The literal string operators. */
public enum MatchOp {
    /** {@code $contains}: the literal occurs anywhere. */
    CONTAINS("$contains"),
    /** {@code $startsWith}: the value begins with the literal. */
    STARTS_WITH("$startsWith"),
    /** {@code $endsWith}: the value ends with the literal. */
    ENDS_WITH("$endsWith");

    private final String operator;

    MatchOp(String operator) {
        this.operator = operator;
    }

    /** The operator as written in a filter, such as {@code $startsWith}. */
    public String operator() {
        return operator;
    }

    /**
     * The portable pattern that matches what this operator matches for {@code literal}: how
     * case-insensitive matching runs ({@code "$options": "i"}).
     */
    public String pattern(String literal) {
        String quoted = io.quarry.regex.PortableRegex.quote(literal);
        return switch (this) {
            case CONTAINS -> quoted;
            case STARTS_WITH -> "^" + quoted;
            case ENDS_WITH -> quoted + "$";
        };
    }
}
