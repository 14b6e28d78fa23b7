package io.quarry.filter;

import static java.util.Objects.requireNonNull;

import io.quarry.schema.Names;
import java.util.List;

/**
 * A field a filter names: a system field ({@code id}, {@code type}, {@code created_at},
 * {@code updated_at}) or a path into an object's properties ({@code address.city}).
 *
 * @param system whether this is a system field (one segment)
 * @param segments the names walked, each matching {@link Names#IDENTIFIER}
 */
public record FieldPath(boolean system, List<String> segments) {
    /** The prefix that reaches a property named like a system field: {@code properties.id}. */
    public static final String PROPERTIES = "properties";

    /** Checks the segments. */
    public FieldPath {
        segments = List.copyOf(requireNonNull(segments, "segments"));
        if (segments.isEmpty()) {
            throw new IllegalArgumentException("a field path has at least one segment");
        }
        for (String s : segments) {
            if (!Names.isIdentifier(s)) {
                throw new IllegalArgumentException("path segment '" + s + "' must match " + Names.IDENTIFIER.pattern());
            }
        }
        if (system && (segments.size() != 1 || !Names.isSystemField(segments.get(0)))) {
            throw new IllegalArgumentException("not a system field: " + segments);
        }
    }

    /** A path into the properties, such as {@code property("address", "city")}. */
    public static FieldPath property(String... segments) {
        return new FieldPath(false, List.of(segments));
    }

    /** A system field: {@code id}, {@code type}, {@code created_at} or {@code updated_at}. */
    public static FieldPath systemField(String name) {
        return new FieldPath(true, List.of(name));
    }

    /** The first segment: the field name on the type. */
    public String head() {
        return segments.get(0);
    }

    /** Whether the path goes into a nested object. */
    public boolean nested() {
        return segments.size() > 1;
    }

    /**
     * The path as a filter writes it; a property named like a system field (or {@code properties}
     * itself) is written {@code properties.<name>}.
     */
    @Override
    public String toString() {
        String dotted = String.join(".", segments);
        boolean needsPrefix = Names.isSystemField(head()) || head().equals(PROPERTIES);
        return !system && needsPrefix ? PROPERTIES + "." + dotted : dotted;
    }
}
