package io.quarry.internal;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The one JSON configuration of the library: exact decimals, duplicate keys and trailing tokens rejected. */
public final class Json {
    /**
     * Reads numbers as exact decimals and rejects duplicate keys and anything after the value ({@code {"a": 1} x}),
     * so a filter means one thing.
     */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '(.*)' for ");
    private static final Pattern NON_STANDARD = Pattern.compile("Non-standard token '(.*)'");
    private static final Pattern UNRECOGNIZED = Pattern.compile("Unrecognized token '(.*)': ");
    private static final Pattern UNEXPECTED =
            Pattern.compile("Unexpected character \\('(.+)' \\(code \\d+\\)\\): (.*)");
    private static final String VALUE_KINDS =
            "a valid value (JSON String, Number, Array, Object or token 'null', 'true' or 'false')";

    private Json() {}

    /** A new empty object node. */
    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /**
     * Parses JSON text into a tree.
     *
     * @throws JsonProcessingException for malformed or empty text, and for a number no {@link BigDecimal}
     *     can hold (such as {@code 1e2147483648})
     */
    public static JsonNode parse(String json) throws JsonProcessingException {
        try {
            return present(MAPPER.readTree(json));
        } catch (NumberFormatException | ArithmeticException e) {
            throw unreadableNumber(e);
        }
    }

    /** Parses JSON from a stream, with the same rules as {@link #parse(String)}. */
    public static JsonNode parse(InputStream in) throws IOException {
        try {
            return present(MAPPER.readTree(in));
        } catch (NumberFormatException | ArithmeticException e) {
            throw unreadableNumber(e);
        }
    }

    /** Jackson reads empty or blank text as a missing node; for us it is no JSON at all. */
    private static JsonNode present(JsonNode node) throws JsonProcessingException {
        if (node == null || node.isMissingNode()) {
            throw new JsonParseException(null, "the text is empty; a JSON value is required");
        }
        return node;
    }

    private static JsonProcessingException unreadableNumber(RuntimeException cause) {
        return new JsonParseException(null, "a number is too large to read (its exponent is out of range)", cause);
    }

    /**
     * What is wrong with malformed JSON, in plain words for a model or a person: the parser's message
     * without Jackson's class and setting names, with the line and column, on one line.
     */
    public static String problem(JsonProcessingException e) {
        String message =
                String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("");
        Matcher m;
        String plain;
        if ((m = DUPLICATE.matcher(message)).lookingAt()) {
            plain = "the key " + token(m.group(1)) + " appears twice in one object; write each key once";
        } else if ((m = NON_STANDARD.matcher(message)).lookingAt()) {
            plain = token(m.group(1)) + " is not a JSON value; write a number, or text in double quotes";
        } else if ((m = UNRECOGNIZED.matcher(message)).lookingAt()) {
            plain = token(m.group(1)) + " is not a JSON value; text goes in double quotes";
        } else if ((m = UNEXPECTED.matcher(message)).lookingAt()) {
            plain = "unexpected " + token(m.group(1)) + ": " + m.group(2).replace(VALUE_KINDS, "a value");
        } else if (message.startsWith("Unexpected end-of-input")) {
            plain = "the text ends before the JSON is complete (a missing closing bracket, brace or quote?)";
        } else {
            // Jackson's constraints name their setting: "(1000, from `StreamReadConstraints...`)"
            plain = message.replaceAll(",? from `[^`]*`", "")
                    .replaceAll("`[^`]*`", "")
                    .replace(VALUE_KINDS, "a value");
            plain = plain.isEmpty() ? plain : Character.toLowerCase(plain.charAt(0)) + plain.substring(1);
        }
        JsonLocation at = e.getLocation();
        return at == null || at.getLineNr() < 1
                ? plain
                : plain + " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
    }

    private static String token(String text) {
        return "'" + CodePoints.abbreviate(text, 40) + "'";
    }

    /** Compact JSON text of a tree. */
    public static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree always serializes", e);
        }
    }

    /**
     * The value with the keys of its objects, at every depth, in code-point order: stores keep keys in
     * different orders (PostgreSQL's jsonb sorts them by length), results show them in one. Returns the
     * value itself when it holds no object.
     */
    public static JsonNode sortedKeys(JsonNode value) {
        if (value.isObject()) {
            List<String> keys = new ArrayList<>();
            value.fieldNames().forEachRemaining(keys::add);
            keys.sort(CodePoints::compare);
            ObjectNode sorted = object();
            for (String key : keys) {
                sorted.set(key, sortedKeys(value.get(key)));
            }
            return sorted;
        }
        if (value.isArray() && value.size() > 0) {
            ArrayNode copy = MAPPER.getNodeFactory().arrayNode(value.size());
            value.forEach(element -> copy.add(sortedKeys(element)));
            return copy;
        }
        return value;
    }

    /**
     * Compact JSON of a tree for a message, cut to at most {@code max} characters (ending in {@code ...}
     * when cut). Safe for input of any size and depth: it stops reading once {@code max} is reached.
     */
    public static String preview(JsonNode node, int max) {
        StringBuilder out = new StringBuilder();
        if (render(node, out, max)) {
            return out.toString();
        }
        return out.substring(0, Math.max(0, max - 3)) + "...";
    }

    /** Appends compact JSON; returns {@code false} as soon as the text exceeds {@code max} characters. */
    private static boolean render(JsonNode node, StringBuilder out, int max) {
        if (node.isArray()) {
            out.append('[');
            int i = 0;
            for (JsonNode element : node) {
                if (i++ > 0) {
                    out.append(',');
                }
                if (out.length() > max || !render(element, out, max)) {
                    return false;
                }
            }
            out.append(']');
        } else if (node.isObject()) {
            out.append('{');
            int i = 0;
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                if (i++ > 0) {
                    out.append(',');
                }
                out.append(write(TextNode.valueOf(e.getKey()))).append(':');
                if (out.length() > max || !render(e.getValue(), out, max)) {
                    return false;
                }
            }
            out.append('}');
        } else {
            out.append(write(node));
        }
        return out.length() <= max;
    }

    /**
     * The exact decimal a JSON number node holds, by {@link NumericLiteral}'s rules: a double node gives
     * its shortest decimal form ({@code 0.1} stays {@code 0.1}, {@link Double#MIN_VALUE} is {@code
     * 4.9E-324}) and a float node the float's shortest form, not the widened double. Empty for anything
     * but a number node, for NaN and infinities, and outside the finite double range.
     */
    public static Optional<BigDecimal> decimal(JsonNode node) {
        return node != null && node.isNumber() ? NumericLiteral.fromJson(node) : Optional.empty();
    }
}
