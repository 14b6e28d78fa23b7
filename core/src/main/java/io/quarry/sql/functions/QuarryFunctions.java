package io.quarry.sql.functions;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.filter.CompareOp;
import io.quarry.filter.FilterEvaluator;
import io.quarry.filter.MatchOp;
import io.quarry.internal.CodePoints;
import io.quarry.internal.IsoDateTime;
import io.quarry.internal.Json;
import io.quarry.regex.PortableRegex;
import io.quarry.store.ObjectOrder;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.Optional;

/**
 * The SQL functions of the embedded dialects. Documents arrive as JSON text; paths as dot-joined
 * names that passed the naming rule; tests as a kind, an operator and an operand, all bound by the
 * compiler. Every function is total: malformed input gives {@code false} or {@code null}, never an
 * exception that would abort the statement.
 */
public final class QuarryFunctions {
    private static final ThreadLocal<Parsed> LAST = new ThreadLocal<>();

    private record Parsed(String text, JsonNode node) {}

    private QuarryFunctions() {}

    /** Whether some element of the value at {@code path} (an array's elements, or the value) passes the test. */
    public static boolean anyElement(
            String document, String path, String kind, String op, String operand, boolean ignoreCase) {
        JsonNode value = resolve(document, path);
        if (value == null) {
            return false;
        }
        if (value.isArray()) {
            for (JsonNode e : value) {
                if (test(e, kind, op, operand, ignoreCase)) {
                    return true;
                }
            }
            return false;
        }
        return test(value, kind, op, operand, ignoreCase);
    }

