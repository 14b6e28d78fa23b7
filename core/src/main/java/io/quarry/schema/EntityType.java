package io.quarry.schema;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A type of object: its name, description, fields and relationships.
 *
 * <p>A type is <em>schemaless</em> when it declares no fields, or when its fields were only inferred
 * from data: filters may then name any valid path, and a path never seen on the type draws a warning
 * rather than an error.
 *
 * @param name the type name, following {@link Names#IDENTIFIER}
 * @param description what the type is, written for a language model; may be {@code null}
 * @param fields the fields, exposed and hidden, in declaration order
 * @param relationships the relationships the type takes part in
 * @param origin whether the fields were declared or inferred from data
 * @param module the part of the application the type belongs to, such as {@code sales}; may be
 *     {@code null}
 * @param timestamps the system timestamps the type's objects can have: {@code created_at} and {@code
 *     updated_at}, or fewer for a table without such columns (its objects never have the others)
 * @param order the type's default order when a query over it names none: a field or system field,
 *     {@code -} before it for descending ({@code -invoice_date}); {@code null} for newest first
 *     ({@code updated_at} descending, then {@code id})
 * @param leftOut what the type's table holds that no field serves, each column with why it was left
 *     out ({@code picture: SQL type bytea has no Quarry field type}), shown by {@code
 *     get_database_schema} so a model knows the data exists; empty when nothing was left out
 */
public record EntityType(
        String name,
        String description,
        List<Field> fields,
        List<Relationship> relationships,
        Origin origin,
        String module,
        List<String> timestamps,
        String order,
        Map<String, String> leftOut) {

    /** The system timestamps, in order. */
    public static final List<String> TIMESTAMPS = List.of("created_at", "updated_at");

    /** Where a type's fields come from. */
    public enum Origin {
        /** Declared in configuration or code: unknown fields are errors. */
        DECLARED,
        /** Inferred from the values in the data: unknown fields are warnings. */
        INFERRED
    }

    /** Checks the arguments: a valid name and unique field names. */
    public EntityType {
        requireNonNull(name, "name");
        fields = List.copyOf(requireNonNull(fields, "fields"));
        relationships = List.copyOf(requireNonNull(relationships, "relationships"));
        requireNonNull(origin, "origin");
        timestamps = List.copyOf(requireNonNull(timestamps, "timestamps"));
        leftOut = java.util.Collections.unmodifiableMap(
                new java.util.LinkedHashMap<>(requireNonNull(leftOut, "leftOut")));
        if (!TIMESTAMPS.containsAll(timestamps)) {
            throw new IllegalArgumentException(
                    "type '" + name + "': the timestamps are created_at and updated_at, not " + timestamps);
        }
        if (!Names.isIdentifier(name)) {
            throw new IllegalArgumentException("type name '" + name + "' must match " + Names.IDENTIFIER.pattern());
        }
        Set<String> seen = new HashSet<>();
        for (Field field : fields) {
            if (!seen.add(field.name())) {
                throw new IllegalArgumentException("type '" + name + "' declares field '" + field.name() + "' twice");
            }
        }
    }

    /** A type with nothing left out. */
    public EntityType(
            String name,
            String description,
            List<Field> fields,
            List<Relationship> relationships,
            Origin origin,
            String module,
            List<String> timestamps,
            String order) {
        this(name, description, fields, relationships, origin, module, timestamps, order, Map.of());
    }

    /** A type with both timestamps and the default order. */
    public EntityType(
            String name,
            String description,
            List<Field> fields,
            List<Relationship> relationships,
            Origin origin,
            String module) {
        this(name, description, fields, relationships, origin, module, TIMESTAMPS, null);
    }

    /** A type without a module. */
    public EntityType(
            String name, String description, List<Field> fields, List<Relationship> relationships, Origin origin) {
        this(name, description, fields, relationships, origin, null);
    }

    /** A declared type with these fields and no description or relationships. */
    public static EntityType of(String name, Field... fields) {
        return new EntityType(name, null, List.of(fields), List.of(), Origin.DECLARED);
    }

    /** Whether filters on this type accept any valid path (no declared fields, or inferred ones). */
    public boolean schemaless() {
        return origin == Origin.INFERRED || fields.isEmpty();
    }

    /** The exposed field named {@code fieldName}; a hidden field is not found. */
    public Optional<Field> field(String fieldName) {
        return fields.stream()
                .filter(f -> f.exposed() && f.name().equals(fieldName))
                .findFirst();
    }

    /** Whether the type declares {@code fieldName} as hidden. */
    public boolean hides(String fieldName) {
        return fields.stream().anyMatch(f -> !f.exposed() && f.name().equals(fieldName));
    }

    /** Whether the type declares {@code fieldName} as masked: usable, but its values never shown. */
    public boolean masks(String fieldName) {
        return fields.stream().anyMatch(f -> f.masked() && f.name().equals(fieldName));
    }

    /** The exposed fields, in declaration order. */
    public List<Field> exposedFields() {
        List<Field> exposed = new ArrayList<>();
        for (Field f : fields) {
            if (f.exposed()) {
                exposed.add(f);
            }
        }
        return exposed;
    }

    /** The names of the exposed fields, in declaration order. */
    public List<String> exposedFieldNames() {
        return exposedFields().stream().map(Field::name).toList();
    }

    /** This type with a description. */
    public EntityType describedAs(String newDescription) {
        return new EntityType(name, newDescription, fields, relationships, origin, module, timestamps, order, leftOut);
    }

    /** This type with these relationships. */
    public EntityType withRelationships(List<Relationship> newRelationships) {
        return new EntityType(name, description, fields, newRelationships, origin, module, timestamps, order, leftOut);
    }

    /** This type with only these system timestamps (a table without the others). */
    public EntityType withTimestamps(List<String> newTimestamps) {
        return new EntityType(name, description, fields, relationships, origin, module, newTimestamps, order, leftOut);
    }

    /** This type with a default order ({@code -invoice_date}), or {@code null} for newest first. */
    public EntityType orderedBy(String newOrder) {
        return new EntityType(name, description, fields, relationships, origin, module, timestamps, newOrder, leftOut);
    }

    /** Whether the type's objects can have the system timestamp {@code created_at} or {@code updated_at}. */
    public boolean hasTimestamp(String timestamp) {
        return timestamps.contains(timestamp);
    }
}
