package io.quarry.projection;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How one type is shown in {@code light} detail, read from the {@code projections} section of the
 * configuration: which fields, how long their text may be, which fields are derived through
 * relationships, and which fields label the type's nodes in a graph snapshot. {@code full} detail
 * needs no spec: it is every exposed field, plus the derived fields.
 *
 * @param type the type name
 * @param light the fields shown, in order: a field name, or {@code field.key} to allow one key of an
 *     object field (the allow-list for nested properties)
 * @param truncate the most code points of text per field; others get {@link #DEFAULT_TRUNCATE}
 * @param derived the derived fields by name, in the order they are computed and shown
 * @param graph the fields a graph snapshot node shows, in order
 */
public record ProjectionSpec(
        String type,
        List<String> light,
        Map<String, Integer> truncate,
        Map<String, Derived> derived,
        List<String> graph) {

    /** Text longer than this many code points is cut in light detail unless a field says otherwise. */
    public static final int DEFAULT_TRUNCATE = 160;

    /** Checks and copies the arguments, keeping the derived fields in order. */
    public ProjectionSpec {
        requireNonNull(type, "type");
        light = List.copyOf(requireNonNull(light, "light"));
        truncate = Map.copyOf(requireNonNull(truncate, "truncate"));
        derived = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(derived, "derived")));
        graph = List.copyOf(requireNonNull(graph, "graph"));
        truncate.forEach((field, n) -> {
            if (n < 1) {
                throw new IllegalArgumentException("truncate." + field + " must be at least 1, was " + n);
            }
        });
    }

    /** The most code points of text shown for this field in light detail. */
    public int truncation(String field) {
        return truncate.getOrDefault(field, DEFAULT_TRUNCATE);
    }
}
