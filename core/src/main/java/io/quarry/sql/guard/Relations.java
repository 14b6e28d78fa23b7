package io.quarry.sql.guard;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
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
 * fields and timestamps under the field names. Each is written as a subquery carrying the scope.
 */
final class Relations {
    private static final String ROW = "quarry_row";

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
                byLowerName.put(type.name().toLowerCase(Locale.ROOT), r);
            }
        }
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

    private static Relation graph(EntityType type, StoreMapping m, Dialect d) {
        List<String> columns = new ArrayList<>();
        columns.add("id");
        List<Field> fields = new ArrayList<>();
        for (Field f : type.exposedFields()) {
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
        for (Field f : type.exposedFields()) {
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
        String table = (t.schema() == null ? "" : d.quoteIdentifier(t.schema()) + ".") + d.quoteIdentifier(t.table());
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
