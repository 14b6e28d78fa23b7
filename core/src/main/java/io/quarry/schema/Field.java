package io.quarry.schema;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/**
 * A field of an entity type.
 *
 * @param name the field name, following {@link Names#IDENTIFIER}
 * @param type the declared type
 * @param description what the field holds, written for a language model; may be {@code null}
 * @param values the allowed values of an {@link FieldType#ENUM} field, empty otherwise
 * @param items the element type of an {@link FieldType#ARRAY} field, if declared; may be {@code null}
 * @param exposed {@code false} hides the field from every tool, filter and result
 * @param masked {@code true} masks the field: filters, sorts, grouping and counts use it, but its values
 *     never appear in an answer (each is shown as its mask, {@code masked:} and a keyed hash); only an
 *     exposed field can be masked
 */
public record Field(
        String name,
        FieldType type,
        String description,
        List<String> values,
        FieldType items,
        boolean exposed,
        boolean masked) {

    /** Checks the arguments: a valid name, enum values only on enums, items only on arrays, no hidden mask. */
    public Field {
        requireNonNull(name, "name");
        requireNonNull(type, "type");
        values = List.copyOf(requireNonNull(values, "values"));
        if (!Names.isIdentifier(name)) {
            throw new IllegalArgumentException("field name '" + name + "' must match " + Names.IDENTIFIER.pattern());
        }
        if (type == FieldType.ENUM && values.isEmpty()) {
            throw new IllegalArgumentException("enum field '" + name + "' needs at least one value");
        }
        if (type != FieldType.ENUM && !values.isEmpty()) {
            throw new IllegalArgumentException("field '" + name + "' has values but is not an enum");
        }
        if (items != null && type != FieldType.ARRAY) {
            throw new IllegalArgumentException("field '" + name + "' has items but is not an array");
        }
        if (masked && !exposed) {
            throw new IllegalArgumentException(
                    "field '" + name + "' is hidden and masked; a hidden field is never shown, so leave masked out");
        }
    }

    /** A field that is not masked. */
    public Field(
            String name, FieldType type, String description, List<String> values, FieldType items, boolean exposed) {
        this(name, type, description, values, items, exposed, false);
    }

    /** An exposed field with no description. */
    public static Field of(String name, FieldType type) {
        return new Field(name, type, null, List.of(), null, true);
    }

    /** An exposed enum field with its allowed values. */
    public static Field ofEnum(String name, List<String> values) {
        return new Field(name, FieldType.ENUM, null, values, null, true);
    }

    /** This field with a description. */
    public Field describedAs(String newDescription) {
        return new Field(name, type, newDescription, values, items, exposed, masked);
    }

    /** This field hidden from every tool. */
    public Field hidden() {
        return new Field(name, type, description, values, items, false, false);
    }

    /**
     * This field masked: filters, sorts, grouping and counts use it; every value an answer would show is
     * shown as its mask instead.
     */
    public Field mask() {
        return new Field(name, type, description, values, items, true, true);
    }

    /** The description, if any. */
    public Optional<String> describe() {
        return Optional.ofNullable(description);
    }
}
