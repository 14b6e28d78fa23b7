package io.quarry.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.filter.FilterEvaluator;
import io.quarry.internal.CodePoints;
import io.quarry.internal.IsoDateTime;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The reference order of query results, which every store follows.
 *
 * <p>Values of a sort key fall in brackets, always in this order: numbers (JSON numbers and numeric
 * strings, compared exactly), ISO-8601 date-times (by instant), other strings (by code point),
 * booleans ({@code false} first), arrays and objects (all equal), and last a missing field or JSON
 * null. A descending key reverses the order within a bracket, not the brackets: "priority, descending"
 * gives the highest numbers first and the stray {@code "high"} after them, in either direction.
 * The system fields {@code id} and {@code type} are strings and order by code point only; the
 * timestamps are always date-times. Remaining ties go to {@code id}, ascending by code point.
 */
public final class ObjectOrder {

    private ObjectOrder() {}

    /** The sort-key values of one document: one per key, {@code null} where missing. */
    public static List<JsonNode> keyValues(List<SortKey> sort, JsonNode document) {
        List<JsonNode> values = new ArrayList<>(sort.size());
        for (SortKey key : sort) {
            JsonNode v = FilterEvaluator.resolve(key.field(), document);
            values.add(v == null || v.isNull() ? null : v);
        }
        return values;
    }

    /** Compares two rows by their key values and then their ids. */
    public static int compare(List<SortKey> sort, List<JsonNode> a, String idA, List<JsonNode> b, String idB) {
        return compare(sort, a, idA, b, idB, CodePoints::compare);
    }

    /**
     * Compares two rows by their key values and then their ids in a store's own order of ids (the
     * table layout orders ids by key, then type).
     */
    public static int compare(
            List<SortKey> sort,
            List<JsonNode> a,
            String idA,
            List<JsonNode> b,
            String idB,
            java.util.Comparator<String> ids) {
        for (int i = 0; i < sort.size(); i++) {
            SortKey key = sort.get(i);
            int c = isTextColumn(key)
                    ? compareText(a.get(i), b.get(i), key.descending())
                    : compareKey(a.get(i), b.get(i), key.descending());
            if (c != 0) {
                return c;
            }
        }
        return ids.compare(idA, idB);
    }

    /**
     * Whether a key is the system field {@code id} or {@code type}: a string column, ordered by code
     * point whatever its text looks like (an id {@code "99"} is not a number, {@code "2024-01-01"} not
     * a date), as a SQL column is.
     */
    public static boolean isTextColumn(SortKey key) {
        return key.field().system() && !key.field().head().endsWith("_at");
    }

    private static int compareText(JsonNode a, JsonNode b, boolean descending) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : 1) : -1;
        }
        int c = CodePoints.compare(a.asText(), b.asText());
        return descending ? -c : c;
    }

    /** Compares two values of one key; {@code null} (missing) sorts last either way. */
    static int compareKey(JsonNode a, JsonNode b, boolean descending) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : 1) : -1;
        }
        int bracketA = bracket(a);
        int bracketB = bracket(b);
        if (bracketA != bracketB) {
            return Integer.compare(bracketA, bracketB);
        }
        int c = compareWithin(bracketA, a, b);
        return descending ? -c : c;
    }

    private static int compareWithin(int bracket, JsonNode a, JsonNode b) {
        return switch (bracket) {
            case 0 -> number(a).compareTo(number(b));
            case 1 -> instant(a).compareTo(instant(b));
            case 2 -> CodePoints.compare(a.textValue(), b.textValue());
            case 3 -> Boolean.compare(a.booleanValue(), b.booleanValue());
            default -> 0;
        };
    }

    /** The bracket of a present, non-null value: 0 number, 1 date-time, 2 string, 3 boolean, 4 array or object. */
    public static int bracket(JsonNode v) {
        if (FilterEvaluator.numberOf(v).isPresent()) {
            return 0;
        }
        if (v.isTextual()) {
            return IsoDateTime.parse(v.textValue()).isPresent() ? 1 : 2;
        }
        if (v.isBoolean()) {
            return 3;
        }
        return 4;
    }

    private static BigDecimal number(JsonNode v) {
        return FilterEvaluator.numberOf(v).orElseThrow();
    }

    private static Instant instant(JsonNode v) {
        Optional<Instant> i = IsoDateTime.parse(v.textValue());
        return i.orElseThrow();
    }
}
