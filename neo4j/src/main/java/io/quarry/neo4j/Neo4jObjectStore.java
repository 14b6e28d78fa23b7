package io.quarry.neo4j;

import static io.quarry.neo4j.NodeEncoding.quote;
import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.FieldPath;
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
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.neo4j.driver.AccessMode;
import org.neo4j.driver.Driver;
import org.neo4j.driver.Record;
import org.neo4j.driver.Result;
import org.neo4j.driver.Session;
import org.neo4j.driver.SessionConfig;
import org.neo4j.driver.TransactionConfig;
import org.neo4j.driver.TransactionContext;
import org.neo4j.driver.Value;
import org.neo4j.driver.exceptions.Neo4jException;
import org.neo4j.driver.exceptions.ServiceUnavailableException;
import org.neo4j.driver.exceptions.SessionExpiredException;

/**
 * An {@link ObjectStore} over Neo4j in Quarry's own graph layout: one node per object, labelled
 * {@code QuarryObject} and with its type's name, and one relationship per relationship, of its type.
 * Filters, orders and cursors are compiled to parameterized Cypher with the evaluator's semantics
 * ({@code docs/neo4j.md}); every read runs in a read-only session ({@link AccessMode#READ}) in a
 * transaction with the store's timeout. Thread-safe, as the driver is; the host owns the driver.
 */
public final class Neo4jObjectStore implements ObjectStore {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();
    private static final int LOAD_BATCH = 500;
    private final Driver driver;
    private final String database;
    private final Duration timeout;
    private final String label;

    private Neo4jObjectStore(Builder b) {
        this.label = b.label;
        this.driver = b.driver;
        this.database = b.database;
        this.timeout = b.timeout;
    }

    /** A builder; the driver is required, the database defaults to the server's, the timeout to 5 s. */
    public static Builder builder() {
        return new Builder();
    }

    /** The transaction timeout of every read. */
    public Duration timeout() {
        return timeout;
    }

    @Override
    public Page search(ObjectQuery query) {
        requireNonNull(query, "query");
        String fingerprint = query.fingerprint();
        Cursor after = query.cursor() == null ? null : Cursor.decode(query.cursor(), fingerprint, query.sort());
        CypherQuery compiled = CypherQuery.compile(query, after, label);
        return read(tx -> {
            long total = tx.run(compiled.count().text(), compiled.count().parameters())
                    .single()
                    .get(0)
                    .asLong();
            List<GraphObject> rows = new ArrayList<>();
            tx.run(compiled.page().text(), compiled.page().parameters()).forEachRemaining(r -> rows.add(object(r)));
            boolean more = rows.size() > query.limit();
            List<GraphObject> items = more ? rows.subList(0, query.limit()) : rows;
            List<String> cursors = new ArrayList<>();
            for (GraphObject o : items) {
                cursors.add(new Cursor(ObjectOrder.keyValues(query.sort(), o.document()), o.id()).encode(fingerprint));
            }
            return new Page(items, more, cursors, total);
        });
    }

    /**
     * {@inheritDoc}
     *
     * <p>Counts are computed in Cypher when they are all an aggregation asks (every metric a plain
     * {@code count}, grouped by nothing or by {@code type}): one statement, exact however many objects
     * match. Every other aggregation reads the matching objects in one statement, in id order, at most
     * {@link AggregateQuery#maxObjects()} of them, and feeds them to the {@link Aggregator} as they
     * arrive, as the SQL stores' graph layout does.
     */
    @Override
    public Aggregation aggregate(AggregateQuery query) {
        requireNonNull(query, "query");
        if (query.related()) {
            // across relationships: the matching objects by id and their neighbourhood per page
            return Aggregator.scan(this, query);
        }
        ObjectQuery objects = ObjectQuery.builder()
                .types(query.types())
                .filter(query.filter())
                .scope(query.scope())
                .sort(List.of(new SortKey(FieldPath.systemField("id"), false)))
                .limit(query.maxObjects())
                .build();
        if (Aggregator.countsOnly(query)) {
            Cypher counts = CypherQuery.countsByType(objects, label);
            Map<String, Long> byType = new TreeMap<>();
            read(tx -> {
                tx.run(counts.text(), counts.parameters())
                        .forEachRemaining(r -> byType.put(
                                r.get("type").asString(), r.get("count").asLong()));
                return null;
            });
            return Aggregator.counted(query, byType);
        }
        Cypher page = CypherQuery.compile(objects, null, label).page();
        return read(tx -> {
            Aggregator aggregator = new Aggregator(query);
            Result rows = tx.run(page.text(), page.parameters());
            while (rows.hasNext()) {
                Record r = rows.next();
                if (aggregator.objects() >= query.maxObjects()) {
                    return aggregator.result(false);
                }
                aggregator.add(object(r).document());
            }
            return aggregator.result(true);
        });
    }

