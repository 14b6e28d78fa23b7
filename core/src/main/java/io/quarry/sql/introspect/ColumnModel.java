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
 */
record ColumnModel(
        String name,
        String sqlType,
        int size,
        int scale,
        boolean nullable,
        String comment,
        List<String> enumValues,
        boolean json) {

    /** Checks and copies the arguments. */
    ColumnModel {
        requireNonNull(name, "name");
        requireNonNull(sqlType, "sqlType");
        enumValues = List.copyOf(enumValues);
    }

    /** This column with enum values. */
    ColumnModel withEnumValues(List<String> values) {
        return new ColumnModel(name, sqlType, size, scale, nullable, comment, values, json);
    }

    /** This column marked as holding JSON. */
    ColumnModel asJson() {
        return new ColumnModel(name, sqlType, size, scale, nullable, comment, enumValues, true);
    }
}
