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
 * names its table (optionally its schema), its key columns and their types, optional timestamp columns and scope columns, and maps each field to a
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
                TypeTable target = types.stream()
                        .filter(x -> x.type().equals(fk.targetType()))
                        .findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("store mapping: foreign key " + t.table()
                                + "." + fk.columns() + " points to type '" + fk.targetType()
                                + "', which has no table"));
                if (target.key().columns().size() != fk.columns().size()) {
                    throw new IllegalArgumentException("store mapping: foreign key " + t.table() + "."
                            + fk.columns() + " has " + fk.columns().size() + " column(s) but the key of type '"
                            + fk.targetType() + "' has "
                            + target.key().columns().size());
                }
            }
        }
        for (EdgesTable e : edges) {
            for (String end : java.util.Arrays.asList(e.srcType(), e.dstType())) {
                if (end == null) {
                    continue;
                }
                TypeTable target = types.stream()
                        .filter(x -> x.type().equals(end))
                        .findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("store mapping: edges table '" + e.table()
                                + "' names type '" + end + "', which has no table"));
                if (target.key().columns().size() != 1) {
                    throw new IllegalArgumentException("store mapping: edges table '" + e.table()
                            + "' points to type '" + end + "', whose key has several columns; an edges table"
                            + " holds one-column keys");
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
        JSON,
        /**
         * Instants kept as ISO-8601 text ({@code 2021-01-01 10:00:00}, {@code 2021-01-01T10:00:00.250Z};
         * no zone is UTC), read as a {@link #TIMESTAMP} to the millisecond; text that is no date-time is
         * missing. SQLite only.
         */
        TIMESTAMP_TEXT,
        /** Instants kept as seconds since 1970-01-01T00:00:00Z (a number), read as a {@link #TIMESTAMP}. SQLite only. */
        EPOCH_SECONDS,
        /** Instants kept as milliseconds since 1970-01-01T00:00:00Z (a number), read as a {@link #TIMESTAMP}. SQLite only. */
        EPOCH_MILLIS;

        /** Whether the column holds instants: a {@link #TIMESTAMP} or one of the forms read as one. */
        public boolean instant() {
            return this == TIMESTAMP || this == TIMESTAMP_TEXT || this == EPOCH_SECONDS || this == EPOCH_MILLIS;
        }

        /** The name a configuration writes: {@code timestamp_text}. */
        public String configName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * Where a field's value is: a column of its own, or a path inside a JSON column.
     *
     * @param column the column
     * @param type what the column holds
     * @param path the path inside a {@link ColumnType#JSON} column; empty when the column is the value
     * @param asText whether a {@link ColumnType#TEXT} field's column is of another SQL type (a PostgreSQL
     *     enum or uuid) whose values are compared, sorted and grouped as their text ({@link
     *     Dialect#asText}): the database compares no such column with a text bind
     * @param singlePrecision whether a {@link ColumnType#NUMBER} column holds single-precision floats
     *     (PostgreSQL {@code real}, H2 {@code REAL}, MariaDB and MySQL {@code FLOAT}): each value is shown
     *     as the shortest decimal that reads back as it ({@code 0.05}), and an operand is rounded to
     *     single precision before it is compared, so {@code {"discount": 0.05}} matches the rows that show
     *     {@code 0.05} (compared as the wider double it would miss them all)
     */
    public record FieldColumn(
            String column, ColumnType type, List<String> path, boolean asText, boolean singlePrecision) {
        /** Checks the names; a path needs a JSON column; only a text field is read as text. */
        public FieldColumn {
            checkSqlName(column);
            requireNonNull(type, "type");
            path = List.copyOf(requireNonNull(path, "path"));
            path.forEach(TableLayout::checkName);
            if (!path.isEmpty() && type != ColumnType.JSON) {
                throw new IllegalArgumentException(
                        "store mapping: a path inside column '" + column + "' needs a json column");
            }
            if (asText && type != ColumnType.TEXT) {
                throw new IllegalArgumentException(
                        "store mapping: column '" + column + "' is read as text, so its type must be text");
            }
            if (singlePrecision && type != ColumnType.NUMBER) {
                throw new IllegalArgumentException("store mapping: column '" + column
                        + "' holds single-precision numbers, so its type must be number");
            }
        }

        /** A field whose column holds what its type says, or is read as its text. */
        public FieldColumn(String column, ColumnType type, List<String> path, boolean asText) {
            this(column, type, path, asText, false);
        }

        /** A field whose column holds what its type says (no cast). */
        public FieldColumn(String column, ColumnType type, List<String> path) {
            this(column, type, path, false);
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
     * A foreign key: columns of the row holding the key of the object it points to, in the order of
     * the target's key columns.
     *
     * @param columns the columns holding the target's key ({@code NULL} in any: no relationship)
     * @param targetType the type whose table holds the target
     * @param relationship the relationship's type name, such as {@code assigned_to}
     */
    public record ForeignKey(List<String> columns, String targetType, String relationship) {
        /** Checks the names. */
        public ForeignKey {
            columns = List.copyOf(requireNonNull(columns, "columns"));
            if (columns.isEmpty()) {
                throw new IllegalArgumentException("store mapping: a foreign key needs at least one column");
            }
            columns.forEach(TableLayout::checkSqlName);
            checkName(targetType);
            checkName(relationship);
        }

        /** A foreign key of one column. */
        public ForeignKey(String column, String targetType, String relationship) {
            this(List.of(requireNonNull(column, "column")), targetType, relationship);
        }
    }

    /** What a key column holds, which decides how an id's key is parsed, bound and ordered. */
    public enum KeyType {
        /** Strings, ordered by code point. */
        TEXT,
        /** Whole numbers ({@code INTEGER}, {@code BIGINT}, {@code NUMERIC(p, 0)}), ordered numerically. */
        INTEGER,
        /** Decimal numbers ({@code NUMERIC}, {@code DECIMAL}), ordered numerically. */
        NUMBER,
        /** UUIDs (PostgreSQL and H2 {@code UUID}; text elsewhere), written in lower case, ordered as text. */
        UUID,
        /**
         * Days (SQL {@code DATE}), written {@code YYYY-MM-DD} and ordered as that text (which is the
         * order of days), bound as the dialect's date so the key's index serves equality and order.
         */
        DATE,
        /**
         * A column of another SQL type (a time, a timestamp, an enum…), matched and ordered as its text
         * as the database writes it ({@link Dialect#asText}): ids round-trip, though no index serves them.
         */
        AS_TEXT
    }

    /**
     * A type table's key: its columns, what each holds, and whether ids carry the type name.
     *
     * @param columns the key columns, in key order
     * @param types what each column holds, one per column
     * @param qualified whether an object's id is {@code Type:key} (unique across types, the default) or
     *     the bare key (for keys already unique across the layout's tables, such as uuids)
     */
    public record Key(List<String> columns, List<KeyType> types, boolean qualified) {
        /** Checks the names; one type per column. */
        public Key {
            columns = List.copyOf(requireNonNull(columns, "columns"));
            types = List.copyOf(requireNonNull(types, "types"));
            if (columns.isEmpty() || columns.size() != types.size()) {
                throw new IllegalArgumentException(
                        "store mapping: a key needs at least one column and one type per column");
            }
            columns.forEach(TableLayout::checkSqlName);
            if (new HashSet<>(columns).size() != columns.size()) {
                throw new IllegalArgumentException("store mapping: the key " + columns + " names a column twice");
            }
        }

        /** A key of one text column whose values are the ids: the table layout before typed keys. */
        public static Key bareText(String column) {
            return new Key(List.of(requireNonNull(column, "column")), List.of(KeyType.TEXT), false);
        }
    }

    /**
     * One type's table.
     *
     * @param type the type name
     * @param schema the table's schema (PostgreSQL, H2) or database (MariaDB), or {@code null}: the
     *     connection's search path or current database decides
     * @param table the table
     * @param key the key columns and the form of ids ({@link TableIds})
     * @param createdAt the creation timestamp column, or {@code null}: the type's objects have no
     *     {@code created_at} (a filter sees it missing; nothing is made up from the other column)
     * @param updatedAt the update timestamp column, or {@code null}: the type's objects have no
     *     {@code updated_at} and sort after those that have one in the default order
     * @param scopeColumns the scope keys, each a column of this table with the same name
     * @param fields the mapped fields, by name
     * @param rest a JSON column holding the fields not mapped, or {@code null}
     * @param foreignKeys the foreign keys
     * @param createdAtType how {@code createdAt} holds its instants: {@link ColumnType#TIMESTAMP} or a form
     *     read as one ({@link ColumnType#instant()})
     * @param updatedAtType how {@code updatedAt} holds its instants, as for {@code createdAtType}
     */
    public record TypeTable(
            String type,
            String schema,
            String table,
            Key key,
            String createdAt,
            String updatedAt,
            List<String> scopeColumns,
            Map<String, FieldColumn> fields,
            String rest,
            List<ForeignKey> foreignKeys,
            ColumnType createdAtType,
            ColumnType updatedAtType) {
        /** Checks and copies the arguments. */
        public TypeTable {
            for (ColumnType t : java.util.Arrays.asList(createdAtType, updatedAtType)) {
                if (!requireNonNull(t, "timestamp column type").instant()) {
                    throw new IllegalArgumentException("store mapping: a timestamp column of table '" + table
                            + "' holds " + t.configName() + "; use timestamp, timestamp_text, epoch_seconds or"
                            + " epoch_millis");
                }
            }
            checkName(type);
            if (schema != null) {
                checkSqlName(schema);
            }
            checkSqlName(table);
            requireNonNull(key, "key");
            if (createdAt != null) {
                checkSqlName(createdAt);
            }
            if (updatedAt != null) {
                checkSqlName(updatedAt);
            }
            if (rest != null) {
                checkSqlName(rest);
            }
            scopeColumns = List.copyOf(requireNonNull(scopeColumns, "scopeColumns"));
            scopeColumns.forEach(TableLayout::checkSqlName);
            fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(fields, "fields")));
            fields.keySet().forEach(TableLayout::checkName);
            foreignKeys = List.copyOf(requireNonNull(foreignKeys, "foreignKeys"));
        }

        /** A type table whose timestamp columns, if any, are SQL timestamps. */
        public TypeTable(
                String type,
                String schema,
                String table,
                Key key,
                String createdAt,
                String updatedAt,
                List<String> scopeColumns,
                Map<String, FieldColumn> fields,
                String rest,
                List<ForeignKey> foreignKeys) {
            this(
                    type,
                    schema,
                    table,
                    key,
                    createdAt,
                    updatedAt,
                    scopeColumns,
                    fields,
                    rest,
                    foreignKeys,
                    ColumnType.TIMESTAMP,
                    ColumnType.TIMESTAMP);
        }

        /**
         * A table in the connection's schema whose one text column {@code id} holds the ids themselves
         * (bare, unique across the layout's tables): the table layout before typed keys.
         */
        public TypeTable(
                String type,
                String table,
                String id,
                String createdAt,
                String updatedAt,
                List<String> scopeColumns,
                Map<String, FieldColumn> fields,
                String rest,
                List<ForeignKey> foreignKeys) {
            this(type, null, table, Key.bareText(id), createdAt, updatedAt, scopeColumns, fields, rest, foreignKeys);
        }

        /** The column of the system field {@code created_at} or {@code updated_at}, or {@code null} when unmapped. */
        public String timestampColumn(String systemField) {
            return switch (systemField) {
                case "created_at" -> createdAt;
                case "updated_at" -> updatedAt;
                default -> throw new IllegalArgumentException("not a timestamp: " + systemField);
            };
        }

        /** How the column of the system field {@code created_at} or {@code updated_at} holds its instants. */
        public ColumnType timestampType(String systemField) {
            return systemField.equals("created_at") ? createdAtType : updatedAtType;
        }

        /** Every column a row is read from, in select order (the key columns first), without duplicates. */
        public List<String> selectColumns() {
            List<String> out = new ArrayList<>();
            key.columns().forEach(c -> add(out, c));
            add(out, createdAt);
            add(out, updatedAt);
            scopeColumns.forEach(c -> add(out, c));
            fields.values().forEach(f -> add(out, f.column()));
            add(out, rest);
            foreignKeys.forEach(fk -> fk.columns().forEach(c -> add(out, c)));
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
     * @param schema the table's schema, or {@code null}
     * @param table the table
     * @param id the relationship id column, or {@code null}: the id is then {@code src|type|dst}
     * @param src the source column
     * @param dst the target column
     * @param typeColumn the relationship type column, or {@code null} when {@code fixedType} is given
     * @param fixedType the one relationship type of every row, or {@code null} when {@code typeColumn} is given
     * @param srcType the type whose key {@code src} holds (a join table), or {@code null}: {@code src}
     *     holds ids as text, which only types with bare one-column keys can match
     * @param dstType the type whose key {@code dst} holds, or {@code null} as for {@code srcType}
     */
    public record EdgesTable(
            String schema,
            String table,
            String id,
            String src,
            String dst,
            String typeColumn,
            String fixedType,
            String srcType,
            String dstType) {
        /** Checks the names; exactly one of the type column and the fixed type. */
        public EdgesTable {
            if (schema != null) {
                checkSqlName(schema);
            }
            checkSqlName(table);
            if (id != null) {
                checkSqlName(id);
            }
            checkSqlName(src);
            checkSqlName(dst);
            if ((typeColumn == null) == (fixedType == null)) {
                throw new IllegalArgumentException(
                        "store mapping: edges table '" + table + "' needs either a type column or a fixed type");
            }
            if (typeColumn != null) {
                checkSqlName(typeColumn);
            } else {
                checkName(fixedType);
            }
            if (srcType != null) {
                checkName(srcType);
            }
            if (dstType != null) {
                checkName(dstType);
            }
        }

        /** An edges table in the connection's schema whose ends hold ids as text. */
        public EdgesTable(String table, String id, String src, String dst, String typeColumn, String fixedType) {
            this(null, table, id, src, dst, typeColumn, fixedType, null, null);
        }
    }

    /** The id of a relationship without an id column: source, type and target joined by {@code |}. */
    public static String syntheticId(String src, String type, String dst) {
        return src + "|" + type + "|" + dst;
    }

    private static void checkSqlName(String name) {
        if (!Names.isSqlName(requireNonNull(name, "a table or column name"))) {
            throw new IllegalArgumentException("store mapping: '" + name
                    + "' is not a table or column name Quarry quotes; names must match " + Names.SQL_NAME.pattern());
        }
    }

    private static void checkName(String name) {
        if (!Names.isIdentifier(requireNonNull(name, "a table, column or type name"))) {
            throw new IllegalArgumentException("store mapping: '" + name
                    + "' is not a valid table, column or type name; names must match " + Names.IDENTIFIER.pattern());
        }
    }
}
