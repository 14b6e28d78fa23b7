package io.quarry.sql;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.FieldPath;
import io.quarry.filter.MatchOp;
import io.quarry.internal.Json;
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
import io.quarry.store.ObjectStore;
import io.quarry.store.Page;
import io.quarry.store.Scope;
import io.quarry.store.ScopeGraph;
import io.quarry.store.SortKey;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
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
import javax.sql.DataSource;

/**
 * An {@link ObjectStore} over a SQL database in the graph layout of a {@link StoreMapping}, or in its
 * table layout (one table per type, read by one statement per table; see {@link TableLayout}). Every
 * statement is compiled by the {@link SqlCompiler}, runs in a read-only transaction under the
 * statement timeout, carries the scope's predicates on every table it reads, and fetches a page as
 * {@code limit + 1} rows. Results are exactly those of {@link io.quarry.store.InMemoryObjectStore}.
 */
public final class JdbcObjectStore implements ObjectStore {
    private static final String O = "o";

    private final DataSource dataSource;
    private final Dialect dialect;
    private final StoreMapping mapping;
    private final Duration timeout;
    private final SqlCompiler compiler;
    private final SqlCompiler.Columns columns;
    private final TableStore tables;

    private JdbcObjectStore(Builder b) {
        this.dataSource = b.dataSource;
        this.dialect = b.dialect;
        this.mapping = b.mapping;
        this.timeout = b.timeout;
        this.compiler = new SqlCompiler(dialect);
        this.columns = SqlCompiler.Columns.of(O, mapping);
        this.tables = mapping.tables() == null ? null : new TableStore(this, dialect, mapping.tables());
    }

    /** A builder: a data source and a dialect are required; the mapping defaults to {@link StoreMapping#graph}. */
    public static Builder builder() {
        return new Builder();
    }

    /** The dialect. */
    public Dialect dialect() {
        return dialect;
    }

    /** The mapping. */
    public StoreMapping mapping() {
        return mapping;
    }

