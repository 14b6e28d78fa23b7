package io.quarry.neo4j;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A Cypher statement and its parameters: every value from the model or the host is a {@code $p<n>}
 * parameter; names come only from the catalog, quoted with backticks.
 *
 * @param text the statement
 * @param parameters the parameters by name, in the order they were added
 */
record Cypher(String text, Map<String, Object> parameters) {
    Cypher {
        requireNonNull(text, "text");
        parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    /** Collects the parameters of one statement as its parts are written. */
    static final class Params {
        private final Map<String, Object> values = new LinkedHashMap<>();

        /** Adds a value and returns its placeholder, {@code $p0}, {@code $p1}, …. */
        String add(Object value) {
            String name = "p" + values.size();
            values.put(name, value);
            return "$" + name;
        }

        Map<String, Object> values() {
            return values;
        }
    }
}
