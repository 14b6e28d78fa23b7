package io.quarry.tool;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.internal.Json;
import io.quarry.internal.Suggestions;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Schema;
import io.quarry.schema.SchemaException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code limits} and {@code tools} sections of a configuration file, checked against the schema
 * and the catalog when the toolkit is built; every error names the entry and says what to change.
 *
 * <pre>{@code
 * limits: {default_limit: 20, max_limit: 100, size_budget: 16000, statement_timeout_seconds: 5}
 * tools:
 *   disabled: [aggregate_graph_objects]
 *   example: {type: Task, id: task-0001}   # the object the descriptions' example calls name
 *   fields:
 *     Task.priority: {min: 1, max: 10, modes: [equal, gt, lt, between]}
 *     Task.title:    {modes: [contains, starts_with]}
 *     Task.status:   {values: [Open, Done]}
 * }</pre>
 */
final class ToolConfig {
    private static final Set<String> LIMIT_KEYS =
            Set.of("default_limit", "max_limit", "size_budget", "statement_timeout_seconds");
    private static final Set<String> TOOL_KEYS = Set.of("disabled", "fields", "example");
    private static final Set<String> RULE_KEYS = Set.of("modes", "min", "max", "values");

    private static final com.fasterxml.jackson.dataformat.yaml.YAMLMapper YAML =
            com.fasterxml.jackson.dataformat.yaml.YAMLMapper.builder()
                    .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                    .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                    .build();

    /** The empty configuration: every tool on, no field rules, the default limits. */
    static final ToolConfig NONE = new ToolConfig(null, Set.of(), Map.of(), null);

    final Limits limits;
    final Set<String> disabled;
    final Map<String, FieldRule> rules;
    /** The object the descriptions' example calls name, or {@code null}. */
    final Example example;

    private ToolConfig(Limits limits, Set<String> disabled, Map<String, FieldRule> rules, Example example) {
        this.limits = limits;
        this.disabled = disabled;
        this.rules = rules;
        this.example = example;
    }

    /**
     * An object of the host's data the descriptions' example calls name, so that an example a model
     * copies finds something.
     *
     * @param type its type, a declared type
     * @param id its id
     */
    record Example(String type, String id) {}

    /**
     * What the configuration allows for one field of the type-specialized tools.
     *
     * @param modes the allowed modes or operators, or {@code null} for all
     * @param min the smallest number a number search may name, or {@code null}
     * @param max the largest, or {@code null}
     * @param values the enum values an enum search may name, or {@code null} for every declared value
     */
    record FieldRule(List<String> modes, BigDecimal min, BigDecimal max, List<String> values) {}

    /**
     * Parses a configuration file as a tree.
     *
     * @throws SchemaException when it cannot be read or parsed
     */
    static JsonNode parse(java.nio.file.Path file) {
        try {
            return YAML.readTree(java.nio.file.Files.readString(file));
        } catch (java.io.IOException e) {
            throw new SchemaException("cannot read configuration " + file + ": " + e.getMessage(), e);
        }
    }

    /** The rule of {@code type.field}, if configured. */
    Optional<FieldRule> rule(String type, String field) {
        return Optional.ofNullable(rules.get(type + "." + field));
    }

