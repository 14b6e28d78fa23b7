package io.quarry.sql;

import io.quarry.filter.CompareOp;
import io.quarry.filter.Filter;
import io.quarry.filter.Predicate;
import io.quarry.filter.Value;
import java.util.List;

/**
 * The top-level shape of a filter that a dialect may answer from the whole document: its conjuncts,
 * the conditions on a top-level property, the equalities and substring matches among them
 * ({@link Dialect#propertyEqualities}, {@link Dialect#candidateObjects}). Each question is a visitor
 * on the sealed AST, so a new node is a compile error here, where its answer must be chosen.
 */
final class TopLevel {
    private TopLevel() {}

    /** The conjuncts of a filter: an {@code $and}'s filters, or the filter itself. */
    static List<Filter> conjuncts(Filter filter) {
        return filter.accept(CONJUNCTS);
    }

    /** The condition, when {@code filter} is one on a top-level property (no system field, no dotted path); else {@code null}. */
    static Filter.Condition onProperty(Filter filter) {
        return filter.accept(ON_PROPERTY);
    }

    /**
     * What a predicate asks that a test of the whole document may answer: that the value equal one of
     * {@code equalsOneOf} ({@code $eq}, a non-empty {@code $in}), or that it {@code match} ({@code
     * $contains}, {@code $startsWith}, {@code $endsWith}); both {@code null} for any other predicate.
     */
    record Ask(List<Value> equalsOneOf, Predicate.Match match) {
        private static final Ask NOTHING = new Ask(null, null);

        /** What {@code predicate} asks. */
        static Ask of(Predicate predicate) {
            return predicate.accept(ASK);
        }
    }

    private static final Filter.Visitor<List<Filter>> CONJUNCTS = new Filter.Visitor<>() {
        @Override
        public List<Filter> and(Filter.And and) {
            return and.filters();
        }

        @Override
        public List<Filter> or(Filter.Or or) {
            return List.of(or);
        }

        @Override
        public List<Filter> nor(Filter.Nor nor) {
            return List.of(nor);
        }

        @Override
        public List<Filter> condition(Filter.Condition condition) {
            return List.of(condition);
        }
    };

    private static final Filter.Visitor<Filter.Condition> ON_PROPERTY = new Filter.Visitor<>() {
        @Override
        public Filter.Condition and(Filter.And and) {
            return null;
        }

        @Override
        public Filter.Condition or(Filter.Or or) {
            return null;
        }

        @Override
        public Filter.Condition nor(Filter.Nor nor) {
            return null;
        }

        @Override
        public Filter.Condition condition(Filter.Condition c) {
            return c.path().system() || c.path().segments().size() != 1 ? null : c;
        }
    };

    private static final Predicate.Visitor<Ask> ASK = new Predicate.Visitor<>() {
        @Override
        public Ask compare(Predicate.Compare compare) {
            return compare.op() == CompareOp.EQ ? new Ask(List.of(compare.operand()), null) : Ask.NOTHING;
        }

        @Override
        public Ask in(Predicate.In in) {
            return in.values().isEmpty() ? Ask.NOTHING : new Ask(in.values(), null);
        }

        @Override
        public Ask match(Predicate.Match match) {
            return new Ask(null, match);
        }

        @Override
        public Ask exists(Predicate.Exists exists) {
            return Ask.NOTHING;
        }

        @Override
        public Ask regex(Predicate.Regex regex) {
            return Ask.NOTHING;
        }

        @Override
        public Ask all(Predicate.All all) {
            return Ask.NOTHING;
        }

        @Override
        public Ask size(Predicate.Size size) {
            return Ask.NOTHING;
        }

        @Override
        public Ask not(Predicate.Not not) {
            return Ask.NOTHING;
        }

        @Override
        public Ask every(Predicate.Every every) {
            return Ask.NOTHING;
        }
    };
}
