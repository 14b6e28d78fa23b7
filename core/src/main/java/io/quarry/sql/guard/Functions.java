package io.quarry.sql.guard;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The functions a statement may call, per dialect: aggregates, string, date and math functions that
 * read their arguments and nothing else. Everything else is refused, among them the functions that
 * sleep, read files, open connections or change settings ({@code pg_sleep}, {@code pg_read_file},
 * {@code lo_import}, {@code dblink}, {@code load_file}, {@code sleep}, {@code benchmark}, {@code
 * set_config}) and the library's own helper functions.
 */
final class Functions {
    private Functions() {}

    /** Aggregates and window functions every dialect has. */
    static final Set<String> AGGREGATES = Set.of("count", "sum", "avg", "min", "max");

    /** Window-only functions every dialect has. */
    static final Set<String> WINDOW = Set.of(
            "row_number",
            "rank",
            "dense_rank",
            "percent_rank",
            "cume_dist",
            "ntile",
            "lag",
            "lead",
            "first_value",
            "last_value",
            "nth_value");

    private static final Set<String> COMMON = Set.of(
            "group_concat",
            "string_agg",
            "listagg",
            "coalesce",
            "nullif",
            "lower",
            "upper",
            "length",
            "trim",
            "ltrim",
            "rtrim",
            "substr",
            "replace",
            "abs",
            "round");

    private static final Map<String, Set<String>> BY_DIALECT = Map.of(
            "postgres",
            Set.of(
                    "char_length",
                    "substring",
                    "concat",
                    "left",
                    "right",
                    "lpad",
                    "rpad",
                    "strpos",
                    "split_part",
                    "initcap",
                    "btrim",
                    "reverse",
                    "repeat",
                    "starts_with",
                    "bool_and",
                    "bool_or",
                    "every",
                    "stddev",
                    "stddev_pop",
                    "stddev_samp",
                    "variance",
                    "var_pop",
                    "var_samp",
                    "floor",
                    "ceil",
                    "ceiling",
                    "mod",
                    "power",
                    "sqrt",
                    "sign",
                    "trunc",
                    "ln",
                    "exp",
                    "log",
                    "greatest",
                    "least",
                    "date_trunc",
                    "date_part",
                    "to_char",
                    "to_date",
                    "to_timestamp",
                    "age",
                    "make_date",
                    "now"),
            "mysql",
            Set.of(
                    "char_length",
                    "substring",
                    "concat",
                    "concat_ws",
                    "left",
                    "right",
                    "lpad",
                    "rpad",
                    "locate",
                    "instr",
                    "reverse",
                    "repeat",
                    "ifnull",
                    "if",
                    "stddev",
                    "stddev_pop",
                    "stddev_samp",
                    "variance",
                    "var_pop",
                    "var_samp",
                    "floor",
                    "ceil",
                    "ceiling",
                    "mod",
                    "power",
                    "pow",
                    "sqrt",
                    "sign",
                    "truncate",
                    "ln",
                    "exp",
                    "log",
                    "greatest",
                    "least",
                    "date",
                    "year",
                    "month",
                    "day",
                    "dayofmonth",
                    "dayofweek",
                    "dayofyear",
                    "week",
                    "quarter",
                    "hour",
                    "minute",
                    "second",
                    "datediff",
                    "date_format",
                    "str_to_date",
                    "curdate",
                    "now"),
            "h2",
            Set.of(
                    "char_length",
                    "substring",
                    "concat",
                    "left",
                    "right",
                    "lpad",
                    "rpad",
                    "locate",
                    "position",
                    "repeat",
                    "ifnull",
                    "stddev_pop",
                    "stddev_samp",
                    "var_pop",
                    "var_samp",
                    "floor",
                    "ceil",
                    "ceiling",
                    "mod",
                    "power",
                    "sqrt",
                    "sign",
                    "truncate",
                    "ln",
                    "exp",
                    "log",
                    "greatest",
                    "least",
                    "year",
                    "month",
                    "day_of_month",
                    "day_of_week",
                    "day_of_year",
                    "hour",
                    "minute",
                    "second",
                    "datediff",
                    "dateadd",
                    "formatdatetime",
                    "parsedatetime"),
            "sqlite",
            Set.of(
                    "instr",
                    "ifnull",
                    "iif",
                    "total",
                    "date",
                    "time",
                    "datetime",
                    "julianday",
                    "strftime",
                    "unicode",
                    "hex",
                    "printf",
                    "format"));

    /** Whether a dialect allows a function outside a window. */
    static boolean allowed(String dialect, String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return AGGREGATES.contains(n)
                || COMMON.contains(n)
                || BY_DIALECT.getOrDefault(dialect, Set.of()).contains(n);
    }

    /** Every function a dialect allows, sorted, for hints and docs. */
    static Set<String> all(String dialect) {
        Set<String> all = new TreeSet<>(AGGREGATES);
        all.addAll(WINDOW);
        all.addAll(COMMON);
        all.addAll(BY_DIALECT.getOrDefault(dialect, Set.of()));
        return all;
    }
}
