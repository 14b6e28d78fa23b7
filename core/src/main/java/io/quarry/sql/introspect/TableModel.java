package io.quarry.sql.introspect;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/**
 * A table or view as the database describes it.
 *
 * @param schema the schema (PostgreSQL, H2) or database (MariaDB, MySQL) holding it; {@code null} on SQLite
 * @param name the table name, exactly as stored
 * @param view whether it is a view or a materialized view
 * @param comment the table comment, or {@code null}
 * @param columns the columns, in table order
 * @param primaryKey the primary-key columns in key order; empty when there is none
 * @param uniqueKeys the other unique constraints (and unique indexes), each its columns in order
 * @param foreignKeys the foreign keys this table holds
 */
record TableModel(
        String schema,
        String name,
        boolean view,
        String comment,
        List<ColumnModel> columns,
        List<String> primaryKey,
        List<List<String>> uniqueKeys,
        List<ForeignKeyModel> foreignKeys) {

    /** Copies the lists. */
    TableModel {
        requireNonNull(name, "name");
        columns = List.copyOf(columns);
        primaryKey = List.copyOf(primaryKey);
        uniqueKeys = uniqueKeys.stream().map(List::copyOf).toList();
        foreignKeys = List.copyOf(foreignKeys);
    }

    /** The column named {@code column}, if the table has one. */
    Optional<ColumnModel> column(String column) {
        return columns.stream().filter(c -> c.name().equals(column)).findFirst();
    }

    /** Whether these columns, in any order, are the primary key or a unique key. */
    boolean isUnique(List<String> keyColumns) {
        if (!primaryKey.isEmpty() && sameColumns(primaryKey, keyColumns)) {
            return true;
        }
        return uniqueKeys.stream().anyMatch(u -> sameColumns(u, keyColumns));
    }

    private static boolean sameColumns(List<String> a, List<String> b) {
        return a.size() == b.size() && a.containsAll(b);
    }
}
