package io.quarry.filter;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import io.quarry.error.QueryException;
import io.quarry.internal.CodePoints;
import io.quarry.internal.Json;
import io.quarry.internal.Suggestions;
import io.quarry.regex.PortableRegex;
import io.quarry.schema.Names;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Parses filter JSON into the {@link Filter} AST, checking the shape, operators, operands and limits
 * of the filter language. Every error carries the JSON path of the offending input; all errors found
 * are reported together, most specific first.
 *
 * <p>Parsing needs no schema: {@link FilterValidator} checks fields and types afterwards.
 */
public final class FilterParser {
    static final List<String> LOGICAL_OPERATORS = List.of("$and", "$or", "$nor");
    static final List<String> FIELD_OPERATORS = List.of(
            "$eq",
            "$ne",
            "$gt",
            "$gte",
            "$lt",
            "$lte",
            "$in",
            "$nin",
            "$exists",
            "$regex",
            "$contains",
            "$startsWith",
            "$endsWith",
            "$options",
            "$not",
            "$all",
            "$size");
    private static final String FIELD_OPERATOR_LIST = String.join(", ", FIELD_OPERATORS);
    private static final int MAX_PATH_SEGMENTS = 8;
    /** At most this many errors (and warnings) are reported, the first ones in document order. */
    static final int MAX_REPORTED = 10;
    /** How much of the input a message echoes: a model may send 100 kB. */
    private static final int PREVIEW = 60;

    private final FilterLimits limits;

    /** A parser enforcing these limits. */
    public FilterParser(FilterLimits limits) {
        this.limits = requireNonNull(limits, "limits");
    }

    /** A parser with the default limits of the filter language. */
    public static FilterParser withDefaults() {
        return new FilterParser(FilterLimits.DEFAULTS);
    }

    /**
     * Parses filter JSON text.
     *
     * @throws QueryException with {@link ErrorCode#INVALID_JSON} for malformed text, or the errors of
     *     {@link #parse(JsonNode, String)}
     */
    public Filter parse(String json) {
        JsonNode node;
        try {
            node = Json.parse(json);
        } catch (JsonProcessingException e) {
            throw QueryException.of(
                    ErrorCode.INVALID_JSON,
                    "",
                    "The filter is not valid JSON: " + Json.problem(e) + ".",
                    "Send a JSON object such as {\"status\": \"Done\", \"priority\": {\"$gt\": 5}}; {} matches everything.");
        }
        return parse(node, "");
    }

    /**
     * Parses a filter tree.
     *
     * @param filter the filter: a JSON object ({@code null} or a missing node is the empty filter)
     * @param basePath where the filter stands in the tool input, such as {@code properties}; error paths
     *     start with it
     * @throws QueryException when the filter breaks the language's rules or limits
     */
    public Filter parse(JsonNode filter, String basePath) {
        requireNonNull(basePath, "basePath");
        if (filter == null || filter.isMissingNode() || filter.isNull()) {
            return Filter.matchAll();
        }
        Run run = new Run();
        Filter result = run.filter(filter, basePath, 0);
        if (!run.errors.isEmpty()) {
            throw new QueryException(run.errors);
        }
        return result;
    }

    /**
     * Parses a field path as a filter key is parsed: a system field, {@code properties.<name>}, or a
     * dotted property path.
     *
     * @param key the path text
     * @param path where it stands in the tool input, for the error
     * @throws QueryException {@code UNKNOWN_FIELD} or {@code LIMIT_EXCEEDED}
     */
    public FieldPath parsePath(String key, String path) {
        Run run = new Run();
        FieldPath result = run.fieldPath(key, path);
        if (!run.errors.isEmpty()) {
            throw new QueryException(run.errors);
        }
        return result;
    }

    static String join(String base, String key) {
        return base.isEmpty() ? key : base + "." + key;
    }

    static String index(String base, int i) {
        return base + "[" + i + "]";
    }

    /** One parse: collects errors and keeps going, so the model sees every mistake at once. */
    private final class Run {
        final List<QueryError> errors = new ArrayList<>();
        /** Field conditions and values read so far in the whole filter, against the filter's caps. */
        int conditions;

        int values;
        boolean overCap;

