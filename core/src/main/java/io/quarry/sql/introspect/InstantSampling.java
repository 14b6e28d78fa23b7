package io.quarry.sql.introspect;

import io.quarry.sql.TableLayout;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How a SQLite column holds its dates and instants, decided from its declared type, its name and a
 * few of its values: SQLite has no date type, so a {@code DATETIME} column holds whatever was written,
 * usually ISO-8601 text, sometimes epoch numbers. Sampled: a column declared {@code DATETIME},
 * {@code TIMESTAMP} or {@code TIMESTAMP WITH TIME ZONE} (any content), and a column declared text or numeric (or nothing) whose name
 * looks like a date ({@code created_at}, {@code invoice_date}, {@code last_login_ts}). Up to
 * {@value #SAMPLE} non-null values are read; every one must agree.
 *
 * <ul>
 *   <li>ISO-8601 date-times ({@code 2021-01-01 10:00:00}, {@code 2021-01-01T10:00:00.250+02:00}):
 *       {@code timestamp_text}; ISO days alone ({@code 2021-01-01}) in a text column: a {@code date}.
 *   <li>Numbers from 10^8 (1973 in seconds) below 10^11: {@code epoch_seconds}; from 10^11 below
 *       10^14: {@code epoch_millis}; a {@code DATETIME} column of larger numbers holds the epoch
 *       microseconds Quarry's own SQLite timestamps are.
 *   <li>A {@code DATETIME} column without values is ISO text (what SQLite's own {@code
 *       CURRENT_TIMESTAMP} writes); one whose values disagree is text, left for the host to map.
 * </ul>
 */
final class InstantSampling {
    static final int SAMPLE = 20;
    private static final Pattern ISO_INSTANT =
            Pattern.compile("\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})?");
    private static final Pattern ISO_DAY = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final Set<String> TEXTUAL = Set.of("", "text", "varchar", "char", "character", "nvarchar", "clob");
    private static final Set<String> NUMERIC =
            Set.of("integer", "int", "bigint", "numeric", "real", "double", "float", "decimal");
    private static final Set<String> DECLARED_INSTANT = Set.of(
            "datetime",
            "timestamp",
            "timestamptz",
            "timestamp with time zone",
            "timestamp without time zone",
            "datetime2",
            "smalldatetime");

    private InstantSampling() {}

    /** The column as sampling finds it: holding instants in a form, a {@code date}, or unchanged. */
    static ColumnModel sample(Connection c, String table, ColumnModel column) throws SQLException {
        String declared = column.sqlType();
        boolean instantType = DECLARED_INSTANT.contains(declared);
        boolean textual = TEXTUAL.contains(declared);
        boolean numeric = NUMERIC.contains(declared);
        if (!instantType && !((textual || numeric) && dateLike(column.name()))) {
            return column;
        }
        List<String> kinds = new ArrayList<>();
        List<String> values = new ArrayList<>();
        // names are quoted, never bound: SQLite takes no parameter for a table or column
        try (PreparedStatement s = c.prepareStatement("SELECT typeof(" + quote(column.name()) + "), "
                        + quote(column.name()) + " FROM " + quote(table) + " WHERE " + quote(column.name())
                        + " IS NOT NULL LIMIT " + SAMPLE);
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                kinds.add(rs.getString(1));
                values.add(rs.getString(2));
            }
        }
        if (values.isEmpty()) {
            return instantType ? column.holdingInstants(TableLayout.ColumnType.TIMESTAMP_TEXT) : column;
        }
        if (kinds.stream().allMatch("text"::equals)) {
            if (values.stream().allMatch(v -> ISO_DAY.matcher(v).matches()) && !instantType) {
                return column.asType("date");
            }
            if (values.stream()
                    .allMatch(v -> ISO_INSTANT.matcher(v).matches()
                            || ISO_DAY.matcher(v).matches())) {
                return column.holdingInstants(TableLayout.ColumnType.TIMESTAMP_TEXT);
            }
            return instantType ? column.asType("text") : column;
        }
        if (kinds.stream().allMatch(k -> k.equals("integer") || k.equals("real"))) {
            List<Double> magnitudes =
                    values.stream().map(v -> Math.abs(Double.parseDouble(v))).toList();
            if (magnitudes.stream().allMatch(m -> m >= 1e8 && m < 1e11)) {
                return column.holdingInstants(TableLayout.ColumnType.EPOCH_SECONDS);
            }
            if (magnitudes.stream().allMatch(m -> m >= 1e11 && m < 1e14)) {
                return column.holdingInstants(TableLayout.ColumnType.EPOCH_MILLIS);
            }
            if (instantType
                    && kinds.stream().allMatch("integer"::equals)
                    && magnitudes.stream().allMatch(m -> m >= 1e14)) {
                return column; // epoch microseconds: the dialect's own timestamps
            }
        }
        return instantType ? column.asType("text") : column;
    }

    /** Whether a column name reads like a date or an instant: {@code created_at}, {@code InvoiceDate}, {@code ts}. */
    static boolean dateLike(String name) {
        String snake = Naming.snakeCase(name).toLowerCase(Locale.ROOT);
        List<String> words = List.of(snake.split("_"));
        String last = words.get(words.size() - 1);
        return Set.of("at", "on", "date", "time", "ts", "timestamp", "datetime", "created", "updated", "modified")
                        .contains(last)
                || ConfigDerivation.timestampRole(snake) != null;
    }

    private static String quote(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
