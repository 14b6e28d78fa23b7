package io.quarry.sql;

import static io.quarry.sql.Rows.O;
import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.CodePoints;
import io.quarry.internal.Json;
import io.quarry.store.AggregateQuery;
import io.quarry.store.Aggregation;
import io.quarry.store.Aggregator;
import io.quarry.store.Cursor;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.ObjectQuery;
import io.quarry.store.Page;
import io.quarry.store.Scope;
import io.quarry.store.ScopeGraph;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.LongConsumer;

/**
 * The graph layout of a {@link StoreMapping}: one objects table (id, type, JSON properties, timestamps,
 * scope columns) and one relationships table. Every query is one statement over the objects table;
 * relationships are read with {@code id IN (SELECT … FROM (… UNION ALL …) e)}, never two OR'ed {@code EXISTS}.
 */
final class GraphLayout extends Quoting implements StorageLayout {
    /** Rows per batch of a load, and ids per statement of its check for ids already stored. */
    private static final int BATCH = 500;

    private final StoreMapping mapping;
    private final SqlCompiler compiler;
    private final SqlCompiler.Columns columns;
    private final FieldReads reads;
    private final ReadPredicates.Graph predicates;
    private final long countCap;

    GraphLayout(StoreMapping mapping, Dialect dialect, long countCap) {
        super(dialect);
        this.countCap = countCap;
        this.mapping = requireNonNull(mapping, "mapping");
        this.compiler = new SqlCompiler(dialect);
        this.columns = SqlCompiler.Columns.of(O, mapping);
        this.reads = FieldReads.document(dialect, columns, null);
        this.predicates = new ReadPredicates.Graph(compiler, mapping);
    }

    @Override
    public List<String> createStatements() {
        return dialect.ddl().createGraphLayout(mapping);
    }

    /**
     * {@inheritDoc}
     *
     * <p>Inserts in batches of {@value #BATCH}, holding one batch of entries at a time (a scanned file
     * is read from the disk as it goes); before each batch is written, an object with a scope key the
     * mapping has no column for, a text (id, type, scope, property name or string) with NUL on a
     * dialect that cannot store it, or an id already in the database fails the load, which the
     * transaction then leaves unwritten.
     */
    @Override
    public void load(Session s, DataFile.Entries data, LongConsumer progress) {
        s.write(c -> {
            try (Loader loader = new Loader(c, data.objectCount(), progress)) {
                data.forEach(loader);
                loader.flush();
            }
            return null;
        });
    }

    /** A load's two prepared statements and the batch of entries not yet written. */
    private final class Loader implements DataFile.Visitor<SQLException>, AutoCloseable {
        private final Connection c;
        private final long objectCount;
        private final LongConsumer progress;
        private final List<GraphObject> objects = new ArrayList<>(BATCH);
        private final List<GraphRelationship> relationships = new ArrayList<>(BATCH);
        private PreparedStatement insertObject;
        private PreparedStatement insertRelationship;
        private long written;

        /** The database's limit on one statement ({@link JdbcSession#maxStatementBytes}), once asked. */
        private long maxStatementBytes = -1;

        /** The bytes of the objects in the batch, counted only under a limit. */
        private long batchBytes;

        Loader(Connection c, long objectCount, LongConsumer progress) {
            this.c = c;
            this.objectCount = objectCount;
            this.progress = progress;
        }

        /**
         * {@inheritDoc}
         *
         * <p>Under a database's limit on one statement (MariaDB's and MySQL's {@code max_allowed_packet},
         * which a batch of 500 objects of 3 KB passes at 1 MiB, and the server drops the connection), a
         * batch is written before it holds half the limit, and an object larger than that fails the
         * load naming it.
         */
        @Override
        public void object(GraphObject o) throws SQLException {
            if (maxStatementBytes < 0) {
                maxStatementBytes = dialect.session().maxStatementBytes(c);
            }
            if (maxStatementBytes != Long.MAX_VALUE) {
                long bytes = rowBytes(o);
                if (bytes > maxStatementBytes / 2) {
                    throw new IllegalArgumentException("loading failed, nothing was loaded: object '" + o.id()
                            + "' takes " + bytes + " bytes, more than half of the " + maxStatementBytes
                            + " bytes the database takes in one statement (max_allowed_packet); shorten its"
                            + " properties, or raise max_allowed_packet on the server");
                }
                if (!objects.isEmpty() && batchBytes + bytes > maxStatementBytes / 2) {
                    flush();
                }
                batchBytes += bytes;
            }
            objects.add(o);
            if (objects.size() == BATCH) {
                flush();
            }
        }

