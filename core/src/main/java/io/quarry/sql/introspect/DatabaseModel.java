package io.quarry.sql.introspect;

import java.util.List;
import java.util.Optional;

/**
 * What one metadata sweep read from a database: its tables and views, and what it could not read.
 *
 * @param dialect the name of the database's dialect ({@code postgres}, {@code h2}, …)
 * @param tables the tables and views that passed the include/exclude patterns, in name order
 * @param warnings what was skipped and why, for the person reviewing the result
 */
record DatabaseModel(String dialect, List<TableModel> tables, List<String> warnings) {

    /** Copies the lists. */
    DatabaseModel {
        tables = List.copyOf(tables);
        warnings = List.copyOf(warnings);
    }

    /** The table named {@code name} in {@code schema} ({@code null}: any schema), if it was read. */
    Optional<TableModel> table(String schema, String name) {
        return tables.stream()
                .filter(t -> t.name().equals(name) && (schema == null || schema.equals(t.schema())))
                .findFirst();
    }
}
