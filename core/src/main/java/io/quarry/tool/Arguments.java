package io.quarry.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import io.quarry.error.QueryException;
import io.quarry.internal.CodePoints;
import io.quarry.internal.Json;
import io.quarry.internal.Suggestions;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A tool's input, read parameter by parameter with errors that name the parameter and say what it takes. */
final class Arguments {
    /**
     * Names models often use for a parameter, mapped to the parameters they may have meant, in order
     * of preference: the first that the tool has is suggested, so one table serves every tool,
     * including tools added later.
     */
    private static final Map<String, List<String>> SYNONYMS = synonyms(
            "properties: filter filters where conditions condition match props criteria query_filter predicate",
            "type: entity_type object_type kind table entity collection model class node_type table_name",
            "entity_type: type object_type kind table entity collection model class node_type table_name",
            "types: table_names tables entity_types type_names object_types",
            "relationship_type: type relationship relation rel_type rel edge_type relationship_name link_type relation_type "
                    + "edge link",
            "query: search text q keywords question topic term search_text full_text words search_query",
            "pattern: query search text q keywords term value substring regex search_text contains like",
            "upper_value: max max_value upper upper_bound to_value high end_value",
            "limit: max size page_size max_results top_k top count n k num_results num results per_page first "
                    + "max_count",
            "max_nodes: limit max size max_results count nodes",
            "value: min min_value lower lower_bound threshold number amount from_value low target",
            "operator: op comparison comparator operation cmp compare",
            "max_depth: depth levels hops max_level max_hops level radius",
            "detail: level verbose detail_level verbosity details",
            "sort: order order_by orderBy sort_by sorting sort_order",
            "cursor: page offset page_token next_cursor skip after start_cursor page_number",
            "related_to_id: related_to relatedTo linked_to connected_to neighbor_of related_id related linked_id "
                    + "neighbour_of",
            "case_sensitive: ignore_case case_insensitive caseSensitive insensitive match_case",
            "mode: match_type match_mode search_mode method kind_of_match",
            "start_datetime: from start since start_date from_date begin min_date after start_time",
            "end_datetime: to end until end_date to_date before max_date end_time",
            "datetime: date datetime_value time timestamp at on",
            "relative_period: period relative last range window time_range relative_time",
            "tolerance: tolerance_pct tolerance_percent margin epsilon delta",
            "round_to: round rounding round_value nearest",
            "values: value in options enum_values choices allowed_values values_in",
            "exclude: negate not invert exclude_values excluded negated is_not nin none_of",
            "group_by: group groupBy group_field grouping by group_by_field dimension partition_by bucket date_bucket "
                    + "granularity interval",
            "metrics: aggregations metric aggregates aggregation measures functions ops agg aggs stats",
            "field: property field_name attribute column");

    /** Words a model uses for "the object's id"; any name ending in {@code id} counts too. */
    private static final List<String> ID_WORDS =
            List.of("uuid", "key", "identifier", "root", "node", "object", "project", "entity", "task", "start");

    /** Values models use for a choice, mapped to the value they meant where the choice has it. */
    private static final Map<String, String> VALUE_SYNONYMS = Map.ofEntries(
            Map.entry("since", "after"),
            Map.entry("from", "after"),
            Map.entry("until", "before"),
            Map.entry("to", "before"),
            Map.entry("range", "between"),
            Map.entry("within", "between"),
            Map.entry("prefix", "starts_with"),
            Map.entry("suffix", "ends_with"),
            Map.entry("equals", "exact"),
            Map.entry("ascending", "asc"),
            Map.entry("descending", "desc"),
            Map.entry("eq", "equal"),
            Map.entry("=", "equal"),
            Map.entry(">", "gt"),
            Map.entry(">=", "gte"),
            Map.entry("<", "lt"),
            Map.entry("<=", "lte"),
            Map.entry("about", "approximately"),
            Map.entry("around", "approximately"),
            Map.entry("like", "contains"),
            Map.entry("wildcard", "glob"));

