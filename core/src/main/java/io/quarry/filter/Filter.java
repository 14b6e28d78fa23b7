package io.quarry.filter;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A parsed filter: the sealed AST of the filter language. Every consumer (validator, evaluator, SQL
 * compiler) implements {@link Visitor}, so a new node breaks each of them at compile time.
 */
public sealed interface Filter {

    /** Calls the visitor method for this node. */
    <R> R accept(Visitor<R> visitor);

    /** Matches every object: the empty filter {@code {}}. */
    static Filter matchAll() {
        return new And(List.of());
    }

    /** Every filter matches; no filters match every object. */
    record And(List<Filter> filters) implements Filter {
        /** Copies the list. */
        public And {
            filters = List.copyOf(requireNonNull(filters, "filters"));
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.and(this);
        }
    }

    /** At least one filter matches. */
    record Or(List<Filter> filters) implements Filter {
        /** Copies the list; it is never empty. */
        public Or {
            filters = List.copyOf(requireNonNull(filters, "filters"));
            if (filters.isEmpty()) {
                throw new IllegalArgumentException("$or needs at least one filter");
            }
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.or(this);
        }
    }

    /** No filter matches. */
    record Nor(List<Filter> filters) implements Filter {
        /** Copies the list; it is never empty. */
        public Nor {
            filters = List.copyOf(requireNonNull(filters, "filters"));
            if (filters.isEmpty()) {
                throw new IllegalArgumentException("$nor needs at least one filter");
            }
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.nor(this);
        }
    }

    /**
     * A predicate on one field.
     *
     * @param path the field
     * @param predicate what its value must satisfy
     * @param source where the condition stands in the tool input, for error messages
     *     ({@code properties.$or[1].status})
     */
    record Condition(FieldPath path, Predicate predicate, String source) implements Filter {
        /** Checks the arguments. */
        public Condition {
            requireNonNull(path, "path");
            requireNonNull(predicate, "predicate");
            requireNonNull(source, "source");
        }

        /** A condition whose source is the field path itself, for filters built in code. */
        public Condition(FieldPath path, Predicate predicate) {
            this(path, predicate, path.toString());
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.condition(this);
        }
    }

    /** One method per node; no defaults, so every consumer handles every node. */
    interface Visitor<R> {
        /** Visits an {@link And}. */
        R and(And and);

        /** Visits an {@link Or}. */
        R or(Or or);

        /** Visits a {@link Nor}. */
        R nor(Nor nor);

        /** Visits a {@link Condition}. */
        R condition(Condition condition);
    }
}
