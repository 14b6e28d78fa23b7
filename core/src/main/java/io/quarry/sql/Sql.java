package io.quarry.sql;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A parameterized SQL statement or fragment: text with {@code ?} placeholders and the values bound to
 * them, in order. Values never appear in the text.
 *
 * @param text the SQL text
 * @param binds the bound values, one per {@code ?}
 */
public record Sql(String text, List<Object> binds) {

    /** Checks the arguments; binds may hold {@code null}. */
    public Sql {
        requireNonNull(text, "text");
        binds = Collections.unmodifiableList(new ArrayList<>(requireNonNull(binds, "binds")));
    }

    @Override
    public String toString() {
        return text + " -- binds: " + binds;
    }
}
