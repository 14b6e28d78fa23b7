package io.quarry.sql;

import static io.quarry.sql.Rows.O;

import io.quarry.filter.FieldPath;
import io.quarry.filter.Filter;
import io.quarry.filter.MatchOp;
import io.quarry.filter.Predicate;
import io.quarry.store.ObjectQuery;
import io.quarry.store.Scope;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The predicates of a read besides the filter, for both layouts in one place: a query's types, the
 * scope (fail closed), the words of its text query, its related objects, and the scope checks of the
 * reads that follow relationships. The layouts choose which relation a statement reads and read its
 * rows; what a statement's WHERE says is written here and by the {@link SqlCompiler}'s writers
 * ({@link FilterWriter} through the relation's {@link FieldReads}, {@link SortWriter}).
 */
final class ReadPredicates {
    private ReadPredicates() {}

    /**
     * {@code AND alias.key = ?} for each scope value; a scope key without a column among {@code
     * columns} fails closed: a scope the store cannot enforce must never be ignored.
     */
    static void scope(
            SqlWriter w,
            Dialect dialect,
            String alias,
            Collection<String> columns,
            Scope scope,
            Supplier<String> where) {
        for (Map.Entry<String, String> e : scope.values().entrySet()) {
            if (!columns.contains(e.getKey())) {
                throw new IllegalStateException("scope key '" + e.getKey() + "' has no column in " + where.get());
            }
            w.append(" AND ")
                    .append(dialect.quoteIdentifier(alias))
                    .append(".")
                    .append(dialect.quoteIdentifier(e.getKey()))
                    .append(" = ")
                    .bind(e.getValue());
        }
    }

    /** The graph layout's predicates over its objects table ({@code o}) and relationships table. */
    static final class Graph extends Quoting {
        private final StoreMapping mapping;
        private final SqlCompiler compiler;
        private final SqlCompiler.Columns columns;

        /** The predicates of a layout that writes its filters with {@code compiler}. */
        Graph(SqlCompiler compiler, StoreMapping mapping) {
            super(compiler.dialect());
            this.mapping = mapping;
            this.compiler = compiler;
            this.columns = SqlCompiler.Columns.of(O, mapping);
        }

        /** {@code alias.type IN (?, …)} of the query's types. */
        void types(SqlWriter w, String alias, ObjectQuery query) {
            w.append(col(alias, mapping.type())).append(" IN (");
            for (int i = 0; i < query.types().size(); i++) {
                w.append(i == 0 ? "" : ", ").bind(query.types().get(i));
            }
            w.append(")");
        }

        /** The WHERE condition of a query: types, scope, filter, text and related objects. */
        void where(SqlWriter w, ObjectQuery query) {
            types(w, O, query);
            scope(w, O, query.scope());
            if (!(query.filter().filter() instanceof Filter.And and
                    && and.filters().isEmpty())) {
                w.append(" AND "); // no "(1 = 1)" for the empty filter
                compiler.writeFilter(
                        w,
                        query.filter().filter(),
                        FieldReads.document(dialect, columns, query.filter().type()));
            }
            text(w, query);
            if (query.relatedToId() != null) {
                related(w, query);
            }
        }

        /** {@code AND alias.column = ?} for each scope value; a scope key the mapping has no column for fails closed. */
        void scope(SqlWriter w, String alias, Scope scope) {
            ReadPredicates.scope(
                    w,
                    dialect,
                    alias,
                    mapping.scopeColumns(),
                    scope,
                    () -> "the store mapping " + mapping.scopeColumns());
        }

        /** The words of the text query: the dialect's full text, or every word a substring of a text field. */
        private void text(SqlWriter w, ObjectQuery query) {
            List<String> words = query.words();
            String document = SqlCompiler.column(dialect, columns, mapping.properties());
            if (!words.isEmpty()) {
                SqlWriter text = new SqlWriter();
                if (dialect.fullText(text, O, document, query.text(), query.textFields())) {
                    w.append(" AND (").append(text.toSql()).append(")");
                    return;
                }
            }
            for (String word : words) {
                ElementTest test = new ElementTest.Match(MatchOp.CONTAINS, word, true);
                if (compiler.storable(test) == null) {
                    w.append(" AND ").never();
                    continue;
                }
                w.append(" AND (");
                if (query.textFields().isEmpty()) {
                    dialect.anyProperty(w, document, test);
                } else {
                    List<FieldPath> fields = query.textFields();
                    for (int i = 0; i < fields.size(); i++) {
                        w.append(i == 0 ? "" : " OR ");
                        dialect.anyElement(w, document, fields.get(i).segments(), test);
                    }
                }
                w.append(")");
            }
        }

        /** The objects related to {@code related_to_id}: the other ends of its relationships, the anchor in the scope. */
        private void related(SqlWriter w, ObjectQuery query) {
            if (compiler.unstorable(query.relatedToId())) {
                w.append(" AND ").never(); // no id holds NUL
                return;
            }
            // the union in a derived table: MariaDB cannot run IN (… UNION ALL …) as a semi-join and
            // evaluated it once per object of the type (9,356x the hand-written form at 100,000 objects,
            // bench/README.md); from a derived table it reads the few ends once. PostgreSQL flattens both.
            w.append(" AND ")
                    .append(col(mapping.id()))
                    .append(" IN (SELECT ")
                    .append(col("e", END))
                    .append(" FROM (");
            relatedEnds(w, mapping.dstId(), mapping.srcId(), query);
            w.append(" UNION ALL ");
            relatedEnds(w, mapping.srcId(), mapping.dstId(), query);
            w.append(") ").append(q("e")).append(")");
            if (query.scope().values().isEmpty()) {
                return; // the relationships' ends exist; only a scope can hide the anchor
            }
            w.append(" AND EXISTS (SELECT 1 FROM ")
                    .append(q(mapping.objectsTable()))
                    .append(" ")
                    .append(q("a"))
                    .append(" WHERE ")
                    .append(col("a", mapping.id()))
                    .append(" = ")
                    .bind(query.relatedToId());
            scope(w, "a", query.scope());
            w.append(")");
        }

        /** The column of the related ends' derived table. */
        private static final String END = "end_id";

        /** {@code SELECT r.other AS end_id FROM relationships r WHERE r.end = ? [AND r.type = ?]}. */
        private void relatedEnds(SqlWriter w, String other, String end, ObjectQuery query) {
            w.append("SELECT ")
                    .append(col("r", other))
                    .append(" AS ")
                    .append(q(END))
                    .append(" FROM ")
                    .append(q(mapping.relationshipsTable()))
                    .append(" ")
                    .append(q("r"))
                    .append(" WHERE ")
                    .append(col("r", end))
                    .append(" = ")
                    .bind(query.relatedToId());
            if (query.relationshipType() != null) {
                w.append(" AND ")
                        .append(col("r", mapping.relationshipType()))
                        .append(" = ")
                        .bind(query.relationshipType());
            }
        }

        private String col(String column) {
            return col(O, column);
        }
    }

    /** The table layout's predicates over its type tables (one at a time, as {@code o}), edges tables and foreign keys. */
    static final class Tables extends Quoting {
        private final TableLayout layout;
        private final TableIds ids;
        private final SqlCompiler compiler;

        /** The predicates of a layout that writes its filters with {@code compiler}. */
        Tables(SqlCompiler compiler, TableLayout layout, TableIds ids) {
            super(compiler.dialect());
            this.layout = layout;
            this.ids = ids;
            this.compiler = compiler;
        }

        /** The WHERE condition of a query over one type table: scope, filter, text and rows related to the anchors. */
        void where(SqlWriter w, TableLayout.TypeTable table, ObjectQuery query, List<TableIds.Resolved> anchors) {
            w.always();
            scope(w, table, O, query.scope());
            w.append(" AND ");
            compiler.writeFilter(w, query.filter().filter(), FieldReads.table(dialect, O, table));
            text(w, table, query);
            if (query.relatedToId() != null) {
                w.append(" AND ");
                related(w, table, anchors, query.relationshipType());
            }
        }

        /** The fallback full text of decision 13: every word a case-insensitive substring of some text field. */
        private void text(SqlWriter w, TableLayout.TypeTable table, ObjectQuery query) {
            FieldReads reads = FieldReads.table(dialect, O, table);
            for (String word : query.words()) {
                Predicate contains = new Predicate.Match(MatchOp.CONTAINS, word, true);
                List<Filter> any = new ArrayList<>();
                // every string property: text and JSON columns (a timestamp column's text is not in the database)
                List<FieldPath> fields = query.textFields().isEmpty()
                        ? table.fields().entrySet().stream()
                                .filter(f -> f.getValue().type() == TableLayout.ColumnType.TEXT
                                        || f.getValue().type() == TableLayout.ColumnType.JSON)
                                .map(f -> FieldPath.property(f.getKey()))
                                .toList()
                        : query.textFields();
                for (FieldPath field : fields) {
                    any.add(new Filter.Condition(field, contains));
                }
                w.append(" AND (");
                compiler.writeFilter(w, new Filter.Or(any), reads);
                if (query.textFields().isEmpty() && table.rest() != null) {
                    String rest = col(O, table.rest());
                    w.append(" OR (").append(rest).append(" IS NOT NULL AND ");
                    dialect.anyProperty(w, rest, new ElementTest.Match(MatchOp.CONTAINS, word, true));
                    w.append(")");
                }
                w.append(")");
            }
        }

        /**
         * Rows related to an anchor (any of {@code anchors}): through every edges table whose ends hold
         * this table's and the anchor's keys (both directions), through this table's foreign keys (the row
         * points to it), and through the anchor table's foreign keys to this type (it points to the row).
         */
        private void related(SqlWriter w, TableLayout.TypeTable table, List<TableIds.Resolved> anchors, String type) {
            List<Consumer<SqlWriter>> ways = new ArrayList<>();
            for (TableIds.Resolved anchor : anchors) {
                for (TableLayout.EdgesTable e : layout.edges()) {
                    if (type != null && e.fixedType() != null && !e.fixedType().equals(type)) {
                        continue;
                    }
                    for (boolean anchorIsSrc : new boolean[] {true, false}) {
                        String anchorEnd = anchorIsSrc ? e.src() : e.dst();
                        String rowEnd = anchorIsSrc ? e.dst() : e.src();
                        String anchorType = anchorIsSrc ? e.srcType() : e.dstType();
                        String rowType = anchorIsSrc ? e.dstType() : e.srcType();
                        if (!holds(rowType, table) || !holds(anchorType, anchor.table())) {
                            continue;
                        }
                        ways.add(x -> {
                            x.append(col(O, table.key().columns().get(0)))
                                    .append(" IN (SELECT ")
                                    .append(col("r", rowEnd))
                                    .append(" FROM ")
                                    .append(name(e))
                                    .append(" ")
                                    .append(q("r"))
                                    .append(" WHERE ");
                            endEquals(x, anchorEnd, anchorType, anchor);
                            if (type != null && e.typeColumn() != null) {
                                x.append(" AND ")
                                        .append(col("r", e.typeColumn()))
                                        .append(" = ")
                                        .bind(type);
                            }
                            x.append(")");
                        });
                    }
                }
                for (TableLayout.ForeignKey fk : table.foreignKeys()) {
                    if (fk.targetType().equals(anchor.table().type())
                            && (type == null || type.equals(fk.relationship()))) {
                        ways.add(x -> ids.equals(x, O, fk.columns(), anchor));
                    }
                }
                TableLayout.TypeTable other = anchor.table();
                for (TableLayout.ForeignKey fk : other.foreignKeys()) {
                    if (fk.targetType().equals(table.type()) && (type == null || type.equals(fk.relationship()))) {
                        ways.add(x -> {
                            x.append("EXISTS (SELECT 1 FROM ")
                                    .append(name(other))
                                    .append(" ")
                                    .append(q("f"))
                                    .append(" WHERE ");
                            ids.equals(x, "f", other.key().columns(), anchor);
                            for (int i = 0; i < fk.columns().size(); i++) {
                                x.append(" AND ")
                                        .append(col("f", fk.columns().get(i)))
                                        .append(" = ")
                                        .append(col(O, table.key().columns().get(i)));
                            }
                            x.append(")");
                        });
                    }
                }
            }
            if (ways.isEmpty()) {
                w.never();
                return;
            }
            SqlCompiler.disjunction(w, ways, way -> way.accept(w));
        }

        /**
         * Whether an edges-table end can hold a key of this table: a typed end holds its type's key; an
         * untyped end holds ids as text, which only a bare one-column text key matches.
         */
        static boolean holds(String endType, TableLayout.TypeTable table) {
            return endType != null
                    ? endType.equals(table.type())
                    : !table.key().qualified() && table.key().types().equals(List.of(TableLayout.KeyType.TEXT));
        }

        /** {@code r.end = ?}: the anchor's key on a typed end, its id (text) on an untyped one. */
        void endEquals(SqlWriter w, String end, String endType, TableIds.Resolved anchor) {
            if (endType != null) {
                ids.equals(w, "r", List.of(end), anchor);
            } else {
                w.append(col("r", end)).append(" = ").bind(anchor.values().get(0));
            }
        }

        /** {@code AND <src in scope> AND <dst in scope>} for an edges table's row {@code r}. */
        void edgeEndsInScope(SqlWriter w, TableLayout.EdgesTable e, Scope scope) {
            for (String[] end : new String[][] {{e.src(), e.srcType()}, {e.dst(), e.dstType()}}) {
                w.append(" AND ");
                if (end[1] != null) {
                    inScope(w, layout.table(end[1]).orElseThrow(), "r", List.of(end[0]), scope);
                } else {
                    List<TableLayout.TypeTable> bare =
                            layout.types().stream().filter(t -> holds(null, t)).toList();
                    if (bare.isEmpty()) {
                        w.never();
                    } else {
                        SqlCompiler.disjunction(w, bare, t -> inScope(w, t, "r", List.of(end[0]), scope));
                    }
                }
            }
        }

        /**
         * {@code EXISTS (SELECT 1 FROM target e WHERE e.key… = alias.column… AND scope)}: the key these
         * columns hold is an object of {@code target} in the scope.
         */
        void inScope(SqlWriter w, TableLayout.TypeTable target, String alias, List<String> columns, Scope scope) {
            w.append("EXISTS (SELECT 1 FROM ")
                    .append(name(target))
                    .append(" ")
                    .append(q("e"))
                    .append(" WHERE ");
            for (int i = 0; i < columns.size(); i++) {
                w.append(i == 0 ? "" : " AND ")
                        .append(col("e", target.key().columns().get(i)))
                        .append(" = ")
                        .append(col(alias, columns.get(i)));
            }
            scope(w, target, "e", scope);
            w.append(")");
        }

        /** The scope's predicates on a type table; a scope key the table has no column for fails closed. */
        void scope(SqlWriter w, TableLayout.TypeTable table, String alias, Scope scope) {
            ReadPredicates.scope(
                    w,
                    dialect,
                    alias,
                    table.scopeColumns(),
                    scope,
                    () -> "table '" + table.table() + "' of the store mapping " + table.scopeColumns());
        }
    }
}