        private long rowBytes(GraphObject o) {
            long bytes = 64
                    + JdbcObjectStore.utf8Bytes(Json.write(o.properties()))
                    + JdbcObjectStore.utf8Bytes(o.id())
                    + JdbcObjectStore.utf8Bytes(o.type());
            for (String value : o.scope().values()) {
                bytes += 16 + JdbcObjectStore.utf8Bytes(value);
            }
            return bytes;
        }

        @Override
        public void relationship(GraphRelationship r) throws SQLException {
            if (!objects.isEmpty()) {
                flush();
            }
            relationships.add(r);
            if (relationships.size() == BATCH) {
                flush();
            }
        }

        void flush() throws SQLException {
            if (!objects.isEmpty()) {
                insertObjects();
            }
            if (!relationships.isEmpty()) {
                insertRelationships();
            }
        }

        private void insertObjects() throws SQLException {
            for (GraphObject o : objects) {
                for (String key : o.scope().keySet()) {
                    if (!mapping.scopeColumns().contains(key)) {
                        throw new IllegalArgumentException("object '" + o.id() + "' has scope key '" + key
                                + "' but the store maps only " + mapping.scopeColumns());
                    }
                }
                if (!dialect.storesNul()) {
                    refuseNul("object '" + o.id() + "'", o.id() + o.type() + o.scope() + strings(o.properties()));
                }
            }
            refuseExisting(
                    c,
                    mapping.objectsTable(),
                    mapping.id(),
                    "object",
                    objects.stream().map(GraphObject::id).toList());
            if (insertObject == null) {
                insertObject = c.prepareStatement(insertObjectSql());
            }
            for (GraphObject o : objects) {
                int i = 1;
                insertObject.setString(i++, o.id());
                insertObject.setString(i++, o.type());
                insertObject.setString(i++, Json.write(o.properties()));
                insertObject.setObject(i++, dialect.timestamp(o.createdAt()));
                insertObject.setObject(i++, dialect.timestamp(o.updatedAt()));
                for (String col : mapping.scopeColumns()) {
                    insertObject.setString(i++, o.scope().get(col));
                }
                insertObject.addBatch();
            }
            insertObject.executeBatch();
            written += objects.size();
            objects.clear();
            batchBytes = 0;
            progress.accept(written);
        }

        private void insertRelationships() throws SQLException {
            if (!dialect.storesNul()) {
                for (GraphRelationship r : relationships) {
                    refuseNul("relationship '" + r.id() + "'", r.id() + r.srcId() + r.dstId() + r.type());
                }
            }
            refuseExisting(
                    c,
                    mapping.relationshipsTable(),
                    mapping.relationshipId(),
                    "relationship",
                    relationships.stream().map(GraphRelationship::id).toList());
            if (insertRelationship == null) {
                insertRelationship = c.prepareStatement("INSERT INTO " + q(mapping.relationshipsTable()) + " ("
                        + q(mapping.relationshipId()) + ", " + q(mapping.srcId()) + ", " + q(mapping.dstId()) + ", "
                        + q(mapping.relationshipType()) + ") VALUES (?, ?, ?, ?)");
            }
            for (GraphRelationship r : relationships) {
                insertRelationship.setString(1, r.id());
                insertRelationship.setString(2, r.srcId());
                insertRelationship.setString(3, r.dstId());
                insertRelationship.setString(4, r.type());
                insertRelationship.addBatch();
            }
            insertRelationship.executeBatch();
            written = Math.max(written, objectCount) + relationships.size();
            relationships.clear();
            progress.accept(written);
        }

        @Override
        public void close() throws SQLException {
            try {
                if (insertObject != null) {
                    insertObject.close();
                }
            } finally {
                if (insertRelationship != null) {
                    insertRelationship.close();
                }
            }
        }
    }

    /** Refuses, before it is written, text that holds NUL on a database whose text cannot. */
    private void refuseNul(String what, String text) {
        if (SqlCompiler.hasNul(text)) {
            throw new IllegalArgumentException("loading failed, nothing was loaded: " + what
                    + " holds the character U+0000 (NUL), which " + dialect.name()
                    + " text cannot store; remove it from the data");
        }
    }

