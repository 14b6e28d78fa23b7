package io.quarry.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import io.quarry.tool.ToolSupport;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Request-body schemas as the model reads them (compact) and as a body is checked against them. */
final class Schemas {
    /** The most characters of a compact schema in a {@code find_api} answer. */
    static final int COMPACT_BUDGET = 1_200;

    private static final int MAX_ERRORS = 10;
    private static final int MAX_ENUM = 12;
    private static final int MAX_FIELDS = 25;

    private Schemas() {}

    /** The type of a schema as one word ({@code string}, {@code integer}, ...), {@code null} when open. */
    static String type(JsonNode schema) {
        JsonNode type = schema.get("type");
        if (type != null && type.isTextual()) {
            return type.textValue();
        }
        if (type != null && type.isArray()) {
            for (JsonNode t : type) {
                if (!t.asText().equals("null")) {
                    return t.asText();
                }
            }
        }
        if (schema.has("properties")) {
            return "object";
        }
        if (schema.has("items")) {
            return "array";
        }
        return null;
    }

    /** A compact schema: fields to types, deep enough to fit {@link #COMPACT_BUDGET}. */
    static JsonNode compact(JsonNode schema) {
        for (int depth = 4; depth >= 1; depth--) {
            JsonNode out = compact(schema, depth, true);
            if (ToolSupport.write(out).length() <= COMPACT_BUDGET || depth == 1) {
                return out;
            }
        }
        throw new AssertionError();
    }

