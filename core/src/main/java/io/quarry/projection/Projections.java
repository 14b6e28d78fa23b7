package io.quarry.projection;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.quarry.internal.Suggestions;
import io.quarry.schema.EntityType;
import io.quarry.schema.Relationship;
import io.quarry.schema.Schema;
import io.quarry.schema.SchemaException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The projections of every type of a schema: the {@link ProjectionSpec}s of the configuration's
 * {@code projections} section, and the generic light and full detail for types without one.
 *
 * <pre>{@code
 * Projections projections = Projections.load(Path.of("quarry.yaml"), schema);
 * ObjectNode light = projections.light("Task").apply(task, Neighbourhood.of(graph));
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class Projections {
    private static final YAMLMapper YAML = YAMLMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .build();
    private static final Set<String> SPEC_KEYS = Set.of("light", "truncate", "derived", "graph");
    private static final Set<String> DERIVED_KEYS =
            Set.of("count", "ids", "percent", "direction", "kind", "where", "max");
    private static final int DEFAULT_MAX_IDS = 5;
    /** The keys of a graph snapshot node besides its label fields. */
    private static final List<String> NODE_KEYS = List.of("id", "kind", "depth", "direct_edge", "last_updated");

    private final Schema schema;
    private final Map<String, ProjectionSpec> specs;

    private Projections(Schema schema, Map<String, ProjectionSpec> specs) {
        this.schema = schema;
        this.specs = Map.copyOf(specs);
    }

    /** Generic projections for every type of the schema: no spec, no derived fields. */
    public static Projections none(Schema schema) {
        return new Projections(requireNonNull(schema, "schema"), Map.of());
    }

    /**
     * Projections with these specs, checked against the schema.
     *
     * @throws SchemaException for a spec of an unknown type, a hidden or unknown field, or a derived
     *     field over an unknown relationship
     */
    public static Projections of(Schema schema, List<ProjectionSpec> specs) {
        requireNonNull(schema, "schema");
        Map<String, ProjectionSpec> byType = new LinkedHashMap<>();
        for (ProjectionSpec spec : specs) {
            check(schema, spec, "projections." + spec.type());
            if (byType.put(spec.type(), spec) != null) {
                throw new SchemaException("projections: type '" + spec.type() + "' has two specs");
            }
        }
        return new Projections(schema, byType);
    }

    /** Reads the {@code projections} section of a configuration file (none: generic projections). */
    public static Projections load(Path file, Schema schema) {
        JsonNode root;
        try {
            root = YAML.readTree(Files.readString(file));
        } catch (IOException e) {
            throw new SchemaException("cannot read configuration " + file + ": " + e.getMessage(), e);
        }
        return fromConfig(root, file.toString(), schema);
    }

    /** Reads the {@code projections} section of a configuration given as JSON or YAML text. */
    public static Projections parse(String jsonOrYaml, Schema schema) {
        try {
            return fromConfig(YAML.readTree(jsonOrYaml), "configuration", schema);
        } catch (IOException e) {
            throw new SchemaException("configuration is not valid JSON or YAML: " + e.getMessage(), e);
        }
    }

    /**
     * Reads the {@code projections} section of a parsed configuration.
     *
     * @param config the whole configuration
     * @param source where it came from, for error messages
     * @param schema the schema read from the same configuration
     */
    public static Projections fromConfig(JsonNode config, String source, Schema schema) {
        requireNonNull(schema, "schema");
        JsonNode section = config == null ? null : config.get("projections");
        if (section == null || section.isNull()) {
            return none(schema);
        }
        if (!section.isObject()) {
            throw new SchemaException(
                    source + ": 'projections' must map type names to {light, truncate, derived, graph}");
        }
        List<ProjectionSpec> specs = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : section.properties()) {
            String where = source + ": projections." + e.getKey();
            try {
                specs.add(readSpec(e.getKey(), e.getValue(), where));
            } catch (IllegalArgumentException ex) {
                throw new SchemaException(where + ": " + ex.getMessage(), ex);
            }
        }
        try {
            return of(schema, specs);
        } catch (SchemaException ex) {
            throw new SchemaException(source + ": " + ex.getMessage(), ex);
        }
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
        return new TypeProjection(schema.type(type).orElse(null), specs.get(type), detail);
    }

    /** The spec of a type, if the configuration has one. */
    public Optional<ProjectionSpec> spec(String type) {
        return Optional.ofNullable(specs.get(type));
    }

    /** The schema the projections were checked against. */
    public Schema schema() {
        return schema;
    }

    private static ProjectionSpec readSpec(String type, JsonNode node, String where) {
        if (node == null || !node.isObject()) {
            throw new SchemaException(where + ": expected {light: [fields], truncate, derived, graph}");
        }
        checkKeys(node, SPEC_KEYS, where);
        List<String> light = strings(node.get("light"), where + ".light");
        List<String> graph = strings(node.get("graph"), where + ".graph");
        Map<String, Integer> truncate = new LinkedHashMap<>();
        JsonNode t = node.get("truncate");
        if (t != null && !t.isNull()) {
            if (!t.isObject()) {
                throw new SchemaException(where + ".truncate: expected {field: max characters}");
            }
            for (Map.Entry<String, JsonNode> e : t.properties()) {
                if (!e.getValue().canConvertToInt()
                        || !e.getValue().isIntegralNumber()
                        || e.getValue().asInt() < 1) {
                    throw new SchemaException(
                            where + ".truncate." + e.getKey() + ": expected a whole number of at least 1");
                }
                truncate.put(e.getKey(), e.getValue().asInt());
            }
        }
        Map<String, Derived> derived = new LinkedHashMap<>();
        JsonNode d = node.get("derived");
        if (d != null && !d.isNull()) {
            if (!d.isObject()) {
                throw new SchemaException(where + ".derived: expected {name: {count|ids|percent: ...}}");
            }
            for (Map.Entry<String, JsonNode> e : d.properties()) {
                derived.put(e.getKey(), readDerived(e.getValue(), where + ".derived." + e.getKey()));
            }
        }
        return new ProjectionSpec(type, light, truncate, derived, graph);
    }

    private static Derived readDerived(JsonNode node, String where) {
        if (node == null || !node.isObject()) {
            throw new SchemaException(
                    where + ": expected {count: relationship} or {ids: relationship} or " + "{percent: [part, whole]}");
        }
        checkKeys(node, DERIVED_KEYS, where);
        List<String> forms = new ArrayList<>();
        for (String form : List.of("count", "ids", "percent")) {
            if (node.has(form)) {
                forms.add(form);
            }
        }
        if (forms.size() != 1) {
            throw new SchemaException(where + ": give exactly one of count, ids or percent");
        }
        if (forms.get(0).equals("percent")) {
            List<String> pair = strings(node.get("percent"), where + ".percent");
            if (pair.size() != 2 || node.size() != 1) {
                throw new SchemaException(
                        where + ": percent is [part, whole], two earlier derived counts, and nothing else");
            }
            return new Derived.Percent(pair.get(0), pair.get(1));
        }
        String form = forms.get(0);
        JsonNode rel = node.get(form);
        if (!rel.isTextual()) {
            throw new SchemaException(where + "." + form + ": expected a relationship name such as depends_on");
        }
        Relationship.Direction direction = Relationship.Direction.OUT;
        JsonNode dir = node.get("direction");
        if (dir != null) {
            try {
                direction = Relationship.Direction.valueOf(dir.asText().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new SchemaException(where + ".direction: must be out, in or both, not '" + dir.asText() + "'", e);
            }
        }
        String kind = node.hasNonNull("kind") ? node.get("kind").asText() : null;
        String field = null;
        List<String> values = List.of();
        JsonNode w = node.get("where");
        if (w != null && !w.isNull()) {
            if (!w.isObject() || w.size() != 1) {
                throw new SchemaException(where + ".where: expected {field: [values]}, one field");
            }
            Map.Entry<String, JsonNode> only = w.properties().iterator().next();
            field = only.getKey();
            values = only.getValue().isTextual()
                    ? List.of(only.getValue().asText())
                    : strings(only.getValue(), where + ".where." + field);
            if (values.isEmpty()) {
                throw new SchemaException(where + ".where." + field + ": give at least one value");
            }
        }
        Derived.Select select = new Derived.Select(rel.asText(), direction, kind, field, values);
        if (form.equals("count")) {
            if (node.has("max")) {
                throw new SchemaException(where + ".max: only id lists have a max");
            }
            return new Derived.Count(select);
        }
        JsonNode max = node.get("max");
        if (max != null && (!max.isIntegralNumber() || !max.canConvertToInt() || max.asInt() < 1)) {
            throw new SchemaException(where + ".max: expected a whole number of at least 1");
        }
        return new Derived.Ids(select, max == null ? DEFAULT_MAX_IDS : max.asInt());
    }

    private static void check(Schema schema, ProjectionSpec spec, String where) {
        EntityType type = schema.type(spec.type())
                .orElseThrow(() -> new SchemaException(where + ": no type '" + spec.type() + "' in the schema"
                        + didYouMean(spec.type(), schema.typeNames())));
        for (String name : spec.light()) {
            String field = name.contains(".") ? name.substring(0, name.indexOf('.')) : name;
            checkField(type, field, where + ".light");
            if (name.contains(".")
                    && type.field(field)
                            .map(f -> f.type() != io.quarry.schema.FieldType.OBJECT)
                            .orElse(false)) {
                throw new SchemaException(
                        where + ".light: '" + name + "' names a key of '" + field + "', which is not an object field");
            }
        }
        for (String name : spec.graph()) {
            checkField(type, name, where + ".graph");
            if (NODE_KEYS.contains(name)) {
                throw new SchemaException(where + ".graph: '" + name + "' is a key every graph node has ("
                        + String.join(", ", NODE_KEYS) + "); a field of that name cannot label a node");
            }
        }
        for (String name : spec.truncate().keySet()) {
            if (!spec.light().contains(name)) {
                throw new SchemaException(
                        where + ".truncate: '" + name + "' is not in the light field list " + spec.light());
            }
        }
        Set<String> relationships = new TreeSet<>();
        schema.types().forEach(t -> t.relationships().forEach(r -> relationships.add(r.name())));
        List<String> earlier = new ArrayList<>();
        for (Map.Entry<String, Derived> e : spec.derived().entrySet()) {
            String at = where + ".derived." + e.getKey();
            if (type.field(e.getKey()).isPresent()) {
                throw new SchemaException(at + ": a derived field must not share a name with a field of the type");
            }
            if (e.getValue() instanceof Derived.Percent p) {
                for (String n : List.of(p.part(), p.whole())) {
                    if (!earlier.contains(n) || spec.derived().get(n) instanceof Derived.Ids) {
                        throw new SchemaException(
                                at + ": '" + n + "' must be a count declared before it; counts so far: " + earlier);
                    }
                }
            } else {
                Derived.Select s =
                        e.getValue() instanceof Derived.Count c ? c.select() : ((Derived.Ids) e.getValue()).select();
                if (!relationships.contains(s.relationship())) {
                    throw new SchemaException(at + ": no relationship '" + s.relationship() + "' in the schema"
                            + didYouMean(s.relationship(), relationships));
                }
                if (s.kind() != null && schema.type(s.kind()).isEmpty()) {
                    throw new SchemaException(at + ".kind: no type '" + s.kind() + "' in the schema"
                            + didYouMean(s.kind(), schema.typeNames()));
                }
                if (s.field() != null) {
                    if (s.kind() == null) {
                        throw new SchemaException(at + ".where: needs 'kind', the type whose field it reads");
                    }
                    checkField(schema.type(s.kind()).get(), s.field(), at + ".where");
                }
            }
            earlier.add(e.getKey());
        }
    }

    private static void checkField(EntityType type, String field, String where) {
        if (type.hides(field)) {
            throw new SchemaException(where + ": field '" + field + "' of " + type.name()
                    + " is hidden (exposed: false) and never shown");
        }
        if (type.field(field).isEmpty() && !type.schemaless()) {
            throw new SchemaException(where + ": " + type.name() + " has no field '" + field + "'"
                    + didYouMean(field, type.exposedFieldNames()));
        }
    }

    private static String didYouMean(String name, java.util.Collection<String> candidates) {
        List<String> near = Suggestions.nearest(name, candidates, 1);
        return near.isEmpty() ? "" : "; did you mean '" + near.get(0) + "'?";
    }

    private static List<String> strings(JsonNode node, String where) {
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw new SchemaException(where + ": expected a list of names");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode v : node) {
            if (!v.isTextual()) {
                throw new SchemaException(where + ": expected names (strings), found " + v);
            }
            out.add(v.asText());
        }
        return out;
    }

    private static void checkKeys(JsonNode node, Set<String> allowed, String where) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!allowed.contains(key)) {
                throw new SchemaException(
                        where + ": unknown key '" + key + "'; allowed: " + String.join(", ", new TreeSet<>(allowed)));
            }
        }
    }

    @Override
    public String toString() {
        return "Projections" + new TreeSet<>(specs.keySet());
    }
}
