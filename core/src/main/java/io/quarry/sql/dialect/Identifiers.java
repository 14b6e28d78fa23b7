package io.quarry.sql.dialect;

import io.quarry.schema.Names;
import java.util.List;

/**
 * The one check and quoting of identifiers and JSON path names: every dialect quotes through {@link
 * #quote} and builds its literal JSON paths through {@link #jsonPath}, after the naming rule.
 */
final class Identifiers {
    private Identifiers() {}

    /** An identifier between two {@code quote} characters, after the rule for table and column names ({@link Names#SQL_NAME}). */
    static String quote(String identifier, char quote) {
        if (!Names.isSqlName(identifier)) {
            throw new IllegalArgumentException("not a valid identifier: " + identifier);
        }
        return quote + identifier + quote;
    }

    /**
     * A JSON path of names that passed the naming rule (checked again here): {@code $."a"."b"} when
     * {@code quoted}, else {@code $.a.b}.
     */
    static String jsonPath(List<String> path, boolean quoted) {
        StringBuilder s = new StringBuilder("$");
        for (String segment : path) {
            if (!Names.isIdentifier(segment)) {
                throw new IllegalArgumentException("not a valid field name: " + segment);
            }
            if (quoted) {
                s.append(".\"").append(segment).append('"');
            } else {
                s.append('.').append(segment);
            }
        }
        return s.toString();
    }
}
