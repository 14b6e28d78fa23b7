package io.quarry.sql;

import static io.quarry.sql.Rows.O;
import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.internal.CodePoints;
import io.quarry.internal.IsoDateTime;
import io.quarry.internal.Json;
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
import java.util.Comparator;
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
final class TablesLayout extends Quoting implements StorageLayout {
    private final TableLayout layout;
    private final SqlCompiler compiler;
    private final TableIds ids;
    private final Comparator<String> idOrder;
    private final ReadPredicates.Tables predicates;

    TablesLayout(TableLayout layout, Dialect dialect) {
        super(dialect);
        this.layout = requireNonNull(layout, "layout");
        this.compiler = new SqlCompiler(dialect);
        this.ids = new TableIds(layout, dialect);
        this.idOrder = ids.order();
        this.predicates = new ReadPredicates.Tables(compiler, layout, ids);
        for (TableLayout.TypeTable t : layout.types()) {
            instantReads(t).forEach((column, form) -> {
                if (dialect.instantColumn(column, form).isEmpty()) {
                    throw new IllegalArgumentException("store mapping: column '" + column + "' of table '" + t.table()
                            + "' is " + form.configName() + ", which is read on SQLite only; on "
                            + dialect.name() + " use a timestamp column");
                }
            });
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>The dialect's helper functions only ({@link io.quarry.sql.LayoutDdl#createHelperFunctions()}): what the
     * compiled SQL calls on H2 ({@code CREATE ALIAS}) and PostgreSQL (the guarded casts).
     */
    @Override
    public List<String> createStatements() {
        return dialect.ddl().createHelperFunctions();
    }

    /** Refuses: the table layout reads the host's own tables, which the host fills. */
    @Override
    public void load(Session s, DataFile.Entries data, LongConsumer progress) {
        throw new UnsupportedOperationException(
                "load: the table layout reads the host's own tables; fill them with the host's statements");
    }

    @Override
    public Page search(Session s, ObjectQuery query) {
        Cursor after = query.cursor() == null ? null : Cursor.decode(query.cursor(), query.fingerprint(), query.sort());
        Order order = order(query.sort());
        return s.read(c -> {
            List<TableIds.Resolved> anchors = List.of();
            if (query.relatedToId() != null) {
                Optional<GraphObject> anchor = get(s, c, query.relatedToId(), query.scope(), "related_to_id");
                if (anchor.isEmpty()) {
                    return new Page(List.of(), false, List.of(), 0);
                }
                anchors = List.of(resolve(anchor.get()));
            }
            List<GraphObject> rows = new ArrayList<>();
            long total = 0;
            for (TableLayout.TypeTable table : tables(query.types())) {
                rows.addAll(objects(s, c, select(table, query, anchors, order, after, query.limit() + 1), table));
                total += Rows.count(s, dialect, c, count(table, query, anchors));
            }
            Map<GraphObject, List<JsonNode>> keys = new IdentityHashMap<>();
            rows.forEach(o -> keys.put(o, ObjectOrder.keyValues(order.sort(), o.document())));
            rows.sort((a, b) -> order.compare(keys.get(a), a.id(), keys.get(b), b.id()));
            return Rows.page(query, rows.subList(0, Math.min(rows.size(), query.limit() + 1)), total);
        });
    }

    private Order order(List<SortKey> sort) {
        for (int i = 0; i < sort.size(); i++) {
            SortKey key = sort.get(i);
            if (key.field().system() && key.field().head().equals("id")) {
                return new Order(List.copyOf(sort.subList(0, i)), key.descending());
            }
        }
        return new Order(sort, false);
    }

    /**
     * A query's order on this layout: its sort keys up to a key on {@code id}, then the order of ids
     * ({@link TableIds}), ascending or (for a descending {@code id} key) descending. Keys after {@code
     * id} never decide anything, since ids are unique.
     */
    private final class Order {
        private final List<SortKey> sort;
        private final boolean descending;

        private Order(List<SortKey> sort, boolean descending) {
            this.sort = sort;
            this.descending = descending;
        }

        List<SortKey> sort() {
            return sort;
        }

        int compare(List<JsonNode> a, String idA, List<JsonNode> b, String idB) {
            return ObjectOrder.compare(sort, a, idA, b, idB, descending ? idOrder.reversed() : idOrder);
        }

        void orderBy(SqlWriter w, TableLayout.TypeTable table) {
            compiler.orderBy(w, sort, FieldReads.table(dialect, O, table), x -> ids.orderBy(x, O, table, descending));
        }

        void after(SqlWriter w, TableLayout.TypeTable table, Cursor cursor) {
            TableIds.Position position = ids.position(cursor.id());
            compiler.after(
                    w,
                    sort,
                    cursor.keyValues().subList(0, sort.size()),
                    FieldReads.table(dialect, O, table),
                    x -> ids.after(x, O, table, position, descending));
        }
    }

    /** The statements {@link #search} runs for the page, one per type table. */
    @Override
    public List<Sql> explain(ObjectQuery query) {
        Order order = order(query.sort());
        List<TableIds.Resolved> anchors = query.relatedToId() == null ? List.of() : ids.candidates(query.relatedToId());
        return tables(query.types()).stream()
                .map(t -> select(t, query, anchors, order, null, query.limit() + 1))
                .toList();
    }

    private List<TableLayout.TypeTable> tables(List<String> types) {
        return types.stream().flatMap(t -> layout.table(t).stream()).toList();
    }

    /** A page of one type table: at most {@code rows} rows in the order, after the cursor. */
    private Sql select(
            TableLayout.TypeTable table,
            ObjectQuery query,
            List<TableIds.Resolved> anchors,
            Order order,
            Cursor after,
            int rows) {
        SqlWriter w = selectFrom(table).append(" WHERE ");
        predicates.where(w, table, query, anchors);
        if (after != null) {
            w.append(" AND ");
            order.after(w, table, after);
        }
        w.append(" ORDER BY ");
        order.orderBy(w, table);
        dialect.limit(w, rows);
        return w.toSql();
    }

    private Sql count(TableLayout.TypeTable table, ObjectQuery query, List<TableIds.Resolved> anchors) {
        SqlWriter w = new SqlWriter().append("SELECT COUNT(*)");
        from(w, table, query, anchors);
        return w.toSql();
    }

    /** Writes {@code FROM table o WHERE …}: the rows of one type table a query selects. */
    private void from(SqlWriter w, TableLayout.TypeTable table, ObjectQuery query, List<TableIds.Resolved> anchors) {
        w.append(" FROM ").append(name(table)).append(" ").append(q(O)).append(" WHERE ");
        predicates.where(w, table, query, anchors);
    }

    @Override
    public Optional<GraphObject> get(Session s, String id, Scope scope) {
        return s.read(c -> get(s, c, id, scope, "id"));
    }

    /**
     * The object an id names: a qualified id names one type's key; a bare key is looked up in every
     * type whose key it can be, and found when exactly one object has it (several: NOT_FOUND naming
     * their ids, at {@code path}). Text that is no type's key matches nothing before any statement.
     */
    private Optional<GraphObject> get(Session s, Connection c, String id, Scope scope, String path)
            throws SQLException {
        List<GraphObject> found = new ArrayList<>();
        for (TableIds.Resolved key : ids.candidates(id)) {
            SqlWriter w = selectFrom(key.table()).append(" WHERE ");
            ids.equals(w, O, key.table().key().columns(), key);
            predicates.scope(w, key.table(), O, scope);
            found.addAll(objects(s, c, w.toSql(), key.table()));
        }
        if (found.size() > 1) {
            List<String> names =
                    found.stream().map(GraphObject::id).sorted(idOrder).toList();
            String listed =
                    String.join(", ", names.subList(0, Math.min(names.size(), 10))) + (names.size() > 10 ? ", …" : "");
            throw QueryException.of(
                    ErrorCode.NOT_FOUND,
                    path,
                    "The key '" + echo(id) + "' names " + names.size() + " objects of different types: " + listed + ".",
                    "Pass one of these ids (Type:key): " + listed + ".");
        }
        return found.stream().findFirst();
    }

    /** At most 60 characters of a value from the model, for a message. */
    private static String echo(String value) {
        return value.length() <= 60 ? value : value.substring(0, 60) + "…";
    }

    /** The key of an object read from this layout. */
    private TableIds.Resolved resolve(GraphObject o) {
        TableLayout.TypeTable table = layout.table(o.type()).orElseThrow();
        return ids.inTable(table, o.id()).orElseThrow();
    }

    @Override
    public List<GraphRelationship> relationships(Session s, String id, Scope scope) {
        return s.read(c -> relationships(s, c, id, scope));
    }

    private List<GraphRelationship> relationships(Session s, Connection c, String id, Scope scope) throws SQLException {
        Optional<GraphObject> found = get(s, c, id, scope, "id");
        if (found.isEmpty()) {
            return List.of();
        }
        TableIds.Resolved anchor = resolve(found.get());
        List<GraphRelationship> out = new ArrayList<>();
        for (TableLayout.EdgesTable e : layout.edges()) {
            List<Consumer<SqlWriter>> ends = new ArrayList<>();
            if (ReadPredicates.Tables.holds(e.srcType(), anchor.table())) {
                ends.add(x -> predicates.endEquals(x, e.src(), e.srcType(), anchor));
            }
            if (ReadPredicates.Tables.holds(e.dstType(), anchor.table())) {
                ends.add(x -> predicates.endEquals(x, e.dst(), e.dstType(), anchor));
            }
            if (ends.isEmpty()) {
                continue;
            }
            SqlWriter w = edgeSelect(e).append(" WHERE ");
            SqlCompiler.disjunction(w, ends, end -> end.accept(w));
            predicates.edgeEndsInScope(w, e, scope);
            out.addAll(edges(s, c, e, w.toSql()));
        }
        String type = anchor.table().type();
        for (TableLayout.TypeTable table : layout.types()) {
            for (TableLayout.ForeignKey fk : table.foreignKeys()) {
                // the anchor's own key, and the rows of any table pointing at the anchor
                for (boolean outgoing : new boolean[] {true, false}) {
                    if (outgoing && !table.type().equals(type)
                            || !outgoing && !fk.targetType().equals(type)) {
                        continue;
                    }
                    SqlWriter w = keySelect(table, fk).append(" AND ");
                    ids.equals(w, O, outgoing ? table.key().columns() : fk.columns(), anchor);
                    predicates.scope(w, table, O, scope);
                    w.append(" AND ");
                    predicates.inScope(w, layout.table(fk.targetType()).orElseThrow(), O, fk.columns(), scope);
                    out.addAll(keys(s, c, table, fk, w.toSql()));
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
                        .append(name(table))
                        .append(" ")
                        .append(q(O))
                        .append(" WHERE ")
                        .always();
                predicates.scope(w, table, O, scope);
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
        if (Aggregator.countsOnly(query)) {
            List<Sql> counts =
                    tables.stream().map(t -> count(t, objects, List.of())).toList();
            return Aggregator.counted(query, s.read(c -> {
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
            List<Sql> statements = grouped.get().statements((w, t) -> from(w, t, objects, List.of()));
            Optional<Aggregation> exact = s.read(c -> {
                for (int i = 0; i < statements.size(); i++) {
                    try (PreparedStatement ps = s.prepare(c, statements.get(i));
                            ResultSet rs = ps.executeQuery()) {
                        if (!grouped.get().add(i, rs, (r, column, field) -> value(r, column, field, null))) {
                            return Optional.empty();
                        }
                        dialect.session().checkWarnings(ps);
                    } catch (java.sql.SQLException e) {
                        // a data exception (SQLSTATE class 22: a computed product out of an integer's range)
                        // is no answer the database can give exactly: the rows can
                        if (e.getSQLState() != null && e.getSQLState().startsWith("22")) {
                            return Optional.empty();
                        }
                        throw e;
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
        Order byId = order(Rows.BY_ID);
        List<Sql> scans = tables.stream()
                .map(t -> select(t, objects, List.of(), byId, null, query.maxObjects() + 1))
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

        Scan(PreparedStatement statement, ResultSet rows, TableLayout.TypeTable table) {
            this.statement = statement;
            this.rows = rows;
            this.table = table;
        }

        /** Reads the next row into the head; at the end checks the statement's warnings. */
        boolean next() throws SQLException {
            if (!rows.next()) {
                dialect.session().checkWarnings(statement);
                return false;
            }
            head = object(rows, table);
            return true;
        }

        @Override
        public int compareTo(Scan other) {
            return idOrder.compare(head.id(), other.head.id());
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
                get(s, c, id, scope, "ids").ifPresent(o -> objects.put(o.id(), o));
            }
            for (String id : List.copyOf(objects.keySet())) {
                for (GraphRelationship r : relationships(s, c, id, scope)) {
                    relationships.putIfAbsent(r.id(), r);
                    String other = r.other(id);
                    if (!objects.containsKey(other)) {
                        Optional<GraphObject> o = get(s, c, other, scope, "ids");
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
                SqlWriter w = selectFrom(table).append(" WHERE ").always();
                predicates.scope(w, table, O, scope);
                objects.addAll(objects(s, c, w.toSql(), table));
            }
            Set<String> ids = new HashSet<>();
            objects.forEach(o -> ids.add(o.id()));
            List<GraphRelationship> rels = new ArrayList<>();
            for (TableLayout.EdgesTable e : layout.edges()) {
                SqlWriter w = edgeSelect(e).append(" WHERE ").always();
                predicates.edgeEndsInScope(w, e, scope);
                rels.addAll(edges(s, c, e, w.toSql()));
            }
            for (TableLayout.TypeTable table : layout.types()) {
                for (TableLayout.ForeignKey fk : table.foreignKeys()) {
                    SqlWriter w = keySelect(table, fk);
                    predicates.scope(w, table, O, scope);
                    w.append(" AND ");
                    predicates.inScope(w, layout.table(fk.targetType()).orElseThrow(), O, fk.columns(), scope);
                    rels.addAll(keys(s, c, table, fk, w.toSql()));
                }
            }
            rels.removeIf(r -> !ids.contains(r.srcId()) || !ids.contains(r.dstId()));
            return ScopeGraph.of(objects, byId(rels).values());
        });
    }

    /** {@code SELECT o.key…, o.fk… FROM table o WHERE o.fk… IS NOT NULL}. */
    private SqlWriter keySelect(TableLayout.TypeTable table, TableLayout.ForeignKey fk) {
        SqlWriter w = new SqlWriter().append("SELECT ");
        List<String> columns = new ArrayList<>(table.key().columns());
        columns.addAll(fk.columns());
        for (int i = 0; i < columns.size(); i++) {
            w.append(i == 0 ? "" : ", ").append(col(O, columns.get(i)));
        }
        w.append(" FROM ").append(name(table)).append(" ").append(q(O)).append(" WHERE ");
        for (int i = 0; i < fk.columns().size(); i++) {
            w.append(i == 0 ? "" : " AND ").append(col(O, fk.columns().get(i))).append(" IS NOT NULL");
        }
        return w;
    }

    private List<GraphRelationship> keys(
            Session s, Connection c, TableLayout.TypeTable table, TableLayout.ForeignKey fk, Sql sql)
            throws SQLException {
        TableLayout.TypeTable target = layout.table(fk.targetType()).orElseThrow();
        List<GraphRelationship> out = new ArrayList<>();
        try (PreparedStatement ps = s.prepare(c, sql);
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                String src = ids.read(rs, 1, table);
                String dst = ids.read(rs, 1 + table.key().columns().size(), target);
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
        return w.append(" FROM ").append(name(e)).append(" ").append(q("r"));
    }

    private List<GraphRelationship> edges(Session s, Connection c, TableLayout.EdgesTable e, Sql sql)
            throws SQLException {
        List<GraphRelationship> out = new ArrayList<>();
        try (PreparedStatement ps = s.prepare(c, sql);
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                String src = end(rs, 1, e.srcType());
                String dst = end(rs, 2, e.dstType());
                int i = 3;
                String type = e.typeColumn() != null ? rs.getString(i++) : e.fixedType();
                String id = e.id() != null ? rs.getString(i) : TableLayout.syntheticId(src, type, dst);
                out.add(new GraphRelationship(id, src, dst, type));
            }
        }
        return out;
    }

    /** The id at an edges-table end: its type's id of the key it holds, or the text it holds. */
    private String end(ResultSet rs, int i, String endType) throws SQLException {
        return endType == null
                ? rs.getString(i)
                : ids.read(rs, i, layout.table(endType).orElseThrow());
    }

    private SqlWriter selectFrom(TableLayout.TypeTable table) {
        SqlWriter w = new SqlWriter().append("SELECT ");
        List<String> columns = table.selectColumns();
        for (int i = 0; i < columns.size(); i++) {
            w.append(i == 0 ? "" : ", ").append(col(O, columns.get(i)));
        }
        for (Map.Entry<String, TableLayout.ColumnType> read :
                instantReads(table).entrySet()) {
            w.append(", ").append(SqlCompiler.instantColumn(dialect, col(O, read.getKey()), read.getValue()));
        }
        return w.append(" FROM ").append(name(table)).append(" ").append(q(O));
    }

    /**
     * The columns holding instants in another form than the dialect's timestamps, each read a second
     * time after {@link TableLayout.TypeTable#selectColumns()} through the expression that converts it.
     */
    private static Map<String, TableLayout.ColumnType> instantReads(TableLayout.TypeTable table) {
        Map<String, TableLayout.ColumnType> out = new LinkedHashMap<>();
        if (table.createdAt() != null && table.createdAtType() != TableLayout.ColumnType.TIMESTAMP) {
            out.put(table.createdAt(), table.createdAtType());
        }
        if (table.updatedAt() != null && table.updatedAtType() != TableLayout.ColumnType.TIMESTAMP) {
            out.put(table.updatedAt(), table.updatedAtType());
        }
        table.fields().values().stream()
                .filter(f -> f.type().instant() && f.type() != TableLayout.ColumnType.TIMESTAMP)
                .forEach(f -> out.put(f.column(), f.type()));
        return out;
    }

    /** Where a row holds the instant of {@code column}: its converted read when it has one, else the column. */
    private static int instantIndex(TableLayout.TypeTable table, List<String> columns, String column) {
        List<String> converted = List.copyOf(instantReads(table).keySet());
        int i = converted.indexOf(column);
        return i >= 0 ? 1 + columns.size() + i : 1 + columns.indexOf(column);
    }

    private List<GraphObject> objects(Session s, Connection c, Sql sql, TableLayout.TypeTable table)
            throws SQLException {
        List<GraphObject> out = new ArrayList<>();
        try (PreparedStatement ps = s.prepare(c, sql);
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(object(rs, table));
            }
            dialect.session().checkWarnings(ps);
        }
        return out;
    }

    /** One row as an object: SQL {@code NULL} leaves the field out; mapped fields win over the rest column. */
    private GraphObject object(ResultSet rs, TableLayout.TypeTable table) throws SQLException {
        List<String> columns = table.selectColumns();
        String id = ids.read(rs, 1, table);
        ObjectNode properties = Json.object();
        if (table.rest() != null) {
            JsonNode rest = json(rs, 1 + columns.indexOf(table.rest()), id);
            if (rest != null && rest.isObject()) {
                properties.setAll((ObjectNode) rest);
            }
        }
        for (Map.Entry<String, TableLayout.FieldColumn> f : table.fields().entrySet()) {
            JsonNode value = value(
                    rs,
                    f.getValue().type().instant()
                            ? instantIndex(table, columns, f.getValue().column())
                            : 1 + columns.indexOf(f.getValue().column()),
                    f.getValue(),
                    id);
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
        Instant created = timestamp(rs, table, table.createdAt(), columns);
        Instant updated = timestamp(rs, table, table.updatedAt(), columns);
        return new GraphObject(id, table.type(), properties, created, updated, scope);
    }

    /** A system timestamp, or {@code null} when the table has no such column or the row holds {@code NULL}. */
    private Instant timestamp(ResultSet rs, TableLayout.TypeTable table, String column, List<String> columns)
            throws SQLException {
        return column == null ? null : dialect.readTimestamp(rs, instantIndex(table, columns, column));
    }

    private JsonNode value(ResultSet rs, int i, TableLayout.FieldColumn field, String id) throws SQLException {
        JsonNodeFactory f = JsonNodeFactory.instance;
        switch (field.type()) {
            case TEXT -> {
                String s = rs.getString(i);
                return s == null ? null : f.textNode(s);
            }
            case NUMBER -> {
                BigDecimal n = field.singlePrecision() ? single(rs, i) : rs.getBigDecimal(i);
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
            case TIMESTAMP, TIMESTAMP_TEXT, EPOCH_SECONDS, EPOCH_MILLIS -> {
                Instant t = dialect.readTimestamp(rs, i);
                return t == null ? null : f.textNode(IsoDateTime.format(t));
            }
            case DATE -> {
                // YYYY-MM-DD on every database; SQLite's text may carry a time after the day
                String s = rs.getString(i);
                return s == null ? null : f.textNode(s.length() > 10 ? s.substring(0, 10) : s);
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

    /** A single-precision float as the shortest decimal that reads back as it: 0.05, not 0.0500000007. */
    private static BigDecimal single(ResultSet rs, int i) throws SQLException {
        float v = rs.getFloat(i);
        return rs.wasNull() || !Float.isFinite(v) ? null : new BigDecimal(Float.toString(v));
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
}