    @Override
    public Optional<GraphObject> get(String id, Scope scope) {
        requireNonNull(id, "id");
        Cypher.Params params = new Cypher.Params();
        String text = "MATCH (n:" + quote(label) + " {id: " + params.add(id) + "}) WHERE "
                + CypherQuery.scope("n", scope, params) + CypherQuery.RETURN_OBJECT;
        return read(tx -> tx.run(text, params.values()).list(Neo4jObjectStore::object).stream()
                .findFirst());
    }

    @Override
    public List<GraphRelationship> relationships(String id, Scope scope) {
        requireNonNull(id, "id");
        Cypher.Params params = new Cypher.Params();
        String text = "MATCH (n:" + quote(label) + " {id: " + params.add(id) + "})-[r]-(m:"
                + quote(label) + ") WHERE " + CypherQuery.scope("n", scope, params) + " AND "
                + CypherQuery.scope("m", scope, params)
                + " RETURN DISTINCT r.id AS id, startNode(r).id AS src, endNode(r).id AS dst, type(r) AS type";
        List<GraphRelationship> found = read(tx -> tx.run(text, params.values()).list(Neo4jObjectStore::relationship));
        return found.stream()
                .sorted(Comparator.comparing(GraphRelationship::id, CODE_POINTS))
                .toList();
    }

    @Override
    public Map<String, Long> countByType(Scope scope) {
        Cypher.Params params = new Cypher.Params();
        String text = "MATCH (n:" + quote(label) + ") WHERE " + CypherQuery.scope("n", scope, params)
                + " RETURN n.type AS type, count(*) AS count";
        Map<String, Long> counts = new TreeMap<>();
        read(tx -> {
            tx.run(text, params.values())
                    .forEachRemaining(r ->
                            counts.put(r.get("type").asString(), r.get("count").asLong()));
            return null;
        });
        return counts;
    }

    @Override
    public ScopeGraph graph(Scope scope) {
        requireNonNull(scope, "scope");
        Cypher.Params params = new Cypher.Params();
        String nodes = "MATCH (n:" + quote(label) + ") WHERE " + CypherQuery.scope("n", scope, params)
                + CypherQuery.RETURN_OBJECT;
        String edges = "MATCH (n:" + quote(label) + ")-[r]->(m:" + quote(label)
                + ") WHERE " + CypherQuery.scope("n", scope, params) + " AND " + CypherQuery.scope("m", scope, params)
                + " RETURN r.id AS id, n.id AS src, m.id AS dst, type(r) AS type";
        return read(tx -> ScopeGraph.of(
                tx.run(nodes, params.values()).list(Neo4jObjectStore::object),
                tx.run(edges, params.values()).list(Neo4jObjectStore::relationship)));
    }

    /**
     * Creates what the layout reads by: a uniqueness constraint on the objects' ids and an index on
     * their type names (a search names its types as a parameter, so every type shares one plan). Runs in a write
     * session; idempotent.
     */
    public void createLayout() {
        write(
                "CREATE CONSTRAINT " + quote("quarry_id_" + label) + " IF NOT EXISTS FOR (n:" + quote(label)
                        + ") REQUIRE n." + NodeEncoding.ID + " IS UNIQUE",
                Map.of());
        write(
                "CREATE INDEX " + quote("quarry_type_" + label) + " IF NOT EXISTS FOR (n:" + quote(label) + ") ON (n."
                        + NodeEncoding.TYPE + ")",
                Map.of());
    }

    /**
     * Writes a data set in this layout, in batches of one type (a label or relationship type each), in
     * write sessions: objects first, then relationships between them.
     */
    public void load(DataFile.DataSet data) {
        Map<String, List<Map<String, Object>>> byType = new LinkedHashMap<>();
        for (GraphObject o : data.objects()) {
            byType.computeIfAbsent(o.type(), k -> new ArrayList<>())
                    .add(NodeEncoding.properties(
                            o, json(o.properties()), json(MAPPER.valueToTree(new TreeMap<>(o.scope())))));
        }
        byType.forEach((type, rows) ->
                batches(rows, "UNWIND $rows AS row CREATE (n:" + quote(label) + ":" + quote(type) + ") SET n = row"));
        Map<String, List<Map<String, Object>>> byRelationship = new LinkedHashMap<>();
        for (GraphRelationship r : data.relationships()) {
            byRelationship
                    .computeIfAbsent(r.type(), k -> new ArrayList<>())
                    .add(Map.of("id", r.id(), "src", r.srcId(), "dst", r.dstId()));
        }
        byRelationship.forEach((type, rows) -> batches(
                rows,
                "UNWIND $rows AS row MATCH (a:" + quote(label) + " {id: row.src}), (b:"
                        + quote(label) + " {id: row.dst}) CREATE (a)-[:" + quote(type)
                        + " {id: row.id}]->(b)"));
    }

