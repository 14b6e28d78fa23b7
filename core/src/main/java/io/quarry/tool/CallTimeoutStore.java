package io.quarry.tool;

import io.quarry.schema.Schema;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.store.AggregateQuery;
import io.quarry.store.Aggregation;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.ObjectQuery;
import io.quarry.store.ObjectStore;
import io.quarry.store.Page;
import io.quarry.store.Scope;
import io.quarry.store.ScopeGraph;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A toolkit's {@link JdbcObjectStore} as its tools read it: every statement under the statement
 * timeout of the call in progress ({@link #during}: the toolkit's limits narrowed by the call's
 * {@link ToolContext#limits()}), else under the toolkit's. A tool runs on its caller's thread, so the
 * call's timeout is kept per thread for the length of the call.
 */
final class CallTimeoutStore implements ObjectStore {
    private static final ThreadLocal<Duration> CALL = new ThreadLocal<>();

    private final JdbcObjectStore store;

    /** @param store the store, already with the toolkit's timeout ({@link JdbcObjectStore#withTimeout}) */
    CallTimeoutStore(JdbcObjectStore store) {
        this.store = store;
    }

    /** Runs one tool call's work with its statement timeout; a nested call's ends with it. */
    static <T> T during(Duration timeout, Supplier<T> work) {
        Duration outer = CALL.get();
        CALL.set(timeout);
        try {
            return work.get();
        } finally {
            if (outer == null) {
                CALL.remove();
            } else {
                CALL.set(outer);
            }
        }
    }

    /** The store under the call's timeout. */
    private JdbcObjectStore now() {
        Duration timeout = CALL.get();
        return timeout == null ? store : store.withTimeout(timeout);
    }

    @Override
    public Page search(ObjectQuery query) {
        return now().search(query);
    }

    @Override
    public Optional<GraphObject> get(String id, Scope scope) {
        return now().get(id, scope);
    }

    @Override
    public List<GraphRelationship> relationships(String id, Scope scope) {
        return now().relationships(id, scope);
    }

    @Override
    public Map<String, Long> countByType(Scope scope) {
        return now().countByType(scope);
    }

    @Override
    public Aggregation aggregate(AggregateQuery query) {
        return now().aggregate(query);
    }

    @Override
    public Schema inferSchema(Scope scope, int perType) {
        return now().inferSchema(scope, perType);
    }

    @Override
    public ScopeGraph graph(Scope scope) {
        return now().graph(scope);
    }

    @Override
    public ScopeGraph neighbourhood(Collection<String> ids, Scope scope) {
        return now().neighbourhood(ids, scope);
    }

    @Override
    public String toString() {
        return store.toString();
    }
}
