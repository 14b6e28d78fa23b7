package io.quarry.sql.guard;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Relationship;
import io.quarry.schema.Schema;
import io.quarry.sql.Dialect;
import io.quarry.sql.SqlWriter;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.TableLayout;
import io.quarry.store.Scope;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The relations of a schema over a store mapping: for the graph layout one relation per type over the
 * objects table (id, the exposed fields extracted from the JSON properties as the dialect reads them,
 * created_at, updated_at); for the table layout one per type table with its key, its mapped exposed
 * fields and timestamps under the field names. Each relationship the schema declares is a relation
 * too, of its ends' ids ({@code src_id}, {@code dst_id}): the graph layout's relationships table, or
 * the table layout's edges tables and foreign keys of that name. Each is written as a subquery
 * carrying the scope.
 */
final class Relations {
    private static final String ROW = "quarry_row";
    private static final String END = "quarry_end";

    private final Map<String, Relation> byLowerName = new LinkedHashMap<>();

    Relations(Schema schema, StoreMapping mapping, Dialect dialect) {
        for (EntityType type : schema.types()) {
            Relation r = mapping.tables() == null
                    ? graph(type, mapping, dialect)
                    : mapping.tables()
                            .table(type.name())
                            .map(t -> table(type, t, dialect))
                            .orElse(null);
            if (r != null) {
                byLowerName.put(type.name().toLowerCase(Locale.ROOT), r.withMasked(masked(type)));
            }
        }
        for (Map.Entry<String, Set<String>> e : relationships(schema).entrySet()) {
            String lower = e.getKey().toLowerCase(Locale.ROOT);
            if (byLowerName.containsKey(lower)) {
                continue; // a relationship named like a type: the type is the relation of that name
            }
            Set<String> ends = new java.util.TreeSet<>(e.getValue());
            ends.retainAll(typesWithRelations());
            Relation r = mapping.tables() == null
                    ? graphEdges(e.getKey(), ends, mapping, dialect)
                    : tableEdges(e.getKey(), ends, mapping.tables(), dialect);
            if (r != null) {
                byLowerName.put(lower, r);
            }
        }
    }

    /** The names of the types that are relations (the ends a relationship's relation may join). */
    private Set<String> typesWithRelations() {
        Set<String> out = new HashSet<>();
        byLowerName.values().forEach(r -> out.add(r.name()));
        return out;
    }

