package io.quarry.neo4j;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.filter.FieldPath;
import io.quarry.filter.FilterEvaluator;
import io.quarry.schema.Names;
import io.quarry.store.GraphObject;
import io.quarry.store.ObjectOrder;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Quarry's own graph layout in Neo4j: how an object becomes a node whose properties Cypher can read
 * with the evaluator's exact semantics. Neo4j properties hold no maps, no nulls and no mixed lists,
 * so beside the object's JSON the loader writes, for every field path an object reaches through
 * nested objects, what each predicate reads:
 *
 * <ul>
 *   <li>{@code <path>#e}: the field is present (a JSON null counts);
 *   <li>{@code <path>#s}: its string values (the value itself, or an array's string elements);
 *   <li>{@code <path>#n}: its numbers (JSON numbers and numeric strings), {@linkplain #number encoded}
 *       so that string order is exact decimal order;
 *   <li>{@code <path>#d}: its ISO-8601 date-times as {@linkplain #instant encoded} instants;
 *   <li>{@code <path>#b}: its booleans; {@code <path>#z}: it is null or holds a null element;
 *   <li>{@code <path>#a}: the length of an array value;
 *   <li>{@code <path>#k} and {@code <path>#v}: the {@linkplain ObjectOrder reference order}'s bracket
 *       and the value's order within it.
 * </ul>
 *
 * A path is {@code sys.<name>} for a system field and {@code p.<segment>.<segment>} in the properties.
 */
final class NodeEncoding {
    /** The label every object node carries, beside its type's. */
    static final String OBJECT_LABEL = "QuarryObject";
    /** The node's id, type and JSON properties, as stored. */
    static final String ID = "id";

    static final String TYPE = "type";
    static final String CREATED = "created_at";
    static final String UPDATED = "updated_at";
    static final String JSON = "quarry_properties";
    static final String SCOPE = "quarry_scope";
    /** The id and the type as {@linkplain #text ordered text}: what sorts and cursors compare. */
    static final String ID_ORDER = "quarry_id_order";

    static final String TYPE_ORDER = "quarry_type_order";
    /** The string values full-text search reads when a query names no fields. */
    static final String TEXT = "quarry_text";

    /** The bracket of a missing or null sort value: after every other. */
    static final int MISSING = 5;

    private static final int EXPONENT_OFFSET = 1_000;
    private static final int EXPONENT_LIMIT = 999;
    private static final long SECONDS_OFFSET = 1_000_000_000_000L;

    private NodeEncoding() {}

    /** The key prefix of a field path. */
    static String path(FieldPath path) {
        return (path.system() ? "sys." : "p.") + String.join(".", path.segments());
    }

    /** The properties of an object's node, JSON and scope given as written. */
    static Map<String, Object> properties(GraphObject o, String json, String scopeJson) {
        Map<String, Object> props = new LinkedHashMap<>();
        props.put(ID, o.id());
        props.put(TYPE, o.type());
        JsonNode document = o.document();
        if (document.has(CREATED)) {
            props.put(CREATED, document.get(CREATED).textValue());
        }
        if (document.has(UPDATED)) {
            props.put(UPDATED, document.get(UPDATED).textValue());
        }
        props.put(JSON, json);
        props.put(SCOPE, scopeJson);
        o.scope().forEach((k, v) -> props.put(scopeKey(k), v));
        props.put(ID_ORDER, text(o.id()));
        props.put(TYPE_ORDER, text(o.type()));
        for (String system : List.of(ID, TYPE, CREATED, UPDATED)) {
            JsonNode v = document.get(system);
            if (v != null) {
                field("sys." + system, v, props);
            }
        }
        walk("p", o.properties(), props);
        List<String> text = new ArrayList<>();
        for (Iterator<JsonNode> it = o.properties().elements(); it.hasNext(); ) {
            strings(it.next(), text);
        }
        if (!text.isEmpty()) {
            props.put(TEXT, text);
        }
        return props;
    }

    /** The property holding a scope value. */
    static String scopeKey(String key) {
        return "scope." + key;
    }

    private static void walk(String prefix, JsonNode object, Map<String, Object> props) {
        for (Map.Entry<String, JsonNode> e : object.properties()) {
            if (!Names.isIdentifier(e.getKey())) {
                continue; // no field path reaches it
            }
            String path = prefix + "." + e.getKey();
            field(path, e.getValue(), props);
            if (e.getValue().isObject()) {
                walk(path, e.getValue(), props);
            }
        }
    }

    private static void field(String path, JsonNode v, Map<String, Object> props) {
        props.put(path + "#e", true);
        List<JsonNode> elements = new ArrayList<>();
        if (v.isArray()) {
            props.put(path + "#a", (long) v.size());
            v.forEach(elements::add);
        } else {
            elements.add(v);
        }
        List<String> strings = new ArrayList<>();
        List<String> ordered = new ArrayList<>();
        List<String> numbers = new ArrayList<>();
        List<String> instants = new ArrayList<>();
        List<Boolean> booleans = new ArrayList<>();
        boolean nul = false;
        for (JsonNode e : elements) {
            if (e.isTextual()) {
                strings.add(e.textValue());
                ordered.add(text(e.textValue()));
            }
            FilterEvaluator.numberOf(e).ifPresent(n -> numbers.add(number(n)));
            FilterEvaluator.instantOf(e).ifPresent(i -> instants.add(instant(i)));
            if (e.isBoolean()) {
                booleans.add(e.booleanValue());
            }
            nul |= e.isNull();
        }
        putList(props, path + "#s", strings);
        putList(props, path + "#o", ordered);
        putList(props, path + "#n", numbers);
        putList(props, path + "#d", instants);
        putList(props, path + "#b", booleans);
        if (nul) {
            props.put(path + "#z", true);
        }
        if (!v.isNull()) {
            int bracket = ObjectOrder.bracket(v);
            props.put(path + "#k", (long) bracket);
            props.put(path + "#v", orderValue(bracket, v));
        }
    }

    private static void putList(Map<String, Object> props, String key, List<?> values) {
        if (!values.isEmpty()) {
            props.put(key, values);
        }
    }

    private static void strings(JsonNode value, List<String> out) {
        if (value.isTextual()) {
            out.add(value.textValue());
        } else if (value.isArray()) {
            value.forEach(e -> {
                if (e.isTextual()) {
                    out.add(e.textValue());
                }
            });
        }
    }

    /** A present, non-null value's order within its bracket, as a string Cypher compares. */
    static String orderValue(int bracket, JsonNode v) {
        return switch (bracket) {
            case 0 -> number(FilterEvaluator.numberOf(v).orElseThrow());
            case 1 -> instant(FilterEvaluator.instantOf(v).orElseThrow());
            case 2 -> text(v.textValue());
            case 3 -> v.booleanValue() ? "1" : "0";
            default -> "";
        };
    }

    /**
     * An exact decimal as a string whose order is the numbers' order: a sign class ({@code 0}
     * negative, {@code 1} zero, {@code 2} positive), the exponent of the leading digit in four digits,
     * and the significant digits; for a negative number the exponent and digits are complemented and
     * end with {@code ~}, so that a longer mantissa sorts first. Equal numbers give equal strings
     * whatever their scale. Exponents beyond the double range are clamped: no stored number has them.
     */
    static String number(BigDecimal value) {
        if (value.signum() == 0) {
            return "1";
        }
        BigDecimal stripped = value.stripTrailingZeros();
        String digits = stripped.unscaledValue().abs().toString();
        long exponent = (long) digits.length() - 1 - stripped.scale();
        int e = (int) Math.max(-EXPONENT_LIMIT, Math.min(EXPONENT_LIMIT, exponent)) + EXPONENT_OFFSET;
        if (value.signum() > 0) {
            return "2" + String.format("%04d", e) + digits;
        }
        StringBuilder out = new StringBuilder("0").append(String.format("%04d", 2 * EXPONENT_OFFSET - e));
        for (int i = 0; i < digits.length(); i++) {
            out.append((char) ('9' - digits.charAt(i) + '0'));
        }
        return out.append('~').toString();
    }

    /** An instant as a fixed-width string whose order is time order (years 0000 to 9999 and offsets). */
    static String instant(Instant i) {
        return String.format("%013d.%09d", i.getEpochSecond() + SECONDS_OFFSET, i.getNano());
    }

    /**
     * A string as ASCII whose order is the string's code point order: each code point's UTF-8 bytes
     * (a lone surrogate's as UTF-8 would write its value) in hexadecimal. Neo4j's {@code <} and {@code >}
     * compare strings by UTF-16 unit, which puts U+1F600 before U+FF41; the reference order compares
     * code points.
     */
    static String text(String s) {
        StringBuilder out = new StringBuilder(s.length() * 2);
        s.codePoints().forEach(c -> {
            if (c < 0x80) {
                hex(out, c);
            } else if (c < 0x800) {
                hex(out, 0xC0 | c >> 6);
                hex(out, 0x80 | c & 0x3F);
            } else if (c < 0x10000) {
                hex(out, 0xE0 | c >> 12);
                hex(out, 0x80 | c >> 6 & 0x3F);
                hex(out, 0x80 | c & 0x3F);
            } else {
                hex(out, 0xF0 | c >> 18);
                hex(out, 0x80 | c >> 12 & 0x3F);
                hex(out, 0x80 | c >> 6 & 0x3F);
                hex(out, 0x80 | c & 0x3F);
            }
        });
        return out.toString();
    }

    private static void hex(StringBuilder out, int b) {
        out.append(Character.forDigit(b >> 4, 16)).append(Character.forDigit(b & 0xF, 16));
    }

    /** A name in backticks, as Cypher quotes labels, types and property keys. */
    static String quote(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