    private void batches(List<Map<String, Object>> rows, String text) {
        for (int i = 0; i < rows.size(); i += LOAD_BATCH) {
            write(text, Map.of("rows", rows.subList(i, Math.min(rows.size(), i + LOAD_BATCH))));
        }
    }

    private void write(String text, Map<String, Object> parameters) {
        try (Session session = driver.session(sessionConfig(AccessMode.WRITE))) {
            session.executeWriteWithoutResult(tx -> tx.run(text, parameters).consume());
        }
    }

    private SessionConfig sessionConfig(AccessMode mode) {
        SessionConfig.Builder config = SessionConfig.builder().withDefaultAccessMode(mode);
        if (database != null) {
            config.withDatabase(database);
        }
        return config.build();
    }

    private <T> T read(Function<TransactionContext, T> work) {
        try (Session session = driver.session(sessionConfig(AccessMode.READ))) {
            return session.executeRead(
                    work::apply,
                    TransactionConfig.builder().withTimeout(timeout).build());
        } catch (ServiceUnavailableException | SessionExpiredException e) {
            throw QueryException.of(
                    ErrorCode.DATABASE_UNAVAILABLE,
                    "",
                    "The graph database is not reachable right now.",
                    "Retry the same call in a moment.");
        } catch (Neo4jException e) {
            if (e.code() != null && e.code().contains("TransactionTimedOut")) {
                throw timedOut(timeout);
            }
            throw new IllegalStateException("Neo4j refused a read (" + e.code() + ")", e);
        }
    }

    /** The {@code QUERY_TIMEOUT} error, naming the limit. */
    static QueryException timedOut(Duration timeout) {
        long millis = timeout.toMillis();
        String limit = millis % 1_000 == 0 ? millis / 1_000 + " s" : millis + " ms";
        return QueryException.of(
                ErrorCode.QUERY_TIMEOUT,
                "",
                "The query ran longer than the " + limit + " limit.",
                "Narrow the filter (type, equality on an enum field, a date range) or ask for fewer objects.");
    }

    private static GraphObject object(Record r) {
        try {
            ObjectNode properties =
                    (ObjectNode) MAPPER.readTree(r.get("properties").asString());
            JsonNode scope = MAPPER.readTree(r.get("scope").asString());
            Map<String, String> scopeValues = new TreeMap<>();
            scope.properties()
                    .forEach(e -> scopeValues.put(e.getKey(), e.getValue().textValue()));
            return new GraphObject(
                    r.get("id").asString(),
                    r.get("type").asString(),
                    properties,
                    instant(r.get("created_at")),
                    instant(r.get("updated_at")),
                    scopeValues);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a node's stored JSON does not parse", e);
        }
    }

    private static Instant instant(Value v) {
        return v.isNull() ? null : Instant.parse(v.asString());
    }

    private static GraphRelationship relationship(Record r) {
        return new GraphRelationship(
                r.get("id").asString(),
                r.get("src").asString(),
                r.get("dst").asString(),
                r.get("type").asString());
    }

    private static String json(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Strings by code point, as the reference order compares ids. */
    static final Comparator<String> CODE_POINTS = (a, b) -> {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    };

    @Override
    public String toString() {
        return "Neo4jObjectStore[" + (database == null ? "default database" : database) + ", " + label + "]";
    }

    /** Builds a {@link Neo4jObjectStore}. */
    public static final class Builder {
        private Driver driver;
        private String database;
        private Duration timeout = Duration.ofSeconds(5);
        private String label = NodeEncoding.OBJECT_LABEL;

        private Builder() {}

        /**
         * The label every object node of this store carries, beside its type's ({@code QuarryObject}
         * by default): several graphs in one database each have their own.
         */
        public Builder label(String label) {
            if (!io.quarry.schema.Names.isIdentifier(requireNonNull(label, "label"))) {
                throw new IllegalArgumentException("a label is a name such as QuarryObject, was '" + label + "'");
            }
            this.label = label;
            return this;
        }

        /** The host's driver (required); the host closes it. */
        public Builder driver(Driver driver) {
            this.driver = driver;
            return this;
        }

        /** The database to read; by default the server's default database. */
        public Builder database(String database) {
            this.database = database;
            return this;
        }

        /** The transaction timeout of every read, such as {@code limits.statement_timeout_seconds}. */
        public Builder timeout(Duration timeout) {
            this.timeout = requireNonNull(timeout, "timeout");
            return this;
        }

        /** Builds the store. */
        public Neo4jObjectStore build() {
            if (driver == null) {
                throw new IllegalStateException("a Neo4jObjectStore needs a driver");
            }
            if (timeout.isZero() || timeout.isNegative()) {
                throw new IllegalStateException("the timeout must be positive, was " + timeout);
            }
            return new Neo4jObjectStore(this);
        }
    }
}
