package io.quarry.schema;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The types a host exposes to tools: immutable, built with {@link #builder()}, read from the
 * {@code types} section of a configuration file ({@code QuarryConfig}), or inferred from data with
 * {@link #infer(Map)}.
 */
public final class Schema {
    private final Map<String, EntityType> types;
    private final Map<String, String> leftOut;

    private Schema(Map<String, EntityType> types, Map<String, String> leftOut) {
        this.types = types;
        this.leftOut = leftOut;
    }

    /** A builder for a schema declared in code. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Infers a schemaless schema from data: one type per key, fields and their types from the values seen.
     *
     * @param propertiesByType for each type name, the property objects of its objects
     */
    public static Schema infer(Map<String, ? extends Collection<? extends JsonNode>> propertiesByType) {
        Builder builder = builder();
        propertiesByType.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> builder.type(SchemaInference.inferType(e.getKey(), e.getValue())));
        return builder.build();
    }

    /** The types, in declaration order. */
    public List<EntityType> types() {
        return List.copyOf(types.values());
    }

    /** The type names, in declaration order. */
    public List<String> typeNames() {
        return List.copyOf(types.keySet());
    }

    /** The type named {@code name}, if declared. */
    public Optional<EntityType> type(String name) {
        return Optional.ofNullable(types.get(name));
    }

    /**
     * The tables and views of the database that no type serves, each with why ({@code Sales by
     * Category: a view has no key …}), as introspection writes them under {@code left_out}: {@code
     * get_database_schema} names them, so a model learns the data exists. Empty unless declared.
     */
    public Map<String, String> leftOut() {
        return leftOut;
    }

    /** This schema with {@code leftOut} as its {@link #leftOut()} tables. */
    public Schema withLeftOut(Map<String, String> leftOut) {
        return new Schema(types, java.util.Collections.unmodifiableMap(new LinkedHashMap<>(leftOut)));
    }

    /** Whether no type is declared. */
    public boolean isEmpty() {
        return types.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Schema other && types.equals(other.types) && leftOut.equals(other.leftOut);
    }

    @Override
    public int hashCode() {
        return types.hashCode();
    }

    @Override
    public String toString() {
        return "Schema" + types.values();
    }

    /** Collects types; {@link #build()} checks that names are unique and relationship targets exist. */
    public static final class Builder {
        private final List<EntityType> types = new ArrayList<>();

        private Builder() {}

        /** Adds a type. */
        public Builder type(EntityType type) {
            types.add(requireNonNull(type, "type"));
            return this;
        }

        /**
         * Builds the schema.
         *
         * @throws IllegalArgumentException for a type declared twice or a relationship to an undeclared type
         */
        public Schema build() {
            Map<String, EntityType> byName = new LinkedHashMap<>();
            for (EntityType type : types) {
                if (byName.putIfAbsent(type.name(), type) != null) {
                    throw new IllegalArgumentException("type '" + type.name() + "' is declared twice");
                }
            }
            for (EntityType type : types) {
                for (Relationship r : type.relationships()) {
                    if (!byName.containsKey(r.target())) {
                        throw new IllegalArgumentException("type '" + type.name() + "': relationship '" + r.name()
                                + "' targets unknown type '" + r.target() + "'; declared types: "
                                + String.join(", ", byName.keySet()));
                    }
                }
            }
            return new Schema(byName, Map.of());
        }
    }
}
