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