    /** Every field name and string of a JSON value, concatenated. */
    private static String strings(JsonNode node) {
        StringBuilder out = new StringBuilder();
        if (node.isTextual()) {
            out.append(node.textValue());
        }
        node.properties().forEach(e -> out.append(e.getKey()).append(strings(e.getValue())));
        if (node.isArray()) {
            node.forEach(e -> out.append(strings(e)));
        }
        return out.toString();
    }

    /**
     * Refuses, before they are written, ids of a batch that the table already has: the one line names
     * one, where the database's own error would show the statement and the row.
     */
    private void refuseExisting(Connection c, String table, String column, String what, List<String> ids)
            throws SQLException {
        String sql = "SELECT " + q(column) + " FROM " + q(table) + " WHERE " + q(column) + " IN ("
                + String.join(", ", Collections.nCopies(ids.size(), "?")) + ")";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < ids.size(); i++) {
                ps.setString(i + 1, ids.get(i));
            }
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    throw new IllegalArgumentException("loading failed, nothing was loaded: " + what + " '"
                            + CodePoints.abbreviate(rs.getString(1), 60)
                            + "' is already in the database; load into an empty layout, or leave it out of the data");
                }
            }
        }
    }

    private String insertObjectSql() {
        SqlWriter w = new SqlWriter()
                .append("INSERT INTO ")
                .append(q(mapping.objectsTable()))
                .append(" (")
                .append(q(mapping.id()))
                .append(", ")
                .append(q(mapping.type()))
                .append(", ")
                .append(q(mapping.properties()))
                .append(", ")
                .append(q(mapping.createdAt()))
                .append(", ")
                .append(q(mapping.updatedAt()));
        for (String col : mapping.scopeColumns()) {
            w.append(", ").append(q(col));
        }
        w.append(") VALUES (?, ?, ");
        dialect.jsonValue(w, "{}");
        w.append(", ?, ?").append(", ?".repeat(mapping.scopeColumns().size())).append(")");
        return w.toSql().text();
    }

    @Override
    public Page search(Session s, ObjectQuery query) {
        requireNonNull(query, "query");
        Cursor after = query.cursor() == null ? null : Cursor.decode(query.cursor(), query.fingerprint(), query.sort());
        SqlWriter where = new SqlWriter();
        predicates.where(where, query);
        Sql from = from(query);
        SqlWriter select = selectWhere(from, where.toSql());
        if (after != null) {
            select.append(" AND ");
            compiler.after(select, query.sort(), after.keyValues(), after.id(), reads);
        }
        select.append(" ORDER BY ");
        compiler.orderBy(select, query.sort(), reads);
        dialect.limit(select, query.limit() + 1);
        SqlWriter count = countWhere(from, where.toSql());
        return s.read(c -> {
            List<GraphObject> rows = objects(s, c, select.toSql());
            if (after == null && rows.size() <= query.limit()) {
                // the first page holds every match: that is the total, no count needed
                return Rows.page(query, rows, rows.size(), true);
            }
            long n = Rows.count(s, dialect, c, count.toSql());
            boolean exact = countCap <= 0 || n <= countCap;
            return Rows.page(query, rows, exact ? n : countCap, exact);
        });
    }

    @Override
    public List<Sql> explain(ObjectQuery query) {
        SqlWriter where = new SqlWriter();
        predicates.where(where, query);
        Sql from = from(query);
        SqlWriter select = selectWhere(from, where.toSql()).append(" ORDER BY ");
        compiler.orderBy(select, query.sort(), reads);
        dialect.limit(select, query.limit() + 1);
        return List.of(select.toSql(), countWhere(from, where.toSql()).toSql());
    }

    /**
     * {@code SELECT COUNT(*) FROM <objects> o WHERE <where>}; with a cap, of at most cap + 1 rows
     * ({@code SELECT COUNT(*) FROM (SELECT 1 … LIMIT cap + 1) c}), so a common filter costs no more
     * than reading that many index entries.
     */
    private SqlWriter countWhere(Sql from, Sql where) {
        if (countCap <= 0) {
            return new SqlWriter()
                    .append("SELECT COUNT(*) FROM ")
                    .append(from)
                    .append(" WHERE ")
                    .append(where);
        }
        SqlWriter w = new SqlWriter()
                .append("SELECT COUNT(*) FROM (SELECT 1 AS ")
                .append(q("x"))
                .append(" FROM ")
                .append(from)
                .append(" WHERE ")
                .append(where);
        dialect.limit(w, (int) Math.min(Integer.MAX_VALUE, countCap + 1));
        return w.append(") ").append(q("c"));
    }

    /** {@code SELECT <object columns> FROM <from> WHERE <where>}, to be continued. */
    private SqlWriter selectWhere(Sql from, Sql where) {
        return new SqlWriter()
                .append("SELECT ")
                .append(selectList())
                .append(" FROM ")
                .append(from)
                .append(" WHERE ")
                .append(where);
    }

    /** The alias of the candidates' table in a {@link Dialect#candidateObjects} {@code FROM} item. */
    private static final String CANDIDATE = "i";

    /**
     * The {@code FROM} item of a query: the objects table under {@code o}; or, when every conjunct of
     * its filter is a match on a top-level property and the dialect reads the candidates of one from an
     * index alone ({@link Dialect#candidateObjects}), those candidates of the query's types and scope
     * first, joined to the objects table. Not with {@code related_to_id} or a text query, whose own
     * reads (the related ends, a full-text index) are usually narrower. The {@code WHERE} is the same
     * either way.
     */
    private Sql from(ObjectQuery query) {
        List<Map.Entry<String, ElementTest>> matches =
                query.relatedToId() == null && query.words().isEmpty()
                        ? compiler.matchConjuncts(query.filter().filter())
                        : List.of();
        for (Map.Entry<String, ElementTest> match : matches) {
            SqlWriter restriction = new SqlWriter();
            predicates.types(restriction, CANDIDATE, query);
            predicates.scope(restriction, CANDIDATE, query.scope());
            SqlWriter w = new SqlWriter();
            if (dialect.candidateObjects(
                    w, mapping, O, match.getKey(), match.getValue(), CANDIDATE, restriction.toSql())) {
                return w.toSql();
            }
        }
        return new SqlWriter()
                .append(q(mapping.objectsTable()))
                .append(" ")
                .append(q(O))
                .toSql();
    }

    @Override
    public Optional<GraphObject> get(Session s, String id, Scope scope) {
        if (compiler.unstorable(id)) {
            return Optional.empty(); // no id holds NUL: decided before the database refuses the bind
        }
        SqlWriter w = new SqlWriter()
                .append("SELECT ")
                .append(selectList())
                .append(" FROM ")
                .append(q(mapping.objectsTable()))
                .append(" ")
                .append(q(O))
                .append(" WHERE ")
                .append(col(mapping.id()))
                .append(" = ")
                .bind(id);
        predicates.scope(w, O, scope);
        List<GraphObject> found = s.read(c -> objects(s, c, w.toSql()));
        return found.stream().findFirst();
    }

    @Override
    public List<GraphRelationship> relationships(Session s, String id, Scope scope) {
        if (compiler.unstorable(id)) {
            return List.of();
        }
        SqlWriter w = relationshipSelect()
                .append(" WHERE (")
                .append(col("r", mapping.srcId()))
                .append(" = ")
                .bind(id)
                .append(" OR ")
                .append(col("r", mapping.dstId()))
                .append(" = ")
                .bind(id)
                .append(")");
        for (String end : List.of(mapping.srcId(), mapping.dstId())) {
            w.append(" AND EXISTS (SELECT 1 FROM ")
                    .append(q(mapping.objectsTable()))
                    .append(" ")
                    .append(q("e"))
                    .append(" WHERE ")
                    .append(col("e", mapping.id()))
                    .append(" = ")
                    .append(col("r", end));
            predicates.scope(w, "e", scope);
            w.append(")");
        }
        w.append(" ORDER BY ");
        dialect.textColumnSortKey(w, col("r", mapping.relationshipId()));
        return s.read(c -> relationships(s, c, w.toSql()));
    }

    @Override
    public Map<String, Long> countByType(Session s, Scope scope) {
        SqlWriter w = new SqlWriter()
                .append("SELECT ")
                .append(col(mapping.type()))
                .append(", COUNT(*) FROM ")
                .append(q(mapping.objectsTable()))
                .append(" ")
                .append(q(O))
                .append(" WHERE ")
                .always();
        predicates.scope(w, O, scope);
        w.append(" GROUP BY ").append(col(mapping.type()));
        return countsByType(s, w);
    }

    /** The reference aggregation over the first {@code maxObjects} matching objects by id, in one statement. */
    private Aggregation scan(Session s, AggregateQuery query) {
        SqlWriter where = new SqlWriter();
        predicates.where(where, Rows.objects(query));
        SqlWriter select = selectWhere(from(Rows.objects(query)), where.toSql()).append(" ORDER BY ");
        compiler.orderBy(select, Rows.BY_ID, reads);
        dialect.limit(select, query.maxObjects() + 1);
        return s.read(c -> {
            Aggregator aggregator = new Aggregator(query);
            try (PreparedStatement ps = s.prepare(c, select.toSql())) {
                ps.setFetchSize(Rows.FETCH);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        if (aggregator.objects() >= query.maxObjects()) {
                            return aggregator.result(false);
                        }
                        aggregator.add(object(rs).document());
                    }
                }
            }
            return aggregator.result(true);
        });
    }

    /** Runs {@code SELECT type, COUNT(*) ... GROUP BY type}: counts by type name, in name order. */
    private Map<String, Long> countsByType(Session s, SqlWriter w) {
        return s.read(c -> {
            Map<String, Long> counts = new TreeMap<>();
            try (PreparedStatement ps = s.prepare(c, w.toSql());
                    ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    counts.put(rs.getString(1), rs.getLong(2));
                }
            }
            return counts;
        });
    }

    /**
     * {@inheritDoc}
     *
     * <p>Counts are computed in the database when they are all an aggregation asks (every metric a
     * plain {@code count}, grouped by nothing or by {@code type}): one {@code GROUP BY} statement, exact
     * however many objects match. Every other aggregation reads the matching objects in one statement,
     * in id order, at most {@link AggregateQuery#maxObjects()} of them, and feeds them to the
     * {@link io.quarry.store.Aggregator} as they arrive.
     */
    @Override
    public Aggregation aggregate(Session s, AggregateQuery query) {
        if (!Aggregator.countsOnly(query)) {
            return scan(s, query);
        }
        SqlWriter where = new SqlWriter();
        predicates.where(where, Rows.objects(query));
        SqlWriter w = new SqlWriter()
                .append("SELECT ")
                .append(col(mapping.type()))
                .append(", COUNT(*) FROM ")
                .append(from(Rows.objects(query)))
                .append(" WHERE ")
                .append(where.toSql())
                .append(" GROUP BY ")
                .append(col(mapping.type()));
        return Aggregator.counted(query, countsByType(s, w));
    }

    /**
     * {@inheritDoc}
     *
     * <p>Two statements in one read-only transaction, so both see the same data: the scope's objects,
     * and the relationships joined to both ends in the scope. The graph layout has two tables; reading
     * them in one transaction is preferred over two connections in parallel.
     */
    @Override
    public ScopeGraph graph(Session s, Scope scope) {
        requireNonNull(scope, "scope");
        SqlWriter objects = objectsInScope(scope);
        SqlWriter rels = relationshipsInScope(scope);
        return s.read(c -> ScopeGraph.of(objects(s, c, objects.toSql()), relationships(s, c, rels.toSql())));
    }

    /**
     * {@inheritDoc}
     *
     * <p>One statement for the relationships and one for the objects per batch of
     * {@value Rows#BATCH} ids, in one read-only transaction.
     */
    @Override
    public ScopeGraph neighbourhood(Session s, Collection<String> ids, Scope scope) {
        requireNonNull(scope, "scope");
        // no id holds NUL where the database cannot store it: dropped before the bind is refused
        List<String> wanted = new LinkedHashSet<>(ids)
                .stream().filter(id -> !compiler.unstorable(id)).toList();
        return s.read(c -> {
            Map<String, GraphRelationship> edges = new LinkedHashMap<>();
            for (List<String> batch : Rows.batches(wanted)) {
                SqlWriter w = relationshipsInScope(scope).append(" WHERE ");
                Rows.inList(w, col("r", mapping.srcId()), batch);
                w.append(" OR ");
                Rows.inList(w, col("r", mapping.dstId()), batch);
                relationships(s, c, w.toSql()).forEach(r -> edges.putIfAbsent(r.id(), r));
            }
            Set<String> objectIds = new LinkedHashSet<>(wanted);
            edges.values().forEach(r -> {
                objectIds.add(r.srcId());
                objectIds.add(r.dstId());
            });
            List<GraphObject> found = new ArrayList<>();
            for (List<String> batch : Rows.batches(List.copyOf(objectIds))) {
                SqlWriter w = objectsInScope(scope).append(" AND ");
                Rows.inList(w, col(mapping.id()), batch);
                found.addAll(objects(s, c, w.toSql()));
            }
            return ScopeGraph.of(found, edges.values());
        });
    }

    /** {@code SELECT objects WHERE (1 = 1) AND scope}. */
    private SqlWriter objectsInScope(Scope scope) {
        SqlWriter w = new SqlWriter()
                .append("SELECT ")
                .append(selectList())
                .append(" FROM ")
                .append(q(mapping.objectsTable()))
                .append(" ")
                .append(q(O))
                .append(" WHERE ")
                .always();
        predicates.scope(w, O, scope);
        return w;
    }

    /** {@code SELECT r.id, r.src, r.dst, r.type FROM relationships r}, to be continued. */
    private SqlWriter relationshipSelect() {
        SqlWriter w = new SqlWriter().append("SELECT ");
        List<String> relColumns =
                List.of(mapping.relationshipId(), mapping.srcId(), mapping.dstId(), mapping.relationshipType());
        for (int i = 0; i < relColumns.size(); i++) {
            w.append(i == 0 ? "" : ", ").append(col("r", relColumns.get(i)));
        }
        return w.append(" FROM ")
                .append(q(mapping.relationshipsTable()))
                .append(" ")
                .append(q("r"));
    }

    /** {@code SELECT relationships JOIN both ends in the scope}, ready for a WHERE clause. */
    private SqlWriter relationshipsInScope(Scope scope) {
        SqlWriter w = relationshipSelect();
        for (String[] end : List.of(new String[] {"s", mapping.srcId()}, new String[] {"d", mapping.dstId()})) {
            w.append(" JOIN ")
                    .append(q(mapping.objectsTable()))
                    .append(" ")
                    .append(q(end[0]))
                    .append(" ON ")
                    .append(col(end[0], mapping.id()))
                    .append(" = ")
                    .append(col("r", end[1]));
            predicates.scope(w, end[0], scope);
        }
        return w;
    }

    private List<GraphRelationship> relationships(Session s, Connection c, Sql sql) throws SQLException {
        List<GraphRelationship> out = new ArrayList<>();
        try (PreparedStatement ps = s.prepare(c, sql);
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new GraphRelationship(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)));
            }
        }
        return out;
    }

    private String selectList() {
        StringBuilder s = new StringBuilder();
        for (String c :
                List.of(mapping.id(), mapping.type(), mapping.properties(), mapping.createdAt(), mapping.updatedAt())) {
            s.append(s.length() == 0 ? "" : ", ").append(col(c));
        }
        for (String scope : mapping.scopeColumns()) {
            s.append(", ").append(col(scope));
        }
        return s.toString();
    }

    private List<GraphObject> objects(Session s, Connection c, Sql sql) throws SQLException {
        List<GraphObject> out = new ArrayList<>();
        try (PreparedStatement ps = s.prepare(c, sql);
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(object(rs));
            }
            dialect.session().checkWarnings(ps);
        }
        return out;
    }

    private GraphObject object(ResultSet rs) throws SQLException {
        String id = rs.getString(1);
        JsonNode properties;
        try {
            properties = Json.parse(dialect.readJson(rs, 3));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("object '" + id + "' holds properties that are not JSON", e);
        }
        Map<String, String> scope = new LinkedHashMap<>();
        for (int i = 0; i < mapping.scopeColumns().size(); i++) {
            String v = rs.getString(6 + i);
            if (v != null) {
                scope.put(mapping.scopeColumns().get(i), v);
            }
        }
        Instant created = dialect.readTimestamp(rs, 4);
        Instant updated = dialect.readTimestamp(rs, 5);
        return new GraphObject(
                id,
                rs.getString(2),
                properties.isObject() ? (ObjectNode) properties : Json.object(),
                created,
                updated,
                scope);
    }

    private String col(String column) {
        return col(O, column);
    }
}
