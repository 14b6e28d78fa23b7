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
 * {@link ToolContext#limits()}), else under the toolkit's, and for the call's caller ({@link
 * JdbcObjectStore#forCaller}: the store's session settings from the call's {@link ToolContext}). A tool
 * runs on its caller's thread, so the call is kept per thread for the length of the call.
 */
final class CallTimeoutStore implements ObjectStore {
    private static final ThreadLocal<Call> CALL = new ThreadLocal<>();

    /** The call in progress: its statement timeout and who is calling (for the store's session settings). */
    private record Call(Duration timeout, ToolContext context) {}

    private final JdbcObjectStore store;

    /** @param store the store, already with the toolkit's timeout ({@link JdbcObjectStore#withTimeout}) */
    CallTimeoutStore(JdbcObjectStore store) {
        this.store = store;
    }

    /** Runs one tool call's work with its statement timeout and caller; a nested call's ends with it. */
    static <T> T during(Duration timeout, ToolContext context, Supplier<T> work) {
        Call outer = CALL.get();
        CALL.set(new Call(timeout, context));
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

    /** The store under the call's timeout, reading for the call's caller. */
    private JdbcObjectStore now() {
        Call call = CALL.get();
        return call == null
                ? store
                : store.withTimeout(call.timeout())
                        .forCaller(
                                call.context().user(),
                                call.context().scope(),
                                call.context().roles());
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
