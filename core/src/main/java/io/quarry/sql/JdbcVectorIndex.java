package io.quarry.sql;

import static java.util.Objects.requireNonNull;

import io.quarry.internal.IsoDateTime;
import io.quarry.internal.Vectors;
import io.quarry.search.EmbeddingException;
import io.quarry.search.IndexState;
import io.quarry.search.VectorEntry;
import io.quarry.search.VectorIndex;
import io.quarry.search.VectorMatch;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import javax.sql.DataSource;

/**
 * A {@link VectorIndex} in a table next to the graph layout, on every database of the library: {@code
 * quarry_embeddings (entry_key, object_id, object_type, model, embedding, updated_at)}, the vector as
 * little-endian 32-bit floats in a binary column, and the indexer's state in {@code
 * quarry_embeddings_state}. {@link #nearest} reads the candidate rows of the current model and ranks
 * them by cosine in Java: exact, and meant for at most {@link #SIZE_LIMIT} chunks (a query reads every
 * vector, about 1.5 KB each at 384 dimensions: 30 MB a question at the limit); {@code quarry embed} and
 * {@code --semantic} warn past it. Beyond it, keep the vectors in quarry-lucene's {@code LuceneIndex}
 * (HNSW), or in a store with its own nearest-neighbour index (pgvector, Elasticsearch, Qdrant…) through
 * the LangChain4j or Spring AI adapters.
 *
 * <p>Rows of another model than the state's are never returned. Thread-safe.
 */
public final class JdbcVectorIndex implements VectorIndex {
    /**
     * The chunks this index is meant for at most: every question reads each vector, so its time grows with
     * the table (see docs/search.md for the measured times).
     */
    public static final long SIZE_LIMIT = 20_000;

    private static final String STATE_ROW = "default";

    private final DataSource dataSource;
    private final Dialect dialect;
    private final String table;
    private final String stateTable;

    private JdbcVectorIndex(DataSource dataSource, Dialect dialect, String table) {
        this.dataSource = dataSource;
        this.dialect = dialect;
        this.table = table;
        this.stateTable = table + "_state";
    }

    /**
     * An index over the table {@code quarry_embeddings} of this database, creating the tables when they
     * are missing; {@code Dialects.detect(dataSource)} gives the dialect.
     *
     * @throws EmbeddingException when the database cannot be reached or the tables cannot be created
     */
    public static JdbcVectorIndex create(DataSource dataSource, Dialect dialect) {
        return create(dataSource, dialect, "quarry_embeddings");
    }

    /**
     * An index over a table of this name (its state in {@code <table>_state}), creating the tables when
     * they are missing.
     *
     * @param table lower-case letters, digits and underscores
     * @throws EmbeddingException when the database cannot be reached or the tables cannot be created
     */
    public static JdbcVectorIndex create(DataSource dataSource, Dialect dialect, String table) {
        requireNonNull(dataSource, "dataSource");
        requireNonNull(dialect, "dialect");
        if (!requireNonNull(table, "table").matches("[a-z_][a-z0-9_]{0,50}")) {
            throw new IllegalArgumentException("JdbcVectorIndex: a table name is [a-z_][a-z0-9_]*, was " + table);
        }
        JdbcVectorIndex index = new JdbcVectorIndex(dataSource, dialect, table);
        index.createTables();
        return index;
    }

    /**
     * The index over {@code quarry_embeddings} when this database has its tables, never creating
     * them: for a reader whose database may be read-only.
     *
     * @throws EmbeddingException when the database cannot be reached
     */
    public static java.util.Optional<JdbcVectorIndex> existing(DataSource dataSource, Dialect dialect) {
        JdbcVectorIndex index = new JdbcVectorIndex(
                requireNonNull(dataSource, "dataSource"), requireNonNull(dialect, "dialect"), "quarry_embeddings");
        try (Connection c = dataSource.getConnection()) {
            return exists(c, index.table) && exists(c, index.stateTable)
                    ? java.util.Optional.of(index)
                    : java.util.Optional.empty();
        } catch (SQLException e) {
            throw index.failure("read the embeddings tables", e);
        }
    }

    /** The table of the vectors. */
    public String table() {
        return table;
    }