    /**
     * Reads the sections of a configuration tree.
     *
     * @param catalog every tool name the toolkit knows
     * @throws SchemaException naming the entry and what to change
     */
    static ToolConfig read(JsonNode root, String source, Schema schema, List<String> catalog) {
        if (root == null || !root.isObject()) {
            return NONE;
        }
        Limits limits = readLimits(root.get("limits"), source + ": limits");
        Set<String> disabled = new LinkedHashSet<>();
        Map<String, FieldRule> rules = new LinkedHashMap<>();
        Example example = null;
        JsonNode tools = root.get("tools");
        if (tools != null && !tools.isNull()) {
            String where = source + ": tools";
            object(tools, where, "an object with 'disabled' and 'fields'");
            checkKeys(tools, TOOL_KEYS, where);
            JsonNode off = tools.get("disabled");
            if (off != null) {
                if (!off.isArray()) {
                    throw new SchemaException(
                            where + ".disabled: expected a list of tool names, such as " + "[aggregate_graph_objects]");
                }
                for (int i = 0; i < off.size(); i++) {
                    String name = off.get(i).asText();
                    if (!off.get(i).isTextual() || !catalog.contains(name)) {
                        throw new SchemaException(where + ".disabled[" + i + "]: unknown tool '" + name + "'"
                                + didYouMean(name, catalog) + "; tools: " + String.join(", ", catalog));
                    }
                    disabled.add(name);
                }
            }
            JsonNode fields = tools.get("fields");
            if (fields != null) {
                object(fields, where + ".fields", "an object mapping Type.field to {modes, min, max, values}");
                for (Map.Entry<String, JsonNode> e : fields.properties()) {
                    rules.put(e.getKey(), readRule(e.getKey(), e.getValue(), where + ".fields." + e.getKey(), schema));
                }
            }
            if (tools.has("example")) {
                example = readExample(tools.get("example"), where + ".example", schema);
            }
        }
        return new ToolConfig(limits, Set.copyOf(disabled), Map.copyOf(rules), example);
    }

    private static Example readExample(JsonNode node, String where, Schema schema) {
        String expected = "an object {type, id} naming one object of your data, such as {type: Task, id: task-1}";
        object(node, where, expected);
        checkKeys(node, Set.of("type", "id"), where);
        if (!node.path("type").isTextual()
                || !node.path("id").isTextual()
                || node.get("id").textValue().isBlank()) {
            throw new SchemaException(where + ": expected " + expected);
        }
        String type = node.get("type").textValue();
        if (schema.type(type).isEmpty()) {
            throw new SchemaException(where + ".type: unknown type '" + type + "'"
                    + didYouMean(type, schema.typeNames()) + "; types: " + String.join(", ", schema.typeNames()));
        }
        return new Example(type, node.get("id").textValue());
    }

    private static Limits readLimits(JsonNode node, String where) {
        if (node == null || node.isNull()) {
            return null;
        }
        object(
                node,
                where,
                "an object with "
                        + String.join(", ", LIMIT_KEYS.stream().sorted().toList()));
        checkKeys(node, LIMIT_KEYS, where);
        Limits d = Limits.DEFAULTS;
        int defaultLimit = integer(node, "default_limit", d.defaultLimit(), where);
        int maxLimit = integer(node, "max_limit", Math.max(d.maxLimit(), defaultLimit), where);
        int budget = integer(node, "size_budget", d.sizeBudget(), where);
        int timeout = integer(
                node, "statement_timeout_seconds", (int) d.statementTimeout().toSeconds(), where);
        try {
            return new Limits(defaultLimit, maxLimit, d.filter(), budget, Duration.ofSeconds(timeout));
        } catch (IllegalArgumentException e) {
            throw new SchemaException(where + ": " + e.getMessage(), e);
        }
    }

