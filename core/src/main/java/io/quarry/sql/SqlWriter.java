package io.quarry.sql;

import io.quarry.filter.CompareOp;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds {@link Sql}: keywords, operators and quoted identifiers are appended as text, values only
 * through {@link #bind(Object)}, which appends {@code ?} and records the value. Nothing from a filter
 * is ever appended as text.
 */
public final class SqlWriter {
    /** A condition that holds for every row, for a conjunction with nothing in it. */
    public static final String ALWAYS = "(1 = 1)";

    /** A condition that holds for no row, for a disjunction with nothing in it or a value no row can hold. */
    public static final String NEVER = "(1 = 0)";

    private final StringBuilder text = new StringBuilder();
    private final List<Object> binds = new ArrayList<>();

    /** Appends SQL written by the library: a keyword, an operator or an identifier already quoted by a dialect. */
    public SqlWriter append(String sql) {
        text.append(sql);
        return this;
    }

    /** Appends the SQL comparison operator of {@code op} ({@code =}, {@code >}, {@code >=}, {@code <}, {@code <=}). */
    public SqlWriter operator(CompareOp op) {
        return append(
                switch (op) {
                    case EQ -> "=";
                    case GT -> ">";
                    case GTE -> ">=";
                    case LT -> "<";
                    case LTE -> "<=";
                });
    }

    /** Appends the right side of a comparison, {@code " op ?"} with {@code value} bound: {@code column} then this is {@code column op ?}. */
    public SqlWriter comparison(CompareOp op, Object value) {
        return append(" ").operator(op).append(" ").bind(value);
    }

    /** Appends {@link #ALWAYS}: not every database has boolean literals. */
    public SqlWriter always() {
        return append(ALWAYS);
    }

    /** Appends {@link #NEVER}: not every database has boolean literals. */
    public SqlWriter never() {
        return append(NEVER);
    }

    /** Appends {@link #ALWAYS} or {@link #NEVER}. */
    public SqlWriter truth(boolean holds) {
        return append(holds ? ALWAYS : NEVER);
    }

    /** Appends a placeholder for a value. */
    public SqlWriter bind(Object value) {
        text.append('?');
        binds.add(value);
        return this;
    }

    /** Appends another statement fragment with its binds. */
    public SqlWriter append(Sql sql) {
        text.append(sql.text());
        binds.addAll(sql.binds());
        return this;
    }

    /** The statement written so far. */
    public Sql toSql() {
        return new Sql(text.toString(), binds);
    }
}
