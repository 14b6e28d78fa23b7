package io.quarry.sql;

import static java.util.Objects.requireNonNull;

import io.quarry.schema.Names;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The table layout of a {@link StoreMapping}: a host schema that keeps one table per type. Each type
 * names its table, id column, optional timestamp columns and scope columns, and maps each field to a
 * typed column or to a path inside a JSON column; relationships come from edges tables and from
 * foreign-key columns.
 *
 * <p>What a column holds, as the filter language sees it: a SQL {@code NULL} is a missing field (so
 * {@code {"f": null}} matches it and {@code $exists} is false); a text column holds strings, a number
 * column numbers, a boolean column booleans, a timestamp column the canonical UTC ISO-8601 string of
 * its instant, and only a JSON column arrays, objects and JSON null. Operators keep the evaluator's
 * rules for the value a column holds: {@code $size} and {@code $all} never match a scalar column, a
 * string operand never equals a number column, and a number operand matches a numeric string in a
 * text column.
 *
 * @param types one table per type; type names are unique
 * @param edges the edges tables, possibly none
 */
public record TableLayout(List<TypeTable> types, List<EdgesTable> edges) {

    /** Checks the arguments: unique type names, known foreign-key targets. */
    public TableLayout {
        types = List.copyOf(requireNonNull(types, "types"));
        edges = List.copyOf(requireNonNull(edges, "edges"));
        if (types.isEmpty()) {
            throw new IllegalArgumentException("store mapping: the table layout needs at least one type table");
        }
        Set<String> names = new HashSet<>();
        for (TypeTable t : types) {
            if (!names.add(t.type())) {
                throw new IllegalArgumentException("store mapping: type '" + t.type() + "' has two tables");
            }
        }
        for (TypeTable t : types) {
            for (ForeignKey fk : t.foreignKeys()) {
                if (!names.contains(fk.targetType())) {
                    throw new IllegalArgumentException("store mapping: foreign key " + t.table() + "." + fk.column()
                            + " points to type '" + fk.targetType() + "', which has no table");
                }
            }
        }
    }

    /** The table of a type, if the layout has one. */
    public java.util.Optional<TypeTable> table(String type) {
        return types.stream().filter(t -> t.type().equals(type)).findFirst();
    }

    /** What a field's column holds. */
    public enum ColumnType {
        /** Strings ({@code VARCHAR}, {@code TEXT}). */
        TEXT,
        /** Numbers ({@code INTEGER}, {@code DECIMAL}; floating columns compare in the database's arithmetic). */
        NUMBER,
        /** Booleans. */
        BOOLEAN,
        /** Instants ({@code TIMESTAMP WITH TIME ZONE}, as the dialect stores the graph layout's timestamps). */
        TIMESTAMP,
        /**
         * Days (SQL {@code DATE}; on SQLite text or a number that {@code date()} reads): the filter
         * language sees the string {@code YYYY-MM-DD}, comparing with a date-time as its midnight UTC.
         */
        DATE,
        /** JSON documents (PostgreSQL {@code jsonb}; JSON text elsewhere): arrays, objects, anything. */
        JSON
    }

    /**
     * Where a field's value is: a column of its own, or a path inside a JSON column.
     *
     * @param column the column
     * @param type what the column holds
     * @param path the path inside a {@link ColumnType#JSON} column; empty when the column is the value
     */
    public record FieldColumn(String column, ColumnType type, List<String> path) {
        /** Checks the names; a path needs a JSON column. */
        public FieldColumn {
            checkName(column);
            requireNonNull(type, "type");
            path = List.copyOf(requireNonNull(path, "path"));
            path.forEach(TableLayout::checkName);
            if (!path.isEmpty() && type != ColumnType.JSON) {
                throw new IllegalArgumentException(
                        "store mapping: a path inside column '" + column + "' needs a json column");
            }
        }

        /** A field in a column of its own. */
        public static FieldColumn column(String column, ColumnType type) {
            return new FieldColumn(column, type, List.of());
        }

        /** A field at a path inside a JSON column. */
        public static FieldColumn path(String column, String... path) {
            return new FieldColumn(column, ColumnType.JSON, List.of(path));
        }
    }

