package io.quarry.sql;

import static io.quarry.sql.Rows.O;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.quarry.filter.FieldPath;
import io.quarry.filter.FilterEvaluator;
import io.quarry.internal.IsoDateTime;
import io.quarry.store.AggregateQuery;
import io.quarry.store.Aggregation;
import io.quarry.store.Aggregator;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * An aggregation the database computes on the table layout: one {@code GROUP BY} statement per type
 * table over the fields' own columns, the partial groups merged here exactly (counts and sums add,
 * minimums and maximums compare, an average is the merged sum over the merged count), with the
 * {@link Aggregator}'s semantics:
 *
 * <ul>
 *   <li>group by nothing, by {@code type}, or by a field in a text, number, boolean or timestamp
 *       column (text groups by code point, then numeric strings merge with their number, as
 *       {@link Aggregator#groupKey}); with a date bucket, the column's groups are merged into their
 *       periods as they are read ({@link Aggregator#groupKey(JsonNode, AggregateQuery.Bucket)}), one row
 *       per distinct value;
 *   <li>{@code count} of anything, and of a field in such a column; {@code sum}, {@code avg},
 *       {@code min} and {@code max} of a number column; {@code min} and {@code max} of a timestamp
 *       column; a field a table lacks (no column, no rest column) is missing in all its rows.
 * </ul>
 *
 * <p>Everything else reads the rows ({@link #of} is empty): a field in a JSON column or in the rest
 * column (arrays, JSON null, mixed kinds), {@code sum}, {@code avg}, {@code min} and {@code max} of
 * a text column (numeric strings, ISO date-times in any offset, code-point order), {@code percentile}
 * (no dialect interpolates in exact decimals: PostgreSQL's {@code percentile_cont} works in double
 * precision), and system fields other than {@code type}. A sum the database returns in floating point
 * (a {@code DOUBLE} or {@code REAL} column, SQLite's real values) is not the exact sum of the values,
 * so {@link #add} refuses it and the aggregation reads the rows.
 */
final class SqlAggregation {
    /** Reads a typed column's value as the layout reads a row's, so keys and extremes are the objects' values. */
    interface ColumnReader {
        /** The value at {@code column}, or {@code null} for SQL {@code NULL}. */
        JsonNode read(ResultSet rs, int column, TableLayout.FieldColumn field) throws SQLException;
    }

    /** What one metric reads from one table. */
    private enum Kind {
        /** Every row: the statement's {@code COUNT(*)}. */
        ROWS,
        /** {@code COUNT(column)}. */
        COUNT,
        /** {@code SUM(column), COUNT(column)}. */
        SUM,
        /** {@code MIN(column)}. */
        MIN,
        /** {@code MAX(column)}. */
        MAX,
        /** Nothing: the field is missing, or holds no value the metric reads (count 0, no value). */
        NONE
    }

    /**
     * What one metric reads from one table: a column, or (with {@code expr}) arithmetic over number
     * columns, whose fields {@code columns} maps to this table's columns.
     */
    private record Part(
            Kind kind,
            TableLayout.FieldColumn column,
            AggregateQuery.Expr expr,
            Map<FieldPath, TableLayout.FieldColumn> columns) {
        Part(Kind kind, TableLayout.FieldColumn column) {
            this(kind, column, null, Map.of());
        }
    }

    /**
     * One type table's statement.
     *
     * @param table the table
     * @param group the column grouped by, or {@code null} for one group keyed {@code key}
     * @param key the one group's key when {@code group} is {@code null}
     * @param parts one per metric
     */
    private record Plan(TableLayout.TypeTable table, TableLayout.FieldColumn group, JsonNode key, List<Part> parts) {}

    private final Dialect dialect;
    private final AggregateQuery query;
    private final List<Plan> plans;
    private final Map<String, Acc> groups = new LinkedHashMap<>();
    private long objects;

    private SqlAggregation(Dialect dialect, AggregateQuery query, List<Plan> plans) {
        this.dialect = dialect;
        this.query = query;
        this.plans = plans;
    }

    /** The aggregation in SQL over these tables, or empty when some metric or the grouping needs the rows. */
    static Optional<SqlAggregation> of(Dialect dialect, AggregateQuery query, List<TableLayout.TypeTable> tables) {
        List<Plan> plans = new ArrayList<>();
        for (TableLayout.TypeTable table : tables) {
            Optional<Plan> plan = plan(table, query);
            if (plan.isEmpty()) {
                return Optional.empty();
            }
            plans.add(plan.get());
        }
        return Optional.of(new SqlAggregation(dialect, query, plans));
    }

    private static Optional<Plan> plan(TableLayout.TypeTable table, AggregateQuery query) {
        TableLayout.FieldColumn group = null;
        JsonNode key = null;
        FieldPath by = query.groupBy();
        if (by != null && by.equals(FieldPath.systemField("type"))) {
            key = Aggregator.groupKey(JsonNodeFactory.instance.textNode(table.type()), query.bucket());
        } else if (by != null) {
            Optional<Optional<TableLayout.FieldColumn>> column = column(table, by);
            if (column.isEmpty()) {
                return Optional.empty();
            }
            group = column.get().orElse(null);
        }
        List<Part> parts = new ArrayList<>();
        for (AggregateQuery.Metric m : query.metrics()) {
            if (m.field() == null && m.expr() == null) {
                parts.add(new Part(Kind.ROWS, null));
                continue;
            }
            if (m.op() == AggregateQuery.Op.PERCENTILE) {
                return Optional.empty();
            }
            if (m.expr() != null) {
                Optional<Part> part = expression(table, m);
                if (part.isEmpty()) {
                    return Optional.empty();
                }
                parts.add(part.get());
                continue;
            }
            Optional<Optional<TableLayout.FieldColumn>> column = column(table, m.field());
            if (column.isEmpty()) {
                return Optional.empty();
            }
            Optional<Kind> kind = column.get().isEmpty()
                    ? Optional.of(Kind.NONE)
                    : kind(m.op(), column.get().get());
            if (kind.isEmpty()) {
                return Optional.empty();
            }
            parts.add(new Part(kind.get(), column.get().orElse(null)));
        }
        return Optional.of(new Plan(table, group, key, parts));
    }

    /**
     * The scalar column of a field: empty when the rows must be read (a system field, a nested path,
     * a JSON column, a field that may be in the rest column), an empty column when the table lacks the field.
     */
    private static Optional<Optional<TableLayout.FieldColumn>> column(TableLayout.TypeTable table, FieldPath path) {
        if (path.system() || path.nested()) {
            return Optional.empty();
        }
        TableLayout.FieldColumn column = table.fields().get(path.head());
        if (column == null) {
            return table.rest() == null ? Optional.of(Optional.empty()) : Optional.empty();
        }
        return switch (column.type()) {
            case TEXT, NUMBER, BOOLEAN, TIMESTAMP -> Optional.of(Optional.of(column));
            default -> Optional.empty();
        };
    }

    /**
     * An expression over this table's exact number columns, added, subtracted and multiplied in the
     * database: empty (read the rows) for a division (no two dialects round a quotient alike), a text,
     * JSON or rest field, a field read as text or in single precision; no value in any row when a field
     * is missing from the table or holds no numbers (a boolean or timestamp column).
     */
    private static Optional<Part> expression(TableLayout.TypeTable table, AggregateQuery.Metric m) {
        Map<FieldPath, TableLayout.FieldColumn> columns = new LinkedHashMap<>();
        boolean[] none = {false};
        boolean exact = m.expr().accept(new AggregateQuery.Expr.Visitor<Boolean>() {
            @Override
            public Boolean field(AggregateQuery.Expr.Field field) {
                Optional<Optional<TableLayout.FieldColumn>> column = column(table, field.path());
                if (column.isEmpty()) {
                    return false;
                }
                TableLayout.FieldColumn c = column.get().orElse(null);
                if (c == null
                        || c.type() == TableLayout.ColumnType.BOOLEAN
                        || c.type() == TableLayout.ColumnType.TIMESTAMP) {
                    none[0] = true;
                    return true;
                }
                if (c.type() != TableLayout.ColumnType.NUMBER || c.asText() || c.singlePrecision()) {
                    return false;
                }
                columns.put(field.path(), c);
                return true;
            }

            @Override
            public Boolean constant(AggregateQuery.Expr.Constant constant) {
                return true;
            }

            @Override
            public Boolean negate(AggregateQuery.Expr.Negate negate) {
                return negate.operand().accept(this);
            }

            @Override
            public Boolean binary(AggregateQuery.Expr.Binary binary) {
                boolean left = binary.left().accept(this);
                boolean right = binary.right().accept(this);
                return left && right && binary.operator() != AggregateQuery.Expr.Operator.DIVIDE;
            }
        });
        if (!exact) {
            return Optional.empty();
        }
        if (none[0]) {
            return Optional.of(new Part(Kind.NONE, null));
        }
        Kind kind =
                switch (m.op()) {
                    case SUM, AVG -> Kind.SUM;
                    case MIN -> Kind.MIN;
                    case MAX -> Kind.MAX;
                    case COUNT, PERCENTILE ->
                        throw new IllegalStateException("an expression is read by sum, avg, min, max");
                };
        return Optional.of(new Part(kind, null, m.expr(), Map.copyOf(columns)));
    }

    /** Writes an expression over its columns, constants as binds. */
    private void expression(SqlWriter w, Part part) {
        part.expr().accept(new AggregateQuery.Expr.Visitor<Void>() {
            @Override
            public Void field(AggregateQuery.Expr.Field field) {
                w.append(col(part.columns().get(field.path())));
                return null;
            }

            @Override
            public Void constant(AggregateQuery.Expr.Constant constant) {
                w.bind(constant.value());
                return null;
            }

            @Override
            public Void negate(AggregateQuery.Expr.Negate negate) {
                w.append("(-");
                negate.operand().accept(this);
                w.append(")");
                return null;
            }

            @Override
            public Void binary(AggregateQuery.Expr.Binary binary) {
                w.append("(");
                binary.left().accept(this);
                w.append(" ").append(binary.operator().symbol()).append(" ");
                binary.right().accept(this);
                w.append(")");
                return null;
            }
        });
    }

    /** What a metric reads from a scalar column, or empty when it must read the rows. */
    private static Optional<Kind> kind(AggregateQuery.Op op, TableLayout.FieldColumn column) {
        TableLayout.ColumnType type = column.type();
        return switch (op) {
            case COUNT -> Optional.of(Kind.COUNT);
            case PERCENTILE -> Optional.empty(); // never asked: a percentile reads the rows
            case SUM, AVG ->
                type == TableLayout.ColumnType.TEXT
                        ? Optional.empty()
                        : Optional.of(type == TableLayout.ColumnType.NUMBER ? Kind.SUM : Kind.NONE);
            case MIN, MAX -> {
                if (type == TableLayout.ColumnType.TEXT) {
                    yield Optional.empty();
                }
                boolean reads = type == TableLayout.ColumnType.NUMBER || type == TableLayout.ColumnType.TIMESTAMP;
                yield Optional.of(reads ? (op == AggregateQuery.Op.MIN ? Kind.MIN : Kind.MAX) : Kind.NONE);
            }
        };
    }

    /** The type tables' statements, in table order; {@code fromWhere} writes each one's FROM and WHERE. */
    List<Sql> statements(BiConsumer<SqlWriter, TableLayout.TypeTable> fromWhere) {
        List<Sql> out = new ArrayList<>();
        for (Plan plan : plans) {
            SqlWriter w = new SqlWriter().append("SELECT COUNT(*)");
            if (plan.group() != null) {
                String c = col(plan.group());
                // a text group is its code points (MariaDB's collations fold case), read back as any of its equal
                // values
                w.append(", ").append(plan.group().type() == TableLayout.ColumnType.TEXT ? "MIN(" + c + ")" : c);
            }
            for (Part part : plan.parts()) {
                if (part.expr() != null) {
                    w.append(part.kind() == Kind.SUM ? ", SUM(" : part.kind() == Kind.MIN ? ", MIN(" : ", MAX(");
                    expression(w, part);
                    w.append(")");
                    if (part.kind() == Kind.SUM) {
                        w.append(", COUNT(");
                        expression(w, part);
                        w.append(")");
                    }
                    continue;
                }
                switch (part.kind()) {
                    case COUNT ->
                        w.append(", COUNT(").append(col(part.column())).append(")");
                    case SUM ->
                        w.append(", SUM(")
                                .append(col(part.column()))
                                .append("), COUNT(")
                                .append(col(part.column()))
                                .append(")");
                    case MIN -> w.append(", MIN(").append(col(part.column())).append(")");
                    case MAX -> w.append(", MAX(").append(col(part.column())).append(")");
                    case ROWS, NONE -> {}
                }
            }
            fromWhere.accept(w, plan.table());
            if (plan.group() != null) {
                w.append(" GROUP BY ");
                if (plan.group().type() == TableLayout.ColumnType.TEXT) {
                    dialect.textColumnSortKey(w, col(plan.group()));
                } else {
                    w.append(col(plan.group()));
                }
            }
            out.add(w.toSql());
        }
        return out;
    }

    /**
     * Adds the rows of the {@code table}-th statement; {@code false} when a sum came back in floating
     * point, which is not the exact sum of the values: then the aggregation must read the rows.
     */
    boolean add(int table, ResultSet rs, ColumnReader reader) throws SQLException {
        Plan plan = plans.get(table);
        while (rs.next()) {
            long rows = rs.getLong(1);
            if (rows == 0) {
                continue; // no GROUP BY over no rows: one row of zeros, no group
            }
            int i = 2;
            JsonNode key = plan.key();
            if (plan.group() != null) {
                JsonNode v = reader.read(rs, i++, plan.group());
                // a bucket merges the column's groups into periods here, so every dialect groups the same way
                key = v == null ? null : Aggregator.groupKey(v, query.bucket());
            }
            objects += rows;
            JsonNode k = key;
            Acc acc = groups.computeIfAbsent(
                    k == null ? "\u0000null" : k.toString(),
                    x -> new Acc(k, plan.parts().size()));
            for (int m = 0; m < plan.parts().size(); m++) {
                Part part = plan.parts().get(m);
                Value v = acc.values[m];
                switch (part.kind()) {
                    case ROWS -> v.count += rows;
                    case COUNT -> v.count += rs.getLong(i++);
                    case SUM -> {
                        Object sum = rs.getObject(i);
                        if (sum instanceof Double || sum instanceof Float) {
                            return false;
                        }
                        BigDecimal s = rs.getBigDecimal(i++);
                        v.sum = s == null ? v.sum : v.sum == null ? s : v.sum.add(s);
                        v.count += rs.getLong(i++);
                    }
                    case MIN, MAX -> {
                        if (part.expr() != null) {
                            Object n = rs.getObject(i);
                            if (n instanceof Double || n instanceof Float) {
                                return false;
                            }
                            BigDecimal b = rs.getBigDecimal(i++);
                            v.extreme(b == null ? null : Aggregator.number(b), part.kind() == Kind.MAX);
                        } else {
                            v.extreme(reader.read(rs, i++, part.column()), part.kind() == Kind.MAX);
                        }
                    }
                    case NONE -> {}
                }
            }
        }
        return true;
    }

    /** The merged groups in reference order, exact and complete. */
    Aggregation result() {
        List<Aggregation.Group> out = new ArrayList<>();
        for (Acc acc : groups.values()) {
            List<JsonNode> values = new ArrayList<>();
            for (int m = 0; m < query.metrics().size(); m++) {
                values.add(acc.values[m].value(query.metrics().get(m).op()));
            }
            out.add(new Aggregation.Group(acc.key, values));
        }
        return Aggregator.ordered(out, objects, true);
    }

    private String col(TableLayout.FieldColumn column) {
        String c = dialect.quoteIdentifier(O) + "." + dialect.quoteIdentifier(column.column());
        return column.asText() ? dialect.asText(c) : c;
    }

    /** One merged group. */
    private static final class Acc {
        final JsonNode key;
        final Value[] values;

        Acc(JsonNode key, int metrics) {
            this.key = key;
            this.values = new Value[metrics];
            for (int i = 0; i < metrics; i++) {
                values[i] = new Value();
            }
        }
    }

    /** One metric of one group, merged over statements and partial groups. */
    private static final class Value {
        long count;
        BigDecimal sum;
        BigDecimal number;
        Instant instant;

        /** Keeps the smaller (or larger) value: numbers apart from date-times, as the aggregator compares. */
        void extreme(JsonNode v, boolean max) {
            if (v == null) {
                return;
            }
            Optional<BigDecimal> n = FilterEvaluator.numberOf(v);
            if (n.isPresent()) {
                if (number == null || (number.compareTo(n.get()) < 0) == max) {
                    number = n.get();
                }
                return;
            }
            Optional<Instant> t = v.isTextual() ? IsoDateTime.parse(v.textValue()) : Optional.empty();
            if (t.isPresent() && (instant == null || (instant.compareTo(t.get()) < 0) == max)) {
                instant = t.get();
            }
        }

        JsonNode value(AggregateQuery.Op op) {
            return switch (op) {
                case COUNT -> JsonNodeFactory.instance.numberNode(count);
                case SUM -> sum == null ? null : Aggregator.number(sum);
                case AVG -> count == 0 ? null : Aggregator.mean(sum, count);
                case MIN, MAX ->
                    number != null
                            ? Aggregator.number(number)
                            : instant != null ? JsonNodeFactory.instance.textNode(IsoDateTime.format(instant)) : null;
                case PERCENTILE -> throw new IllegalStateException("a percentile reads the rows");
            };
        }
    }
}