    private static JsonNode compact(JsonNode schema, int depth, boolean required) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        String type = type(schema);
        for (String combinator : List.of("allOf", "oneOf", "anyOf")) {
            if (type == null && schema.path(combinator).isArray()) {
                JsonNode merged = merge(schema.get(combinator));
                if (combinator.equals("allOf")) {
                    return compact(merged, depth, required);
                }
                ArrayNode options = f.arrayNode();
                schema.get(combinator).forEach(o -> options.add(compact(o, depth - 1, false)));
                ObjectNode one = f.objectNode();
                one.set("one of", options);
                return one;
            }
        }
        if ("object".equals(type) && depth > 0 && schema.has("properties")) {
            ObjectNode out = f.objectNode();
            List<String> req = requiredFields(schema);
            int n = 0;
            for (Map.Entry<String, JsonNode> p : schema.get("properties").properties()) {
                if (n++ == MAX_FIELDS) {
                    out.put("…", (schema.get("properties").size() - MAX_FIELDS) + " more fields");
                    break;
                }
                out.set(p.getKey(), compact(p.getValue(), depth - 1, req.contains(p.getKey())));
            }
            return out;
        }
        if ("array".equals(type) && depth > 0 && schema.has("items")) {
            ArrayNode out = f.arrayNode();
            out.add(compact(schema.get("items"), depth - 1, false));
            return out;
        }
        StringBuilder text = new StringBuilder(type == null ? "any" : type);
        if (schema.path("format").isTextual()) {
            text.append(" (").append(schema.get("format").textValue()).append(')');
        }
        if (schema.path("enum").isArray()) {
            List<String> values = new ArrayList<>();
            schema.get("enum").forEach(v -> values.add(v.asText()));
            text.append(": ")
                    .append(String.join("|", values.subList(0, Math.min(MAX_ENUM, values.size()))))
                    .append(values.size() > MAX_ENUM ? "|…" : "");
        }
        if (!required) {
            return f.textNode(text.toString());
        }
        return f.textNode(text + ", required");
    }

    private static JsonNode merge(JsonNode parts) {
        ObjectNode merged = JsonNodeFactory.instance.objectNode();
        ObjectNode props = merged.putObject("properties");
        ArrayNode req = merged.putArray("required");
        merged.put("type", "object");
        for (JsonNode part : parts) {
            if (part.path("properties").isObject()) {
                props.setAll((ObjectNode) part.get("properties"));
            }
            part.path("required").forEach(req::add);
        }
        return merged;
    }

    private static List<String> requiredFields(JsonNode schema) {
        List<String> out = new ArrayList<>();
        schema.path("required").forEach(r -> out.add(r.asText()));
        return out;
    }

    /** Checks a value against a schema; errors have paths such as {@code body.assignee.name}. */
    static List<QueryError> validate(JsonNode value, JsonNode schema, String path) {
        List<QueryError> errors = new ArrayList<>();
        check(value, schema, path, errors);
        return errors.size() > MAX_ERRORS ? errors.subList(0, MAX_ERRORS) : errors;
    }

    private static void check(JsonNode value, JsonNode schema, String path, List<QueryError> errors) {
        if (errors.size() > MAX_ERRORS || schema == null || !schema.isObject()) {
            return;
        }
        if (schema.path("allOf").isArray()) {
            schema.get("allOf").forEach(part -> check(value, part, path, errors));
        }
        for (String any : List.of("oneOf", "anyOf")) {
            if (schema.path(any).isArray() && !schema.get(any).isEmpty()) {
                boolean fits = false;
                for (JsonNode option : schema.get(any)) {
                    List<QueryError> trial = new ArrayList<>();
                    check(value, option, path, trial);
                    fits |= trial.isEmpty();
                }
                if (!fits) {
                    errors.add(new QueryError(
                            ErrorCode.TYPE_MISMATCH,
                            path,
                            "The value at " + path + " fits none of the shapes the API accepts there.",
                            "Accepted: " + ToolSupport.write(compact(schema)) + "."));
                    return;
                }
            }
        }
        if (value.isNull()) {
            boolean nullable = schema.path("nullable").asBoolean(false)
                    || (schema.path("type").isArray()
                            && schema.get("type").toString().contains("\"null\""));
            if (!nullable && type(schema) != null) {
                errors.add(new QueryError(
                        ErrorCode.TYPE_MISMATCH,
                        path,
                        "The value at " + path + " may not be null.",
                        "Give a " + type(schema) + ", or leave the field out if it is optional."));
            }
            return;
        }
        String type = type(schema);
        if (type != null && !fitsType(value, type)) {
            errors.add(new QueryError(
                    ErrorCode.TYPE_MISMATCH,
                    path,
                    "The value at " + path + " must be " + article(type) + ", not " + kind(value) + ".",
                    "Expected: " + ToolSupport.write(compact(schema)) + "."));
            return;
        }
        if (schema.path("enum").isArray() && !contains(schema.get("enum"), value)) {
            List<String> values = new ArrayList<>();
            schema.get("enum").forEach(v -> values.add(v.asText()));
            List<String> near = value.isTextual() ? ToolSupport.nearest(value.textValue(), values, 1) : List.of();
            errors.add(new QueryError(
                    ErrorCode.INVALID_OPERAND,
                    path,
                    "The value at " + path + " is not one the API accepts.",
                    (near.isEmpty() ? "" : "Did you mean '" + near.get(0) + "'? ") + "Values: "
                            + String.join(", ", values) + "."));
            return;
        }
        if (value.isTextual()) {
            int length = value.textValue().codePointCount(0, value.textValue().length());
            if (schema.has("minLength") && length < schema.get("minLength").asInt()) {
                errors.add(new QueryError(
                        ErrorCode.INVALID_OPERAND,
                        path,
                        "The text at " + path + " is too short.",
                        "Give at least " + schema.get("minLength").asInt() + " characters."));
            }
            if (schema.has("maxLength") && length > schema.get("maxLength").asInt()) {
                errors.add(new QueryError(
                        ErrorCode.LIMIT_EXCEEDED,
                        path,
                        "The text at " + path + " is too long.",
                        "Give at most " + schema.get("maxLength").asInt() + " characters."));
            }
        }
        if (value.isNumber()) {
            if (schema.path("minimum").isNumber()
                    && value.decimalValue().compareTo(schema.get("minimum").decimalValue()) < 0) {
                errors.add(new QueryError(
                        ErrorCode.INVALID_OPERAND,
                        path,
                        "The number at " + path + " is below the minimum.",
                        "Give at least " + schema.get("minimum").asText() + "."));
            }
            if (schema.path("maximum").isNumber()
                    && value.decimalValue().compareTo(schema.get("maximum").decimalValue()) > 0) {
                errors.add(new QueryError(
                        ErrorCode.INVALID_OPERAND,
                        path,
                        "The number at " + path + " is above the maximum.",
                        "Give at most " + schema.get("maximum").asText() + "."));
            }
        }
        if (value.isArray()) {
            if (schema.path("maxItems").isNumber()
                    && value.size() > schema.get("maxItems").asInt()) {
                errors.add(new QueryError(
                        ErrorCode.LIMIT_EXCEEDED,
                        path,
                        "The list at " + path + " has too many items.",
                        "Give at most " + schema.get("maxItems").asInt() + "."));
            }
            if (schema.path("minItems").isNumber()
                    && value.size() < schema.get("minItems").asInt()) {
                errors.add(new QueryError(
                        ErrorCode.INVALID_OPERAND,
                        path,
                        "The list at " + path + " has too few items.",
                        "Give at least " + schema.get("minItems").asInt() + "."));
            }
            if (schema.has("items")) {
                for (int i = 0; i < value.size(); i++) {
                    check(value.get(i), schema.get("items"), path + "[" + i + "]", errors);
                }
            }
        }
        if (value.isObject()) {
            JsonNode props = schema.path("properties");
            for (String name : requiredFields(schema)) {
                if (!value.has(name)) {
                    errors.add(new QueryError(
                            ErrorCode.INVALID_OPERAND,
                            path + "." + name,
                            "The field '" + name + "' is required at " + path + ".",
                            "Expected: " + ToolSupport.write(compact(schema)) + "."));
                }
            }
            boolean closed = schema.path("additionalProperties").isBoolean()
                    && !schema.get("additionalProperties").booleanValue();
            List<String> known = new ArrayList<>();
            props.fieldNames().forEachRemaining(known::add);
            for (Iterator<String> it = value.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                if (props.has(name)) {
                    check(value.get(name), props.get(name), path + "." + name, errors);
                } else if (closed) {
                    List<String> near = ToolSupport.nearest(name, known, 1);
                    errors.add(new QueryError(
                            ErrorCode.UNKNOWN_FIELD,
                            path + "." + CallApiTool.echo(name),
                            "The API takes no field '" + CallApiTool.echo(name) + "' at " + path + ".",
                            (near.isEmpty() ? "" : "Did you mean '" + near.get(0) + "'? ") + "Fields: "
                                    + String.join(", ", known) + "."));
                } else if (schema.path("additionalProperties").isObject()) {
                    check(value.get(name), schema.get("additionalProperties"), path + "." + name, errors);
                }
            }
        }
    }

    private static boolean contains(JsonNode values, JsonNode value) {
        for (JsonNode v : values) {
            if (v.equals(value)
                    || (v.isNumber() && value.isNumber() && v.decimalValue().compareTo(value.decimalValue()) == 0)) {
                return true;
            }
        }
        return false;
    }

    private static boolean fitsType(JsonNode value, String type) {
        return switch (type) {
            case "string" -> value.isTextual();
            case "integer" ->
                value.isIntegralNumber()
                        || (value.isNumber()
                                && value.decimalValue().stripTrailingZeros().scale() <= 0);
            case "number" -> value.isNumber();
            case "boolean" -> value.isBoolean();
            case "array" -> value.isArray();
            case "object" -> value.isObject();
            default -> true;
        };
    }

    private static String article(String type) {
        return (type.startsWith("a") || type.startsWith("i") || type.startsWith("o") ? "an " : "a ") + type;
    }

    private static String kind(JsonNode value) {
        if (value.isTextual()) {
            return "a string";
        }
        if (value.isNumber()) {
            return "a number";
        }
        if (value.isBoolean()) {
            return "a boolean";
        }
        if (value.isArray()) {
            return "an array";
        }
        return "an object";
    }
}