        /** Counts one more field condition or value; past its cap, reports it once and says stop. */
        boolean overCap(boolean condition, String path) {
            int count = condition ? ++conditions : ++values;
            int max = condition ? limits.maxConditions() : limits.maxValues();
            if (count <= max) {
                return false;
            }
            if (!overCap) {
                overCap = true;
                error(
                        ErrorCode.LIMIT_EXCEEDED,
                        path,
                        condition
                                ? "The filter has more than " + max + " field conditions."
                                : "The filter has more than " + max + " values in all.",
                        "Ask a narrower question with fewer conditions, or split it into several queries.");
            }
            return true;
        }

        void error(ErrorCode code, String path, String message, String hint) {
            if (errors.size() < MAX_REPORTED) {
                errors.add(new QueryError(code, path, message, hint));
            }
        }

        Filter filter(JsonNode node, String path, int depth) {
            if (!node.isObject()) {
                error(
                        ErrorCode.INVALID_OPERAND,
                        path,
                        "A filter must be a JSON object, not " + describe(node) + ".",
                        "Write {\"field\": value}; {} matches everything.");
                return null;
            }
            List<Filter> parts = new ArrayList<>();
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                String key = e.getKey();
                String keyPath = join(path, key);
                if (!key.startsWith("$") && overCap(true, keyPath)) {
                    return null;
                }
                Filter part = key.startsWith("$")
                        ? logical(key, e.getValue(), keyPath, depth)
                        : condition(key, e.getValue(), keyPath, depth);
                if (part != null) {
                    parts.add(part);
                }
            }
            return parts.size() == 1 ? parts.get(0) : new Filter.And(parts);
        }

        Filter logical(String key, JsonNode value, String path, int depth) {
            if (!LOGICAL_OPERATORS.contains(key)) {
                String message;
                String hint;
                if (key.equals("$not")) {
                    message = "'$not' negates a field's operator expression, not a whole filter.";
                    hint = "To negate a filter use {\"$nor\": [filter]}; to negate a field condition use "
                            + "{\"field\": {\"$not\": {\"$gt\": 5}}}.";
                } else if (key.equals("$text") || key.equals("$search") || key.equals("$match")) {
                    message = "There is no '" + key + "' in a filter.";
                    hint = "Full-text search is the tool's 'query' parameter: {\"query\": \"auth login\"}, beside "
                            + "'properties' for field conditions.";
                } else if (FIELD_OPERATORS.contains(key)) {
                    message = "'" + key + "' must be inside a field, not at the filter level.";
                    hint = "Write {\"field\": {\"" + key + "\": value}}.";
                } else {
                    message = "Unknown operator '" + key + "' at the filter level.";
                    hint = didYouMean(key, LOGICAL_OPERATORS) + "Filter-level operators: $and, $or, $nor; "
                            + "field operators go inside a field: {\"field\": {\"$gt\": 5}}.";
                }
                error(ErrorCode.UNKNOWN_OPERATOR, path, message, hint);
                return null;
            }
            if (!value.isArray() || value.isEmpty()) {
                error(
                        ErrorCode.INVALID_OPERAND,
                        path,
                        "'" + key + "' takes a non-empty array of filters.",
                        "Write {\"" + key + "\": [{\"status\": \"Open\"}, {\"priority\": {\"$gt\": 5}}]}.");
                return null;
            }
            if (value.size() > limits.maxLogicalItems()) {
                error(
                        ErrorCode.LIMIT_EXCEEDED,
                        path,
                        "'" + key + "' has " + value.size() + " items; at most " + limits.maxLogicalItems()
                                + " are allowed.",
                        "Split the question or use $in for many values of one field.");
                return null;
            }
            if (depth + 1 > limits.maxDepth()) {
                error(
                        ErrorCode.LIMIT_EXCEEDED,
                        path,
                        "The filter nests logical operators more than " + limits.maxDepth() + " deep.",
                        "Flatten it: several keys in one object are already ANDed.");
                return null;
            }
            List<Filter> children = new ArrayList<>();
            for (int i = 0; i < value.size(); i++) {
                Filter child = filter(value.get(i), index(path, i), depth + 1);
                if (child != null) {
                    children.add(child);
                }
            }
            if (children.size() != value.size()) {
                return null;
            }
            return switch (key) {
                case "$and" -> new Filter.And(children);
                case "$or" -> new Filter.Or(children);
                default -> new Filter.Nor(children);
            };
        }

        Filter condition(String key, JsonNode value, String path, int depth) {
            FieldPath field = fieldPath(key, path);
            Predicate predicate = fieldValue(key, value, path, depth);
            if (field == null || predicate == null) {
                return null;
            }
            return new Filter.Condition(field, predicate, path);
        }

