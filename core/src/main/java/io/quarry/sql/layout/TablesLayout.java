package io.quarry.sql.layout;

import static io.quarry.sql.layout.Rows.O;
import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.filter.FieldPath;
import io.quarry.filter.Filter;
import io.quarry.filter.MatchOp;
import io.quarry.filter.Predicate;
import io.quarry.internal.CodePoints;
import io.quarry.internal.IsoDateTime;
import io.quarry.internal.Json;
import io.quarry.sql.ElementTest;
import io.quarry.sql.Sql;
import io.quarry.sql.SqlCompiler;
import io.quarry.sql.SqlWriter;
import io.quarry.sql.TableLayout;
import io.quarry.sql.dialect.Dialect;
import io.quarry.store.AggregateQuery;
import io.quarry.store.Aggregation;
import io.quarry.store.Aggregator;
import io.quarry.store.Cursor;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.ObjectOrder;
import io.quarry.store.ObjectQuery;
import io.quarry.store.Page;
import io.quarry.store.Scope;
import io.quarry.store.ScopeGraph;
import io.quarry.store.SortKey;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * The table layout ({@link TableLayout}): the host's own tables, one per type, read and never
 * written. A query over several types runs one
 * statement per type table (never a {@code UNION ALL}: the tables have different columns and column
 * types, so a union would need one row shape cast per dialect, and each table's own ORDER BY … LIMIT
 * uses that table's indexes); each returns at most {@code limit + 1} rows in the query's order, and
 * the rows are merged here in {@link ObjectOrder}, which is exact since the first {@code limit + 1}
 * rows overall are among the first {@code limit + 1} of each table.
 */
final class TablesLayout implements StorageLayout {
    private final Dialect dialect;
    private final TableLayout layout;
    private final SqlCompiler compiler;

    TablesLayout(TableLayout layout, Dialect dialect) {
        this.dialect = requireNonNull(dialect, "dialect");
        this.layout = requireNonNull(layout, "layout");
        this.compiler = new SqlCompiler(dialect);
    }

    /**
     * {@inheritDoc}
     *
     * <p>The dialect's helper functions only ({@link Dialect#createHelperFunctions()}): what the
     * compiled SQL calls on H2 ({@code CREATE ALIAS}) and PostgreSQL (the guarded casts).
     */
    @Override
    public List<String> createStatements() {
        return dialect.createHelperFunctions();
    }

    /** Refuses: the table layout reads the host's own tables, which the host fills. */
    @Override
    public void load(Session s, DataFile.DataSet data, LongConsumer progress) {
        throw new UnsupportedOperationException(
                "load: the table layout reads the host's own tables; fill them with the host's statements");
    }

    @Override
    public Page search(Session s, ObjectQuery query) {
        Cursor after = query.cursor() == null ? null : Cursor.decode(query.cursor(), query.fingerprint(), query.sort());
        List<Read> reads = new ArrayList<>();
        for (TableLayout.TypeTable table : tables(query.types())) {
            reads.add(new Read(table, select(table, query, after), count(table, query)));
        }
        return s.read(c -> {
            if (query.relatedToId() != null
                    && get(s, c, query.relatedToId(), query.scope()).isEmpty()) {
                return new Page(List.of(), false, List.of(), 0);
            }
            List<GraphObject> rows = new ArrayList<>();
            long total = 0;
            for (Read read : reads) {
                rows.addAll(objects(s, c, read.page(), read.table()));
                total += Rows.count(s, dialect, c, read.count());
            }
            Map<GraphObject, List<JsonNode>> keys = new IdentityHashMap<>();
            rows.forEach(o -> keys.put(o, ObjectOrder.keyValues(query.sort(), o.document())));
            rows.sort((a, b) -> ObjectOrder.compare(query.sort(), keys.get(a), a.id(), keys.get(b), b.id()));
            return Rows.page(query, rows.subList(0, Math.min(rows.size(), query.limit() + 1)), total);
        });
    }

    /** The statements of one type table: the page and the count. */
    private record Read(TableLayout.TypeTable table, Sql page, Sql count) {}

    /** The page statements {@link #search} runs, one per type table. */
    @Override
    public List<Sql> explain(ObjectQuery query) {
        return tables(query.types()).stream().map(t -> select(t, query, null)).toList();
    }

    private List<TableLayout.TypeTable> tables(List<String> types) {
        return types.stream().flatMap(t -> layout.table(t).stream()).toList();
    }

    /** A page of one type table: at most {@code limit + 1} rows in the query's order, after the cursor. */
    private Sql select(TableLayout.TypeTable table, ObjectQuery query, Cursor after) {
        return select(table, query, query.sort(), after, query.limit() + 1);
    }

    private Sql select(TableLayout.TypeTable table, ObjectQuery query, List<SortKey> sort, Cursor after, int rows) {
        SqlCompiler.Columns columns = SqlCompiler.columns(O, table);
        SqlWriter w = selectFrom(table).append(" WHERE ");
        where(w, table, query);
        if (after != null) {
            w.append(" AND ");
            compiler.after(w, sort, after.keyValues(), after.id(), columns, table);
        }
        w.append(" ORDER BY ");
        compiler.orderBy(w, sort, columns, table);
        dialect.limit(w, rows);
        return w.toSql();
    }

    private Sql count(TableLayout.TypeTable table, ObjectQuery query) {
        SqlWriter w = new SqlWriter().append("SELECT COUNT(*)");
        from(w, table, query);
        return w.toSql();
    }

    /** Writes {@code FROM table o WHERE …}: the rows of one type table a query selects. */
    private void from(SqlWriter w, TableLayout.TypeTable table, ObjectQuery query) {
        w.append(" FROM ").append(q(table.table())).append(" ").append(q(O)).append(" WHERE ");
        where(w, table, query);
    }

    private void where(SqlWriter w, TableLayout.TypeTable table, ObjectQuery query) {
        w.append("1 = 1");
        scope(w, table, O, query.scope());
        w.append(" AND ");
        compiler.writeFilter(w, query.filter().filter(), SqlCompiler.columns(O, table), table);
        text(w, table, query);
        if (query.relatedToId() != null) {
            w.append(" AND ");
            related(w, table, query.relatedToId(), query.relationshipType());
        }
    }

    /** The fallback full text of decision 13: every word a case-insensitive substring of some text field. */
    private void text(SqlWriter w, TableLayout.TypeTable table, ObjectQuery query) {
        SqlCompiler.Columns columns = SqlCompiler.columns(O, table);
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
            compiler.writeFilter(w, new Filter.Or(any), columns, table);
            if (query.textFields().isEmpty() && table.rest() != null) {
                String rest = compiler.column(columns, table.rest());
                w.append(" OR (").append(rest).append(" IS NOT NULL AND ");
                dialect.anyProperty(w, rest, new ElementTest.Match(MatchOp.CONTAINS, word, true));
                w.append(")");
            }
            w.append(")");
        }
    }

    /**
     * Rows related to {@code id}: through every edges table (both directions, {@code IN (… UNION ALL
     * …)}), through this table's foreign keys (the row points to it), and through other tables'
     * foreign keys to this type (it points to the row).
     */
    private void related(SqlWriter w, TableLayout.TypeTable table, String id, String type) {
        List<Consumer<SqlWriter>> ways = new ArrayList<>();
        String oid = col(O, table.id());
        for (TableLayout.EdgesTable e : layout.edges()) {
            if (type != null && e.fixedType() != null && !e.fixedType().equals(type)) {
                continue;
            }
            ways.add(x -> {
                x.append(oid).append(" IN (");
                edgeEnds(x, e, e.dst(), e.src(), id, type);
                x.append(" UNION ALL ");
                edgeEnds(x, e, e.src(), e.dst(), id, type);
                x.append(")");
            });
        }
        for (TableLayout.ForeignKey fk : table.foreignKeys()) {
            if (type == null || type.equals(fk.relationship())) {
                ways.add(x -> x.append("(")
                        .append(col(O, fk.column()))
                        .append(" = ")
                        .bind(id)
                        .append(")"));
            }
        }
        for (TableLayout.TypeTable other : layout.types()) {
            for (TableLayout.ForeignKey fk : other.foreignKeys()) {
                if (fk.targetType().equals(table.type()) && (type == null || type.equals(fk.relationship()))) {
                    ways.add(x -> x.append(oid)
                            .append(" IN (SELECT ")
                            .append(col("f", fk.column()))
                            .append(" FROM ")
                            .append(q(other.table()))
                            .append(" ")
                            .append(q("f"))
                            .append(" WHERE ")
                            .append(col("f", other.id()))
                            .append(" = ")
                            .bind(id)
                            .append(")"));
                }
            }
        }
        if (ways.isEmpty()) {
            w.append("(1 = 0)");
            return;
        }
        SqlCompiler.disjunction(w, ways, way -> way.accept(w));
    }

    /** {@code SELECT r.other FROM edges r WHERE r.end = ? [AND r.type = ?]}. */
    private void edgeEnds(SqlWriter w, TableLayout.EdgesTable e, String other, String end, String id, String type) {
        w.append("SELECT ")
                .append(col("r", other))
                .append(" FROM ")
                .append(q(e.table()))
                .append(" ")
                .append(q("r"))
                .append(" WHERE ")
                .append(col("r", end))
                .append(" = ")
                .bind(id);
        if (type != null && e.typeColumn() != null) {
            w.append(" AND ").append(col("r", e.typeColumn())).append(" = ").bind(type);
        }
    }

    @Override
    public Optional<GraphObject> get(Session s, String id, Scope scope) {
        return s.read(c -> get(s, c, id, scope));
    }

    private Optional<GraphObject> get(Session s, Connection c, String id, Scope scope) throws SQLException {
        for (TableLayout.TypeTable table : layout.types()) {
            SqlWriter w = selectFrom(table)
                    .append(" WHERE ")
                    .append(col(O, table.id()))
                    .append(" = ")
                    .bind(id);
            scope(w, table, O, scope);
            List<GraphObject> found = objects(s, c, w.toSql(), table);
            if (!found.isEmpty()) {
                return Optional.of(found.get(0));
            }
        }
        return Optional.empty();
    }

    @Override
    public List<GraphRelationship> relationships(Session s, String id, Scope scope) {
        return s.read(c -> relationships(s, c, id, scope));
    }

    private List<GraphRelationship> relationships(Session s, Connection c, String id, Scope scope) throws SQLException {
        Optional<GraphObject> anchor = get(s, c, id, scope);
        if (anchor.isEmpty()) {
            return List.of();
        }
        List<GraphRelationship> out = new ArrayList<>();
        for (TableLayout.EdgesTable e : layout.edges()) {
            SqlWriter w = edgeSelect(e).append(" WHERE (");
            w.append(col("r", e.src())).append(" = ").bind(id);
            w.append(" OR ").append(col("r", e.dst())).append(" = ").bind(id).append(")");
            for (String end : List.of(e.src(), e.dst())) {
                w.append(" AND ");
                inScope(w, col("r", end), scope);
            }
            out.addAll(edges(s, c, e, w.toSql()));
        }
        for (TableLayout.TypeTable table : layout.types()) {
            for (TableLayout.ForeignKey fk : table.foreignKeys()) {
                // the anchor's own key, and the rows of any table pointing at the anchor
                for (boolean outgoing : new boolean[] {true, false}) {
                    if (outgoing && !table.type().equals(anchor.get().type())
                            || !outgoing && !fk.targetType().equals(anchor.get().type())) {
                        continue;
                    }
                    SqlWriter w = keySelect(table, fk).append(" AND ");
                    w.append(col(O, outgoing ? table.id() : fk.column()))
                            .append(" = ")
                            .bind(id);
                    scope(w, table, O, scope);
                    w.append(" AND ");
                    inScope(w, col(O, fk.column()), scope);
                    out.addAll(keys(s, c, fk, w.toSql()));
                }
            }
        }
        out.sort((a, b) -> CodePoints.compare(a.id(), b.id()));
        return List.copyOf(byId(out).values());
    }

    private static Map<String, GraphRelationship> byId(List<GraphRelationship> rels) {
        Map<String, GraphRelationship> m = new LinkedHashMap<>();
        rels.forEach(r -> m.putIfAbsent(r.id(), r));
        return m;
    }

    @Override
    public Map<String, Long> countByType(Session s, Scope scope) {
        return s.read(c -> {
            Map<String, Long> counts = new TreeMap<>();
            for (TableLayout.TypeTable table : layout.types()) {
                SqlWriter w = new SqlWriter()
                        .append("SELECT COUNT(*) FROM ")
                        .append(q(table.table()))
                        .append(" ")
                        .append(q(O))
                        .append(" WHERE 1 = 1");
                scope(w, table, O, scope);
                long n = Rows.count(s, dialect, c, w.toSql());
                if (n > 0) {
                    counts.put(table.type(), n);
                }
            }
            return counts;
        });
    }

    /**
     * {@inheritDoc}
     *
     * <p>Plain counts (grouped by nothing or by {@code type}) are one {@code COUNT(*)} per type table,
     * exact however many objects match; so is every aggregation of typed columns that {@link
     * SqlAggregation} computes, one {@code GROUP BY} statement per type table. Every other
     * aggregation opens one statement per type table, each in id order and at most {@code maxObjects
     * + 1} rows, merges their rows in id order as they arrive and feeds the first {@link
     * AggregateQuery#maxObjects()} to the {@link Aggregator}: the objects the graph layout's one
     * statement reads, with a row per table in memory.
     */
    @Override
    public Aggregation aggregate(Session s, AggregateQuery query) {
        ObjectQuery objects = Rows.objects(query);
        List<TableLayout.TypeTable> tables = tables(query.types());
        if (Rows.countsOnly(query)) {
            List<Sql> counts = tables.stream().map(t -> count(t, objects)).toList();
            return Rows.counted(query, s.read(c -> {
                Map<String, Long> byType = new TreeMap<>();
                for (int i = 0; i < tables.size(); i++) {
                    long n = Rows.count(s, dialect, c, counts.get(i));
                    if (n > 0) {
                        byType.merge(tables.get(i).type(), n, Long::sum);
                    }
                }
                return byType;
            }));
        }
        Optional<SqlAggregation> grouped = SqlAggregation.of(dialect, query, tables);
        if (grouped.isPresent()) {
            List<Sql> statements = grouped.get().statements((w, t) -> from(w, t, objects));
            Optional<Aggregation> exact = s.read(c -> {
                for (int i = 0; i < statements.size(); i++) {
                    try (PreparedStatement ps = s.prepare(c, statements.get(i));
                            ResultSet rs = ps.executeQuery()) {
                        if (!grouped.get().add(i, rs, (r, column, field) -> value(r, column, field, null))) {
                            return Optional.empty();
                        }
                        dialect.checkWarnings(ps);
                    }
                }
                return Optional.of(grouped.get().result());
            });
            if (exact.isPresent()) {
                return exact.get();
            }
        }
        return scan(s, query, tables, objects);
    }

    /** The first {@code maxObjects} matching objects in id order, streamed to the {@link Aggregator}. */
    private Aggregation scan(Session s, AggregateQuery query, List<TableLayout.TypeTable> tables, ObjectQuery objects) {
        List<Sql> scans = tables.stream()
                .map(t -> select(t, objects, Rows.BY_ID, null, query.maxObjects() + 1))
                .toList();
        return s.read(c -> {
            Aggregator aggregator = new Aggregator(query);
            PriorityQueue<Scan> heads = new PriorityQueue<>();
            List<PreparedStatement> open = new ArrayList<>();
            try {
                for (int i = 0; i < scans.size(); i++) {
                    PreparedStatement ps = s.prepare(c, scans.get(i));
                    open.add(ps);
                    ps.setFetchSize(Rows.FETCH);
                    Scan scan = new Scan(ps, ps.executeQuery(), tables.get(i));
                    if (scan.next()) {
                        heads.add(scan);
                    }
                }
                while (!heads.isEmpty()) {
                    if (aggregator.objects() >= query.maxObjects()) {
                        return aggregator.result(false);
                    }
                    Scan scan = heads.poll();
                    aggregator.add(scan.head.document());
                    if (scan.next()) {
                        heads.add(scan);
                    }
                }
                return aggregator.result(true);
            } finally {
                for (PreparedStatement ps : open) {
                    ps.close();
                }
            }
        });
    }

    /** One type table's rows in id order, and the row read last: what {@link #aggregate} merges. */
    private final class Scan implements Comparable<Scan> {
        private final PreparedStatement statement;
        private final ResultSet rows;
        private final TableLayout.TypeTable table;
        private GraphObject head;
        private List<JsonNode> key;

        Scan(PreparedStatement statement, ResultSet rows, TableLayout.TypeTable table) {
            this.statement = statement;
            this.rows = rows;
            this.table = table;
        }

        /** Reads the next row into the head; at the end checks the statement's warnings. */
        boolean next() throws SQLException {
            if (!rows.next()) {
                dialect.checkWarnings(statement);
                return false;
            }
            head = object(rows, table);
            key = ObjectOrder.keyValues(Rows.BY_ID, head.document());
            return true;
        }

        @Override
        public int compareTo(Scan other) {
            return ObjectOrder.compare(Rows.BY_ID, key, head.id(), other.key, other.head.id());
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>The objects first, then their relationships, then the objects at the other ends, in one
     * read-only transaction: the same reads as {@link io.quarry.store.ObjectStore}'s default.
     */
    @Override
    public ScopeGraph neighbourhood(Session s, Collection<String> ids, Scope scope) {
        return s.read(c -> {
            Map<String, GraphObject> objects = new LinkedHashMap<>();
            Map<String, GraphRelationship> relationships = new LinkedHashMap<>();
            for (String id : ids) {
                get(s, c, id, scope).ifPresent(o -> objects.put(o.id(), o));
            }
            for (String id : List.copyOf(objects.keySet())) {
                for (GraphRelationship r : relationships(s, c, id, scope)) {
                    relationships.putIfAbsent(r.id(), r);
                    String other = r.other(id);
                    if (!objects.containsKey(other)) {
                        Optional<GraphObject> o = get(s, c, other, scope);
                        if (o.isPresent()) {
                            objects.put(other, o.get());
                        }
                    }
                }
            }
            return ScopeGraph.of(objects.values(), relationships.values());
        });
    }

    /**
     * The scope's objects, one statement per type table, and the relationships whose both ends are in
     * the scope, one statement per edges table and foreign key.
     */
    @Override
    public ScopeGraph graph(Session s, Scope scope) {
        return s.read(c -> {
            List<GraphObject> objects = new ArrayList<>();
            for (TableLayout.TypeTable table : layout.types()) {
                SqlWriter w = selectFrom(table).append(" WHERE 1 = 1");
                scope(w, table, O, scope);
                objects.addAll(objects(s, c, w.toSql(), table));
            }
            Set<String> ids = new HashSet<>();
            objects.forEach(o -> ids.add(o.id()));
            List<GraphRelationship> rels = new ArrayList<>();
            for (TableLayout.EdgesTable e : layout.edges()) {
                SqlWriter w = edgeSelect(e).append(" WHERE ");
                inScope(w, col("r", e.src()), scope);
                w.append(" AND ");
                inScope(w, col("r", e.dst()), scope);
                rels.addAll(edges(s, c, e, w.toSql()));
            }
            for (TableLayout.TypeTable table : layout.types()) {
                for (TableLayout.ForeignKey fk : table.foreignKeys()) {
                    SqlWriter w = keySelect(table, fk);
                    scope(w, table, O, scope);
                    w.append(" AND ");
                    inScope(w, col(O, fk.column()), scope);
                    rels.addAll(keys(s, c, fk, w.toSql()));
                }
            }
            rels.removeIf(r -> !ids.contains(r.srcId()) || !ids.contains(r.dstId()));
            return ScopeGraph.of(objects, byId(rels).values());
        });
    }

    /** {@code SELECT o.id, o.fk FROM table o WHERE o.fk IS NOT NULL}. */
    private SqlWriter keySelect(TableLayout.TypeTable table, TableLayout.ForeignKey fk) {
        return new SqlWriter()
                .append("SELECT ")
                .append(col(O, table.id()))
                .append(", ")
                .append(col(O, fk.column()))
                .append(" FROM ")
                .append(q(table.table()))
                .append(" ")
                .append(q(O))
                .append(" WHERE ")
                .append(col(O, fk.column()))
                .append(" IS NOT NULL");
    }

    private List<GraphRelationship> keys(Session s, Connection c, TableLayout.ForeignKey fk, Sql sql)
            throws SQLException {
        List<GraphRelationship> out = new ArrayList<>();
        try (PreparedStatement ps = s.prepare(c, sql);
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                String src = rs.getString(1);
                String dst = rs.getString(2);
                out.add(new GraphRelationship(
                        TableLayout.syntheticId(src, fk.relationship(), dst), src, dst, fk.relationship()));
            }
        }
        return out;
    }

    /** {@code SELECT r.src, r.dst[, r.type][, r.id] FROM edges r}. */
    private SqlWriter edgeSelect(TableLayout.EdgesTable e) {
        SqlWriter w = new SqlWriter()
                .append("SELECT ")
                .append(col("r", e.src()))
                .append(", ")
                .append(col("r", e.dst()));
        if (e.typeColumn() != null) {
            w.append(", ").append(col("r", e.typeColumn()));
        }
        if (e.id() != null) {
            w.append(", ").append(col("r", e.id()));
        }
        return w.append(" FROM ").append(q(e.table())).append(" ").append(q("r"));
    }

    private List<GraphRelationship> edges(Session s, Connection c, TableLayout.EdgesTable e, Sql sql)
            throws SQLException {
        List<GraphRelationship> out = new ArrayList<>();
        try (PreparedStatement ps = s.prepare(c, sql);
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                String src = rs.getString(1);
                String dst = rs.getString(2);
                int i = 3;
                String type = e.typeColumn() != null ? rs.getString(i++) : e.fixedType();
                String id = e.id() != null ? rs.getString(i) : TableLayout.syntheticId(src, type, dst);
                out.add(new GraphRelationship(id, src, dst, type));
            }
        }
        return out;
    }

    /** {@code (EXISTS (SELECT 1 FROM t1 e WHERE e.id = idExpr AND scope) OR …)}: the id is an object in the scope. */
    private void inScope(SqlWriter w, String idExpression, Scope scope) {
        SqlCompiler.disjunction(w, layout.types(), t -> {
            w.append("EXISTS (SELECT 1 FROM ")
                    .append(q(t.table()))
                    .append(" ")
                    .append(q("e"))
                    .append(" WHERE ")
                    .append(col("e", t.id()))
                    .append(" = ")
                    .append(idExpression);
            scope(w, t, "e", scope);
            w.append(")");
        });
    }

    /** The scope's predicates on a type table; a scope key the table has no column for fails closed. */
    private void scope(SqlWriter w, TableLayout.TypeTable table, String alias, Scope scope) {
        for (Map.Entry<String, String> e : scope.values().entrySet()) {
            if (!table.scopeColumns().contains(e.getKey())) {
                throw new IllegalStateException("scope key '" + e.getKey() + "' has no column in table '"
                        + table.table() + "' of the store mapping " + table.scopeColumns());
            }
            w.append(" AND ").append(col(alias, e.getKey())).append(" = ").bind(e.getValue());
        }
    }

    private SqlWriter selectFrom(TableLayout.TypeTable table) {
        SqlWriter w = new SqlWriter().append("SELECT ");
        List<String> columns = table.selectColumns();
        for (int i = 0; i < columns.size(); i++) {
            w.append(i == 0 ? "" : ", ").append(col(O, columns.get(i)));
        }
        return w.append(" FROM ").append(q(table.table())).append(" ").append(q(O));
    }

    private List<GraphObject> objects(Session s, Connection c, Sql sql, TableLayout.TypeTable table)
            throws SQLException {
        List<GraphObject> out = new ArrayList<>();
        try (PreparedStatement ps = s.prepare(c, sql);
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(object(rs, table));
            }
            dialect.checkWarnings(ps);
        }
        return out;
    }

    /** One row as an object: SQL {@code NULL} leaves the field out; mapped fields win over the rest column. */
    private GraphObject object(ResultSet rs, TableLayout.TypeTable table) throws SQLException {
        List<String> columns = table.selectColumns();
        String id = rs.getString(1);
        ObjectNode properties = Json.object();
        if (table.rest() != null) {
            JsonNode rest = json(rs, 1 + columns.indexOf(table.rest()), id);
            if (rest != null && rest.isObject()) {
                properties.setAll((ObjectNode) rest);
            }
        }
        for (Map.Entry<String, TableLayout.FieldColumn> f : table.fields().entrySet()) {
            JsonNode value = value(rs, 1 + columns.indexOf(f.getValue().column()), f.getValue(), id);
            if (value == null) {
                properties.remove(f.getKey());
            } else {
                properties.set(f.getKey(), value);
            }
        }
        Map<String, String> scope = new LinkedHashMap<>();
        for (String s : table.scopeColumns()) {
            String v = rs.getString(1 + columns.indexOf(s));
            if (v != null) {
                scope.put(s, v);
            }
        }
        Instant created = timestamp(rs, table.createdColumn(), columns);
        Instant updated = timestamp(rs, table.updatedColumn(), columns);
        return new GraphObject(id, table.type(), properties, created, updated, scope);
    }

    private Instant timestamp(ResultSet rs, String column, List<String> columns) throws SQLException {
        if (column == null) {
            return Instant.EPOCH;
        }
        Instant t = dialect.readTimestamp(rs, 1 + columns.indexOf(column));
        return t == null ? Instant.EPOCH : t;
    }

    private JsonNode value(ResultSet rs, int i, TableLayout.FieldColumn field, String id) throws SQLException {
        JsonNodeFactory f = JsonNodeFactory.instance;
        switch (field.type()) {
            case TEXT -> {
                String s = rs.getString(i);
                return s == null ? null : f.textNode(s);
            }
            case NUMBER -> {
                BigDecimal n = rs.getBigDecimal(i);
                if (n == null) {
                    return null;
                }
                BigDecimal s = n.stripTrailingZeros();
                return s.scale() <= 0 ? f.numberNode(s.toBigIntegerExact()) : f.numberNode(s);
            }
            case BOOLEAN -> {
                boolean b = rs.getBoolean(i);
                return rs.wasNull() ? null : f.booleanNode(b);
            }
            case TIMESTAMP -> {
                Instant t = dialect.readTimestamp(rs, i);
                return t == null ? null : f.textNode(IsoDateTime.format(t));
            }
            default -> {
                JsonNode v = json(rs, i, id);
                for (String segment : field.path()) {
                    v = v == null || !v.isObject() ? null : v.get(segment);
                }
                return v;
            }
        }
    }

    private JsonNode json(ResultSet rs, int i, String id) throws SQLException {
        String text = dialect.readJson(rs, i);
        if (text == null) {
            return null;
        }
        try {
            return Json.parse(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("object '" + id + "' holds a JSON column that is not JSON", e);
        }
    }

    private String q(String identifier) {
        return dialect.quoteIdentifier(identifier);
    }

    private String col(String alias, String column) {
        return q(alias) + "." + q(column);
    }
}