    private static FieldRule readRule(String key, JsonNode node, String where, Schema schema) {
        int dot = key.indexOf('.');
        if (dot < 0) {
            throw new SchemaException(where + ": name the field as Type.field, such as Task.priority");
        }
        String typeName = key.substring(0, dot);
        String fieldName = key.substring(dot + 1);
        EntityType type = schema.type(typeName)
                .orElseThrow(() -> new SchemaException(where + ": unknown type '" + typeName + "'"
                        + didYouMean(typeName, schema.typeNames()) + "; types: "
                        + String.join(", ", schema.typeNames())));
        Field field = type.field(fieldName)
                .orElseThrow(() -> new SchemaException(where + ": " + typeName + " has no exposed field '"
                        + fieldName + "'" + didYouMean(fieldName, type.exposedFieldNames()) + "; fields: "
                        + String.join(", ", type.exposedFieldNames())));
        object(node, where, "an object with modes, min, max or values");
        checkKeys(node, RULE_KEYS, where);
        List<String> allowedModes = TypedSearch.modesFor(field.type());
        List<String> modes = null;
        if (node.has("modes")) {
            if (allowedModes.isEmpty()) {
                throw new SchemaException(
                        where + ".modes: " + field.type().jsonName() + " fields have no search modes; remove modes");
            }
            modes = strings(node.get("modes"), where + ".modes");
            for (String m : modes) {
                if (!allowedModes.contains(m)) {
                    throw new SchemaException(where + ".modes: '" + m + "' is not a mode of a "
                            + field.type().jsonName() + " field" + didYouMean(m, allowedModes) + "; use some of "
                            + String.join(", ", allowedModes));
                }
            }
            if (modes.isEmpty()) {
                throw new SchemaException(where + ".modes: give at least one mode, or disable the tool");
            }
        }
        BigDecimal min = number(node, "min", where, field);
        BigDecimal max = number(node, "max", where, field);
        if (min != null && max != null && min.compareTo(max) > 0) {
            throw new SchemaException(where + ": min (" + min + ") is greater than max (" + max + "); swap them");
        }
        List<String> values = null;
        if (node.has("values")) {
            if (field.type() != FieldType.ENUM) {
                throw new SchemaException(where + ".values: only enum fields take values; " + fieldName + " is "
                        + field.type().jsonName());
            }
            values = strings(node.get("values"), where + ".values");
            for (String v : values) {
                if (!field.values().contains(v)) {
                    throw new SchemaException(where + ".values: '" + v + "' is not a value of " + key
                            + didYouMean(v, field.values()) + "; values: " + String.join(", ", field.values()));
                }
            }
            if (values.isEmpty()) {
                throw new SchemaException(where + ".values: give at least one value");
            }
        }
        return new FieldRule(modes, min, max, values);
    }

    private static BigDecimal number(JsonNode node, String key, String where, Field field) {
        JsonNode v = node.get(key);
        if (v == null) {
            return null;
        }
        if (!field.type().isNumeric()) {
            throw new SchemaException(where + "." + key + ": min and max apply to number and integer fields; "
                    + field.name() + " is " + field.type().jsonName());
        }
        return Json.decimal(v)
                .orElseThrow(() -> new SchemaException(where + "." + key + ": must be a number, not " + v));
    }

    private static int integer(JsonNode node, String key, int fallback, String where) {
        JsonNode v = node.get(key);
        if (v == null) {
            return fallback;
        }
        if (!v.canConvertToInt() || !v.isIntegralNumber()) {
            throw new SchemaException(where + "." + key + ": must be a whole number, not " + v);
        }
        return v.intValue();
    }

    private static List<String> strings(JsonNode node, String where) {
        if (node == null || !node.isArray()) {
            throw new SchemaException(where + ": expected a list of strings");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode e : node) {
            if (!e.isTextual()) {
                throw new SchemaException(where + ": expected strings only; quote " + e);
            }
            out.add(e.textValue());
        }
        return List.copyOf(out);
    }

    private static void object(JsonNode node, String where, String expected) {
        if (!node.isObject()) {
            throw new SchemaException(where + ": expected " + expected);
        }
    }

    private static void checkKeys(JsonNode node, Set<String> allowed, String where) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!allowed.contains(key)) {
                throw new SchemaException(where + ": unknown key '" + key + "'"
                        + didYouMean(key, List.copyOf(allowed)) + "; allowed: "
                        + String.join(", ", allowed.stream().sorted().toList()));
            }
        }
    }

    private static String didYouMean(String name, List<String> candidates) {
        List<String> near = Suggestions.nearest(name, candidates, 1);
        return near.isEmpty() ? "" : " (did you mean '" + near.get(0) + "'?)";
    }
}