    private void createTables() {
        String binary =
                switch (dialect.name()) {
                    case "postgres" -> "BYTEA";
                    case "mysql", "mariadb" -> "MEDIUMBLOB";
                    case "sqlite" -> "BLOB";
                    default -> "VARBINARY";
                };
        String timestamp =
                dialect.name().equals("mysql") || dialect.name().equals("mariadb") ? "DATETIME(3)" : "TIMESTAMP";
        try (Connection c = dataSource.getConnection()) {
            if (!exists(c, table)) {
                try (Statement s = c.createStatement()) {
                    s.execute("CREATE TABLE " + table + " (entry_key VARCHAR(300) NOT NULL PRIMARY KEY,"
                            + " object_id VARCHAR(255) NOT NULL, object_type VARCHAR(255) NOT NULL,"
                            + " model VARCHAR(255) NOT NULL, embedding " + binary + " NOT NULL,"
                            + " updated_at " + timestamp + " NOT NULL)");
                    s.execute("CREATE INDEX " + table + "_object ON " + table + " (object_id)");
                }
            }
            if (!exists(c, stateTable)) {
                try (Statement s = c.createStatement()) {
                    s.execute("CREATE TABLE " + stateTable + " (name VARCHAR(64) NOT NULL PRIMARY KEY,"
                            + " model VARCHAR(255) NOT NULL, updated_at VARCHAR(40), last_id VARCHAR(255))");
                }
            }
        } catch (SQLException e) {
            throw failure("create the embeddings tables", e);
        }
    }

    private static boolean exists(Connection c, String name) {
        try (Statement s = c.createStatement()) {
            s.executeQuery("SELECT 1 FROM " + name + " WHERE 1 = 0").close();
            return true;
        } catch (SQLException e) {
            try {
                if (!c.getAutoCommit()) {
                    c.rollback(); // PostgreSQL: the failed statement aborted the transaction
                }
            } catch (SQLException ignored) {
                // the next statement reports the connection's state
            }
            return false;
        }
    }

