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
 * @param kind how many objects are at each end, seen from the declaring type; may be {@code null}
 * @param type the relationship type the store keeps for these links, when the name differs from it
 *     (an artist's {@code albums} are the links of type {@code artist}); {@code null} when it is the name
 */
public record Relationship(
        String name, String target, Direction direction, String description, Kind kind, String type) {

    /**
     * How many objects are at each end of a relationship, seen from the declaring type, as an entity
     * graph names it.
     */
    public enum Kind {
        /** This type holds the key of one target ({@code album.artist_id}). */
        BELONGS_TO,
        /** Many targets hold this type's key. */
        HAS_MANY,
        /** One target holds this type's key (a unique foreign key). */
        HAS_ONE,
        /** This type holds the unique key of one target. */
        BELONGS_TO_ONE,
        /** Many targets, through a join table whose first key is this type's. */
        HAS_MANY_MANY,
        /** Many targets, through a join table whose second key is this type's. */
        BELONGS_TO_MANY
    }

    /** A relationship without a kind. */
    public Relationship(String name, String target, Direction direction, String description) {
        this(name, target, direction, description, null, null);
    }

    /** A relationship whose name is the type of its links. */
    public Relationship(String name, String target, Direction direction, String description, Kind kind) {
        this(name, target, direction, description, kind, null);
    }

    /** The relationship type the store keeps: {@link #type()}, else the name. */
    public String storedType() {
        return type == null ? name : type;
    }

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
        if (type != null && !Names.isIdentifier(type)) {
            throw new IllegalArgumentException(
                    "relationship type '" + type + "' must match " + Names.IDENTIFIER.pattern());
        }
        if (name.equals(type)) {
            type = null;
        }
    }

    /** An outgoing relationship without description. */
    public static Relationship out(String name, String target) {
        return new Relationship(name, target, Direction.OUT, null);
    }
}