        FieldPath fieldPath(String key, String path) {
            List<String> segments = List.of(key.split("\\.", -1));
            for (String segment : segments) {
                if (!Names.isIdentifier(segment)) {
                    if (key.matches("[A-Za-z_][A-Za-z0-9_-]*(\\[\\d*]|\\.\\d+)")) {
                        String array = key.split("[\\[.]")[0];
                        error(
                                ErrorCode.UNKNOWN_FIELD,
                                path,
                                "'" + abbreviate(key) + "' is not a valid field name.",
                                "A condition on the array '" + array + "' matches any element: {\"" + array
                                        + "\": value}; there are no indexes.");
                        return null;
                    }
                    error(
                            ErrorCode.UNKNOWN_FIELD,
                            path,
                            "'" + abbreviate(key) + "' is not a valid field name.",
                            "Field names are letters, digits, '_' and '-', starting with a letter or '_', at most 64 "
                                    + "characters; nested fields are joined with dots, as in address.city.");
                    return null;
                }
            }
            boolean prefixed = segments.size() > 1 && segments.get(0).equals(FieldPath.PROPERTIES);
            List<String> names = prefixed ? segments.subList(1, segments.size()) : segments;
            if (names.size() > MAX_PATH_SEGMENTS) {
                error(
                        ErrorCode.LIMIT_EXCEEDED,
                        path,
                        "Field path '" + abbreviate(key) + "' has " + names.size() + " segments; at most "
                                + MAX_PATH_SEGMENTS + " are allowed.",
                        "Filter on a field nearer the top of the object, such as '"
                                + abbreviate(String.join(".", names.subList(0, MAX_PATH_SEGMENTS))) + "'.");
                return null;
            }
            if (!prefixed && Names.isSystemField(names.get(0))) {
                if (names.size() == 1) {
                    return FieldPath.systemField(key);
                }
                error(
                        ErrorCode.UNKNOWN_FIELD,
                        path,
                        "'" + names.get(0) + "' is a system field and has no nested fields.",
                        "To reach a property named '" + names.get(0) + "', write 'properties." + key + "'.");
                return null;
            }
            return new FieldPath(false, names);
        }

        Predicate fieldValue(String field, JsonNode value, String path, int depth) {
            if (value.isArray()) {
                error(
                        ErrorCode.INVALID_OPERAND,
                        path,
                        "An array is not a value to compare with.",
                        "To match any of several values use $in: {\"" + field + "\": {\"$in\": "
                                + Json.preview(value, PREVIEW)
                                + "}}; to require all of them in an array field use $all.");
                return null;
            }
            if (!value.isObject()) {
                if (overCap(false, path)) {
                    return null;
                }
                Value v = scalar(value, path, "$eq");
                return v == null ? null : new Predicate.Compare(CompareOp.EQ, v);
            }
            return expression(field, value, path, depth, true);
        }

        /** An operator expression: an object whose keys all start with {@code $}. */
        Predicate expression(String field, JsonNode value, String path, int depth, boolean atField) {
            if (value.isEmpty()) {
                error(
                        ErrorCode.INVALID_OPERAND,
                        path,
                        "An empty object is not a condition.",
                        "Give a value ({\"" + field + "\": \"x\"}) or an operator such as {\"$exists\": true}.");
                return null;
            }
            List<String> operators = new ArrayList<>();
            List<String> plain = new ArrayList<>();
            value.fieldNames().forEachRemaining(k -> (k.startsWith("$") ? operators : plain).add(k));
            if (!plain.isEmpty()
                    && plain.stream().allMatch(k -> SqlHabits.operator(k).isPresent() || isBetween(k) || isLike(k))) {
                for (String k : plain) {
                    error(
                            ErrorCode.UNKNOWN_OPERATOR,
                            join(path, k),
                            "'" + abbreviate(k) + "' is not an operator; operators start with $.",
                            operatorHint(field, k, value.get(k)));
                }
                return null;
            }
            if (!plain.isEmpty()) {
                if (!operators.isEmpty()) {
                    error(
                            ErrorCode.INVALID_OPERAND,
                            path,
                            "The value of '" + field + "' mixes operators (" + String.join(", ", operators)
                                    + ") with plain keys (" + String.join(", ", plain) + ").",
                            "Use only operators, as in {\"$gte\": 1, \"$lt\": 5}, or a dotted path for a nested field: {\""
                                    + field + "." + plain.get(0) + "\": ...}.");
                } else if (atField) {
                    error(
                            ErrorCode.INVALID_OPERAND,
                            path,
                            "A plain object is not a value to compare with.",
                            "To match a nested field use a dotted path: {\"" + field + "." + plain.get(0) + "\": "
                                    + Json.preview(value.get(plain.get(0)), PREVIEW) + "}.");
                } else {
                    error(
                            ErrorCode.INVALID_OPERAND,
                            path,
                            "'$not' takes an operator expression.",
                            "Write {\"" + field + "\": {\"$not\": {\"$eq\": \"x\"}}}.");
                }
                return null;
            }
            boolean ignoreCase = false;
            JsonNode options = value.get("$options");
            if (options != null) {
                ignoreCase = options(options, join(path, "$options"), value);
            }
            List<Predicate> predicates = new ArrayList<>();
            boolean failed = false;
            for (String op : operators) {
                if (op.equals("$options")) {
                    continue;
                }
                Predicate p = operator(field, op, value.get(op), join(path, op), depth, ignoreCase);
                if (p == null) {
                    failed = true;
                } else {
                    predicates.add(p);
                }
            }
            if (failed || predicates.isEmpty()) {
                return null;
            }
            return predicates.size() == 1 ? predicates.get(0) : new Predicate.Every(predicates);
        }