    private static Map<String, List<String>> synonyms(String... lines) {
        Map<String, List<String>> table = new java.util.LinkedHashMap<>();
        for (String line : lines) {
            int colon = line.indexOf(':');
            String meant = line.substring(0, colon);
            for (String wrong : line.substring(colon + 1).trim().split(" +")) {
                table.computeIfAbsent(wrong, k -> new ArrayList<>()).add(meant);
            }
        }
        return Map.copyOf(table);
    }

    /**
     * The parameter a wrong name most likely meant: a synonym the tool has, else a name near in
     * spelling, else, for an id-like name, the tool's only id parameter.
     */
    static Optional<String> meant(String name, List<String> parameters) {
        for (String candidate : SYNONYMS.getOrDefault(name, List.of())) {
            if (parameters.contains(candidate)) {
                return Optional.of(candidate);
            }
        }
        List<String> near = Suggestions.nearest(name, parameters, 1);
        if (!near.isEmpty()) {
            return Optional.of(near.get(0));
        }
        if (name.endsWith("s") && name.length() > 3) {
            Optional<String> singular = meant(name.substring(0, name.length() - 1), parameters);
            if (singular.isPresent()) {
                return singular;
            }
        }
        // results_per_page, maxResults: the first word of the name that is, or stands for, a parameter
        for (String word : name.replaceAll("([a-z])([A-Z])", "$1_$2")
                .toLowerCase(java.util.Locale.ROOT)
                .split("[_\\-\\s]+")) {
            if (word.length() > 1 && !word.equals(name)) {
                if (parameters.contains(word)) {
                    return Optional.of(word);
                }
                for (String candidate : SYNONYMS.getOrDefault(word, List.of())) {
                    if (parameters.contains(candidate)) {
                        return Optional.of(candidate);
                    }
                }
            }
        }
        String lower = name.toLowerCase(java.util.Locale.ROOT).replace("_", "");
        if (lower.equals("id")
                || name.endsWith("_id")
                || name.endsWith("Id")
                || name.endsWith("ID")
                || ID_WORDS.contains(lower)) {
            List<String> ids = parameters.stream()
                    .filter(p -> p.equals("id") || p.endsWith("_id"))
                    .toList();
            if (ids.size() == 1) {
                return Optional.of(ids.get(0));
            }
        }
        return Optional.empty();
    }

    /** At most this many code points of a wrong value are echoed in a message, as in filter errors. */
    private static final int ECHO = 60;

    /**
     * A value from the model as an error message echoes it: at most 60 code points, so that an
     * oversized id or name gets its own error, not one about the size of the answer.
     */
    static String echo(String value) {
        return CodePoints.abbreviate(String.valueOf(value), ECHO);
    }

    private final ObjectNode input;
    private final List<String> parameters;

    private Arguments(ObjectNode input, List<String> parameters) {
        this.input = input;
        this.parameters = parameters;
    }

