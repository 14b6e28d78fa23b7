package io.quarry.store;

import static java.util.Objects.requireNonNull;

import io.quarry.filter.FieldPath;
import io.quarry.filter.ValidatedFilter;
import java.math.BigDecimal;
import java.util.List;

/**
 * What {@code aggregate_graph_objects} asks of an {@link ObjectStore}: the objects of these types that
 * match the filter in the scope, grouped by a field, with metrics per group.
 *
 * @param types the type names; never empty
 * @param filter the validated filter
 * @param groupBy the field to group by, or {@code null} for one group of every object
 * @param metrics the metrics, at least one
 * @param scope the host's scope
 * @param maxObjects the most objects a store reads before it stops and reports an incomplete result
 */
public record AggregateQuery(
        List<String> types,
        ValidatedFilter filter,
        FieldPath groupBy,
        List<Metric> metrics,
        Scope scope,
        int maxObjects) {

    /** Checks and copies the arguments. */
    public AggregateQuery {
        types = List.copyOf(requireNonNull(types, "types"));
        if (types.isEmpty()) {
            throw new IllegalArgumentException("an aggregation reads at least one type");
        }
        requireNonNull(filter, "filter");
        metrics = List.copyOf(requireNonNull(metrics, "metrics"));
        if (metrics.isEmpty()) {
            throw new IllegalArgumentException("an aggregation computes at least one metric");
        }
        requireNonNull(scope, "scope");
        if (maxObjects < 1) {
            throw new IllegalArgumentException("maxObjects must be at least 1, was " + maxObjects);
        }
    }

    /** The metric operations. */
    public enum Op {
        /** Objects in the group; with a field, objects where it holds a non-null value. */
        COUNT,
        /** Sum of the numeric values. */
        SUM,
        /** Mean of the numeric values. */
        AVG,
        /** Smallest value: numeric if any, else date-time, else string. */
        MIN,
        /** Largest value: numeric if any, else date-time, else string. */
        MAX,
        /** The p-th percentile of the numeric values, interpolated linearly (as SQL's percentile_cont). */
        PERCENTILE
    }

    /**
     * One metric.
     *
     * @param op the operation
     * @param field the field it reads; {@code null} only for {@link Op#COUNT}
     * @param p the percentile, 0 to 100, for {@link Op#PERCENTILE}; otherwise {@code null}
     */
    public record Metric(Op op, FieldPath field, BigDecimal p) {
        /** Checks the arguments. */
        public Metric {
            requireNonNull(op, "op");
            if (field == null && op != Op.COUNT) {
                throw new IllegalArgumentException(op + " needs a field");
            }
            if ((op == Op.PERCENTILE) != (p != null)) {
                throw new IllegalArgumentException("p is given exactly for PERCENTILE");
            }
            if (p != null && (p.signum() < 0 || p.compareTo(BigDecimal.valueOf(100)) > 0)) {
                throw new IllegalArgumentException("p must be from 0 to 100, was " + p);
            }
        }
    }
}
