package io.quarry.sql.introspect;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A column as the database describes it.
 *
 * @param name the column name, exactly as stored
 * @param sqlType the type name, lower case, without size ({@code varchar}, {@code numeric}, {@code
 *     timestamptz}, {@code tinyint}); for a PostgreSQL enum type, its name
 * @param size the character length or numeric precision, or 0 when the type has none or it is unbounded
 * @param scale the numeric scale, or 0
 * @param nullable whether the column may hold {@code NULL}
 * @param comment the column comment, or {@code null}
 * @param enumValues the values of an enum type, a MySQL {@code ENUM(…)} or a {@code CHECK (col IN (…))};
 *     empty otherwise
 * @param json whether the column holds JSON (PostgreSQL {@code json}/{@code jsonb}, MariaDB's {@code
 *     JSON}, which is text checked by {@code json_valid})
 * @param instantForm how a column holds instants when the database has no timestamp type for them
 *     (SQLite's ISO text or epoch numbers, found by sampling rows), or {@code null}: its SQL type says
 */
record ColumnModel(
        String name,
        String sqlType,
        int size,
        int scale,
        boolean nullable,
        String comment,
        List<String> enumValues,
        boolean json,
        io.quarry.sql.TableLayout.ColumnType instantForm) {

    /** A column whose SQL type says what it holds. */
    ColumnModel(
            String name,
            String sqlType,
            int size,
            int scale,
            boolean nullable,
            String comment,
            List<String> enumValues,
            boolean json) {
        this(name, sqlType, size, scale, nullable, comment, enumValues, json, null);
    }

    /** Checks and copies the arguments. */
    ColumnModel {
        requireNonNull(name, "name");
        requireNonNull(sqlType, "sqlType");
        enumValues = List.copyOf(enumValues);
    }

    /** This column with enum values. */
    ColumnModel withEnumValues(List<String> values) {
        return new ColumnModel(name, sqlType, size, scale, nullable, comment, values, json, instantForm);
    }

    /** This column marked as holding JSON. */
    ColumnModel asJson() {
        return new ColumnModel(name, sqlType, size, scale, nullable, comment, enumValues, true, instantForm);
    }

    /** This column holding instants in {@code form}, read as {@code datetime}. */
    ColumnModel holdingInstants(io.quarry.sql.TableLayout.ColumnType form) {
        return new ColumnModel(name, sqlType, size, scale, nullable, comment, enumValues, json, form);
    }

    /** This column as an SQL type of another name ({@code date} for a text column of ISO days). */
    ColumnModel asType(String type) {
        return new ColumnModel(name, type, size, scale, nullable, comment, enumValues, json, null);
    }
}
