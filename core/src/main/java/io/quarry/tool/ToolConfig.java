package io.quarry.tool;

import io.quarry.config.ConfigException;
import io.quarry.config.ConfigNode;
import io.quarry.config.QuarryConfig;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Schema;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code limits} and {@code tools} sections of a configuration file, read from the checked tree
 * of {@link QuarryConfig} and checked against the schema and the catalog when the toolkit is built;
 * every error is a {@link ConfigException} that names the entry and says what to change.
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
    private static final Set<String> TOOL_KEYS = Set.of("disabled", "fields", "example", "readonly_sql");
    private static final Set<String> RULE_KEYS = Set.of("modes", "min", "max", "values");

    /** The empty configuration: every tool on, no field rules, the default limits. */
    static final ToolConfig NONE = new ToolConfig(null, Set.of(), Map.of(), null, Set.of());

    final Limits limits;
    final Set<String> disabled;
    final Map<String, FieldRule> rules;
    /** The object the descriptions' example calls name, or {@code null}. */
    final Example example;
    /** The dialects on which {@code run_readonly_sql} is on ({@code tools.readonly_sql}); empty: off. */
    final Set<String> readonlySql;

    private ToolConfig(
            Limits limits,
            Set<String> disabled,
            Map<String, FieldRule> rules,
            Example example,
            Set<String> readonlySql) {
        this.limits = limits;
        this.disabled = disabled;
        this.rules = rules;
        this.example = example;
        this.readonlySql = readonlySql;
    }

    /** The dialect names {@code tools.readonly_sql} may list. */
    static final List<String> DIALECTS = List.of("h2", "sqlite", "postgres", "mysql", "mariadb");

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

    /** The rule of {@code type.field}, if configured. */
    Optional<FieldRule> rule(String type, String field) {
        return Optional.ofNullable(rules.get(type + "." + field));
    }

    /**
     * Reads the {@code tools} and {@code limits} sections of a configuration.
     *
     * @param schema the toolkit's schema, which the field rules and the example name
     * @param catalog every tool name the toolkit knows
     * @throws ConfigException naming the entry and what to change
     */
    static ToolConfig read(QuarryConfig config, Schema schema, List<String> catalog) {
        Limits limits = config.limits().map(ToolConfig::readLimits).orElse(null);
        Set<String> disabled = new LinkedHashSet<>();
        Map<String, FieldRule> rules = new LinkedHashMap<>();
        Example example = null;
        Set<String> readonlySql = new LinkedHashSet<>();
        ConfigNode tools = config.tools().orElse(null);
        if (tools != null) {
            tools.keys(TOOL_KEYS);
            for (ConfigNode off : tools.get("disabled")
                    .map(n -> n.items("write a list of tool names, such as [aggregate_graph_objects]"))
                    .orElse(List.of())) {
                disabled.add(off.oneOf(catalog, "tool", "tools: "));
            }
            for (Map.Entry<String, ConfigNode> e : tools.get("fields")
                    .map(n -> n.entries("map Type.field to {modes, min, max, values}"))
                    .orElse(Map.of())
                    .entrySet()) {
                rules.put(e.getKey(), readRule(e.getKey(), e.getValue(), schema));
            }
            if (tools.has("example")) {
                example = readExample(tools.get("example").orElseThrow(), schema);
            }
            for (ConfigNode dialect : tools.get("readonly_sql")
                    .map(n -> n.items("write a list of dialects run_readonly_sql is on for, such as [postgres]"))
                    .orElse(List.of())) {
                readonlySql.add(dialect.oneOf(DIALECTS, "dialect", "dialects: "));
            }
        }
        return new ToolConfig(limits, Set.copyOf(disabled), Map.copyOf(rules), example, Set.copyOf(readonlySql));
    }

    private static Example readExample(ConfigNode node, Schema schema) {
        String expected = "give {type, id} naming one object of your data, such as {type: Task, id: task-1}";
        node.object(expected).keys(Set.of("type", "id"));
        String type = node.require("type", expected).oneOf(schema.typeNames(), "type", "types: ");
        ConfigNode idNode = node.require("id", expected);
        String id = idNode.text("write the id as a string, quoting a number");
        if (id.isBlank()) {
            throw idNode.error("is blank", "give the id of one object of your data");
        }
        return new Example(type, id);
    }

    /**
     * The limits: every key optional, the defaults for the others; a default limit not given is
     * lowered to the max limit, a max limit not given raised to the default limit.
     */
    private static Limits readLimits(ConfigNode node) {
        node.keys(LIMIT_KEYS);
        Limits.Builder b = Limits.builder();
        limit(node, "default_limit", 1).map(n -> page(node, "default_limit", n)).ifPresent(b::defaultLimit);
        limit(node, "max_limit", 1).map(n -> page(node, "max_limit", n)).ifPresent(b::maxLimit);
        limit(node, "size_budget", Limits.MIN_SIZE_BUDGET).ifPresent(b::sizeBudget);
        limit(node, "statement_timeout_seconds", 1).ifPresent(s -> b.statementTimeout(Duration.ofSeconds(s)));
        if (node.has("default_limit") && node.has("max_limit")) {
            int defaultLimit = limit(node, "default_limit", 1).orElseThrow();
            int maxLimit = limit(node, "max_limit", 1).orElseThrow();
            if (defaultLimit > maxLimit) {
                throw node.error(
                        "default_limit (" + defaultLimit + ") is greater than max_limit (" + maxLimit + ")",
                        "lower default_limit or raise max_limit");
            }
        }
        return b.build();
    }

    /** A page size of at most {@link Limits#MAX_PAGE}: tools fetch one more row than a page. */
    private static int page(ConfigNode node, String key, int n) {
        if (n > Limits.MAX_PAGE) {
            throw node.get(key)
                    .orElseThrow()
                    .error(
                            "expected a whole number of at most " + Limits.MAX_PAGE + ", found " + n,
                            "lower it to " + Limits.MAX_PAGE);
        }
        return n;
    }

    private static Optional<Integer> limit(ConfigNode node, String key, int least) {
        return node.get(key).map(n -> n.wholeNumber(least));
    }

    private static FieldRule readRule(String key, ConfigNode node, Schema schema) {
        int dot = key.indexOf('.');
        if (dot < 0) {
            throw node.error("'" + key + "' names no type", "name the field as Type.field, such as Task.priority");
        }
        String typeName = key.substring(0, dot);
        String fieldName = key.substring(dot + 1);
        EntityType type = schema.type(typeName)
                .orElseThrow(() -> node.error(
                        "unknown type '" + typeName + "'" + ConfigNode.didYouMean(typeName, schema.typeNames()),
                        "types: " + String.join(", ", schema.typeNames())));
        Field field = type.field(fieldName)
                .orElseThrow(() -> node.error(
                        typeName + " has no exposed field '" + fieldName + "'"
                                + ConfigNode.didYouMean(fieldName, type.exposedFieldNames()),
                        "fields: " + String.join(", ", type.exposedFieldNames())));
        node.object("give modes, min, max or values").keys(RULE_KEYS);
        List<String> allowedModes = TypedSearch.modesFor(field.type());
        List<String> modes = null;
        if (node.has("modes")) {
            ConfigNode modesNode = node.get("modes").orElseThrow();
            if (allowedModes.isEmpty()) {
                throw modesNode.error(field.type().jsonName() + " fields have no search modes", "remove modes");
            }
            modes = modesNode.strings("write a list of modes");
            for (String m : modes) {
                if (!allowedModes.contains(m)) {
                    throw modesNode.error(
                            "'" + m + "' is not a mode of a " + field.type().jsonName() + " field"
                                    + ConfigNode.didYouMean(m, allowedModes),
                            "use some of " + String.join(", ", allowedModes));
                }
            }
            if (modes.isEmpty()) {
                throw modesNode.error("is empty", "give at least one mode, or disable the tool");
            }
        }
        BigDecimal min = number(node, "min", field);
        BigDecimal max = number(node, "max", field);
        if (min != null && max != null && min.compareTo(max) > 0) {
            throw node.error("min (" + min + ") is greater than max (" + max + ")", "swap them");
        }
        List<String> values = null;
        if (node.has("values")) {
            ConfigNode valuesNode = node.get("values").orElseThrow();
            if (field.type() != FieldType.ENUM) {
                throw valuesNode.error(
                        "only enum fields take values; " + fieldName + " is "
                                + field.type().jsonName(),
                        "remove values");
            }
            values = valuesNode.strings("write a list of the enum's values");
            for (String v : values) {
                if (!field.values().contains(v)) {
                    throw valuesNode.error(
                            "'" + v + "' is not a value of " + key + ConfigNode.didYouMean(v, field.values()),
                            "values: " + String.join(", ", field.values()));
                }
            }
            if (values.isEmpty()) {
                throw valuesNode.error("is empty", "give at least one value");
            }
        }
        return new FieldRule(modes, min, max, values);
    }

    private static BigDecimal number(ConfigNode node, String key, Field field) {
        ConfigNode v = node.get(key).orElse(null);
        if (v == null) {
            return null;
        }
        if (!field.type().isNumeric()) {
            throw v.error(
                    "min and max apply to number and integer fields; " + field.name() + " is "
                            + field.type().jsonName(),
                    "remove " + key);
        }
        return v.number("write a number");
    }
}
