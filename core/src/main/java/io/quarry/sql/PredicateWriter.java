package io.quarry.sql;

import io.quarry.filter.CompareOp;
import io.quarry.filter.Predicate;
import io.quarry.filter.Value;
import io.quarry.internal.IsoDateTime;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** What each operator means, as element tests on a {@link Target}. */
final class PredicateWriter implements Predicate.Visitor<Void> {
    private final Dialect dialect;
    private final SqlWriter w;
    private final Target target;

    PredicateWriter(Dialect dialect, SqlWriter w, Target target) {
        this.dialect = dialect;
        this.w = w;
        this.target = target;
    }

    @Override
    public Void compare(Predicate.Compare compare) {
        if (compare.op() == CompareOp.EQ) {
            equal(compare.operand());
            return null;
        }
        target.any(w, comparisonTest(compare));
        return null;
    }

    /** The element test of a comparison other than {@code $eq}: numeric, temporal or code-point, by the operand. */
    private static ElementTest comparisonTest(Predicate.Compare compare) {
        return compare.operand().accept(new Value.Visitor<ElementTest>() {
            @Override
            public ElementTest string(Value.Str v) {
                Optional<Instant> instant = IsoDateTime.parse(v.value());
                return instant.isPresent()
                        ? ElementTest.InstantCompare.of(compare.op(), instant.get())
                        : new ElementTest.StringCompare(compare.op(), v.value());
            }

            @Override
            public ElementTest number(Value.Num v) {
                return new ElementTest.NumberCompare(compare.op(), v.value());
            }

            @Override
            public ElementTest bool(Value.Bool v) {
                throw new IllegalStateException("the parser rejects booleans in comparisons");
            }

            @Override
            public ElementTest nul(Value.Null v) {
                throw new IllegalStateException("the parser rejects null in comparisons");
            }
        });
    }

    /** {@code $eq}: null also matches a missing field. */
    private void equal(Value operand) {
        if (operand instanceof Value.Null) {
            w.append("(");
            target.exists(w, false);
            w.append(" OR ");
            target.any(w, new ElementTest.IsNull());
            w.append(")");
            return;
        }
        target.any(w, equalityTest(operand));
    }

    @Override
    public Void in(Predicate.In in) {
        if (in.values().isEmpty()) {
            w.never();
            return null;
        }
        // the numbers as one test when the target has one (one index probe, not one per value)
        List<java.math.BigDecimal> numbers = new java.util.ArrayList<>();
        List<Value> rest = new java.util.ArrayList<>();
        for (Value v : in.values()) {
            if (v instanceof Value.Num n) {
                numbers.add(n.value());
            } else {
                rest.add(v);
            }
        }
        SqlWriter set = new SqlWriter();
        if (numbers.size() > 1 && target.anyNumberIn(set, numbers)) {
            if (rest.isEmpty()) {
                w.append(set.toSql());
                return null;
            }
            w.append("(").append(set.toSql()).append(" OR ");
            SqlCompiler.disjunction(w, rest, this::equal);
            w.append(")");
            return null;
        }
        SqlCompiler.disjunction(w, in.values(), this::equal);
        return null;
    }

    @Override
    public Void exists(Predicate.Exists exists) {
        target.exists(w, exists.exists());
        return null;
    }

    @Override
    public Void regex(Predicate.Regex regex) {
        target.any(w, new ElementTest.Regex(regex.pattern(), regex.ignoreCase()));
        return null;
    }

    @Override
    public Void match(Predicate.Match match) {
        target.any(w, new ElementTest.Match(match.op(), match.literal(), match.ignoreCase()));
        return null;
    }

    @Override
    public Void all(Predicate.All all) {
        target.all(w, all.values().stream().map(PredicateWriter::equalityTest).toList());
        return null;
    }

    @Override
    public Void size(Predicate.Size size) {
        target.arraySize(w, size.size());
        return null;
    }

    @Override
    public Void not(Predicate.Not not) {
        dialect.not(w, x -> not.predicate().accept(this));
        return null;
    }

    @Override
    public Void every(Predicate.Every every) {
        if (between(every.predicates())) {
            return null;
        }
        w.append("(");
        for (int i = 0; i < every.predicates().size(); i++) {
            if (i > 0) {
                w.append(" AND ");
            }
            every.predicates().get(i).accept(this);
        }
        w.append(")");
        return null;
    }

    /**
     * A lower and an upper bound on one field ({@code {"$gte": a, "$lt": b}}) as one range test, when
     * the dialect has one: its database then estimates the pair as the narrow range it is.
     */
    private boolean between(List<Predicate> predicates) {
        if (predicates.size() != 2
                || !(predicates.get(0) instanceof Predicate.Compare a)
                || !(predicates.get(1) instanceof Predicate.Compare b)
                || a.op() == CompareOp.EQ
                || b.op() == CompareOp.EQ) {
            return false;
        }
        boolean aLower = a.op() == CompareOp.GT || a.op() == CompareOp.GTE;
        boolean bLower = b.op() == CompareOp.GT || b.op() == CompareOp.GTE;
        if (aLower == bLower) {
            return false;
        }
        ElementTest lower = comparisonTest(aLower ? a : b);
        ElementTest upper = comparisonTest(aLower ? b : a);
        if (lower.getClass() != upper.getClass() || !ReadAs.of(lower).ranged()) {
            return false;
        }
        SqlWriter range = new SqlWriter();
        if (!target.between(range, lower, upper)) {
            return false;
        }
        w.append(range.toSql());
        return true;
    }

    /** The element test of {@code $eq} (and of each {@code $in} and {@code $all} value). */
    static ElementTest equalityTest(Value operand) {
        return operand.accept(new Value.Visitor<ElementTest>() {
            @Override
            public ElementTest string(Value.Str v) {
                return new ElementTest.StringEquals(v.value());
            }

            @Override
            public ElementTest number(Value.Num v) {
                return new ElementTest.NumberCompare(CompareOp.EQ, v.value());
            }

            @Override
            public ElementTest bool(Value.Bool v) {
                return new ElementTest.BooleanEquals(v.value());
            }

            @Override
            public ElementTest nul(Value.Null v) {
                return new ElementTest.IsNull();
            }
        });
    }
}
