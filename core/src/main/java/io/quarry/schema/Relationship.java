package io.quarry.schema;

import static java.util.Objects.requireNonNull;

import java.util.Locale;

/**
 * A kind of relationship a type takes part in, as shown to a language model.
 *
 * @param name the relationship type, such as {@code part_of}
 * @param target the name of the type at the other end
 * @param direction whether objects of the declaring type are the source, the target, or either
 * @param description what the relationship means; may be {@code null}
 */
public record Relationship(String name, String target, Direction direction, String description) {

    /** Which end of a relationship an object is. */
    public enum Direction {
        /** The declaring type is the source ({@code src_id}). */
        OUT,
        /** The declaring type is the target ({@code dst_id}). */
        IN,
        /** Either. */
        BOTH;

        /** The lower-case name used in configuration and output. */
        public String jsonName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Checks the arguments. */
    public Relationship {
        requireNonNull(name, "name");
        requireNonNull(target, "target");
        requireNonNull(direction, "direction");
        if (!Names.isIdentifier(name)) {
            throw new IllegalArgumentException(
                    "relationship name '" + name + "' must match " + Names.IDENTIFIER.pattern());
        }
    }

    /** An outgoing relationship without description. */
    public static Relationship out(String name, String target) {
        return new Relationship(name, target, Direction.OUT, null);
    }
}
