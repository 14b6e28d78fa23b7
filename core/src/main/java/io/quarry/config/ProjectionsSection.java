package io.quarry.config;

import io.quarry.projection.Derived;
import io.quarry.projection.ProjectionSpec;
import io.quarry.projection.Projections;
import io.quarry.schema.Relationship;
import io.quarry.schema.Schema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads the {@code projections} section into {@link Projections}, checked against the schema. */
final class ProjectionsSection {
    private static final Set<String> SPEC_KEYS = Set.of("light", "truncate", "derived", "graph");
    private static final Set<String> DERIVED_KEYS =
            Set.of("count", "ids", "percent", "direction", "kind", "where", "max");
    private static final int DEFAULT_MAX_IDS = 5;

    private ProjectionsSection() {}

    /**
     * The projections of the section.
     *
     * @param root the whole file, where the schema's own checks of the specs report their entries
     */
    static Projections read(ConfigNode section, ConfigNode root, Schema schema) {
        List<ProjectionSpec> specs = new ArrayList<>();
        for (Map.Entry<String, ConfigNode> e : section.entries("map type names to {light, truncate, derived, graph}")
                .entrySet()) {
            specs.add(spec(e.getKey(), e.getValue()));
        }
        // Projections.of names the entry it refuses (projections.Task.light: ...), from the file's root
        return root.build(() -> Projections.of(schema, specs));
    }

    private static ProjectionSpec spec(String type, ConfigNode node) {
        node.object("give light, truncate, derived or graph").keys(SPEC_KEYS);
        List<String> light = names(node, "light");
        List<String> graph = names(node, "graph");
        Map<String, Integer> truncate = new LinkedHashMap<>();
        for (Map.Entry<String, ConfigNode> e : node.get("truncate")
                .map(n -> n.entries("map each field to the most characters shown, such as {description: 200}"))
                .orElse(Map.of())
                .entrySet()) {
            truncate.put(e.getKey(), e.getValue().wholeNumber(1));
        }
        Map<String, Derived> derived = new LinkedHashMap<>();
        for (Map.Entry<String, ConfigNode> e : node.get("derived")
                .map(n -> n.entries("map each derived field to {count|ids|percent: ...}"))
                .orElse(Map.of())
                .entrySet()) {
            derived.put(e.getKey(), e.getValue().build(() -> derived(e.getValue())));
        }
        return node.build(() -> new ProjectionSpec(type, light, truncate, derived, graph));
    }

    private static Derived derived(ConfigNode node) {
        node.object("write {count: relationship}, {ids: relationship} or {percent: [part, whole]}")
                .keys(DERIVED_KEYS);
        List<String> forms = new ArrayList<>();
        for (String form : List.of("count", "ids", "percent")) {
            if (node.has(form)) {
                forms.add(form);
            }
        }
        if (forms.size() != 1) {
            throw node.error(
                    forms.isEmpty() ? "says not what to derive" : "gives " + String.join(" and ", forms),
                    "give exactly one of count, ids or percent");
        }
        String form = forms.get(0);
        if (form.equals("percent")) {
            List<String> pair = node.get("percent").orElseThrow().strings("write [part, whole], two earlier counts");
            if (pair.size() != 2 || node.entries("").size() != 1) {
                throw node.error(
                        "percent is [part, whole], two earlier derived counts, and nothing else",
                        "write {percent: [part, whole]}");
            }
            return new Derived.Percent(pair.get(0), pair.get(1));
        }
        String relationship = node.get(form).orElseThrow().text("write a relationship name such as depends_on");
        Relationship.Direction direction =
                node.get("direction").map(TypesSection::direction).orElse(Relationship.Direction.OUT);
        String kind = node.get("kind").map(n -> n.text("write a type name")).orElse(null);
        String field = null;
        List<String> values = List.of();
        if (node.has("where")) {
            ConfigNode where = node.get("where").orElseThrow();
            Map<String, ConfigNode> only = where.entries("write {field: [values]}, one field");
            if (only.size() != 1) {
                throw where.error("names " + only.size() + " fields", "write {field: [values]}, one field");
            }
            Map.Entry<String, ConfigNode> e = only.entrySet().iterator().next();
            field = e.getKey();
            values = e.getValue().isText()
                    ? List.of(e.getValue().text(""))
                    : e.getValue().strings("write a value or a list of values");
            if (values.isEmpty()) {
                throw e.getValue().error("is empty", "give at least one value");
            }
        }
        Derived.Select select = new Derived.Select(relationship, direction, kind, field, values);
        if (form.equals("count")) {
            if (node.has("max")) {
                throw node.get("max").orElseThrow().error("only id lists have a max", "remove max, or use ids");
            }
            return new Derived.Count(select);
        }
        return new Derived.Ids(
                select, node.get("max").map(m -> m.wholeNumber(1)).orElse(DEFAULT_MAX_IDS));
    }

    private static List<String> names(ConfigNode node, String key) {
        return node.get(key).map(n -> n.strings("write a list of field names")).orElse(List.of());
    }
}