    /**
     * Every relationship type the schema's declarations store, with the types that take part in it:
     * the types declaring it and their targets. A relationship's relation holds only the rows between
     * two of them. It is the stored type, not each end's name: an artist's {@code albums} and an album's
     * {@code artist} are the one relation {@code artist}, a join table's ends its name.
     */
    private static Map<String, Set<String>> relationships(Schema schema) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (EntityType type : schema.types()) {
            for (Relationship r : type.relationships()) {
                Set<String> ends = out.computeIfAbsent(r.storedType(), k -> new java.util.TreeSet<>());
                ends.add(type.name());
                ends.add(r.target());
            }
        }
        return out;
    }

    /** The relation a statement names, matched without regard to case as SQL matches unquoted names. */
    Relation find(String name) {
        return byLowerName.get(name.toLowerCase(Locale.ROOT));
    }

    /** Every relation name. */
    List<String> names() {
        return byLowerName.values().stream().map(Relation::name).toList();
    }

    private static Set<String> hidden(EntityType type) {
        Set<String> hidden = new HashSet<>();
        for (Field f : type.fields()) {
            if (!f.exposed()) {
                hidden.add(f.name());
            }
        }
        return hidden;
    }

    private static Set<String> masked(EntityType type) {
        Set<String> masked = new HashSet<>();
        for (Field f : type.fields()) {
            if (f.masked()) {
                masked.add(f.name());
            }
        }
        return masked;
    }

    /** The fields a statement may read as columns: the exposed ones that are not masked. */
    private static List<Field> readable(EntityType type) {
        return type.exposedFields().stream().filter(f -> !f.masked()).toList();
    }

    private static Relation graph(EntityType type, StoreMapping m, Dialect d) {
        List<String> columns = new ArrayList<>();
        columns.add("id");
        List<Field> fields = new ArrayList<>();
        for (Field f : readable(type)) {
            if (!columns.contains(f.name())
                    && !f.name().equals("created_at")
                    && !f.name().equals("updated_at")) {
                columns.add(f.name());
                fields.add(f);
            }
        }
        columns.add("created_at");
        columns.add("updated_at");
        String row = d.quoteIdentifier(ROW);
        String document = row + "." + d.quoteIdentifier(m.properties());
        return new Relation(type.name(), columns, hidden(type), Set.of("created_at", "updated_at"), (w, scope) -> {
            w.append("(SELECT ")
                    .append(row + "." + d.quoteIdentifier(m.id()))
                    .append(" AS ")
                    .append(d.quoteIdentifier("id"));
            for (Field f : fields) {
                w.append(", ");
                d.fieldValue(w, document, f.name(), f.type());
                w.append(" AS ").append(d.quoteIdentifier(f.name()));
            }
            w.append(", ")
                    .append(row + "." + d.quoteIdentifier(m.createdAt()))
                    .append(" AS ")
                    .append(d.quoteIdentifier("created_at"))
                    .append(", ")
                    .append(row + "." + d.quoteIdentifier(m.updatedAt()))
                    .append(" AS ")
                    .append(d.quoteIdentifier("updated_at"))
                    .append(" FROM ")
                    .append(d.quoteIdentifier(m.objectsTable()))
                    .append(" ")
                    .append(row)
                    .append(" WHERE ")
                    .append(row + "." + d.quoteIdentifier(m.type()))
                    .append(" = ")
                    .bind(type.name());
            scope(w, scope, m.scopeColumns(), row, d);
            w.append(")");
        });
    }

    private static Relation table(EntityType type, TableLayout.TypeTable t, Dialect d) {
        String row = d.quoteIdentifier(ROW);
        Map<String, Column> columns = new LinkedHashMap<>();
        List<String> key = t.key().columns();
        if (key.size() == 1) {
            columns.put("id", (w) -> w.append(row + "." + d.quoteIdentifier(key.get(0))));
        } else {
            key.forEach(k -> columns.put(k, (w) -> w.append(row + "." + d.quoteIdentifier(k))));
        }
        for (Field f : readable(type)) {
            if (columns.containsKey(f.name())) {
                continue;
            }
            TableLayout.FieldColumn c = t.fields().get(f.name());
            if (c != null && c.path().isEmpty()) {
                columns.put(f.name(), w -> w.append(row + "." + d.quoteIdentifier(c.column())));
            } else if (c != null && c.path().size() == 1) {
                columns.put(
                        f.name(),
                        w -> d.fieldValue(
                                w,
                                row + "." + d.quoteIdentifier(c.column()),
                                c.path().get(0),
                                f.type()));
            } else if (c == null && t.rest() != null) {
                columns.put(
                        f.name(), w -> d.fieldValue(w, row + "." + d.quoteIdentifier(t.rest()), f.name(), f.type()));
            }
        }
        if (t.createdAt() != null && !columns.containsKey("created_at")) {
            columns.put("created_at", w -> w.append(row + "." + d.quoteIdentifier(t.createdAt())));
        }
        if (t.updatedAt() != null && !columns.containsKey("updated_at")) {
            columns.put("updated_at", w -> w.append(row + "." + d.quoteIdentifier(t.updatedAt())));
        }
        String table = tableName(t.schema(), t.table(), d);
        return new Relation(type.name(), List.copyOf(columns.keySet()), hidden(type), Set.of(), (w, scope) -> {
            w.append("(SELECT ");
            boolean first = true;
            for (Map.Entry<String, Column> c : columns.entrySet()) {
                w.append(first ? "" : ", ");
                first = false;
                c.getValue().write(w);
                w.append(" AS ").append(d.quoteIdentifier(c.getKey()));
            }
            w.append(" FROM ").append(table).append(" ").append(row).append(" WHERE 1 = 1");
            scope(w, scope, t.scopeColumns(), row, d);
            w.append(")");
        });
    }

    /** The columns of a relationship's relation: the ids of its two ends, as its types' relations show them. */
    static final List<String> ENDS = List.of("src_id", "dst_id");

    /**
     * A relationship of the graph layout: {@code (SELECT r.src_id, r.dst_id FROM relationships r WHERE
     * r.type = ? AND <both ends objects of its types in the scope>)}.
     */
    private static Relation graphEdges(String name, Set<String> ends, StoreMapping m, Dialect d) {
        if (ends.isEmpty()) {
            return null;
        }
        String row = d.quoteIdentifier(ROW);
        String end = d.quoteIdentifier(END);
        return new Relation(name, ENDS, Set.of(), Set.of(), (w, scope) -> {
            w.append("(");
            endsFrom(
                    w,
                    row + "." + d.quoteIdentifier(m.srcId()),
                    row + "." + d.quoteIdentifier(m.dstId()),
                    d.quoteIdentifier(m.relationshipsTable()),
                    d);
            w.append(row + "." + d.quoteIdentifier(m.relationshipType()))
                    .append(" = ")
                    .bind(name);
            for (String column : List.of(m.srcId(), m.dstId())) {
                w.append(" AND EXISTS (SELECT 1 FROM ")
                        .append(d.quoteIdentifier(m.objectsTable()))
                        .append(" ")
                        .append(end)
                        .append(" WHERE ")
                        .append(end + "." + d.quoteIdentifier(m.id()))
                        .append(" = ")
                        .append(row + "." + d.quoteIdentifier(column))
                        .append(" AND ")
                        .append(end + "." + d.quoteIdentifier(m.type()))
                        .append(" IN (");
                boolean first = true;
                for (String type : ends) {
                    w.append(first ? "" : ", ").bind(type);
                    first = false;
                }
                w.append(")");
                scope(w, scope, m.scopeColumns(), end, d);
                w.append(")");
            }
            w.append(")");
        });
    }

    /**
     * A relationship of the table layout: the {@code UNION ALL} of every edges table that holds it
     * (a fixed type of that name, or a type column) and every one-column foreign key of that name, each
     * row with both ends objects of its types in the scope. Sources whose ends hold keys of other kinds
     * than the first source's are left out (a union of a number and a text column fails on
     * PostgreSQL); a relationship with no source, or only composite keys, is no relation.
     */
    private static Relation tableEdges(String name, Set<String> ends, TableLayout layout, Dialect d) {
        List<Relation.Source> sources = new ArrayList<>();
        List<List<TableLayout.KeyType>> kinds = new ArrayList<>();
        for (TableLayout.EdgesTable e : layout.edges()) {
            if (e.fixedType() != null && !e.fixedType().equals(name)) {
                continue;
            }
            List<TableLayout.TypeTable> srcs = endTables(e.srcType(), ends, layout);
            List<TableLayout.TypeTable> dsts = endTables(e.dstType(), ends, layout);
            if (srcs.isEmpty() || dsts.isEmpty()) {
                continue;
            }
            kinds.add(List.of(keyType(srcs.get(0)), keyType(dsts.get(0))));
            sources.add((w, scope) -> {
                String row = d.quoteIdentifier(ROW);
                endsFrom(
                        w,
                        row + "." + d.quoteIdentifier(e.src()),
                        row + "." + d.quoteIdentifier(e.dst()),
                        tableName(e.schema(), e.table(), d),
                        d);
                if (e.typeColumn() != null) {
                    w.append(row + "." + d.quoteIdentifier(e.typeColumn()))
                            .append(" = ")
                            .bind(name);
                } else {
                    w.append("1 = 1");
                }
                endInScope(w, e.src(), srcs, scope, d);
                endInScope(w, e.dst(), dsts, scope, d);
            });
        }
        for (TableLayout.TypeTable t : layout.types()) {
            for (TableLayout.ForeignKey fk : t.foreignKeys()) {
                TableLayout.TypeTable target = layout.table(fk.targetType()).orElseThrow();
                if (!fk.relationship().equals(name)
                        || !ends.contains(t.type())
                        || !ends.contains(target.type())
                        || t.key().columns().size() != 1
                        || fk.columns().size() != 1) {
                    continue;
                }
                kinds.add(List.of(keyType(t), keyType(target)));
                sources.add((w, scope) -> {
                    String row = d.quoteIdentifier(ROW);
                    String column = row + "." + d.quoteIdentifier(fk.columns().get(0));
                    endsFrom(
                            w,
                            row + "." + d.quoteIdentifier(t.key().columns().get(0)),
                            column,
                            tableName(t.schema(), t.table(), d),
                            d);
                    w.append(column).append(" IS NOT NULL");
                    scope(w, scope, t.scopeColumns(), row, d);
                    endInScope(w, fk.columns().get(0), List.of(target), scope, d);
                });
            }
        }
        if (sources.isEmpty()) {
            return null;
        }
        List<Relation.Source> kept = new ArrayList<>();
        for (int i = 0; i < sources.size(); i++) {
            if (kinds.get(i).equals(kinds.get(0))) {
                kept.add(sources.get(i));
            }
        }
        return new Relation(name, ENDS, Set.of(), Set.of(), (w, scope) -> {
            w.append("(");
            for (int i = 0; i < kept.size(); i++) {
                w.append(i == 0 ? "" : " UNION ALL ");
                kept.get(i).write(w, scope);
            }
            w.append(")");
        });
    }

    /** {@code SELECT <src> AS src_id, <dst> AS dst_id FROM <table> quarry_row WHERE }, to be continued. */
    private static void endsFrom(SqlWriter w, String src, String dst, String table, Dialect d) {
        w.append("SELECT ")
                .append(src)
                .append(" AS ")
                .append(d.quoteIdentifier(ENDS.get(0)))
                .append(", ")
                .append(dst)
                .append(" AS ")
                .append(d.quoteIdentifier(ENDS.get(1)))
                .append(" FROM ")
                .append(table)
                .append(" ")
                .append(d.quoteIdentifier(ROW))
                .append(" WHERE ");
    }

    /**
     * The type tables an edges-table end may point into, among the relationship's types: its type's
     * table for a typed end; for an untyped end (ids as text) the tables whose bare one-column text key
     * is the id.
     */
    private static List<TableLayout.TypeTable> endTables(String endType, Set<String> ends, TableLayout layout) {
        return layout.types().stream()
                .filter(t -> ends.contains(t.type()))
                .filter(t -> endType != null
                        ? endType.equals(t.type())
                        : !t.key().qualified() && t.key().types().equals(List.of(TableLayout.KeyType.TEXT)))
                .toList();
    }

    private static TableLayout.KeyType keyType(TableLayout.TypeTable t) {
        return t.key().types().get(0);
    }

    /** {@code AND (EXISTS (SELECT 1 FROM t e WHERE e.key = row.column AND <scope>) OR …)}. */
    private static void endInScope(
            SqlWriter w, String column, List<TableLayout.TypeTable> tables, Scope scope, Dialect d) {
        String row = d.quoteIdentifier(ROW);
        String end = d.quoteIdentifier(END);
        w.append(" AND (");
        for (int i = 0; i < tables.size(); i++) {
            TableLayout.TypeTable t = tables.get(i);
            w.append(i == 0 ? "" : " OR ")
                    .append("EXISTS (SELECT 1 FROM ")
                    .append(tableName(t.schema(), t.table(), d))
                    .append(" ")
                    .append(end)
                    .append(" WHERE ")
                    .append(end + "." + d.quoteIdentifier(t.key().columns().get(0)))
                    .append(" = ")
                    .append(row + "." + d.quoteIdentifier(column));
            scope(w, scope, t.scopeColumns(), end, d);
            w.append(")");
        }
        w.append(")");
    }

    private static String tableName(String schema, String table, Dialect d) {
        return (schema == null ? "" : d.quoteIdentifier(schema) + ".") + d.quoteIdentifier(table);
    }

    /** A column of a table relation's subquery. */
    @FunctionalInterface
    private interface Column {
        void write(SqlWriter w);
    }

    /**
     * The scope's predicates on the row; a scope key the table has no column for reads nothing (the
     * store's rule: an object without the scope value is outside the scope).
     */
    private static void scope(SqlWriter w, Scope scope, List<String> scopeColumns, String row, Dialect d) {
        for (Map.Entry<String, String> e : scope.values().entrySet()) {
            if (scopeColumns.contains(e.getKey())) {
                w.append(" AND ")
                        .append(row + "." + d.quoteIdentifier(e.getKey()))
                        .append(" = ")
                        .bind(e.getValue());
            } else {
                w.append(" AND 1 = 0");
            }
        }
    }

    /** The error for a name that is no relation, with the nearest names. */
    static QueryException unknown(String path, String name, List<String> names, String hint) {
        return QueryException.of(ErrorCode.UNKNOWN_TYPE, path, "There is no relation '" + name + "'.", hint);
    }

    @SuppressWarnings("unused")
    private static boolean numeric(FieldType t) {
        return t.isNumeric();
    }
}