    @Override
    public void upsert(List<VectorEntry> entries) {
        if (entries.isEmpty()) {
            return;
        }
        String model = state().map(IndexState::model).orElse("");
        Timestamp now = Timestamp.from(Instant.now());
        write("write embeddings", c -> {
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM " + table + " WHERE entry_key = ?");
                    PreparedStatement insert = c.prepareStatement("INSERT INTO " + table
                            + " (entry_key, object_id, object_type, model, embedding, updated_at)"
                            + " VALUES (?, ?, ?, ?, ?, ?)")) {
                for (VectorEntry e : entries) {
                    delete.setString(1, e.key());
                    delete.addBatch();
                    insert.setString(1, e.key());
                    insert.setString(2, e.objectId());
                    insert.setString(3, e.type());
                    insert.setString(4, model);
                    insert.setBytes(5, bytes(e.vector()));
                    insert.setTimestamp(6, now);
                    insert.addBatch();
                }
                delete.executeBatch();
                insert.executeBatch();
            }
        });
    }

    @Override
    public void delete(Collection<String> objectIds) {
        List<String> ids = List.copyOf(new HashSet<>(objectIds));
        if (ids.isEmpty()) {
            return;
        }
        write("delete embeddings", c -> {
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM " + table + " WHERE object_id = ?")) {
                for (String id : ids) {
                    delete.setString(1, id);
                    delete.addBatch();
                }
                delete.executeBatch();
            }
        });
    }

    @Override
    public List<VectorMatch> nearest(float[] vector, int candidates, Set<String> types) {
        if (candidates <= 0) {
            return List.of();
        }
        Optional<IndexState> state = state();
        if (state.isEmpty()) {
            return List.of();
        }
        float[] q = Vectors.unit(vector);
        Comparator<VectorMatch> order =
                Comparator.comparingDouble(VectorMatch::score).reversed().thenComparing(VectorMatch::key);
        PriorityQueue<VectorMatch> best = new PriorityQueue<>(order.reversed());
        List<String> typeList = List.copyOf(new java.util.TreeSet<>(types));
        StringBuilder sql =
                new StringBuilder("SELECT entry_key, object_id, embedding FROM " + table + " WHERE model = ?");
        if (!typeList.isEmpty()) {
            sql.append(" AND object_type IN (")
                    .append(String.join(", ", java.util.Collections.nCopies(typeList.size(), "?")))
                    .append(')');
        }
        try (Connection c = dataSource.getConnection()) {
            boolean autoCommit = c.getAutoCommit();
            if (dialect.name().equals("postgres")) {
                c.setAutoCommit(false); // lets the driver stream rows by the fetch size
            }
            try (PreparedStatement p = c.prepareStatement(sql.toString())) {
                p.setFetchSize(1_000);
                p.setString(1, state.get().model());
                for (int i = 0; i < typeList.size(); i++) {
                    p.setString(i + 2, typeList.get(i));
                }
                try (ResultSet rs = p.executeQuery()) {
                    while (rs.next()) {
                        float[] v = floats(rs.getBytes(3));
                        if (v.length != q.length) {
                            throw new EmbeddingException("The index holds vectors of " + v.length
                                    + " dimensions and the query has " + q.length + ": re-embed with one model.");
                        }
                        VectorMatch m = new VectorMatch(rs.getString(1), rs.getString(2), cosine(q, v));
                        if (best.size() < candidates) {
                            best.add(m);
                        } else if (order.compare(m, best.peek()) < 0) {
                            best.poll();
                            best.add(m);
                        }
                    }
                }
            } finally {
                if (dialect.name().equals("postgres")) {
                    c.rollback();
                    c.setAutoCommit(autoCommit);
                }
            }
        } catch (SQLException e) {
            throw failure("read embeddings", e);
        }
        List<VectorMatch> out = new ArrayList<>(best);
        out.sort(order);
        return out;
    }

    @Override
    public long size() {
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw failure("count embeddings", e);
        }
    }

    @Override
    public Optional<IndexState> state() {
        try (Connection c = dataSource.getConnection();
                PreparedStatement p = c.prepareStatement(
                        "SELECT model, updated_at, last_id FROM " + stateTable + " WHERE name = ?")) {
            p.setString(1, STATE_ROW);
            try (ResultSet rs = p.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                String at = rs.getString(2);
                String last = rs.getString(3);
                Instant updated = at == null ? null : IsoDateTime.parse(at).orElse(null);
                return Optional.of(new IndexState(rs.getString(1), updated, updated == null ? null : last));
            }
        } catch (SQLException e) {
            throw failure("read the embeddings state", e);
        }
    }

    @Override
    public void state(IndexState state) {
        requireNonNull(state, "state");
        write("write the embeddings state", c -> {
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM " + stateTable + " WHERE name = ?");
                    PreparedStatement insert = c.prepareStatement(
                            "INSERT INTO " + stateTable + " (name, model, updated_at, last_id) VALUES (?, ?, ?, ?)")) {
                delete.setString(1, STATE_ROW);
                delete.executeUpdate();
                insert.setString(1, STATE_ROW);
                insert.setString(2, state.model());
                insert.setString(3, state.updatedAt() == null ? null : IsoDateTime.format(state.updatedAt()));
                insert.setString(4, state.lastId());
                insert.executeUpdate();
            }
        });
    }

    @Override
    public Optional<Set<String>> objectIds() {
        Set<String> ids = new HashSet<>();
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT DISTINCT object_id FROM " + table)) {
            while (rs.next()) {
                ids.add(rs.getString(1));
            }
        } catch (SQLException e) {
            throw failure("read embeddings", e);
        }
        return Optional.of(ids);
    }

    private interface Work {
        void run(Connection c) throws SQLException;
    }

    /** Runs the work in one transaction. */
    private void write(String what, Work work) {
        try (Connection c = dataSource.getConnection()) {
            boolean autoCommit = c.getAutoCommit();
            c.setAutoCommit(false);
            try {
                work.run(c);
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(autoCommit);
            }
        } catch (SQLException e) {
            throw failure(what, e);
        }
    }

    /** A failure for a person: what failed and the SQL state, never the driver's message. */
    private EmbeddingException failure(String what, SQLException e) {
        return new EmbeddingException(
                "Could not " + what + " in " + table + " (SQL state " + e.getSQLState() + ").", e);
    }

    static byte[] bytes(float[] vector) {
        ByteBuffer b = ByteBuffer.allocate(vector.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float f : vector) {
            b.putFloat(f);
        }
        return b.array();
    }

    static float[] floats(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        float[] out = new float[bytes.length / 4];
        for (int i = 0; i < out.length; i++) {
            out[i] = b.getFloat();
        }
        return out;
    }

    /** The cosine of a unit query and a stored vector. */
    private static double cosine(float[] unitQuery, float[] v) {
        double dot = 0;
        double norm = 0;
        for (int i = 0; i < v.length; i++) {
            dot += (double) unitQuery[i] * v[i];
            norm += (double) v[i] * v[i];
        }
        return norm == 0 ? 0 : dot / Math.sqrt(norm);
    }
}
