package io.quarry.filter;

import io.quarry.internal.IsoDateTime;
import io.quarry.internal.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SQL and other query languages' habits in a filter, mapped to the operator the model meant: {@code
 * ">5"}, {@code {">": 5}}, {@code {"between": [1, 5]}}, {@code "IS NULL"}, {@code "('Open','Blocked')"}.
 */
final class SqlHabits {
    private static final Pattern COMPARISON = Pattern.compile("^\\s*(>=|<=|!=|<>|==|=|>|<)\\s*(.+?)\\s*$");

    /** Operator keys written without {@code $} or as symbols, lowercased, and the operator meant. */
    private static final Map<String, String> OPERATORS = Map.ofEntries(
            Map.entry(">", "$gt"),
            Map.entry(">=", "$gte"),
            Map.entry("<", "$lt"),
            Map.entry("<=", "$lte"),
            Map.entry("!=", "$ne"),
            Map.entry("<>", "$ne"),
            Map.entry("=", "$eq"),
            Map.entry("==", "$eq"),
            Map.entry("eq", "$eq"),
            Map.entry("ne", "$ne"),
            Map.entry("neq", "$ne"),
            Map.entry("gt", "$gt"),
            Map.entry("gte", "$gte"),
            Map.entry("lt", "$lt"),
            Map.entry("lte", "$lte"),
            Map.entry("in", "$in"),
            Map.entry("nin", "$nin"),
            Map.entry("not in", "$nin"),
            Map.entry("not_in", "$nin"),
            Map.entry("notin", "$nin"),
            Map.entry("exists", "$exists"),
            Map.entry("regex", "$regex"),
            Map.entry("contains", "$contains"),
            Map.entry("startswith", "$startsWith"),
            Map.entry("starts_with", "$startsWith"),
            Map.entry("endswith", "$endsWith"),
            Map.entry("ends_with", "$endsWith"),
            Map.entry("all", "$all"),
            Map.entry("size", "$size"),
            Map.entry("not", "$not"),
            Map.entry("$neq", "$ne"),
            Map.entry("$not_eq", "$ne"),
            Map.entry("$notin", "$nin"),
            Map.entry("$not_in", "$nin"),
            Map.entry("$startswith", "$startsWith"),
            Map.entry("$endswith", "$endsWith"));

    private SqlHabits() {}

    static boolean isNullWord(String text) {
        String t = text.strip().toUpperCase(Locale.ROOT);
        return t.equals("NULL")
                || t.equals("IS NULL")
                || t.equals("IS NOT NULL")
                || t.equals("NOT NULL")
                || t.equals("NONE")
                || t.equals("NIL");
    }

    /** {@code ">5"} as the operator and the rest. */
    static Optional<Map.Entry<String, String>> comparison(String text) {
        Matcher m = COMPARISON.matcher(text);
        return m.matches() ? Optional.of(Map.entry(OPERATORS.get(m.group(1)), m.group(2))) : Optional.empty();
    }

    /** {@code Write {"priority": {"$gt": 5}}} for {@code ">5"}. */
    static String comparisonHint(String field, String text) {
        Map.Entry<String, String> c = comparison(text).orElseThrow();
        String operand = c.getValue();
        String value = NumericLiteralCheck.isNumber(operand)
                ? operand
                : Json.write(Json.MAPPER.getNodeFactory().textNode(operand.replaceAll("^['\"]|['\"]$", "")));
        return "The operator goes in an object: {\"" + field + "\": {\"" + c.getKey() + "\": " + value + "}}. ";
    }

    /** The operator an operator key without {@code $} (or a misspelt one) means; empty if none. */
    static Optional<String> operator(String key) {
        return Optional.ofNullable(OPERATORS.get(key.strip().toLowerCase(Locale.ROOT)));
    }

    /** {@code "('Open','Blocked')"}, {@code "Open,Blocked"}, {@code "Open OR Blocked"} as their values. */
    static List<String> list(String text) {
        String t = text.strip();
        if (t.startsWith("(") && t.endsWith(")") || t.startsWith("[") && t.endsWith("]")) {
            t = t.substring(1, t.length() - 1);
        }
        String[] parts = t.split("\\s*,\\s*|\\s+(?i:or)\\s+|\\s*\\|\\s*");
        List<String> out = new ArrayList<>();
        for (String p : parts) {
            String v = p.strip().replaceAll("^['\"]|['\"]$", "");
            if (!v.isEmpty()) {
                out.add(v);
            }
        }
        return out;
    }

    /** {@code ["Open", "Blocked"]}. */
    static String jsonList(List<String> values) {
        List<String> quoted = values.stream()
                .map(v -> Json.write(Json.MAPPER.getNodeFactory().textNode(v)))
                .toList();
        return "[" + String.join(", ", quoted) + "]";
    }

    /** What a value that is not a date meant: an epoch, a comparison, "now". */
    static String dateHint(String field, Value value) {
        if (value instanceof Value.Num n) {
            long v = n.value().longValue();
            if (v < 0 || v > 10_000_000_000_000L) {
                return "";
            }
            Instant at = v > 100_000_000_000L ? Instant.ofEpochMilli(v) : Instant.ofEpochSecond(v);
            return "Dates are ISO-8601 strings, not epoch numbers: " + v + " is \"" + at + "\". ";
        }
        if (value instanceof Value.Str s) {
            if (comparison(s.value()).isPresent()
                    && IsoDateTime.isDateTime(comparison(s.value()).get().getValue())) {
                return comparisonHint(field, s.value());
            }
            String t = s.value().strip().toLowerCase(Locale.ROOT);
            if (t.startsWith("now")
                    || t.startsWith("today")
                    || t.startsWith("current")
                    || t.startsWith("last ")
                    || t.startsWith("next ")
                    || t.equals("yesterday")
                    || t.equals("tomorrow")
                    || t.endsWith(" ago")) {
                return "There are no date functions or relative words in a filter: write the date, or use "
                        + "datetime_range_search with mode \"relative\" (relative_period such as last_7_days). ";
            }
        }
        return "";
    }

    /** Numbers as a filter reads them. */
    private static final class NumericLiteralCheck {
        static boolean isNumber(String text) {
            return io.quarry.internal.NumericLiteral.parse(text).isPresent();
        }
    }
}