        boolean options(JsonNode options, String path, JsonNode expression) {
            boolean hasStringOperator = expression.has("$regex")
                    || expression.has("$contains")
                    || expression.has("$startsWith")
                    || expression.has("$endsWith");
            if (!options.isTextual()
                    || !(options.asText().equals("i") || options.asText().isEmpty())) {
                error(
                        ErrorCode.INVALID_OPERAND,
                        path,
                        "'$options' must be \"i\" (case-insensitive) or \"\".",
                        "Only case-insensitivity is supported: {\"$regex\": \"^auth\", \"$options\": \"i\"}.");
                return false;
            }
            if (!hasStringOperator) {
                error(
                        ErrorCode.INVALID_OPERAND,
                        path,
                        "'$options' only applies beside $regex, $contains, $startsWith or $endsWith.",
                        "Write {\"$contains\": \"auth\", \"$options\": \"i\"}.");
                return false;
            }
            return options.asText().equals("i");
        }

        Predicate operator(String field, String op, JsonNode operand, String path, int depth, boolean ignoreCase) {
            switch (op) {
                case "$eq":
                    return compare(CompareOp.EQ, operand, path, field);
                case "$ne": {
                    Predicate eq = compare(CompareOp.EQ, operand, path, field);
                    return eq == null ? null : new Predicate.Not(eq);
                }
                case "$gt":
                    return compare(CompareOp.GT, operand, path, field);
                case "$gte":
                    return compare(CompareOp.GTE, operand, path, field);
                case "$lt":
                    return compare(CompareOp.LT, operand, path, field);
                case "$lte":
                    return compare(CompareOp.LTE, operand, path, field);
                case "$in": {
                    List<Value> values = list(op, operand, path, limits.maxInItems(), 0);
                    return values == null ? null : new Predicate.In(values);
                }
                case "$nin": {
                    List<Value> values = list(op, operand, path, limits.maxInItems(), 0);
                    return values == null ? null : new Predicate.Not(new Predicate.In(values));
                }
                case "$all": {
                    List<Value> values = list(op, operand, path, limits.maxAllItems(), 1);
                    return values == null ? null : new Predicate.All(values);
                }
                case "$exists":
                    if (!operand.isBoolean()) {
                        error(
                                ErrorCode.INVALID_OPERAND,
                                path,
                                "'$exists' takes true or false, not " + describe(operand) + ".",
                                "Write {\"" + field + "\": {\"$exists\": true}}.");
                        return null;
                    }
                    return new Predicate.Exists(operand.booleanValue());
                case "$size":
                    return size(operand, path);
                case "$regex":
                    return regex(operand, path, ignoreCase);
                case "$contains":
                    return match(MatchOp.CONTAINS, operand, path, ignoreCase);
                case "$startsWith":
                    return match(MatchOp.STARTS_WITH, operand, path, ignoreCase);
                case "$endsWith":
                    return match(MatchOp.ENDS_WITH, operand, path, ignoreCase);
                case "$not": {
                    if (!operand.isObject()) {
                        error(
                                ErrorCode.INVALID_OPERAND,
                                path,
                                "'$not' takes an operator expression, not " + describe(operand) + ".",
                                operand.isArray()
                                        ? "For none of several values write {\"" + field + "\": {\"$nin\": "
                                                + Json.preview(operand, PREVIEW) + "}}."
                                        : operand.isValueNode()
                                                ? "For not equal write {\"" + field + "\": {\"$ne\": "
                                                        + Json.preview(operand, PREVIEW) + "}}."
                                                : "Write {\"" + field + "\": {\"$not\": {\"$regex\": \"^test\"}}}.");
                        return null;
                    }
                    if (depth + 1 > limits.maxDepth()) {
                        error(
                                ErrorCode.LIMIT_EXCEEDED,
                                path,
                                "The filter nests logical operators more than " + limits.maxDepth() + " deep.",
                                "Simplify the negations.");
                        return null;
                    }
                    Predicate inner = expression(field, operand, path, depth + 1, false);
                    return inner == null ? null : new Predicate.Not(inner);
                }
                default:
                    unknownFieldOperator(field, op, operand, path);
                    return null;
            }
        }

