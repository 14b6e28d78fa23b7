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

    /**
     * Whether {@code text} contains, starts or ends with {@code literal}, by code point or, with
     * {@code ignoreCase}, as {@link #pattern} matches case-insensitively: the filter language's rule.
     */
    public boolean matches(String text, String literal, boolean ignoreCase) {
        if (ignoreCase) {
            return io.quarry.regex.PortableRegex.find(pattern(literal), true, text);
        }
        return switch (this) {
            case CONTAINS -> text.contains(literal);
            case STARTS_WITH -> text.startsWith(literal);
            case ENDS_WITH -> text.endsWith(literal);
        };
    }
}