    /**
     * Checks the input is an object with only known parameters.
     *
     * @throws QueryException {@code INVALID_OPERAND} for a non-object or an unknown parameter
     */
    static Arguments of(JsonNode input, List<String> parameters) {
        if (input == null || input.isNull() || input.isMissingNode()) {
            return new Arguments(Json.object(), parameters);
        }
        if (!input.isObject()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "",
                    "The tool input must be a JSON object.",
                    "Parameters: " + String.join(", ", parameters) + ".");
        }
        requireValidUnicode(input);
        List<QueryError> unknown = new ArrayList<>();
        for (Iterator<String> it = input.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!parameters.contains(name)) {
                Optional<String> meant = meant(name, parameters).filter(m -> !input.has(m));
                unknown.add(new QueryError(
                        ErrorCode.INVALID_OPERAND,
                        echo(name),
                        "Unknown parameter '" + echo(name) + "'.",
                        meant.map(m -> "Did you mean '" + m + "'? ")
                                        .orElse("This tool has nothing like '" + echo(name) + "'. ")
                                + "Parameters: "
                                + String.join(", ", parameters) + "."));
            }
        }
        if (!unknown.isEmpty()) {
            throw new QueryException(unknown);
        }
        return new Arguments((ObjectNode) input, parameters);
    }

    /**
     * Refuses text that is not valid Unicode anywhere in the input (a key or a string value, at any
     * depth): every string the model sends passes here before any other check reads it, so no store
     * sees a lone surrogate. The error names the path down to the last valid key and echoes nothing.
     *
     * @throws QueryException {@code INVALID_JSON}
     */
    static void requireValidUnicode(JsonNode input) {
        Deque<Map.Entry<JsonNode, String>> pending = new ArrayDeque<>();
        pending.push(Map.entry(input, ""));
        while (!pending.isEmpty()) {
            Map.Entry<JsonNode, String> next = pending.pop();
            JsonNode node = next.getKey();
            String path = next.getValue();
            if (node.isTextual() && !CodePoints.isValidUnicode(node.textValue())) {
                throw invalidUnicode(path);
            }
            if (node.isArray()) {
                for (int i = 0; i < node.size(); i++) {
                    pending.push(Map.entry(node.get(i), path + "[" + i + "]"));
                }
            }
            if (node.isObject()) {
                for (Map.Entry<String, JsonNode> e : node.properties()) {
                    if (!CodePoints.isValidUnicode(e.getKey())) {
                        throw invalidUnicode(path);
                    }
                    pending.push(
                            Map.entry(e.getValue(), path.isEmpty() ? echo(e.getKey()) : path + "." + echo(e.getKey())));
                }
            }
        }
    }

    private static QueryException invalidUnicode(String path) {
        return QueryException.of(
                ErrorCode.INVALID_JSON,
                path,
                "The tool input holds text that is not valid Unicode (a surrogate such as \\uD800 without its pair).",
                "Send every string as valid Unicode: remove the broken character or write the whole pair.");
    }

    /** The raw value of a parameter; empty when absent or null. */
    /** The whole input, checked by {@link #of}: a copy, for {@link ToolExtension}s that read it themselves. */
    ObjectNode json() {
        return input.deepCopy();
    }

    Optional<JsonNode> node(String name) {
        JsonNode v = input.get(name);
        return v == null || v.isNull() ? Optional.empty() : Optional.of(v);
    }

    Optional<String> string(String name) {
        Optional<JsonNode> v = node(name);
        if (v.isEmpty()) {
            return Optional.empty();
        }
        if (!v.get().isTextual()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    name,
                    "'" + name + "' must be a string.",
                    v.get().isObject() && parameters.contains("properties")
                            ? "'" + name + "' takes words; a filter object goes in 'properties': {\"properties\": "
                                    + Json.preview(v.get(), ECHO) + "}."
                            : v.get().isValueNode()
                                    ? "Write it in quotes: \"" + name + "\": "
                                            + Json.write(Json.MAPPER
                                                    .getNodeFactory()
                                                    .textNode(v.get().asText())) + "."
                                    : "Give one string, such as \"" + name + "\": \"...\".");
        }
        return Optional.of(v.get().textValue());
    }

    /** A boolean. */
    Optional<Boolean> bool(String name) {
        Optional<JsonNode> v = node(name);
        if (v.isEmpty()) {
            return Optional.empty();
        }
        if (!v.get().isBoolean()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    name,
                    "'" + name + "' must be true or false.",
                    "Write true or false without quotes.");
        }
        return Optional.of(v.get().booleanValue());
    }

    /** An exact decimal number. */
    Optional<BigDecimal> number(String name) {
        Optional<JsonNode> v = node(name);
        if (v.isEmpty()) {
            return Optional.empty();
        }
        Optional<BigDecimal> n = Json.decimal(v.get());
        if (n.isEmpty() && v.get().isNumber()) {
            // a number beyond the double range: the same answer as a filter value gets
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    name,
                    "The number " + Json.preview(v.get(), ECHO)
                            + " is outside the range of numbers that can be compared.",
                    "Use a number within the double range.");
        }
        if (n.isEmpty()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    name,
                    "'" + name + "' must be a number.",
                    v.get().isTextual() ? "Write it without quotes." : "Give one number, such as 10.");
        }
        return n;
    }

    /** A string that must be one of {@code allowed}. */
    Optional<String> choice(String name, List<String> allowed) {
        Optional<String> v = string(name);
        if (v.isPresent() && !allowed.contains(v.get())) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    name,
                    "'" + name + "' must be one of " + String.join(", ", allowed) + ", not '"
                            + CodePoints.abbreviate(v.get(), ECHO) + "'.",
                    Optional.ofNullable(VALUE_SYNONYMS.get(v.get().toLowerCase(java.util.Locale.ROOT)))
                            .filter(allowed::contains)
                            .map(List::of)
                            .orElse(io.quarry.internal.Suggestions.nearest(v.get(), allowed, 1))
                            .stream()
                            .map(n -> "Did you mean '" + n + "'?")
                            .findFirst()
                            .orElse("Use one of the values listed; they are exact and case-sensitive."));
        }
        return v;
    }

    /** A whole number within {@code [min, max]}. */
    Optional<Integer> integer(String name, int min, int max) {
        return integer(name, min, max, false);
    }

    /** The page size {@code limit}, from 1 to {@code max}: past it, the hint says to page with the cursor. */
    Optional<Integer> pageLimit(int max) {
        return integer("limit", 1, max, true);
    }

    private Optional<Integer> integer(String name, int min, int max, boolean paged) {
        Optional<JsonNode> v = node(name);
        if (v.isEmpty()) {
            return Optional.empty();
        }
        Optional<BigDecimal> n = Json.decimal(v.get());
        if (n.isEmpty() || n.get().stripTrailingZeros().scale() > 0) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    name,
                    "'" + name + "' must be a whole number.",
                    (v.get().isTextual()
                                            && io.quarry.internal.NumericLiteral.parse(
                                                            v.get().textValue())
                                                    .isPresent()
                                    ? "Write it without quotes: "
                                            + v.get().textValue().strip() + ". "
                                    : "")
                            + "Give a number from " + min + " to " + max + ".");
        }
        if (n.get().compareTo(BigDecimal.valueOf(min)) < 0 || n.get().compareTo(BigDecimal.valueOf(max)) > 0) {
            throw QueryException.of(
                    ErrorCode.LIMIT_EXCEEDED,
                    name,
                    "'" + name + "' must be from " + min + " to " + max + ", not "
                            + n.get().toPlainString() + ".",
                    max == min
                            ? "Use " + min + "."
                            : n.get().compareTo(BigDecimal.valueOf(min)) < 0
                                    ? "Give a number from " + min + " to " + max + "."
                                    : "Ask for at most " + max + (paged ? " and page with next_cursor." : "."));
        }
        return Optional.of(n.get().intValueExact());
    }

    /** An array of strings. */
    Optional<List<String>> strings(String name) {
        Optional<JsonNode> v = node(name);
        if (v.isEmpty()) {
            return Optional.empty();
        }
        if (!v.get().isArray()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    name,
                    "'" + name + "' must be an array of strings.",
                    v.get().isTextual()
                            ? "Write [" + Json.write(v.get()) + "]."
                            : "Give an array of strings, such as [\"a\", \"b\"].");
        }
        List<String> values = new ArrayList<>();
        for (int i = 0; i < v.get().size(); i++) {
            JsonNode e = v.get().get(i);
            if (!e.isTextual()) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        name + "[" + i + "]",
                        "'" + name + "' must hold strings only.",
                        "Quote each element, such as [\"a\", \"b\"].");
            }
            values.add(e.textValue());
        }
        return Optional.of(values);
    }
}
