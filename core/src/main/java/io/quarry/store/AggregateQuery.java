package io.quarry.store;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.filter.FieldPath;
import io.quarry.filter.ValidatedFilter;
import io.quarry.internal.IsoDateTime;
import io.quarry.schema.Relationship;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.IsoFields;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What {@code aggregate_graph_objects} asks of an {@link ObjectStore}: the objects of these types that
 * match the filter in the scope, grouped by a field, with metrics per group.
 *
 * @param types the type names; never empty
 * @param filter the validated filter
 * @param groupBy the field to group by, or {@code null} for one group of every object
 * @param bucket the calendar period date-time values of {@code groupBy} group by, or {@code null} to group
 *     by the value itself
 * @param metrics the metrics, at least one
 * @param scope the host's scope
 * @param maxObjects the most objects a store reads before it stops and reports an incomplete result
 * @param groupOf the relationship whose objects {@code groupBy} is a field of, or {@code null} for the
 *     aggregated objects' own field: an object is in the group of each distinct value its related
 *     objects hold (as of an array's elements), in the missing group when none holds one
 */
public record AggregateQuery(
        List<String> types,
        ValidatedFilter filter,
        FieldPath groupBy,
        Bucket bucket,
        List<Metric> metrics,
        Scope scope,
        int maxObjects,
        Related groupOf) {

    /** Checks and copies the arguments. */
    public AggregateQuery {
        types = List.copyOf(requireNonNull(types, "types"));
        if (types.isEmpty()) {
            throw new IllegalArgumentException("an aggregation reads at least one type");
        }
        requireNonNull(filter, "filter");
        if ((bucket != null || groupOf != null) && groupBy == null) {
            throw new IllegalArgumentException("a bucket or a related group needs a group-by field");
        }
        metrics = List.copyOf(requireNonNull(metrics, "metrics"));
        if (metrics.isEmpty()) {
            throw new IllegalArgumentException("an aggregation computes at least one metric");
        }
        requireNonNull(scope, "scope");
        if (maxObjects < 1) {
            throw new IllegalArgumentException("maxObjects must be at least 1, was " + maxObjects);
        }
    }

    /** An aggregation grouped by the aggregated objects' own field, or by nothing. */
    public AggregateQuery(
            List<String> types,
            ValidatedFilter filter,
            FieldPath groupBy,
            Bucket bucket,
            List<Metric> metrics,
            Scope scope,
            int maxObjects) {
        this(types, filter, groupBy, bucket, metrics, scope, maxObjects, null);
    }

    /** An aggregation grouped by a field's value itself, or by nothing ({@code groupBy} {@code null}). */
    public AggregateQuery(
            List<String> types,
            ValidatedFilter filter,
            FieldPath groupBy,
            List<Metric> metrics,
            Scope scope,
            int maxObjects) {
        this(types, filter, groupBy, null, metrics, scope, maxObjects);
    }

    /** This aggregation reading at most {@code maxObjects} objects. */
    public AggregateQuery withMaxObjects(int maxObjects) {
        return new AggregateQuery(types, filter, groupBy, bucket, metrics, scope, maxObjects, groupOf);
    }

    /**
     * A calendar period that groups date-times: the group of a value is the period it falls in at a
     * fixed UTC offset, labelled {@code 2024} (year), {@code 2024-Q1} (quarter), {@code 2024-03}
     * (month), {@code 2024-W09} (ISO week, Monday first, of its week-based year) or {@code 2024-03-05}
     * (day). A date alone ({@code YYYY-MM-DD}) is already a calendar day, which the offset does not move;
     * a value that is no date or date-time (numbers too) is in the missing group.
     *
     * @param unit the period
     * @param offset the UTC offset of the calendar; {@link ZoneOffset#UTC} for UTC
     */
    public record Bucket(Unit unit, ZoneOffset offset) {
        /** Checks the arguments. */
        public Bucket {
            requireNonNull(unit, "unit");
            requireNonNull(offset, "offset");
        }

        /** The periods. */
        public enum Unit {
            /** {@code 2024}. */
            YEAR,
            /** {@code 2024-Q1}: January to March is Q1. */
            QUARTER,
            /** {@code 2024-03}. */
            MONTH,
            /** {@code 2024-W09}: ISO-8601 weeks, Monday to Sunday, of the week-based year. */
            WEEK,
            /** {@code 2024-03-05}. */
            DAY
        }

        /** The label of the period a value falls in, or empty when it is no date or date-time. */
        public Optional<String> label(JsonNode value) {
            if (value == null || !value.isTextual()) {
                return Optional.empty();
            }
            String s = value.textValue();
            Optional<LocalDate> day = IsoDateTime.localDate(s);
            if (day.isPresent()) {
                return Optional.of(label(day.get()));
            }
            return IsoDateTime.parse(s).map(t -> label(LocalDate.ofInstant(t, offset)));
        }

        private String label(LocalDate d) {
            return switch (unit) {
                case YEAR -> four(d.getYear());
                case QUARTER -> four(d.getYear()) + "-Q" + ((d.getMonthValue() - 1) / 3 + 1);
                case MONTH -> four(d.getYear()) + "-" + two(d.getMonthValue());
                case WEEK ->
                    four(d.get(IsoFields.WEEK_BASED_YEAR)) + "-W" + two(d.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
                case DAY -> four(d.getYear()) + "-" + two(d.getMonthValue()) + "-" + two(d.getDayOfMonth());
            };
        }

        private static String four(int n) {
            return n >= 0 && n <= 9999 ? String.format(Locale.ROOT, "%04d", n) : Integer.toString(n);
        }

        private static String two(int n) {
            return String.format(Locale.ROOT, "%02d", n);
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
     * Arithmetic over an object's numeric fields and constants, which {@code sum}, {@code avg},
     * {@code min} and {@code max} read instead of a field. Its value for an object is exact: {@code +},
     * {@code -} and {@code *} in unbounded decimals, {@code /} rounded to 34 significant digits (IEEE
     * 754 decimal128, half even). An object has no value (and is left out, as a non-number is) when a
     * field it reads is missing, null, an array or no number or numeric string, or when it divides by
     * zero.
     */
    public sealed interface Expr permits Expr.Field, Expr.Constant, Expr.Negate, Expr.Binary {
        /** Calls the visitor's method for this node. */
        <R> R accept(Visitor<R> visitor);

        /** One method per node, so a new node is a compile error in every evaluator and compiler. */
        interface Visitor<R> {
            /** A field's number. */
            R field(Field field);

            /** A constant. */
            R constant(Constant constant);

            /** The negation of an expression. */
            R negate(Negate negate);

            /** Two expressions and an operator. */
            R binary(Binary binary);
        }

        /** The arithmetic operators. */
        enum Operator {
            /** {@code +}. */
            ADD("+"),
            /** {@code -}. */
            SUBTRACT("-"),
            /** {@code *}. */
            MULTIPLY("*"),
            /** {@code /}. */
            DIVIDE("/");

            private final String symbol;

            Operator(String symbol) {
                this.symbol = symbol;
            }

            /** The operator as SQL and the tool write it. */
            public String symbol() {
                return symbol;
            }
        }

        /**
         * A field's value.
         *
         * @param path the field
         */
        record Field(FieldPath path) implements Expr {
            /** Checks the argument. */
            public Field {
                requireNonNull(path, "path");
            }

            @Override
            public <R> R accept(Visitor<R> visitor) {
                return visitor.field(this);
            }
        }

        /**
         * A number.
         *
         * @param value the number
         */
        record Constant(BigDecimal value) implements Expr {
            /** Checks the argument. */
            public Constant {
                requireNonNull(value, "value");
            }

            @Override
            public <R> R accept(Visitor<R> visitor) {
                return visitor.constant(this);
            }
        }

        /**
         * {@code -operand}.
         *
         * @param operand the expression negated
         */
        record Negate(Expr operand) implements Expr {
            /** Checks the argument. */
            public Negate {
                requireNonNull(operand, "operand");
            }

            @Override
            public <R> R accept(Visitor<R> visitor) {
                return visitor.negate(this);
            }
        }

        /**
         * {@code left operator right}.
         *
         * @param operator the operator
         * @param left the left operand
         * @param right the right operand
         */
        record Binary(Operator operator, Expr left, Expr right) implements Expr {
            /** Checks the arguments. */
            public Binary {
                requireNonNull(operator, "operator");
                requireNonNull(left, "left");
                requireNonNull(right, "right");
            }

            @Override
            public <R> R accept(Visitor<R> visitor) {
                return visitor.binary(this);
            }
        }
    }

    /**
     * A relationship a metric reads across: the objects at the other end of a group's objects' links of
     * {@code storedType}, from the end {@code direction} says, that are of type {@code target} and in the
     * scope. A group's metric reads every such object once per link from one of its objects.
     *
     * @param name the name the aggregated type gives the relationship, as the metric is named
     * @param storedType the relationship type the store keeps
     * @param direction which end of the links the aggregated objects are: {@code OUT} the sources
     *     ({@code src_id}), {@code IN} the targets, {@code BOTH} either
     * @param target the type of the objects at the other end
     */
    public record Related(String name, String storedType, Relationship.Direction direction, String target) {
        /** Checks the arguments. */
        public Related {
            requireNonNull(name, "name");
            requireNonNull(storedType, "storedType");
            requireNonNull(direction, "direction");
            requireNonNull(target, "target");
        }
    }

    /**
     * Whether the aggregation reads across a relationship (a metric's {@link Metric#of()}, or {@link
     * #groupOf()}), which every store answers with {@link Aggregator#scan}.
     */
    public boolean related() {
        return groupOf != null || metrics.stream().anyMatch(m -> m.of() != null);
    }

    /**
     * One metric.
     *
     * @param op the operation
     * @param field the field it reads; {@code null} for {@link Op#COUNT} of objects and with an {@code expr}
     * @param p the percentile, 0 to 100, for {@link Op#PERCENTILE}; otherwise {@code null}
     * @param expr the arithmetic {@code sum}, {@code avg}, {@code min} or {@code max} reads instead of a
     *     field, or {@code null}
     * @param of the relationship whose objects the metric reads instead of the group's own ({@code count}
     *     counts them, a field or {@code expr} is theirs), or {@code null}
     */
    public record Metric(Op op, FieldPath field, BigDecimal p, Expr expr, Related of) {
        /** A metric of a field, or a count of objects ({@code field} {@code null}). */
        public Metric(Op op, FieldPath field, BigDecimal p) {
            this(op, field, p, null, null);
        }

        /** A metric of a field or an expression of the group's own objects. */
        public Metric(Op op, FieldPath field, BigDecimal p, Expr expr) {
            this(op, field, p, expr, null);
        }

        /** Checks the arguments. */
        public Metric {
            requireNonNull(op, "op");
            if (expr != null
                    && (field != null || !Set.of(Op.SUM, Op.AVG, Op.MIN, Op.MAX).contains(op))) {
                throw new IllegalArgumentException("an expression is read by SUM, AVG, MIN or MAX instead of a field");
            }
            if (field == null && expr == null && op != Op.COUNT) {
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
