package io.quarry.filter;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What a field's value must satisfy: an operator expression of the filter language.
 *
 * <p>{@code $ne} is parsed as {@code Not(Compare(EQ))} and {@code $nin} as {@code Not(In)}: negation
 * is plain negation, so a missing field matches both.
 */
public sealed interface Predicate {

    /** Calls the visitor method for this node. */
    <R> R accept(Visitor<R> visitor);

    /** {@code $eq}, {@code $gt}, {@code $gte}, {@code $lt}, {@code $lte}. */
    record Compare(CompareOp op, Value operand) implements Predicate {
        /** Checks the arguments: only {@code $eq} takes {@code null}. */
        public Compare {
            requireNonNull(op, "op");
            requireNonNull(operand, "operand");
            if (op != CompareOp.EQ && (operand instanceof Value.Null || operand instanceof Value.Bool)) {
                throw new IllegalArgumentException(op.operator() + " takes a number or a string");
            }
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.compare(this);
        }
    }

    /** {@code $in}: any value {@code $eq}; an empty list matches nothing. */
    record In(List<Value> values) implements Predicate {
        /** Copies the list. */
        public In {
            values = List.copyOf(requireNonNull(values, "values"));
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.in(this);
        }
    }

    /** {@code $exists}: the field is present (a JSON null counts) or absent. */
    record Exists(boolean exists) implements Predicate {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.exists(this);
        }
    }

    /** {@code $regex}: a portable pattern found anywhere in a string value. */
    record Regex(String pattern, boolean ignoreCase) implements Predicate {
        /** Checks the arguments. */
        public Regex {
            requireNonNull(pattern, "pattern");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.regex(this);
        }
    }

    /** {@code $contains}, {@code $startsWith}, {@code $endsWith}: a literal, never a pattern. */
    record Match(MatchOp op, String literal, boolean ignoreCase) implements Predicate {
        /** Checks the arguments: the literal is not empty. */
        public Match {
            requireNonNull(op, "op");
            requireNonNull(literal, "literal");
            if (literal.isEmpty()) {
                throw new IllegalArgumentException(op.operator() + " needs a non-empty string");
            }
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.match(this);
        }
    }

    /** {@code $all}: the value is an array holding an element {@code $eq} to each operand. */
    record All(List<Value> values) implements Predicate {
        /** Copies the list; it is never empty. */
        public All {
            values = List.copyOf(requireNonNull(values, "values"));
            if (values.isEmpty()) {
                throw new IllegalArgumentException("$all needs at least one value");
            }
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.all(this);
        }
    }

    /** {@code $size}: the value is an array of exactly this length. */
    record Size(int size) implements Predicate {
        /** Checks the size is not negative. */
        public Size {
            if (size < 0) {
                throw new IllegalArgumentException("$size must be >= 0");
            }
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.size(this);
        }
    }

    /** {@code $not} (and {@code $ne}, {@code $nin}): the inner predicate does not match. */
    record Not(Predicate predicate) implements Predicate {
        /** Checks the argument. */
        public Not {
            requireNonNull(predicate, "predicate");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.not(this);
        }
    }

    /** Several operators in one expression ({@code {"$gte": 1, "$lt": 5}}): every one matches. */
    record Every(List<Predicate> predicates) implements Predicate {
        /** Copies the list; it has at least two predicates. */
        public Every {
            predicates = List.copyOf(requireNonNull(predicates, "predicates"));
            if (predicates.size() < 2) {
                throw new IllegalArgumentException("Every needs at least two predicates");
            }
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.every(this);
        }
    }

    /** One method per node; no defaults, so every consumer handles every node. */
    interface Visitor<R> {
        /** Visits a {@link Compare}. */
        R compare(Compare compare);

        /** Visits an {@link In}. */
        R in(In in);

        /** Visits an {@link Exists}. */
        R exists(Exists exists);

        /** Visits a {@link Regex}. */
        R regex(Regex regex);

        /** Visits a {@link Match}. */
        R match(Match match);

        /** Visits an {@link All}. */
        R all(All all);

        /** Visits a {@link Size}. */
        R size(Size size);

        /** Visits a {@link Not}. */
        R not(Not not);

        /** Visits an {@link Every}. */
        R every(Every every);
    }
}
