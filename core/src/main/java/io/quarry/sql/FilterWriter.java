package io.quarry.sql;

import io.quarry.filter.FieldPath;
import io.quarry.filter.Filter;
import io.quarry.filter.FilterEvaluator;
import io.quarry.filter.Value;
import io.quarry.internal.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes a filter as a WHERE condition: the logical operators here, each condition's predicate by a
 * {@link PredicateWriter} on the {@link Target} its field resolves to in the relation's {@link
 * FieldReads}.
 */
final class FilterWriter implements Filter.Visitor<Void> {
    private final Dialect dialect;
    private final SqlWriter w;
    private final FieldReads reads;

    FilterWriter(Dialect dialect, SqlWriter w, FieldReads reads) {
        this.dialect = dialect;
        this.w = w;
        this.reads = reads;
    }

    /** Whether the relation declares every property of these equality groups a scalar. */
    private boolean scalars(List<List<Map.Entry<String, ElementTest>>> groups) {
        for (List<Map.Entry<String, ElementTest>> group : groups) {
            for (Map.Entry<String, ElementTest> e : group) {
                if (!reads.declaredScalar(FieldPath.property(e.getKey()))) {
                    return false;
                }
            }
        }
        return true;
    }

    @Override
    public Void and(Filter.And and) {
        String document = reads.equalitiesDocument();
        if (document != null) {
            // equalities on top-level properties as one test, when the dialect has one
            List<Filter> rest = new ArrayList<>();
            List<List<Map.Entry<String, ElementTest>>> groups = new ArrayList<>();
            for (Filter f : and.filters()) {
                List<Map.Entry<String, ElementTest>> group = equalities(f);
                if (group == null) {
                    rest.add(f);
                } else {
                    groups.add(group);
                }
            }
            SqlWriter merged = new SqlWriter();
            if (!groups.isEmpty() && dialect.propertyEqualities(merged, document, groups, scalars(groups))) {
                if (rest.isEmpty()) {
                    w.append(merged.toSql());
                    return null;
                }
                w.append("(").append(merged.toSql()).append(" AND ");
                join(rest, " AND ", SqlWriter.ALWAYS);
                w.append(")");
                return null;
            }
        }
        return join(and.filters(), " AND ", SqlWriter.ALWAYS);
    }

    /**
     * A condition "the top-level property equals a string or boolean" ({@code $eq}) or "equals one of
     * these" ({@code $in}) as the property's equality tests; {@code null} for anything else (numbers
     * also match numeric strings, null also matches a missing field, a string with NUL matches
     * nothing where text cannot hold it).
     */
    private List<Map.Entry<String, ElementTest>> equalities(Filter f) {
        Filter.Condition c = TopLevel.onProperty(f);
        List<Value> values = c == null ? null : TopLevel.Ask.of(c.predicate()).equalsOneOf();
        if (values == null) {
            return null;
        }
        String key = c.path().head();
        List<Map.Entry<String, ElementTest>> out = new ArrayList<>();
        for (Value v : values) {
            ElementTest test = NulText.storable(dialect, PredicateWriter.equalityTest(v));
            ReadAs kind = test == null ? null : ReadAs.of(test);
            if (kind != ReadAs.TEXT && kind != ReadAs.BOOLEAN) {
                return null;
            }
            out.add(Map.entry(key, test));
        }
        return out;
    }

    @Override
    public Void or(Filter.Or or) {
        return join(or.filters(), " OR ", SqlWriter.NEVER);
    }

    @Override
    public Void nor(Filter.Nor nor) {
        dialect.not(w, x -> join(nor.filters(), " OR ", SqlWriter.NEVER));
        return null;
    }

    private Void join(List<Filter> filters, String separator, String empty) {
        if (filters.isEmpty()) {
            w.append(empty);
            return null;
        }
        SqlCompiler.balanced(w, filters, separator, f -> f.accept(this));
        return null;
    }

    @Override
    public Void condition(Filter.Condition condition) {
        String document = reads.equalitiesDocument();
        if (document != null) {
            List<Map.Entry<String, ElementTest>> group = equalities(condition);
            if (group != null && dialect.propertyEqualities(w, document, List.of(group), scalars(List.of(group)))) {
                return null;
            }
        }
        FieldReads.Reading reading = reads.reading(condition.path());
        if (reading.nullable() == null) {
            condition.predicate().accept(new PredicateWriter(dialect, w, reading.target()));
            return null;
        }
        // a NULL column is a missing field: the evaluator decides the predicate on it once
        boolean onMissing = FilterEvaluator.matches(condition, Json.object());
        w.append("(").append(reading.nullable()).append(onMissing ? " IS NULL OR " : " IS NOT NULL AND ");
        condition.predicate().accept(new PredicateWriter(dialect, w, reading.target()));
        w.append(")");
        return null;
    }
}