        void unknownFieldOperator(String field, String op, JsonNode operand, String path) {
            if (LOGICAL_OPERATORS.contains(op)) {
                String in = op.equals("$nor") ? "$nin" : "$in";
                error(
                        ErrorCode.UNKNOWN_OPERATOR,
                        path,
                        "'" + op + "' goes at the filter level, not inside field '" + field + "'.",
                        "For several values of one field write {\"" + field + "\": {\"" + in
                                + "\": [\"a\", \"b\"]}}; or {\"" + op + "\": [{\"" + field + "\": \"a\"}, {\"" + field
                                + "\": \"b\"}]}.");
                return;
            }
            if (isBetween(op) || isLike(op) || SqlHabits.operator(op).isPresent()) {
                error(
                        ErrorCode.UNKNOWN_OPERATOR,
                        path,
                        "Unknown operator '" + op + "'.",
                        operatorHint(field, op, operand));
                return;
            }
            String hint =
                    switch (op) {
                        case "$elemMatch" ->
                            "Operators already match any element of an array: {\"" + field + "\": \"x\"}. ";
                        case "$type" -> "Use $exists, or compare with a value of the type you expect. ";
                        case "$neq", "$not_eq" -> "Did you mean '$ne'? ";
                        default -> didYouMean(op, FIELD_OPERATORS);
                    };
            error(
                    ErrorCode.UNKNOWN_OPERATOR,
                    path,
                    "Unknown operator '" + op + "'.",
                    hint + "Field operators: " + FIELD_OPERATOR_LIST + ".");
        }

        /** The operator a SQL or symbol key meant, written out with the model's own operand. */
        String operatorHint(String field, String key, JsonNode operand) {
            if (isBetween(key)) {
                JsonNode lo = operand.isArray() && operand.size() == 2 ? operand.get(0) : null;
                JsonNode hi = lo == null ? null : operand.get(1);
                return "A range is two operators: {\"" + field + "\": {\"$gte\": " + (lo == null ? "1" : Json.write(lo))
                        + ", \"$lte\": " + (hi == null ? "5" : Json.write(hi)) + "}} (both ends included).";
            }
            if (isLike(key)) {
                String pattern = operand.isTextual() ? operand.asText() : "%text%";
                boolean start = pattern.startsWith("%");
                boolean end = pattern.endsWith("%");
                String literal = pattern.replaceAll("^%+|%+$", "");
                String op = start && end ? "$contains" : end ? "$startsWith" : start ? "$endsWith" : "$eq";
                return "There is no LIKE: write {\"" + field + "\": {\"" + op + "\": "
                        + Json.write(Json.MAPPER.getNodeFactory().textNode(literal)) + ", \"$options\": \"i\"}}"
                        + " ($contains, $startsWith and $endsWith take the text without %).";
            }
            String op = SqlHabits.operator(key).orElseThrow();
            return (key.startsWith("$") ? "Did you mean '" + op + "'? " : "") + "Write {\"" + field + "\": {\"" + op
                    + "\": " + Json.preview(operand, PREVIEW) + "}}.";
        }