    /**
     * A foreign-key column: a relationship from the row to the object whose id the column holds.
     *
     * @param column the column holding the target's id ({@code NULL}: no relationship)
     * @param targetType the type whose table holds the target
     * @param relationship the relationship's type name, such as {@code assigned_to}
     */
    public record ForeignKey(String column, String targetType, String relationship) {
        /** Checks the names. */
        public ForeignKey {
            checkName(column);
            checkName(targetType);
            checkName(relationship);
        }
    }

    /**
     * One type's table.
     *
     * @param type the type name
     * @param table the table
     * @param id the id column (text; ids are unique across all the layout's tables)
     * @param createdAt the creation timestamp column, or {@code null}: the type's objects have no
     *     {@code created_at} (a filter sees it missing; nothing is made up from the other column)
     * @param updatedAt the update timestamp column, or {@code null}: the type's objects have no
     *     {@code updated_at} and sort after those that have one in the default order
     * @param scopeColumns the scope keys, each a column of this table with the same name
     * @param fields the mapped fields, by name
     * @param rest a JSON column holding the fields not mapped, or {@code null}
     * @param foreignKeys the foreign-key columns
     */
    public record TypeTable(
            String type,
            String table,
            String id,
            String createdAt,
            String updatedAt,
            List<String> scopeColumns,
            Map<String, FieldColumn> fields,
            String rest,
            List<ForeignKey> foreignKeys) {
        /** Checks and copies the arguments. */
        public TypeTable {
            checkName(type);
            checkName(table);
            checkName(id);
            if (createdAt != null) {
                checkName(createdAt);
            }
            if (updatedAt != null) {
                checkName(updatedAt);
            }
            if (rest != null) {
                checkName(rest);
            }
            scopeColumns = List.copyOf(requireNonNull(scopeColumns, "scopeColumns"));
            scopeColumns.forEach(TableLayout::checkName);
            fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(fields, "fields")));
            fields.keySet().forEach(TableLayout::checkName);
            foreignKeys = List.copyOf(requireNonNull(foreignKeys, "foreignKeys"));
        }

        /** The column of the system field {@code created_at} or {@code updated_at}, or {@code null} when unmapped. */
        public String timestampColumn(String systemField) {
            return switch (systemField) {
                case "created_at" -> createdAt;
                case "updated_at" -> updatedAt;
                default -> throw new IllegalArgumentException("not a timestamp: " + systemField);
            };
        }

        /** Every column a row is read from, in select order, without duplicates. */
        public List<String> selectColumns() {
            List<String> out = new ArrayList<>();
            add(out, id);
            add(out, createdAt);
            add(out, updatedAt);
            scopeColumns.forEach(c -> add(out, c));
            fields.values().forEach(f -> add(out, f.column()));
            add(out, rest);
            foreignKeys.forEach(fk -> add(out, fk.column()));
            return out;
        }

        private static void add(List<String> out, String column) {
            if (column != null && !out.contains(column)) {
                out.add(column);
            }
        }
    }

    /**
     * An edges table: one row per relationship.
     *
     * @param table the table
     * @param id the relationship id column, or {@code null}: the id is then {@code src|type|dst}
     * @param src the source id column
     * @param dst the target id column
     * @param typeColumn the relationship type column, or {@code null} when {@code fixedType} is given
     * @param fixedType the one relationship type of every row, or {@code null} when {@code typeColumn} is given
     */
    public record EdgesTable(String table, String id, String src, String dst, String typeColumn, String fixedType) {
        /** Checks the names; exactly one of the type column and the fixed type. */
        public EdgesTable {
            checkName(table);
            if (id != null) {
                checkName(id);
            }
            checkName(src);
            checkName(dst);
            if ((typeColumn == null) == (fixedType == null)) {
                throw new IllegalArgumentException(
                        "store mapping: edges table '" + table + "' needs either a type column or a fixed type");
            }
            if (typeColumn != null) {
                checkName(typeColumn);
            } else {
                checkName(fixedType);
            }
        }
    }

    /** The id of a relationship without an id column: source, type and target joined by {@code |}. */
    public static String syntheticId(String src, String type, String dst) {
        return src + "|" + type + "|" + dst;
    }

    private static void checkName(String name) {
        if (!Names.isIdentifier(requireNonNull(name, "a table, column or type name"))) {
            throw new IllegalArgumentException("store mapping: '" + name
                    + "' is not a valid table, column or type name; names must match " + Names.IDENTIFIER.pattern());
        }
    }
}