    /**
     * Creates the graph layout's tables, functions and indexes if they do not exist. With the table
     * layout it creates only the helper functions the dialect's SQL calls: the host owns its tables.
     */
    public void createLayout() {
        try (Connection c = dataSource.getConnection();
                Statement st = c.createStatement()) {
            for (String ddl : tables == null ? dialect.createGraphLayout(mapping) : TableStore.functions(dialect)) {
                st.execute(ddl);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("creating the graph layout failed: " + e.getMessage(), e);
        }
    }

    /**
     * Loads a data set in one transaction, in batches; a bad row fails the load and nothing is kept.
     *
     * @throws IllegalArgumentException when an object carries a scope key the mapping has no column for,
     *     or a text (id, type, scope, property name or string) holds NUL on a dialect that cannot store it
     */
    public void load(DataFile.DataSet data) {
        if (tables != null) {
            throw new UnsupportedOperationException(
                    "load: the table layout reads the host's own tables; fill them with the host's statements");
        }
        for (GraphObject o : data.objects()) {
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
        if (!dialect.storesNul()) {
            for (GraphRelationship r : data.relationships()) {
                refuseNul("relationship '" + r.id() + "'", r.id() + r.srcId() + r.dstId() + r.type());
            }
        }
        try (Connection c = dataSource.getConnection()) {
            boolean autoCommit = c.getAutoCommit();
            c.setAutoCommit(false);
            try {
                insertObjects(c, data.objects());
                insertRelationships(c, data.relationships());
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(autoCommit);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("loading failed, nothing was loaded: " + e.getMessage(), e);
        }
    }

    /** Refuses, before anything is written, text that holds NUL on a database whose text cannot. */
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

    private void insertObjects(Connection c, List<GraphObject> objects) throws SQLException {
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
        for (String s : mapping.scopeColumns()) {
            w.append(", ").append(q(s));
        }
        w.append(") VALUES (?, ?, ");
        dialect.jsonValue(w, "{}");
        w.append(", ?, ?").append(", ?".repeat(mapping.scopeColumns().size())).append(")");
        try (PreparedStatement ps = c.prepareStatement(w.toSql().text())) {
            int n = 0;
            for (GraphObject o : objects) {
                int i = 1;
                ps.setString(i++, o.id());
                ps.setString(i++, o.type());
                ps.setString(i++, Json.write(o.properties()));
                ps.setObject(i++, dialect.timestamp(o.createdAt()));
                ps.setObject(i++, dialect.timestamp(o.updatedAt()));
                for (String s : mapping.scopeColumns()) {
                    ps.setString(i++, o.scope().get(s));
                }
                ps.addBatch();
                if (++n % 500 == 0) {
                    ps.executeBatch();
                }
            }
            ps.executeBatch();
        }
    }

    private void insertRelationships(Connection c, List<GraphRelationship> relationships) throws SQLException {
        String sql = "INSERT INTO " + q(mapping.relationshipsTable()) + " (" + q(mapping.relationshipId()) + ", "
                + q(mapping.srcId()) + ", " + q(mapping.dstId()) + ", " + q(mapping.relationshipType())
                + ") VALUES (?, ?, ?, ?)";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            int n = 0;
            for (GraphRelationship r : relationships) {
                ps.setString(1, r.id());
                ps.setString(2, r.srcId());
                ps.setString(3, r.dstId());
                ps.setString(4, r.type());
                ps.addBatch();
                if (++n % 500 == 0) {
                    ps.executeBatch();
                }
            }
            ps.executeBatch();
        }
    }

    @Override
    public Page search(ObjectQuery query) {
        requireNonNull(query, "query");
        if (tables != null) {
            return tables.search(query);
        }
        Cursor after = query.cursor() == null ? null : Cursor.decode(query.cursor(), query.fingerprint(), query.sort());
        SqlWriter where = new SqlWriter();
        writeWhere(where, query);
        SqlWriter select = selectWhere(where.toSql());
        if (after != null) {
            select.append(" AND ");
            compiler.after(select, query.sort(), after.keyValues(), after.id(), columns);
        }
        select.append(" ORDER BY ");
        compiler.orderBy(select, query.sort(), columns);
        dialect.limit(select, query.limit() + 1);
        SqlWriter count = countWhere(where.toSql());
        return read(c -> page(query, objects(c, select.toSql()), count(c, count.toSql())));
    }

    /** A page of up to {@code limit + 1} rows in the query's order: the first {@code limit}, with their cursors. */
    static Page page(ObjectQuery query, List<GraphObject> rows, long total) {
        boolean hasMore = rows.size() > query.limit();
        List<GraphObject> items = hasMore ? rows.subList(0, query.limit()) : rows;
        List<String> cursors = new ArrayList<>();
        String fingerprint = query.fingerprint();
        for (GraphObject o : items) {
            cursors.add(new Cursor(ObjectOrder.keyValues(query.sort(), o.document()), o.id()).encode(fingerprint));
        }
        return new Page(List.copyOf(items), hasMore, cursors, total);
    }

    /** The statements {@link #search} runs for a query: the page and the count. For tests and golden files. */
    public List<io.quarry.sql.Sql> explain(ObjectQuery query) {
        if (tables != null) {
            return tables.explain(query);
        }
        SqlWriter where = new SqlWriter();
        writeWhere(where, query);
        SqlWriter select = selectWhere(where.toSql()).append(" ORDER BY ");
        compiler.orderBy(select, query.sort(), columns);
        dialect.limit(select, query.limit() + 1);
        return List.of(select.toSql(), countWhere(where.toSql()).toSql());
    }

    /** {@code SELECT COUNT(*) FROM <objects> o WHERE <where>}. */
    private SqlWriter countWhere(Sql where) {
        return new SqlWriter()
                .append("SELECT COUNT(*) FROM ")
                .append(q(mapping.objectsTable()))
                .append(" ")
                .append(q(O))
                .append(" WHERE ")
                .append(where);
    }

    /** {@code SELECT <object columns> FROM <objects> o WHERE <where>}, to be continued. */
    private SqlWriter selectWhere(Sql where) {
        return new SqlWriter()
                .append("SELECT ")
                .append(selectList())
                .append(" FROM ")
                .append(q(mapping.objectsTable()))
                .append(" ")
                .append(q(O))
                .append(" WHERE ")
                .append(where);
    }

    private void writeWhere(SqlWriter w, ObjectQuery query) {
        w.append(col(mapping.type())).append(" IN (");
        for (int i = 0; i < query.types().size(); i++) {
            w.append(i == 0 ? "" : ", ").bind(query.types().get(i));
        }
        w.append(")");
        writeScope(w, O, query.scope());
        w.append(" AND ");
        compiler.writeFilter(w, query.filter().filter(), columns);
        writeText(w, query);
        if (query.relatedToId() != null) {
            writeRelated(w, query);
        }
    }

    private void writeScope(SqlWriter w, String alias, Scope scope) {
        for (Map.Entry<String, String> e : scope.values().entrySet()) {
            if (!mapping.scopeColumns().contains(e.getKey())) {
                // fail closed: a scope the store cannot enforce must not be ignored
                throw new IllegalStateException(
                        "scope key '" + e.getKey() + "' has no column in the store mapping " + mapping.scopeColumns());
            }
            w.append(" AND ")
                    .append(q(alias))
                    .append(".")
                    .append(q(e.getKey()))
                    .append(" = ")
                    .bind(e.getValue());
        }
    }

    private void writeText(SqlWriter w, ObjectQuery query) {
        List<String> words = query.words();
        if (!words.isEmpty()) {
            SqlWriter text = new SqlWriter();
            if (dialect.fullText(text, O, query.text())) {
                w.append(" AND (").append(text.toSql()).append(")");
                return;
            }
        }
        String document = compiler.column(columns, mapping.properties());
        for (String word : words) {
            ElementTest test = new ElementTest.Match(MatchOp.CONTAINS, word, true);
            if (compiler.storable(test) == null) {
                w.append(" AND (1 = 0)");
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

    private void writeRelated(SqlWriter w, ObjectQuery query) {
        if (compiler.unstorable(query.relatedToId())) {
            w.append(" AND (1 = 0)"); // no id holds NUL
            return;
        }
        String rel = q(mapping.relationshipsTable());
        String typeFilter =
                query.relationshipType() == null ? "" : " AND " + q("r") + "." + q(mapping.relationshipType()) + " = ?";
        w.append(" AND ")
                .append(col(mapping.id()))
                .append(" IN (SELECT ")
                .append(q("r"))
                .append(".")
                .append(q(mapping.dstId()))
                .append(" FROM ")
                .append(rel)
                .append(" ")
                .append(q("r"))
                .append(" WHERE ")
                .append(q("r"))
                .append(".")
                .append(q(mapping.srcId()))
                .append(" = ")
                .bind(query.relatedToId());
        if (query.relationshipType() != null) {
            w.append(typeFilter.substring(0, typeFilter.length() - 1)).bind(query.relationshipType());
        }
        w.append(" UNION ALL SELECT ")
                .append(q("r"))
                .append(".")
                .append(q(mapping.srcId()))
                .append(" FROM ")
                .append(rel)
                .append(" ")
                .append(q("r"))
                .append(" WHERE ")
                .append(q("r"))
                .append(".")
                .append(q(mapping.dstId()))
                .append(" = ")
                .bind(query.relatedToId());
        if (query.relationshipType() != null) {
            w.append(typeFilter.substring(0, typeFilter.length() - 1)).bind(query.relationshipType());
        }
        w.append(") AND EXISTS (SELECT 1 FROM ")
                .append(q(mapping.objectsTable()))
                .append(" ")
                .append(q("a"))
                .append(" WHERE ")
                .append(q("a"))
                .append(".")
                .append(q(mapping.id()))
                .append(" = ")
                .bind(query.relatedToId());
        writeScope(w, "a", query.scope());
        w.append(")");
    }

    @Override
    public Optional<GraphObject> get(String id, Scope scope) {
        if (tables != null) {
            return tables.get(id, scope);
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
        writeScope(w, O, scope);
        List<GraphObject> found = read(c -> objects(c, w.toSql()));
        return found.stream().findFirst();
    }

    @Override
    public List<GraphRelationship> relationships(String id, Scope scope) {
        if (tables != null) {
            return tables.relationships(id, scope);
        }
        String r = q("r");
        SqlWriter w = new SqlWriter()
                .append("SELECT ")
                .append(r)
                .append(".")
                .append(q(mapping.relationshipId()))
                .append(", ")
                .append(r)
                .append(".")
                .append(q(mapping.srcId()))
                .append(", ")
                .append(r)
                .append(".")
                .append(q(mapping.dstId()))
                .append(", ")
                .append(r)
                .append(".")
                .append(q(mapping.relationshipType()))
                .append(" FROM ")
                .append(q(mapping.relationshipsTable()))
                .append(" ")
                .append(r)
                .append(" WHERE (")
                .append(r)
                .append(".")
                .append(q(mapping.srcId()))
                .append(" = ")
                .bind(id)
                .append(" OR ")
                .append(r)
                .append(".")
                .append(q(mapping.dstId()))
                .append(" = ")
                .bind(id)
                .append(")");
        for (String end : List.of(mapping.srcId(), mapping.dstId())) {
            w.append(" AND EXISTS (SELECT 1 FROM ")
                    .append(q(mapping.objectsTable()))
                    .append(" ")
                    .append(q("e"))
                    .append(" WHERE ")
                    .append(q("e"))
                    .append(".")
                    .append(q(mapping.id()))
                    .append(" = ")
                    .append(r)
                    .append(".")
                    .append(q(end));
            writeScope(w, "e", scope);
            w.append(")");
        }
        w.append(" ORDER BY ");
        dialect.textColumnSortKey(w, r + "." + q(mapping.relationshipId()));
        return read(c -> relationships(c, w.toSql()));
    }

    @Override
    public Map<String, Long> countByType(Scope scope) {
        if (tables != null) {
            return tables.countByType(scope);
        }
        SqlWriter w = new SqlWriter()
                .append("SELECT ")
                .append(col(mapping.type()))
                .append(", COUNT(*) FROM ")
                .append(q(mapping.objectsTable()))
                .append(" ")
                .append(q(O))
                .append(" WHERE 1 = 1");
        writeScope(w, O, scope);
        w.append(" GROUP BY ").append(col(mapping.type()));
        return countsByType(w);
    }

    /** The condition an aggregation's objects meet: its types, filter and scope. */
    private Sql where(AggregateQuery query) {
        SqlWriter where = new SqlWriter();
        writeWhere(
                where,
                ObjectQuery.builder()
                        .types(query.types())
                        .filter(query.filter())
                        .scope(query.scope())
                        .build());
        return where.toSql();
    }

    /** The reference aggregation over the first {@code maxObjects} matching objects by id, in one statement. */
    private Aggregation scan(AggregateQuery query) {
        List<SortKey> byId = List.of(new SortKey(FieldPath.systemField("id"), false));
        Sql where = where(query);
        SqlWriter select = selectWhere(where).append(" ORDER BY ");
        compiler.orderBy(select, byId, columns);
        dialect.limit(select, query.maxObjects() + 1);
        return read(c -> {
            Aggregator aggregator = new Aggregator(query);
            try (PreparedStatement ps = prepare(c, select.toSql())) {
                ps.setFetchSize(1_000);
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
    private Map<String, Long> countsByType(SqlWriter w) {
        return read(c -> {
            Map<String, Long> counts = new TreeMap<>();
            try (PreparedStatement ps = prepare(c, w.toSql());
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
    public Aggregation aggregate(AggregateQuery query) {
        boolean plainCounts =
                query.metrics().stream().allMatch(m -> m.op() == AggregateQuery.Op.COUNT && m.field() == null);
        boolean byType = query.groupBy() == null || query.groupBy().equals(FieldPath.systemField("type"));
        if (!plainCounts || !byType) {
            return scan(query);
        }
        Sql where = where(query);
        SqlWriter w = new SqlWriter()
                .append("SELECT ")
                .append(col(mapping.type()))
                .append(", COUNT(*) FROM ")
                .append(q(mapping.objectsTable()))
                .append(" ")
                .append(q(O))
                .append(" WHERE ")
                .append(where)
                .append(" GROUP BY ")
                .append(col(mapping.type()));
        Map<String, Long> counts = countsByType(w);
        long objects = counts.values().stream().mapToLong(Long::longValue).sum();
        List<Aggregation.Group> groups = new ArrayList<>();
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (query.groupBy() == null) {
            if (objects > 0) {
                groups.add(new Aggregation.Group(
                        null, Collections.nCopies(query.metrics().size(), f.numberNode(objects))));
            }
        } else {
            counts.forEach((type, n) -> groups.add(new Aggregation.Group(
                    f.textNode(type), Collections.nCopies(query.metrics().size(), f.numberNode(n)))));
        }
        return Aggregator.ordered(groups, objects, true);
    }

    /**
     * {@inheritDoc}
     *
     * <p>Two statements in one read-only transaction, so both see the same data: the scope's objects,
     * and the relationships joined to both ends in the scope. The graph layout has two tables; reading
     * them in one transaction is preferred over two connections in parallel.
     */
    @Override
    public ScopeGraph graph(Scope scope) {
        requireNonNull(scope, "scope");
        if (tables != null) {
            return tables.graph(scope);
        }
        SqlWriter objects = objectsInScope(scope);
        SqlWriter rels = relationshipsInScope(scope);
        return read(c -> ScopeGraph.of(objects(c, objects.toSql()), relationships(c, rels.toSql())));
    }

    /**
     * {@inheritDoc}
     *
     * <p>One statement for the relationships and one for the objects per batch of
     * {@value #BATCH} ids, in one read-only transaction.
     */
    @Override
    public ScopeGraph neighbourhood(Collection<String> ids, Scope scope) {
        requireNonNull(scope, "scope");
        if (tables != null) {
            return ObjectStore.super.neighbourhood(ids, scope);
        }
        List<String> wanted = List.copyOf(new LinkedHashSet<>(ids));
        return read(c -> {
            Map<String, GraphRelationship> edges = new LinkedHashMap<>();
            for (List<String> batch : batches(wanted)) {
                SqlWriter w = relationshipsInScope(scope).append(" WHERE ");
                inList(w, q("r") + "." + q(mapping.srcId()), batch);
                w.append(" OR ");
                inList(w, q("r") + "." + q(mapping.dstId()), batch);
                relationships(c, w.toSql()).forEach(r -> edges.putIfAbsent(r.id(), r));
            }
            Set<String> objectIds = new LinkedHashSet<>(wanted);
            edges.values().forEach(r -> {
                objectIds.add(r.srcId());
                objectIds.add(r.dstId());
            });
            List<GraphObject> found = new ArrayList<>();
            for (List<String> batch : batches(List.copyOf(objectIds))) {
                SqlWriter w = objectsInScope(scope).append(" AND ");
                inList(w, col(mapping.id()), batch);
                found.addAll(objects(c, w.toSql()));
            }
            return ScopeGraph.of(found, edges.values());
        });
    }

    /** How many ids one statement binds at most. */
    private static final int BATCH = 500;

    private static List<List<String>> batches(List<String> ids) {
        List<List<String>> out = new ArrayList<>();
        for (int i = 0; i < ids.size(); i += BATCH) {
            out.add(ids.subList(i, Math.min(ids.size(), i + BATCH)));
        }
        return out;
    }

    private static void inList(SqlWriter w, String column, List<String> values) {
        w.append(column).append(" IN (");
        for (int i = 0; i < values.size(); i++) {
            w.append(i == 0 ? "" : ", ").bind(values.get(i));
        }
        w.append(")");
    }

    /** {@code SELECT objects WHERE 1 = 1 AND scope}. */
    private SqlWriter objectsInScope(Scope scope) {
        SqlWriter w = new SqlWriter()
                .append("SELECT ")
                .append(selectList())
                .append(" FROM ")
                .append(q(mapping.objectsTable()))
                .append(" ")
                .append(q(O))
                .append(" WHERE 1 = 1");
        writeScope(w, O, scope);
        return w;
    }

    /** {@code SELECT relationships JOIN both ends in the scope}, ready for a WHERE clause. */
    private SqlWriter relationshipsInScope(Scope scope) {
        String r = q("r");
        SqlWriter w = new SqlWriter().append("SELECT ");
        List<String> relColumns =
                List.of(mapping.relationshipId(), mapping.srcId(), mapping.dstId(), mapping.relationshipType());
        for (int i = 0; i < relColumns.size(); i++) {
            w.append(i == 0 ? "" : ", ").append(r).append(".").append(q(relColumns.get(i)));
        }
        w.append(" FROM ").append(q(mapping.relationshipsTable())).append(" ").append(r);
        for (String[] end : List.of(new String[] {"s", mapping.srcId()}, new String[] {"d", mapping.dstId()})) {
            w.append(" JOIN ")
                    .append(q(mapping.objectsTable()))
                    .append(" ")
                    .append(q(end[0]))
                    .append(" ON ")
                    .append(q(end[0]))
                    .append(".")
                    .append(q(mapping.id()))
                    .append(" = ")
                    .append(r)
                    .append(".")
                    .append(q(end[1]));
            writeScope(w, end[0], scope);
        }
        return w;
    }

    private List<GraphRelationship> relationships(Connection c, io.quarry.sql.Sql sql) throws SQLException {
        List<GraphRelationship> out = new ArrayList<>();
        try (PreparedStatement ps = prepare(c, sql);
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

    private List<GraphObject> objects(Connection c, io.quarry.sql.Sql sql) throws SQLException {
        List<GraphObject> out = new ArrayList<>();
        try (PreparedStatement ps = prepare(c, sql);
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(object(rs));
            }
            dialect.checkWarnings(ps);
        }
        return out;
    }

    long count(Connection c, io.quarry.sql.Sql sql) throws SQLException {
        try (PreparedStatement ps = prepare(c, sql);
                ResultSet rs = ps.executeQuery()) {
            rs.next();
            long n = rs.getLong(1);
            dialect.checkWarnings(ps);
            return n;
        }
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

    PreparedStatement prepare(Connection c, io.quarry.sql.Sql sql) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql.text());
        ps.setQueryTimeout((int) Math.max(1, (timeout.toMillis() + 999) / 1000));
        for (int i = 0; i < sql.binds().size(); i++) {
            ps.setObject(i + 1, sql.binds().get(i));
        }
        return ps;
    }

    @FunctionalInterface
    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    /** Runs reads in one read-only transaction under the timeout, and rolls it back. */
    <T> T read(Work<T> work) {
        try (Connection c = dataSource.getConnection()) {
            boolean autoCommit = c.getAutoCommit();
            boolean readOnly = c.isReadOnly();
            try {
                c.setAutoCommit(false);
                dialect.prepareRead(c, timeout);
                return work.run(c);
            } finally {
                c.rollback();
                dialect.finishRead(c);
                c.setReadOnly(readOnly);
                c.setAutoCommit(autoCommit);
            }
        } catch (SQLTimeoutException e) {
            throw timedOut(timeout);
        } catch (SQLException e) {
            if (dialect.isTimeout(e)) {
                throw timedOut(timeout);
            }
            throw new IllegalStateException("query failed: " + e.getMessage(), e);
        }
    }

    /** The {@code QUERY_TIMEOUT} error; a limit under a second, or not whole seconds, is given in milliseconds. */
    static QueryException timedOut(Duration timeout) {
        long millis = timeout.toMillis();
        String limit = millis % 1_000 == 0 ? millis / 1_000 + " s" : millis + " ms";
        return QueryException.of(
                ErrorCode.QUERY_TIMEOUT,
                "",
                "The query ran longer than the " + limit + " limit.",
                "Narrow the filter (type, equality on an enum field, a date range) or ask for fewer objects.");
    }

    private String q(String identifier) {
        return dialect.quoteIdentifier(identifier);
    }

    private String col(String column) {
        return q(O) + "." + q(column);
    }

    /** Builds a {@link JdbcObjectStore}. */
    public static final class Builder {
        private DataSource dataSource;
        private Dialect dialect;
        private StoreMapping mapping = StoreMapping.graph();
        private Duration timeout = Duration.ofSeconds(5);

        private Builder() {}

        /** The host's data source. */
        public Builder dataSource(DataSource dataSource) {
            this.dataSource = dataSource;
            return this;
        }

        /** The dialect of the database. */
        public Builder dialect(Dialect dialect) {
            this.dialect = dialect;
            return this;
        }

        /** Where objects and relationships live. */
        public Builder mapping(StoreMapping mapping) {
            this.mapping = requireNonNull(mapping, "mapping");
            return this;
        }

        /** The statement timeout; default 5 s. */
        public Builder timeout(Duration timeout) {
            this.timeout = requireNonNull(timeout, "timeout");
            return this;
        }

        /**
         * Builds the store.
         *
         * @throws IllegalStateException naming what is missing
         */
        public JdbcObjectStore build() {
            if (dataSource == null) {
                throw new IllegalStateException("JdbcObjectStore.builder(): dataSource is required");
            }
            if (dialect == null) {
                throw new IllegalStateException(
                        "JdbcObjectStore.builder(): dialect is required, such as new H2Dialect()");
            }
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalStateException("JdbcObjectStore.builder(): timeout must be positive");
            }
            return new JdbcObjectStore(this);
        }
    }
}