        Predicate compare(CompareOp op, JsonNode operand, String path, String field) {
            if (operand.isArray()) {
                error(
                        ErrorCode.INVALID_OPERAND,
                        path,
                        "'" + op.operator() + "' takes one value, not an array.",
                        op == CompareOp.EQ
                                ? "To match any of several values use {\"" + field + "\": {\"$in\": "
                                        + Json.preview(operand, PREVIEW) + "}}."
                                : "Give a single number, string or date.");
                return null;
            }
            if (op != CompareOp.EQ && !(operand.isNumber() || operand.isTextual())) {
                error(
                        ErrorCode.INVALID_OPERAND,
                        path,
                        "'" + op.operator() + "' compares numbers, strings and dates, not " + describe(operand) + ".",
                        "Write {\"" + field + "\": {\"" + op.operator() + "\": 5}} or a date such as \"2024-01-31\".");
                return null;
            }
            if (overCap(false, path)) {
                return null;
            }
            Value v = scalar(operand, path, op.operator());
            return v == null ? null : new Predicate.Compare(op, v);
        }

        List<Value> list(String op, JsonNode operand, String path, int max, int min) {
            if (operand.isTextual() && SqlHabits.list(operand.asText()).size() > 1) {
                error(
                        ErrorCode.INVALID_OPERAND,
                        path,
                        "'" + op + "' takes a JSON array of values, not a string listing them.",
                        "Write {\"" + op + "\": " + SqlHabits.jsonList(SqlHabits.list(operand.asText())) + "}.");
                return null;
            }
            if (!operand.isArray()) {
                error(
                        ErrorCode.INVALID_OPERAND,
                        path,
                        "'" + op + "' takes an array of values, not " + describe(operand) + ".",
                        "Write {\"" + op + "\": ["
                                + (operand.isContainerNode() ? "\"a\", \"b\"" : Json.preview(operand, PREVIEW))
                                + "]}.");
                return null;
            }
            if (operand.size() < min) {
                error(
                        ErrorCode.INVALID_OPERAND,
                        path,
                        "'" + op + "' needs at least " + min + " value.",
                        "Write {\"" + op + "\": [\"a\", \"b\"]}.");
                return null;
            }
            if (operand.size() > max) {
                error(
                        ErrorCode.LIMIT_EXCEEDED,
                        path,
                        "'" + op + "' has " + operand.size() + " values; at most " + max + " are allowed.",
                        "Narrow the question, or split it into several queries.");
                return null;
            }
            List<Value> values = new ArrayList<>();
            boolean failed = false;
            for (int i = 0; i < operand.size(); i++) {
                if (overCap(false, index(path, i))) {
                    return null;
                }
                Value v = scalar(operand.get(i), index(path, i), op);
                if (v == null) {
                    failed = true;
                } else {
                    values.add(v);
                }
            }
            return failed ? null : values;
        }

        Predicate size(JsonNode operand, String path) {
            Optional<BigDecimal> n = Json.decimal(operand);
            if (n.isEmpty()
                    || n.get().signum() < 0
                    || n.get().stripTrailingZeros().scale() > 0) {
                error(
                        ErrorCode.INVALID_OPERAND,
                        path,
                        "'$size' takes a whole number >= 0, not " + describe(operand) + ".",
                        "Write {\"$size\": 2} for an array of exactly two elements.");
                return null;
            }
            if (n.get().compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
                error(
                        ErrorCode.LIMIT_EXCEEDED,
                        path,
                        "'$size' is larger than any array can be.",
                        "Give the number of elements the array must have, such as {\"$size\": 2}.");
                return null;
            }
            return new Predicate.Size(n.get().intValueExact());
        }

        Predicate regex(JsonNode operand, String path, boolean ignoreCase) {
            if (!operand.isTextual()) {
                error(
                        ErrorCode.INVALID_OPERAND,
                        path,
                        "'$regex' takes a pattern string, not " + describe(operand) + ".",
                        "Write {\"$regex\": \"^auth\", \"$options\": \"i\"}.");
                return null;
            }
            String pattern = operand.asText();
            if (CodePoints.length(pattern) > limits.maxPatternLength()) {
                error(
                        ErrorCode.LIMIT_EXCEEDED,
                        path,
                        "The pattern has " + CodePoints.length(pattern) + " characters; at most "
                                + limits.maxPatternLength() + " are allowed.",
                        "Use a shorter pattern.");
                return null;
            }
            Optional<String> violation = PortableRegex.violation(pattern);
            if (violation.isPresent()) {
                error(
                        ErrorCode.INVALID_REGEX,
                        path,
                        "The pattern is outside the portable subset: " + violation.get(),
                        (pattern.startsWith("(?i)") ? "Drop (?i) and add \"$options\": \"i\" beside $regex. " : "")
                                + "Portable patterns use literals, ., [...] classes, \\d \\w \\s, ^ $, groups, | and the quantifiers "
                                + "* + ? {m,n}; for a literal substring use $contains.");
                return null;
            }
            return new Predicate.Regex(pattern, ignoreCase);
        }

