package io.quarry.sql;

import io.quarry.store.AggregateQuery;
import io.quarry.store.Aggregation;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.ObjectQuery;
import io.quarry.store.Page;
import io.quarry.store.Scope;
import io.quarry.store.ScopeGraph;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * How a {@link io.quarry.sql.JdbcObjectStore} reads and writes one storage layout: every store
 * operation is a method each layout implements, so a new operation that one layout lacks is a compile
 * error. One implementation per layout: the graph layout (an objects table with a JSON properties
 * column and a relationships table) and the table layout (one table per type, see {@link
 * io.quarry.sql.TableLayout}).
 *
 * <p>Hosts choose a layout through {@link StoreMapping} and never implement or call this interface
 * (it is sealed); it is public only because the store that owns connections lives in {@code
 * io.quarry.sql}. A layout builds statements with the {@link io.quarry.sql.SqlCompiler} and runs them
 * through the store's {@link Session}, which owns connections, read-only transactions, timeouts and
 * the translation of database errors.
 */
sealed interface StorageLayout permits GraphLayout, TablesLayout {

    /** The layout a mapping names: its table layout when it has one, else its graph layout. */
    static StorageLayout of(StoreMapping mapping, Dialect dialect) {
        return of(mapping, dialect, DEFAULT_COUNT_CAP);
    }

    /** How many matches a search counts at most, by default: beyond, the total is a lower bound. */
    long DEFAULT_COUNT_CAP = 1_000;

    /**
     * The layout a mapping names, whose searches count matches up to {@code countCap} (the graph
     * layout; {@code 0} or less: every match, exactly).
     */
    static StorageLayout of(StoreMapping mapping, Dialect dialect, long countCap) {
        return mapping.tables() == null
                ? new GraphLayout(mapping, dialect, countCap)
                : new TablesLayout(mapping.tables(), dialect);
    }

    /**
     * The idempotent statements {@code createLayout} runs: the graph layout's tables, functions and
     * indexes; for the table layout only the dialect's helper functions (the host owns its tables).
     */
    List<String> createStatements();

    /**
     * Loads a data set (checked whole already) in one transaction of the session, telling {@code progress} the number of rows
     * written so far (objects, then relationships) after each batch.
     *
     * @throws IllegalArgumentException when the data cannot be stored as it is, or an id of the data is
     *     already in the database
     * @throws UnsupportedOperationException when the layout reads only the host's own tables
     */
    void load(Session session, DataFile.Entries data, LongConsumer progress);

    /** One page of the objects a query selects: {@link io.quarry.store.ObjectStore#search}. */
    Page search(Session session, ObjectQuery query);

    /** The page statements (and, for the graph layout, the count) that {@link #search} runs; for tests and golden files. */
    List<Sql> explain(ObjectQuery query);

    /** The object with this id in the scope: {@link io.quarry.store.ObjectStore#get}. */
    Optional<GraphObject> get(Session session, String id, Scope scope);

    /** The relationships of an object, both ends in the scope: {@link io.quarry.store.ObjectStore#relationships}. */
    List<GraphRelationship> relationships(Session session, String id, Scope scope);

    /** Objects per type in the scope: {@link io.quarry.store.ObjectStore#countByType}. */
    Map<String, Long> countByType(Session session, Scope scope);

    /** An aggregation with the {@link io.quarry.store.Aggregator}'s semantics: {@link io.quarry.store.ObjectStore#aggregate}. */
    Aggregation aggregate(Session session, AggregateQuery query);

    /** Every object and relationship of the scope: {@link io.quarry.store.ObjectStore#graph}. */
    ScopeGraph graph(Session session, Scope scope);

    /** Objects, their relationships and the other ends: {@link io.quarry.store.ObjectStore#neighbourhood}. */
    ScopeGraph neighbourhood(Session session, Collection<String> ids, Scope scope);

    /**
     * What a layout needs from the store to run statements: the store's connections, transactions,
     * statement timeout and error translation.
     */
    interface Session {
        /**
         * Runs reads in one read-only transaction under the timeout and rolls it back; a timeout is
         * the {@code QUERY_TIMEOUT} error, another database error an {@link IllegalStateException}.
         */
        <T> T read(Work<T> work);

        /**
         * Runs a load's statements in one transaction and commits it; on any failure it rolls back, so
         * nothing is kept, and a database error is an {@link IllegalStateException}.
         */
        void write(Work<?> work);

        /** A statement with the query timeout set and the binds bound. */
        PreparedStatement prepare(Connection c, Sql sql) throws SQLException;
    }

    /**
     * Work on a connection of a {@link Session}.
     *
     * @param <T> what it returns
     */
    @FunctionalInterface
    interface Work<T> {
        /** Runs on the connection. */
        T run(Connection c) throws SQLException;
    }
}
