package io.quarry.tool;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.graph.ContextFormatter;
import io.quarry.graph.SnapshotBuilder;
import io.quarry.projection.Projections;
import io.quarry.store.ObjectStore;
import io.quarry.store.ScopeGraph;

/**
 * The project context block ({@link ContextFormatter}) as a toolkit serves it to a host: the caller's
 * scope, only the types the tools show, the toolkit's snapshot settings and projections, every
 * statement under the call's timeout and with the caller's session settings, the root's and the
 * budget's mistakes as {@link QueryException}s with a path and a hint.
 */
final class ContextBlocks {
    private final SchemaView view;
    private final ObjectStore store;
    private final SnapshotBuilder snapshots;
    private final Projections projections;
    private final Limits limits;

    ContextBlocks(SchemaTool.Parts parts, SnapshotBuilder snapshots, Projections projections, Limits limits) {
        this.view = parts.view();
        this.store = parts.store();
        this.snapshots = snapshots;
        this.projections = projections;
        this.limits = limits;
    }

    String format(String rootId, int budget, ToolContext context) {
        Limits effective = context.limits() == null ? limits : limits.narrowedBy(context.limits());
        int most = effective.sizeBudget();
        if (budget < ContextFormatter.MIN_BUDGET || budget > most) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "budget",
                    "The budget must be from " + ContextFormatter.MIN_BUDGET + " to " + most + " characters, was "
                            + budget + ".",
                    "Give a budget from " + ContextFormatter.MIN_BUDGET + " to " + most + ", such as "
                            + Math.min(12_000, most) + ".");
        }
        if (rootId == null || rootId.isBlank()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "root_id",
                    "'root_id' is required.",
                    "Give the id of a project; query_graph_objects with {\"type\": \"Project\"} lists them.");
        }
        return CallTimeoutStore.during(effective.statementTimeout(), context, () -> {
            ScopeGraph graph = view.visible(store.graph(context.scope()));
            if (graph.object(rootId).isEmpty()) {
                throw NearIds.notFound(
                        rootId,
                        "root_id",
                        "Use the id of an object you can see; query_graph_objects with {\"type\": \"Project\"}"
                                + " lists projects.",
                        store,
                        context.scope(),
                        view);
            }
            return ContextFormatter.builder()
                    .snapshots(snapshots)
                    .projections(projections)
                    .budget(budget)
                    .build()
                    .format(graph, rootId);
        });
    }
}