        Predicate match(MatchOp op, JsonNode operand, String path, boolean ignoreCase) {
            if (!operand.isTextual() || operand.asText().isEmpty()) {
                error(
                        ErrorCode.INVALID_OPERAND,
                        path,
                        "'" + op.operator() + "' takes a non-empty string, not " + describe(operand) + ".",
                        operand.isArray()
                                ? "For array elements write {\"$all\": " + Json.preview(operand, PREVIEW)
                                        + "} (every one) or {\"$in\": [...]} (any); a plain value matches any element."
                                : "Write {\"" + op.operator() + "\": \"auth\"}.");
                return null;
            }
            String literal = operand.asText();
            if (CodePoints.length(literal) > limits.maxPatternLength()) {
                error(
                        ErrorCode.LIMIT_EXCEEDED,
                        path,
                        "The string has " + CodePoints.length(literal) + " characters; at most "
                                + limits.maxPatternLength() + " are allowed.",
                        "Use a shorter string.");
                return null;
            }
            return new Predicate.Match(op, literal, ignoreCase);
        }

        Value scalar(JsonNode node, String path, String op) {
            if (node.isNull()) {
                return Value.nul();
            }
            if (node.isBoolean()) {
                return Value.of(node.booleanValue());
            }
            if (node.isTextual()) {
                int length = CodePoints.length(node.textValue());
                if (length > FilterLimits.MAX_VALUE_LENGTH) {
                    error(
                            ErrorCode.LIMIT_EXCEEDED,
                            path,
                            "The string has " + length + " characters; at most " + FilterLimits.MAX_VALUE_LENGTH
                                    + " are allowed in a filter value.",
                            "Compare a shorter, distinctive part with $startsWith or $contains.");
                    return null;
                }
                return Value.of(node.textValue());
            }
            if (node.isNumber()) {
                Optional<BigDecimal> n = Json.decimal(node);
                if (n.isEmpty()) {
                    error(
                            ErrorCode.INVALID_OPERAND,
                            path,
                            "The number " + Json.preview(node, PREVIEW)
                                    + " is outside the range of numbers that can be compared.",
                            "Use a number within the double range.");
                    return null;
                }
                return Value.of(n.get());
            }
            error(
                    ErrorCode.INVALID_OPERAND,
                    path,
                    "'" + op + "' takes a string, number, boolean or null here, not " + describe(node) + ".",
                    node.isArray()
                            ? "To match any of several values use $in."
                            : "Use a dotted path to compare a nested field.");
            return null;
        }
    }

    static boolean isBetween(String key) {
        return key.equalsIgnoreCase("between") || key.equalsIgnoreCase("$between");
    }

    static boolean isLike(String key) {
        String k = key.toLowerCase(java.util.Locale.ROOT);
        return k.equals("like") || k.equals("ilike") || k.equals("$like") || k.equals("$ilike");
    }

    static String didYouMean(String input, List<String> candidates) {
        List<String> near = Suggestions.nearest(input, candidates, 1);
        return near.isEmpty() ? "" : "Did you mean '" + near.get(0) + "'? ";
    }

    /** Input echoed in a message is cut to a readable length: a model may send 100 kB. */
    static String abbreviate(String text) {
        return CodePoints.abbreviate(text, PREVIEW);
    }

    /** The first few keys, abbreviated, for a message that must stay short however many there are. */
    static String names(List<String> keys) {
        List<String> shown =
                keys.stream().limit(5).map(FilterParser::abbreviate).toList();
        return String.join(", ", shown) + (keys.size() > shown.size() ? ", …" : "");
    }

    static String describe(JsonNode node) {
        if (node.isObject()) {
            return "an object";
        }
        if (node.isArray()) {
            return "an array";
        }
        if (node.isTextual()) {
            return "the string " + Json.preview(node, PREVIEW);
        }
        if (node.isNull()) {
            return "null";
        }
        return (node.isBoolean() ? "the boolean " : "the number ") + Json.preview(node, PREVIEW);
    }
}
