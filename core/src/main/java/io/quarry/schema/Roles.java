package io.quarry.schema;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which fields and types each of the caller's roles sees (docs/policies.md, "Per-role visibility"): a
 * field says per role whether it is {@link Visibility#EXPOSED exposed}, {@link Visibility#MASKED masked}
 * or {@link Visibility#HIDDEN hidden}, a type whether it is hidden. Of a caller's roles that name a
 * field or type the most open wins; a caller with none of them sees it as the schema declares it.
 *
 * <pre>{@code
 * Roles roles = Roles.builder()
 *         .field("Person", "salary", "hr", Visibility.EXPOSED)     // declared hidden: hr sees it
 *         .field("Person", "email", "support", Visibility.MASKED)
 *         .type("Payroll", "support", Visibility.HIDDEN)
 *         .build();
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class Roles {
    private static final Roles NONE = new Roles(Map.of(), Map.of());

    /** Type, then field, then role: its visibility. */
    private final Map<String, Map<String, Map<String, Visibility>>> fields;
    /** Type, then role: its visibility. */
    private final Map<String, Map<String, Visibility>> types;

    private Roles(
            Map<String, Map<String, Map<String, Visibility>>> fields, Map<String, Map<String, Visibility>> types) {
        this.fields = fields;
        this.types = types;
    }

    /** No role sees anything differently from the schema. */
    public static Roles none() {
        return NONE;
    }

    /** A builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** Whether no role is named. */
    public boolean isEmpty() {
        return fields.isEmpty() && types.isEmpty();
    }

    /** Every role named, in code-point order. */
    public Set<String> names() {
        Set<String> out = new TreeSet<>();
        fields.values().forEach(byField -> byField.values().forEach(byRole -> out.addAll(byRole.keySet())));
        types.values().forEach(byRole -> out.addAll(byRole.keySet()));
        return java.util.Collections.unmodifiableSet(out);
    }

    /**
     * The caller's roles that these name: callers with the same ones see the same schema.
     *
     * @param callerRoles the roles of the caller
     */
    public Set<String> named(Collection<String> callerRoles) {
        Set<String> all = names();
        Set<String> out = new TreeSet<>();
        for (String role : callerRoles) {
            if (all.contains(role)) {
                out.add(role);
            }
        }
        return java.util.Collections.unmodifiableSet(out);
    }

    /**
     * Checks that every type and field named is declared by the schema.
     *
     * @throws IllegalArgumentException naming the first that is not
     */
    public void check(Schema schema) {
        types.keySet().forEach(t -> schema.type(t)
                .orElseThrow(() -> new IllegalArgumentException("roles: no type '" + t + "' in the schema")));
        fields.forEach((t, byField) -> {
            EntityType type = schema.type(t)
                    .orElseThrow(() -> new IllegalArgumentException("roles: no type '" + t + "' in the schema"));
            byField.keySet().forEach(f -> {
                if (type.fields().stream().noneMatch(x -> x.name().equals(f))) {
                    throw new IllegalArgumentException("roles: type '" + t + "' declares no field '" + f + "'");
                }
            });
        });
    }

    /**
     * The schema a caller with these roles sees: hidden types left out (and the relationships to them),
     * each field as the most open of the caller's roles that name it, else as declared. A default order by
     * a field the caller cannot see becomes newest first.
     */
    public Schema schemaFor(Schema schema, Collection<String> callerRoles) {
        Set<String> roles = named(callerRoles);
        Set<String> shown = new java.util.LinkedHashSet<>();
        for (EntityType type : schema.types()) {
            Visibility seen =
                    most(types.getOrDefault(type.name(), Map.of()), roles).orElse(Visibility.EXPOSED);
            if (seen != Visibility.HIDDEN) {
                shown.add(type.name());
            }
        }
        Schema.Builder out = Schema.builder();
        for (EntityType type : schema.types()) {
            if (!shown.contains(type.name())) {
                continue;
            }
            Map<String, Map<String, Visibility>> byField = fields.getOrDefault(type.name(), Map.of());
            List<Field> seenFields = new ArrayList<>();
            for (Field field : type.fields()) {
                Visibility seen = most(byField.getOrDefault(field.name(), Map.of()), roles)
                        .orElse(Visibility.of(field));
                seenFields.add(
                        switch (seen) {
                            case HIDDEN -> field.hidden();
                            case MASKED -> field.mask();
                            case EXPOSED ->
                                new Field(
                                        field.name(),
                                        field.type(),
                                        field.description(),
                                        field.values(),
                                        field.items(),
                                        true,
                                        false);
                        });
            }
            List<Relationship> links = type.relationships().stream()
                    .filter(r -> shown.contains(r.target()))
                    .toList();
            String order = type.order();
            if (order != null) {
                String by = order.startsWith("-") ? order.substring(1) : order;
                boolean system = by.equals("id") || EntityType.TIMESTAMPS.contains(by);
                if (!system
                        && seenFields.stream()
                                .noneMatch(f -> f.exposed() && f.name().equals(by))) {
                    order = null;
                }
            }
            out.type(new EntityType(
                    type.name(),
                    type.description(),
                    seenFields,
                    links,
                    type.origin(),
                    type.module(),
                    type.timestamps(),
                    order,
                    type.leftOut()));
        }
        return out.build().withLeftOut(schema.leftOut());
    }

    private static Optional<Visibility> most(Map<String, Visibility> byRole, Set<String> roles) {
        Visibility best = null;
        for (String role : roles) {
            Visibility v = byRole.get(role);
            if (v != null && (best == null || v.compareTo(best) > 0)) {
                best = v;
            }
        }
        return Optional.ofNullable(best);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Roles r && r.fields.equals(fields) && r.types.equals(types);
    }

    @Override
    public int hashCode() {
        return fields.hashCode() * 31 + types.hashCode();
    }

    @Override
    public String toString() {
        return "Roles[fields=" + fields + ", types=" + types + "]";
    }

    /** Builds {@link Roles}; {@link #build()} leaves the builder as it was. */
    public static final class Builder {
        private final Map<String, Map<String, Map<String, Visibility>>> fields = new LinkedHashMap<>();
        private final Map<String, Map<String, Visibility>> types = new LinkedHashMap<>();

        private Builder() {}

        /** How callers with {@code role} see a field. */
        public Builder field(String type, String field, String role, Visibility visibility) {
            fields.computeIfAbsent(requireNonNull(type, "type"), t -> new LinkedHashMap<>())
                    .computeIfAbsent(requireNonNull(field, "field"), f -> new LinkedHashMap<>())
                    .put(role(role), requireNonNull(visibility, "visibility"));
            return this;
        }

        /**
         * Whether callers with {@code role} see a type: {@link Visibility#HIDDEN} or {@link
         * Visibility#EXPOSED} (a type is not masked: mask its fields).
         */
        public Builder type(String type, String role, Visibility visibility) {
            if (requireNonNull(visibility, "visibility") == Visibility.MASKED) {
                throw new IllegalArgumentException(
                        "roles: type '" + type + "' cannot be masked for '" + role + "'; mask its fields instead");
            }
            types.computeIfAbsent(requireNonNull(type, "type"), t -> new LinkedHashMap<>())
                    .put(role(role), visibility);
            return this;
        }

        private static String role(String role) {
            if (requireNonNull(role, "role").isBlank()) {
                throw new IllegalArgumentException("roles: a role name is blank");
            }
            return role;
        }

        /** The roles. */
        public Roles build() {
            Map<String, Map<String, Map<String, Visibility>>> f = new LinkedHashMap<>();
            fields.forEach((t, byField) -> {
                Map<String, Map<String, Visibility>> copy = new LinkedHashMap<>();
                byField.forEach((name, byRole) -> copy.put(name, Map.copyOf(byRole)));
                f.put(t, java.util.Collections.unmodifiableMap(copy));
            });
            Map<String, Map<String, Visibility>> ty = new LinkedHashMap<>();
            types.forEach((t, byRole) -> ty.put(t, Map.copyOf(byRole)));
            return new Roles(java.util.Collections.unmodifiableMap(f), java.util.Collections.unmodifiableMap(ty));
        }
    }
}