    /** Whether some top-level property value, or element of an array property, passes the test. */
    public static boolean anyProperty(String document, String kind, String op, String operand, boolean ignoreCase) {
        JsonNode doc = parse(document);
        if (doc == null || !doc.isObject()) {
            return false;
        }
        for (Iterator<JsonNode> it = doc.elements(); it.hasNext(); ) {
            JsonNode value = it.next();
            if (value.isArray()) {
                for (JsonNode e : value) {
                    if (test(e, kind, op, operand, ignoreCase)) {
                        return true;
                    }
                }
            } else if (test(value, kind, op, operand, ignoreCase)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a text column's value passes the test, as a JSON string would. */
    public static boolean text(String value, String kind, String op, String operand, boolean ignoreCase) {
        return value != null && test(Json.MAPPER.getNodeFactory().textNode(value), kind, op, operand, ignoreCase);
    }

    /** Whether a JSON value, given as its JSON text, passes the test; {@code false} for malformed JSON. */
    public static boolean value(String json, String kind, String op, String operand, boolean ignoreCase) {
        JsonNode value = parse(json);
        return value != null && test(value, kind, op, operand, ignoreCase);
    }

    /** Whether the value at {@code path} is present (JSON null counts). */
    public static boolean exists(String document, String path) {
        return resolve(document, path) != null;
    }

    /** The length of the array at {@code path}, or -1 when the value is not an array. */
    public static int arraySize(String document, String path) {
        JsonNode value = resolve(document, path);
        return value != null && value.isArray() ? value.size() : -1;
    }

    /** The sort bracket of the value at {@code path}: 0 number … 4 array or object, 5 missing or null. */
    public static int sortBracket(String document, String path) {
        JsonNode value = resolve(document, path);
        return value == null || value.isNull() ? 5 : ObjectOrder.bracket(value);
    }

    /** The number of the value at {@code path} when its bracket is numbers, else {@code null}. */
    public static BigDecimal sortNumber(String document, String path) {
        JsonNode value = resolve(document, path);
        return value == null || value.isNull() ? null : numberKey(value);
    }

    /** {@link #sortNumber} as order-preserving text ({@link #numberText}), for databases without exact decimals. */
    public static String sortNumberText(String document, String path) {
        BigDecimal n = sortNumber(document, path);
        return n == null ? null : numberText(n);
    }

    /**
     * Text whose byte order is the numeric order of the numbers: a sign class ({@code 0} negative,
     * {@code 1} zero, {@code 2} positive), the decimal exponent of the leading digit biased to four
     * digits, then the significant digits; for a negative number the exponent and digits are
     * complemented and closed by {@code ~}, so a longer digit string sorts first.
     */
    public static String numberText(BigDecimal n) {
        if (n.signum() == 0) {
            return "1";
        }
        BigDecimal stripped = n.stripTrailingZeros();
        String digits = stripped.unscaledValue().abs().toString();
        long exponent = (long) stripped.precision() - stripped.scale() - 1 + 5000;
        if (exponent < 0 || exponent > 9999) {
            throw new IllegalArgumentException("number outside the encoded range: " + n);
        }
        if (n.signum() > 0) {
            return "2" + String.format(java.util.Locale.ROOT, "%04d", exponent) + digits;
        }
        StringBuilder s = new StringBuilder("0").append(String.format(java.util.Locale.ROOT, "%04d", 9999 - exponent));
        for (int i = 0; i < digits.length(); i++) {
            s.append((char) ('9' - digits.charAt(i) + '0'));
        }
        return s.append('~').toString();
    }

    /** The instant in epoch microseconds when the bracket is date-times, else {@code null}. */
    public static Long sortInstant(String document, String path) {
        JsonNode value = resolve(document, path);
        return value == null || value.isNull() ? null : instantKey(value);
    }

    /** An order-preserving key (hex of UTF-8, so code-point order) when the bracket is strings, else {@code null}. */
    public static String sortString(String document, String path) {
        JsonNode value = resolve(document, path);
        return value == null || value.isNull() ? null : stringKey(value);
    }

    /** The value at {@code path} as text: a string's text, another value's JSON text, {@code null} for JSON null or nothing. */
    public static String fieldText(String document, String path) {
        JsonNode value = resolve(document, path);
        if (value == null || value.isNull()) {
            return null;
        }
        return value.isTextual() ? value.textValue() : value.toString();
    }

    /** The value at {@code path} when it is a JSON number, else {@code null}. */
    public static BigDecimal fieldNumber(String document, String path) {
        JsonNode value = resolve(document, path);
        return value != null && value.isNumber() ? value.decimalValue() : null;
    }

    /** The boolean when the bracket is booleans, else {@code null}. */
    public static Boolean sortBoolean(String document, String path) {
        JsonNode value = resolve(document, path);
        return value != null && value.isBoolean() ? value.booleanValue() : null;
    }

    /** An order-preserving key of a text column's value: hex of its UTF-8 bytes, so code-point order. */
    public static String textKey(String value) {
        return value == null ? null : HexFormat.of().formatHex(value.getBytes(StandardCharsets.UTF_8));
    }

    /** The number key of a value, or {@code null} outside the numbers bracket. */
    public static BigDecimal numberKey(JsonNode value) {
        return FilterEvaluator.numberOf(value).orElse(null);
    }

    /** The instant key of a value, or {@code null} outside the date-time bracket. */
    public static Long instantKey(JsonNode value) {
        if (ObjectOrder.bracket(value) != 1) {
            return null;
        }
        return IsoDateTime.parse(value.textValue()).map(QuarryFunctions::micros).orElse(null);
    }

    /** The string key of a value, or {@code null} outside the strings bracket. */
    public static String stringKey(JsonNode value) {
        return ObjectOrder.bracket(value) == 2
                ? HexFormat.of().formatHex(value.textValue().getBytes(StandardCharsets.UTF_8))
                : null;
    }

    /** Epoch microseconds of an instant. */
    public static long micros(Instant instant) {
        return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000);
    }

    private static boolean test(JsonNode e, String kind, String op, String operand, boolean ignoreCase) {
        switch (kind) {
            case "string_equals":
                return e.isTextual() && e.textValue().equals(operand);
            case "string_compare":
                return e.isTextual() && compare(op).test(CodePoints.compare(e.textValue(), operand));
            case "number_compare": {
                Optional<BigDecimal> n = FilterEvaluator.numberOf(e);
                return n.isPresent() && compare(op).test(n.get().compareTo(new BigDecimal(operand)));
            }
            case "instant_compare": {
                if (!e.isTextual()) {
                    return false;
                }
                Optional<Instant> i = IsoDateTime.parse(e.textValue());
                return i.isPresent() && compare(op).test(Long.compare(micros(i.get()), Long.parseLong(operand)));
            }
            case "boolean_equals":
                return e.isBoolean() && e.booleanValue() == Boolean.parseBoolean(operand);
            case "is_null":
                return e.isNull();
            case "regex":
                return e.isTextual() && PortableRegex.find(operand, ignoreCase, e.textValue());
            case "match":
                return e.isTextual() && match(MatchOp.valueOf(op), operand, ignoreCase, e.textValue());
            default:
                return false;
        }
    }

    private static boolean match(MatchOp op, String literal, boolean ignoreCase, String text) {
        if (ignoreCase) {
            return PortableRegex.find(op.pattern(literal), true, text);
        }
        return switch (op) {
            case CONTAINS -> text.contains(literal);
            case STARTS_WITH -> text.startsWith(literal);
            case ENDS_WITH -> text.endsWith(literal);
        };
    }

    private static CompareOp compare(String op) {
        return CompareOp.valueOf(op);
    }

    private static JsonNode resolve(String document, String path) {
        JsonNode node = parse(document);
        if (path.isEmpty()) {
            return node; // the whole column: a table layout's JSON field
        }
        for (String segment : path.split("\\.")) {
            if (node == null || !node.isObject()) {
                return null;
            }
            node = node.get(segment);
        }
        return node;
    }

    private static JsonNode parse(String document) {
        if (document == null) {
            return null;
        }
        Parsed last = LAST.get();
        if (last != null && last.text().equals(document)) {
            return last.node();
        }
        try {
            JsonNode node = Json.parse(document);
            LAST.set(new Parsed(document, node));
            return node;
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}
