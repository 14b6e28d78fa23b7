package io.quarry.tool;

import io.quarry.internal.Json;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Relationship;
import java.util.List;
import java.util.Optional;

/**
 * The names and values the example call in each description uses: every one exists in the schema
 * (type, field, enum value, relationship), so an example a model copies is a valid call. Ids cannot
 * come from the schema: the host names one object in the configuration ({@code tools.example}); the
 * data itself is never read, since descriptions are shared by every scope.
 */
final class Examples {
    /** The id an example shows when the host named none: a call with it answers NOT_FOUND with a hint. */
    static final String PLACEHOLDER_ID = "<id from a result>";

    /** The type an example shows when the schema is inferred per scope, so descriptions name none. */
    static final String PLACEHOLDER_TYPE = "<type from get_database_schema>";

    private final SchemaView view;
    private final ToolConfig config;
    private final EntityType type;

    Examples(SchemaView view, ToolConfig config) {
        this.view = view;
        this.config = config;
        this.type = config.example != null
                ? view.schema.type(config.example.type()).orElseThrow()
                : view.schema.types().stream().findFirst().orElse(null);
    }

    /** The example type: the configured object's type, else the first type. */
    String type() {
        return type == null ? PLACEHOLDER_TYPE : type.name();
    }

    /** The example object's id as a JSON string. */
    String id() {
        return quote(config.example != null ? config.example.id() : PLACEHOLDER_ID);
    }

    /** The example type's first exposed enum field, if any. */
    Optional<String> enumField() {
        if (type == null) {
            return Optional.empty();
        }
        return type.exposedFields().stream()
                .filter(f -> f.type() == FieldType.ENUM && !f.values().isEmpty())
                .map(Field::name)
                .findFirst();
    }

    /** An expression over the example type's first exposed number fields ({@code a * b}, or {@code a * 2}), if any. */
    Optional<String> numberExpression() {
        if (type == null) {
            return Optional.empty();
        }
        List<String> numbers = type.exposedFields().stream()
                .filter(f -> f.type().isNumeric())
                .map(Field::name)
                .limit(2)
                .toList();
        return numbers.isEmpty()
                ? Optional.empty()
                : Optional.of(numbers.get(0) + " * " + (numbers.size() > 1 ? numbers.get(1) : "2"));
    }

    /** {@code "field": "value"} with the example type's first enum field and its first allowed value, if any. */
    Optional<String> enumCondition() {
        return enumField()
                .map(f -> quote(f) + ": " + quote(values(type.name(), f).get(0)));
    }

    /** The values a search may name for an enum field: the configured ones, else the declared ones. */
    List<String> values(String typeName, String fieldName) {
        List<String> declared = view.schema
                .type(typeName)
                .flatMap(t -> t.field(fieldName))
                .orElseThrow()
                .values();
        return config.rule(typeName, fieldName)
                .map(ToolConfig.FieldRule::values)
                .filter(v -> v != null)
                .orElse(declared);
    }

    /**
     * {@code , "direction": "out", "relationship_type": "name"} for a relationship objects of the
     * example type have: one it declares, else one another type declares towards it; empty if none.
     */
    String relationship() {
        if (type == null) {
            return "";
        }
        if (!type.relationships().isEmpty()) {
            Relationship r = type.relationships().get(0);
            return ", \"direction\": " + quote(SchemaView.direction(r)) + ", \"relationship_type\": " + quote(r.name());
        }
        for (EntityType other : view.schema.types()) {
            for (Relationship r : other.relationships()) {
                if (r.target().equals(type.name())) {
                    String direction =
                            switch (r.direction()) {
                                case OUT -> "in";
                                case IN -> "out";
                                case BOTH -> "both";
                            };
                    return ", \"direction\": " + quote(direction) + ", \"relationship_type\": " + quote(r.name());
                }
            }
        }
        return "";
    }

    /**
     * A type and a relationship it declares towards a declared type, for an aggregation across it: the
     * first that reaches many objects (direction in or both, or a to-many kind), the example type's
     * first, else any type's first; empty if no type has one.
     */
    Optional<List<String>> relatedMetric() {
        List<EntityType> types = new java.util.ArrayList<>();
        if (type != null) {
            types.add(type);
        }
        types.addAll(view.schema.types());
        List<String> first = null;
        for (EntityType t : types) {
            for (Relationship r : t.relationships()) {
                if (view.schema.type(r.target()).isEmpty()) {
                    continue;
                }
                // a relationship that reaches many objects (an artist's albums) makes the better example
                boolean many = r.direction() != Relationship.Direction.OUT
                        || r.kind() != null
                                && java.util.Set.of(
                                                Relationship.Kind.HAS_MANY,
                                                Relationship.Kind.HAS_MANY_MANY,
                                                Relationship.Kind.BELONGS_TO_MANY)
                                        .contains(r.kind());
                if (many) {
                    return Optional.of(List.of(t.name(), r.name()));
                }
                if (first == null) {
                    first = List.of(t.name(), r.name());
                }
            }
        }
        return Optional.ofNullable(first);
    }

    /** A string as JSON text. */
    static String quote(String text) {
        return Json.write(Json.MAPPER.getNodeFactory().textNode(text));
    }
}
