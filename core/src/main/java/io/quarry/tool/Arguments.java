package io.quarry.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
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
    /** Names models often use for a parameter, mapped to the parameter they meant. */
    private static final Map<String, String> SYNONYMS = Map.ofEntries(
            Map.entry("filter", "properties"),
            Map.entry("filters", "properties"),
            Map.entry("where", "properties"),
            Map.entry("conditions", "properties"),
            Map.entry("entity_type", "type"),
            Map.entry("object_type", "type"),
            Map.entry("kind", "type"),
            Map.entry("search", "query"),
            Map.entry("text", "query"),
            Map.entry("q", "query"),
            Map.entry("page_size", "limit"),
            Map.entry("max_results", "limit"),
            Map.entry("top_k", "limit"),
            Map.entry("order_by", "sort"),
            Map.entry("orderBy", "sort"),
            Map.entry("next_cursor", "cursor"),
            Map.entry("page_token", "cursor"));

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

    private Arguments(ObjectNode input) {
        this.input = input;
    }

    /**
     * Checks the input is an object with only known parameters.
     *
     * @throws QueryException {@code INVALID_OPERAND} for a non-object or an unknown parameter
     */
    static Arguments of(JsonNode input, List<String> parameters) {
        if (input == null || input.isNull() || input.isMissingNode()) {
            return new Arguments(Json.object());
        }
        if (!input.isObject()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "",
                    "The tool input must be a JSON object.",
                    "Parameters: " + String.join(", ", parameters) + ".");
        }
        requireValidUnicode(input);
        for (Iterator<String> it = input.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!parameters.contains(name)) {
                String meant = SYNONYMS.get(name);
                List<String> near = meant != null && parameters.contains(meant)
                        ? List.of(meant)
                        : Suggestions.nearest(name, parameters, 1);
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        echo(name),
                        "Unknown parameter '" + echo(name) + "'.",
                        (near.isEmpty() ? "" : "Did you mean '" + near.get(0) + "'? ") + "Parameters: "
                                + String.join(", ", parameters) + ".");
            }
        }
        return new Arguments((ObjectNode) input);
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
                    v.get().isValueNode()
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
                    io.quarry.internal.Suggestions.nearest(v.get(), allowed, 1).stream()
                            .map(n -> "Did you mean '" + n + "'?")
                            .findFirst()
                            .orElse("Use one of the values listed; they are exact and case-sensitive."));
        }
        return v;
    }

    /** A whole number within {@code [min, max]}. */
    Optional<Integer> integer(String name, int min, int max) {
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
                    "Give a number from " + min + " to " + max + ".");
        }
        if (n.get().compareTo(BigDecimal.valueOf(min)) < 0 || n.get().compareTo(BigDecimal.valueOf(max)) > 0) {
            throw QueryException.of(
                    ErrorCode.LIMIT_EXCEEDED,
                    name,
                    "'" + name + "' must be from " + min + " to " + max + ", not "
                            + n.get().toPlainString() + ".",
                    max > min ? "Ask for at most " + max + " and page with next_cursor." : "Use " + min + ".");
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
