package io.quarry.projection;

import static java.util.Objects.requireNonNull;

import io.quarry.internal.Masking;
import io.quarry.internal.Suggestions;
import io.quarry.schema.EntityType;
import io.quarry.schema.Schema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The projections of every type of a schema: the {@link ProjectionSpec}s of the configuration's
 * {@code projections} section, and the generic light and full detail for types without one.
 *
 * <pre>{@code
 * Projections projections = QuarryConfig.load(Path.of("quarry.yaml")).projections().orElseThrow();
 * ObjectNode light = projections.light("Task").apply(task, Neighbourhood.of(graph));
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class Projections {
    /** The keys of a graph snapshot node besides its label fields. */
    private static final List<String> NODE_KEYS = List.of("id", "kind", "depth", "direct_edge", "last_updated");

    private final Schema schema;
    private final Map<String, ProjectionSpec> specs;
    private final Masking masking;

    private Projections(Schema schema, Map<String, ProjectionSpec> specs, Masking masking) {
        this.schema = schema;
        this.specs = Map.copyOf(specs);
        this.masking = masking;
    }

    /** Generic projections for every type of the schema: no spec, no derived fields. */
    public static Projections none(Schema schema) {
        return new Projections(requireNonNull(schema, "schema"), Map.of(), Masking.random());
    }

    /**
     * Projections with these specs, checked against the schema.
     *
     * @throws IllegalArgumentException for a spec of an unknown type, a hidden or unknown field, or a derived
     *     field over an unknown relationship
     */
    public static Projections of(Schema schema, List<ProjectionSpec> specs) {
        requireNonNull(schema, "schema");
        Map<String, ProjectionSpec> byType = new LinkedHashMap<>();
        for (ProjectionSpec spec : specs) {
            check(schema, spec, "projections." + spec.type());
            if (byType.put(spec.type(), spec) != null) {
                throw new IllegalArgumentException("projections: type '" + spec.type() + "' has two specs");
            }
        }
        return new Projections(schema, byType, Masking.random());
    }

    /**
     * These projections, showing the values of masked fields under a masking key derived from this
     * secret instead of one made at random when the process started: projections with the same secret
     * show the same masks in every process (docs/policies.md). A toolkit with a cursor key derives its
     * masks from that key this way.
     *
     * @param secret at least 16 bytes
     */
    public Projections maskingKey(byte[] secret) {
        if (requireNonNull(secret, "secret").length < 16) {
            throw new IllegalArgumentException("maskingKey must have at least 16 bytes, had " + secret.length);
        }
        return new Projections(schema, specs, Masking.derivedFrom(secret));
    }

    /**
     * These projections for a caller who sees less of the schema ({@link io.quarry.schema.Roles#schemaFor}):
     * the specs of the types it sees, their light and graph fields it may not see left out, their derived
     * fields that read a relationship, type or field it may not see left out (and percentages of them),
     * with the same masks.
     *
     * @param seen the schema the caller sees: these projections' schema with fewer types, relationships
     *     or exposed fields
     */
    public Projections forSchema(Schema seen) {
        requireNonNull(seen, "seen");
        Set<String> relationships = new TreeSet<>();
        seen.types().forEach(t -> t.relationships().forEach(r -> relationships.add(r.name())));
        Map<String, ProjectionSpec> kept = new LinkedHashMap<>();
        for (ProjectionSpec spec : specs.values()) {
            EntityType type = seen.type(spec.type()).orElse(null);
            if (type == null) {
                continue;
            }
            java.util.function.Predicate<String> visible = name -> !type.hides(name.split("\\.", 2)[0]);
            Map<String, Derived> derived = new LinkedHashMap<>();
            spec.derived().forEach((name, d) -> {
                boolean keep;
                if (d instanceof Derived.Percent p) {
                    keep = derived.containsKey(p.part()) && derived.containsKey(p.whole());
                } else {
                    Derived.Select s = d instanceof Derived.Count c ? c.select() : ((Derived.Ids) d).select();
                    keep = relationships.contains(s.relationship())
                            && (s.kind() == null || seen.type(s.kind()).isPresent())
                            && (s.field() == null || !seen.type(s.kind()).get().hides(s.field()));
                }
                if (keep) {
                    derived.put(name, d);
                }
            });
            Map<String, Integer> truncate = new LinkedHashMap<>(spec.truncate());
            truncate.keySet().removeIf(visible.negate());
            kept.put(
                    spec.type(),
                    new ProjectionSpec(
                            spec.type(),
                            spec.light().stream().filter(visible).toList(),
                            truncate,
                            derived,
                            spec.graph().stream().filter(visible).toList()));
        }
        return new Projections(seen, kept, masking);
    }

    /** These projections without their specs: every type's generic projection, with the same masks. */
    public Projections generic() {
        return new Projections(schema, Map.of(), masking);
    }

    /** The light projection of a type; a type without a spec gets the generic one. */
    public TypeProjection light(String type) {
        return projection(type, Projection.Detail.LIGHT);
    }

    /** The full projection of a type: every exposed field, plus its derived fields. */
    public TypeProjection full(String type) {
        return projection(type, Projection.Detail.FULL);
    }

    /** The projection of a type at a level of detail. */
    public TypeProjection projection(String type, Projection.Detail detail) {
        requireNonNull(detail, "detail");
        return new TypeProjection(schema.type(type).orElse(null), specs.get(type), detail, masking);
    }

    /** The spec of a type, if the configuration has one. */
    public Optional<ProjectionSpec> spec(String type) {
        return Optional.ofNullable(specs.get(type));
    }

    /** The schema the projections were checked against. */
    public Schema schema() {
        return schema;
    }

    private static void check(Schema schema, ProjectionSpec spec, String where) {
        EntityType type = schema.type(spec.type())
                .orElseThrow(() -> new IllegalArgumentException(where + ": no type '" + spec.type() + "' in the schema"
                        + didYouMean(spec.type(), schema.typeNames())));
        for (String name : spec.light()) {
            String field = name.contains(".") ? name.substring(0, name.indexOf('.')) : name;
            checkField(type, field, where + ".light");
            if (name.contains(".")
                    && type.field(field)
                            .map(f -> f.type() != io.quarry.schema.FieldType.OBJECT)
                            .orElse(false)) {
                throw new IllegalArgumentException(
                        where + ".light: '" + name + "' names a key of '" + field + "', which is not an object field");
            }
        }
        for (String name : spec.graph()) {
            checkField(type, name, where + ".graph");
            if (NODE_KEYS.contains(name)) {
                throw new IllegalArgumentException(where + ".graph: '" + name + "' is a key every graph node has ("
                        + String.join(", ", NODE_KEYS) + "); a field of that name cannot label a node");
            }
        }
        for (String name : spec.truncate().keySet()) {
            if (!spec.light().contains(name)) {
                throw new IllegalArgumentException(
                        where + ".truncate: '" + name + "' is not in the light field list " + spec.light());
            }
        }
        Set<String> relationships = new TreeSet<>();
        schema.types().forEach(t -> t.relationships().forEach(r -> relationships.add(r.name())));
        List<String> earlier = new ArrayList<>();
        for (Map.Entry<String, Derived> e : spec.derived().entrySet()) {
            String at = where + ".derived." + e.getKey();
            if (type.field(e.getKey()).isPresent()) {
                throw new IllegalArgumentException(
                        at + ": a derived field must not share a name with a field of the type");
            }
            if (e.getValue() instanceof Derived.Percent p) {
                for (String n : List.of(p.part(), p.whole())) {
                    if (!earlier.contains(n) || spec.derived().get(n) instanceof Derived.Ids) {
                        throw new IllegalArgumentException(
                                at + ": '" + n + "' must be a count declared before it; counts so far: " + earlier);
                    }
                }
            } else {
                Derived.Select s =
                        e.getValue() instanceof Derived.Count c ? c.select() : ((Derived.Ids) e.getValue()).select();
                if (!relationships.contains(s.relationship())) {
                    throw new IllegalArgumentException(at + ": no relationship '" + s.relationship() + "' in the schema"
                            + didYouMean(s.relationship(), relationships));
                }
                if (s.kind() != null && schema.type(s.kind()).isEmpty()) {
                    throw new IllegalArgumentException(at + ".kind: no type '" + s.kind() + "' in the schema"
                            + didYouMean(s.kind(), schema.typeNames()));
                }
                if (s.field() != null) {
                    if (s.kind() == null) {
                        throw new IllegalArgumentException(at + ".where: needs 'kind', the type whose field it reads");
                    }
                    checkField(schema.type(s.kind()).get(), s.field(), at + ".where");
                }
            }
            earlier.add(e.getKey());
        }
    }

    private static void checkField(EntityType type, String field, String where) {
        if (type.hides(field)) {
            throw new IllegalArgumentException(where + ": field '" + field + "' of " + type.name()
                    + " is hidden (exposed: false) and never shown");
        }
        if (type.field(field).isEmpty() && !type.schemaless()) {
            throw new IllegalArgumentException(where + ": " + type.name() + " has no field '" + field + "'"
                    + didYouMean(field, type.exposedFieldNames()));
        }
    }

    private static String didYouMean(String name, java.util.Collection<String> candidates) {
        List<String> near = Suggestions.nearest(name, candidates, 1);
        return near.isEmpty() ? "" : "; did you mean '" + near.get(0) + "'?";
    }

    @Override
    public String toString() {
        return "Projections" + new TreeSet<>(specs.keySet());
    }
}
