package io.quarry.filter;

/** The comparison operators. */
public enum CompareOp {
    /** {@code $eq}. */
    EQ("$eq"),
    /** {@code $gt}. */
    GT("$gt"),
    /** {@code $gte}. */
    GTE("$gte"),
    /** {@code $lt}. */
    LT("$lt"),
    /** {@code $lte}. */
    LTE("$lte");

    private final String operator;

    CompareOp(String operator) {
        this.operator = operator;
    }

    /** The operator as written in a filter, such as {@code $gte}. */
    public String operator() {
        return operator;
    }

    /** Whether {@code cmp}, the sign of value-versus-operand, satisfies this operator. */
    public boolean test(int cmp) {
        return switch (this) {
            case EQ -> cmp == 0;
            case GT -> cmp > 0;
            case GTE -> cmp >= 0;
            case LT -> cmp < 0;
            case LTE -> cmp <= 0;
        };
    }
}
