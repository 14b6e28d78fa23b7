package io.quarry.sql.introspect;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A foreign key: columns of one table that hold a key of another (or of the same) table.
 *
 * @param name the constraint name, or {@code null} when the database gives none (SQLite)
 * @param columns the referencing columns, in key order
 * @param targetSchema the referenced table's schema, or {@code null}
 * @param targetTable the referenced table
 * @param targetColumns the referenced columns, in the same order as {@code columns}
 */
record ForeignKeyModel(
        String name, List<String> columns, String targetSchema, String targetTable, List<String> targetColumns) {

    /** Checks and copies the arguments. */
    ForeignKeyModel {
        columns = List.copyOf(columns);
        requireNonNull(targetTable, "targetTable");
        targetColumns = List.copyOf(targetColumns);
        if (columns.isEmpty() || columns.size() != targetColumns.size()) {
            throw new IllegalArgumentException("foreign key " + name + ": " + columns + " -> " + targetColumns);
        }
    }

    /** Whether the key is one column. */
    boolean single() {
        return columns.size() == 1;
    }
}
