package io.quarry.sql;

import io.quarry.filter.CompareOp;
import io.quarry.filter.FieldPath;
import io.quarry.filter.Filter;
import io.quarry.filter.FilterEvaluator;
import io.quarry.filter.Predicate;
import io.quarry.filter.Value;
import io.quarry.internal.Json;
import io.quarry.sql.SqlCompiler.Columns;
import io.quarry.sql.dialect.Dialect;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes a filter as a WHERE condition: the logical operators here, each condition's predicate by a
 * {@link PredicateWriter} on the {@link Target} its field resolves to, in the graph layout's document
 * and system columns or in a type table of the table layout.
 */
final class FilterWriter implements Filter.Visitor<Void> {
    private final Dialect dialect;
    private final SqlWriter w;
    private final Columns columns;
    private final TableLayout.TypeTable table;
    private final io.quarry.schema.EntityType type;

    /** A writer over {@code columns}, or over the type table {@code table} when it is not {@code null}. */
    FilterWriter(Dialect dialect, SqlWriter w, Columns columns, TableLayout.TypeTable table) {
        this(dialect, w, columns, table, null);
    }

    /**
     * A writer over the graph layout's {@code columns} for a filter validated for {@code type} (or
     * {@code null}): a top-level field the type declares as a scalar is read as one.
     */
    FilterWriter(
            Dialect dialect,
            SqlWriter w,
            Columns columns,
            TableLayout.TypeTable table,
            io.quarry.schema.EntityType type) {
        this.dialect = dialect;
        this.w = w;
        this.columns = columns;
        this.table = table;
        this.type = type;
    }

    /** Whether the type declares every property of these equality groups a scalar. */
    private boolean scalars(List<List<Map.Entry<String, ElementTest>>> groups) {
        for (List<Map.Entry<String, ElementTest>> group : groups) {
            for (Map.Entry<String, ElementTest> e : group) {
                if (!declaredScalar(FieldPath.property(e.getKey()))) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether the type declares this property path a scalar: a top-level field of a type with fields, not an array or object. */
    private boolean declaredScalar(FieldPath path) {
        if (type == null || type.schemaless() || path.segments().size() != 1) {
            return false;
        }
        return type.field(path.head())
                .map(f -> f.type() != io.quarry.schema.FieldType.ARRAY && f.type() != io.quarry.schema.FieldType.OBJECT)
                .orElse(false);
    }

    @Override
    public Void and(Filter.And and) {
        if (table == null) {
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
            if (!groups.isEmpty()
                    && dialect.propertyEqualities(merged, column(columns.document()), groups, scalars(groups))) {
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
        if (!(f instanceof Filter.Condition c)
                || c.path().system()
                || c.path().segments().size() != 1) {
            return null;
        }
        List<Value> values;
        if (c.predicate() instanceof Predicate.Compare compare && compare.op() == CompareOp.EQ) {
            values = List.of(compare.operand());
        } else if (c.predicate() instanceof Predicate.In in && !in.values().isEmpty()) {
            values = in.values();
        } else {
            return null;
        }
        String key = c.path().head();
        List<Map.Entry<String, ElementTest>> out = new ArrayList<>();
        for (Value v : values) {
            if (v instanceof Value.Str s && !NulText.unstorable(dialect, s.value())) {
                out.add(Map.entry(key, new ElementTest.StringEquals(s.value())));
            } else if (v instanceof Value.Bool b) {
                out.add(Map.entry(key, new ElementTest.BooleanEquals(b.value())));
            } else {
                return null;
            }
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
        if (table == null) {
            List<Map.Entry<String, ElementTest>> group = equalities(condition);
            if (group != null
                    && dialect.propertyEqualities(
                            w, column(columns.document()), List.of(group), scalars(List.of(group)))) {
                return null;
            }
        }
        Reading reading = table == null ? graphTarget(condition.path()) : tableTarget(condition.path());
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

    /**
     * The target of a field and, when it reads a nullable column, that column: SQL {@code NULL} there
     * is a missing field, so the condition is decided for {@code NULL} with the evaluator and the
     * target (two-valued on a present value) runs only on the other rows.
     */
    private record Reading(Target target, String nullable) {
        static Reading of(Target target) {
            return new Reading(target, null);
        }
    }

    /** What a field of the graph layout reads: a path in the document, or a system column. */
    private Reading graphTarget(FieldPath path) {
        if (!path.system()) {
            return Reading.of(
                    new PropertyTarget(dialect, column(columns.document()), path.segments(), declaredScalar(path)));
        }
        String name = path.head();
        String col =
                switch (name) {
                    case "id" -> columns.id();
                    case "type" -> columns.type();
                    case "created_at" -> columns.createdAt();
                    default -> columns.updatedAt();
                };
        if (col == null) {
            throw new IllegalArgumentException(
                    "the filter names the system field '" + name + "' but no column is mapped to it");
        }
        return Reading.of(
                name.endsWith("_at")
                        ? new ColumnTargets.Timestamp(dialect, column(col), null)
                        : new ColumnTargets.Text(dialect, column(col)));
    }

    /** What a field of a type table reads: a column of its own, a path in a JSON column, or nothing. */
    private Reading tableTarget(FieldPath path) {
        String name = path.head();
        if (path.system()) {
            return switch (name) {
                case "id" ->
                    Reading.of(
                            !table.key().qualified() && table.key().types().equals(List.of(TableLayout.KeyType.TEXT))
                                    ? new ColumnTargets.Text(
                                            dialect,
                                            column(table.key().columns().get(0)))
                                    : new ColumnTargets.Key(dialect, table, columns.alias()));
                case "type" -> Reading.of(new ColumnTargets.Constant(table.type()));
                default -> {
                    // no column: the type keeps no such timestamp, a missing field; NULL in it is missing too
                    String col = table.timestampColumn(name);
                    if (col == null) {
                        yield Reading.of(new ColumnTargets.Missing());
                    }
                    String instant = SqlCompiler.instantColumn(dialect, column(col), table.timestampType(name));
                    yield new Reading(new ColumnTargets.Timestamp(dialect, instant, null), instant);
                }
            };
        }
        List<String> segments = path.segments();
        TableLayout.FieldColumn field = table.fields().get(name);
        if (field == null) {
            if (table.rest() == null) {
                return Reading.of(new ColumnTargets.Missing());
            }
            String rest = column(table.rest());
            return new Reading(new PropertyTarget(dialect, rest, segments), rest);
        }
        String col = column(field.column());
        if (field.type() != TableLayout.ColumnType.JSON && segments.size() > 1) {
            return Reading.of(new ColumnTargets.Missing()); // a scalar has no members
        }
        if (field.type().instant()) {
            String instant = SqlCompiler.instantColumn(dialect, col, field.type());
            return new Reading(new ColumnTargets.Timestamp(dialect, instant, name), instant);
        }
        return new Reading(
                switch (field.type()) {
                    case JSON -> new PropertyTarget(dialect, col, SqlCompiler.jsonPath(field, segments));
                    case TIMESTAMP, TIMESTAMP_TEXT, EPOCH_SECONDS, EPOCH_MILLIS -> throw new AssertionError(name);
                    case DATE -> new ColumnTargets.Date(dialect, col, name);
                    case TEXT, NUMBER, BOOLEAN -> new ColumnTargets.Scalar(dialect, col, field.type());
                },
                col);
    }

    private String column(String name) {
        return SqlCompiler.column(dialect, columns, name);
    }
}
