package io.quarry.sql;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.filter.CompareOp;
import io.quarry.filter.FieldPath;
import io.quarry.filter.Filter;
import io.quarry.filter.FilterEvaluator;
import io.quarry.filter.FilterParser;
import io.quarry.filter.FilterValidator;
import io.quarry.filter.Predicate;
import io.quarry.filter.ValidatedFilter;
import io.quarry.filter.Value;
import io.quarry.internal.IsoDateTime;
import io.quarry.schema.Schema;
import io.quarry.sql.dialect.Dialect;
import io.quarry.sql.dialect.EmbeddedTest;
import io.quarry.store.ObjectOrder;
import io.quarry.store.SortKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Compiles validated filters to parameterized SQL for any {@link Dialect}, without ever asking which
 * database it talks to: the compiler decides what each operator means (which {@link ElementTest},
 * which negation, which bracket), the dialect how its database writes it.
 *
 * <p>A host that wants only a WHERE fragment for its own statement:
 *
 * <pre>{@code
 * SqlCompiler compiler = new SqlCompiler(new H2Dialect());
 * Sql where = compiler.where(
 *         compiler.validate("{\"status\": \"Done\", \"priority\": {\"$gt\": 5}}", schema, "Task"),
 *         SqlCompiler.Columns.document("t", "props"));
 * // where.text(): the condition with ? placeholders; where.binds(): the values, in order
 * }</pre>
 */
public final class SqlCompiler {
    private final Dialect dialect;

    /** A compiler for this dialect. */
    public SqlCompiler(Dialect dialect) {
        this.dialect = requireNonNull(dialect, "dialect");
    }

    /**
     * The columns a filter reads: a JSON document column and, optionally, the system-field columns.
     *
     * @param alias the table alias qualifying every column, or {@code null}
     * @param document the JSON properties column
     * @param id the id column, or {@code null} when the table has none
     * @param type the type column, or {@code null}
     * @param createdAt the creation timestamp column, or {@code null}
     * @param updatedAt the update timestamp column, or {@code null}
     */
    public record Columns(String alias, String document, String id, String type, String createdAt, String updatedAt) {
        /** Checks the document column is given. */
        public Columns {
            requireNonNull(document, "document");
        }

        /** Only a JSON document column: filters may name properties, not system fields. */
        public static Columns document(String alias, String document) {
            return new Columns(alias, document, null, null, null, null);
        }

        /** The columns of a mapping's objects table under an alias. */
        public static Columns of(String alias, StoreMapping mapping) {
            return new Columns(
                    alias,
                    mapping.properties(),
                    mapping.id(),
                    mapping.type(),
                    mapping.createdAt(),
                    mapping.updatedAt());
        }
    }

    /**
     * Parses and validates filter JSON for a type of a schema (or every type, when {@code type} is
     * {@code null}).
     *
     * @throws io.quarry.error.QueryException with the filter language's errors
     */
    public ValidatedFilter validate(String filterJson, Schema schema, String type) {
        Filter filter = FilterParser.withDefaults().parse(filterJson);
        return new FilterValidator(schema)
                .validate(
                        filter,
                        type == null
                                ? null
                                : schema.type(type)
                                        .orElseThrow(() ->
                                                new IllegalArgumentException("no type '" + type + "' in the schema")));
    }

    /** The WHERE condition (without the keyword) of a validated filter. */
    public Sql where(ValidatedFilter filter, Columns columns) {
        SqlWriter w = new SqlWriter();
        writeFilter(w, filter.filter(), columns);
        return w.toSql();
    }

    /**
     * The WHERE condition (without the keyword) of a validated filter over a host's own table mapped
     * as a type table of the table layout, under {@code alias} (or unqualified when {@code null}).
     */
    public Sql where(ValidatedFilter filter, String alias, TableLayout.TypeTable table) {
        SqlWriter w = new SqlWriter();
        writeFilter(w, filter.filter(), columns(alias, table), table);
        return w.toSql();
    }

    void writeFilter(SqlWriter w, Filter filter, Columns columns) {
        filter.accept(new FilterWriter(w, columns));
    }

    /** Writes a filter over one type table of the table layout, whose columns are {@link #columns}. */
    void writeFilter(SqlWriter w, Filter filter, Columns columns, TableLayout.TypeTable table) {
        filter.accept(new FilterWriter(w, columns, table));
    }

    /** The system columns of a type table under an alias; its document is never read. */
    static Columns columns(String alias, TableLayout.TypeTable table) {
        return new Columns(alias, table.id(), table.id(), null, table.createdColumn(), table.updatedColumn());
    }

    String column(Columns columns, String name) {
        String quoted = dialect.quoteIdentifier(name);
        return columns.alias() == null ? quoted : dialect.quoteIdentifier(columns.alias()) + "." + quoted;
    }

    private final class FilterWriter implements Filter.Visitor<Void> {
        private final SqlWriter w;
        private final Columns columns;
        private final TableLayout.TypeTable table;

        FilterWriter(SqlWriter w, Columns columns) {
            this(w, columns, null);
        }

        FilterWriter(SqlWriter w, Columns columns, TableLayout.TypeTable table) {
            this.w = w;
            this.columns = columns;
            this.table = table;
        }

        @Override
        public Void and(Filter.And and) {
            return join(and.filters(), " AND ", "(1 = 1)");
        }

        @Override
        public Void or(Filter.Or or) {
            return join(or.filters(), " OR ", "(1 = 0)");
        }

        @Override
        public Void nor(Filter.Nor nor) {
            w.append("NOT ");
            return join(nor.filters(), " OR ", "(1 = 0)");
        }

        private Void join(List<Filter> filters, String separator, String empty) {
            if (filters.isEmpty()) {
                w.append(empty);
                return null;
            }
            balanced(w, filters, separator, f -> f.accept(this));
            return null;
        }

        @Override
        public Void condition(Filter.Condition condition) {
            Target target = target(condition.path());
            if (target instanceof NullGuard guard) {
                // a NULL column is a missing field: the evaluator decides the predicate on it once
                boolean onMissing = FilterEvaluator.matches(condition, io.quarry.internal.Json.object());
                w.append("(").append(guard.column()).append(onMissing ? " IS NULL OR " : " IS NOT NULL AND ");
                condition.predicate().accept(new PredicateWriter(w, guard.inner()));
                w.append(")");
                return null;
            }
            condition.predicate().accept(new PredicateWriter(w, target));
            return null;
        }

        private Target target(FieldPath path) {
            if (table != null) {
                return tableTarget(columns, table, path);
            }
            if (!path.system()) {
                return new PropertyTarget(column(columns, columns.document()), path.segments());
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
            return name.endsWith("_at")
                    ? new TimestampTarget(column(columns, col))
                    : new TextTarget(column(columns, col));
        }
    }

    /** Where a predicate's values come from: a JSON path, a text column or a timestamp column. */
    private interface Target {
        void any(SqlWriter w, ElementTest test);

        void exists(SqlWriter w, boolean exists);

        void arraySize(SqlWriter w, int size);

        void all(SqlWriter w, List<ElementTest> tests);

        /** Writes a lower and an upper comparison as one range test, or returns false to have them written apart. */
        default boolean between(SqlWriter w, ElementTest lower, ElementTest upper) {
            return false;
        }
    }

    /** A target holding one scalar, never an array: {@code $size} and {@code $all} never match. */
    private interface OneValue extends Target {
        @Override
        default void arraySize(SqlWriter w, int size) {
            w.append("(1 = 0)");
        }

        @Override
        default void all(SqlWriter w, List<ElementTest> tests) {
            w.append("(1 = 0)");
        }
    }

    /** One scalar that every row has: {@code $exists} is decided without reading it. */
    private interface PresentValue extends OneValue {
        @Override
        default void exists(SqlWriter w, boolean exists) {
            w.append(exists ? "(1 = 1)" : "(1 = 0)");
        }
    }

    private final class PropertyTarget implements Target {
        private final String document;
        private final List<String> path;

        PropertyTarget(String document, List<String> path) {
            this.document = document;
            this.path = path;
        }

        @Override
        public void any(SqlWriter w, ElementTest test) {
            ElementTest t = storable(test);
            if (t == null) {
                w.append("(1 = 0)");
                return;
            }
            dialect.anyElement(w, document, path, t);
        }

        @Override
        public void exists(SqlWriter w, boolean exists) {
            if (!exists) {
                w.append("NOT ");
            }
            dialect.exists(w, document, path);
        }

        @Override
        public void arraySize(SqlWriter w, int size) {
            dialect.arraySize(w, document, path, size);
        }

        @Override
        public void all(SqlWriter w, List<ElementTest> tests) {
            List<ElementTest> storable = new ArrayList<>();
            for (ElementTest test : tests) {
                ElementTest t = storable(test);
                if (t == null) {
                    w.append("(1 = 0)");
                    return;
                }
                storable.add(t);
            }
            dialect.allElements(w, document, path, storable);
        }

        @Override
        public boolean between(SqlWriter w, ElementTest lower, ElementTest upper) {
            return dialect.anyElementBetween(w, document, path, lower, upper);
        }
    }

    /** A text column that is never null: {@code id} and {@code type}. */
    private final class TextTarget implements PresentValue {
        private final String column;

        TextTarget(String column) {
            this.column = column;
        }

        @Override
        public void any(SqlWriter w, ElementTest test) {
            test.accept(new ElementTestFilter<Void>() {
                @Override
                Void text() {
                    ElementTest t = storable(test);
                    if (t == null) {
                        w.append("(1 = 0)");
                    } else {
                        dialect.textColumn(w, column, t);
                    }
                    return null;
                }

                @Override
                Void never() {
                    w.append("(1 = 0)");
                    return null;
                }
            });
        }
    }

    /**
     * A timestamp column that is never null; the filter language sees it as the canonical UTC string
     * {@link IsoDateTime#format}, so equality holds only for that exact spelling.
     */
    private final class TimestampTarget implements PresentValue {
        private final String column;

        TimestampTarget(String column) {
            this.column = column;
        }

        @Override
        public void any(SqlWriter w, ElementTest test) {
            test.accept(new ElementTestFilter<Void>() {
                @Override
                public Void stringEquals(ElementTest.StringEquals t) {
                    Optional<Instant> instant = IsoDateTime.parse(t.value());
                    if (instant.isPresent() && IsoDateTime.format(instant.get()).equals(t.value())) {
                        w.append("(")
                                .append(column)
                                .append(" = ")
                                .bind(dialect.timestamp(instant.get()))
                                .append(")");
                    } else {
                        w.append("(1 = 0)");
                    }
                    return null;
                }

                @Override
                public Void instantCompare(ElementTest.InstantCompare t) {
                    Instant instant = Instant.ofEpochSecond(
                            Math.floorDiv(t.micros(), 1_000_000L), Math.floorMod(t.micros(), 1_000_000L) * 1_000L);
                    w.append("(")
                            .append(column)
                            .append(" ")
                            .operator(t.op())
                            .append(" ")
                            .bind(dialect.timestamp(instant))
                            .append(")");
                    return null;
                }

                @Override
                Void text() {
                    throw new IllegalStateException(
                            "validate the filter first: string operators do not apply to timestamps");
                }

                @Override
                Void never() {
                    w.append("(1 = 0)");
                    return null;
                }
            });
        }
    }

    /**
     * Sorts element tests for a scalar column: string tests go to the column ({@link #text()}); numbers,
     * booleans and null never match a string column ({@link #never()}).
     */
    private abstract static class ElementTestFilter<R> implements ElementTest.Visitor<R> {
        abstract R text();

        abstract R never();

        @Override
        public R stringEquals(ElementTest.StringEquals test) {
            return text();
        }

        @Override
        public R stringCompare(ElementTest.StringCompare test) {
            return text();
        }

        @Override
        public R numberCompare(ElementTest.NumberCompare test) {
            return never();
        }

        @Override
        public R instantCompare(ElementTest.InstantCompare test) {
            return text();
        }

        @Override
        public R booleanEquals(ElementTest.BooleanEquals test) {
            return never();
        }

        @Override
        public R isNull(ElementTest.IsNull test) {
            return never();
        }

        @Override
        public R regex(ElementTest.Regex test) {
            return text();
        }

        @Override
        public R match(ElementTest.Match test) {
            return text();
        }
    }

    /** What each operator means, as element tests on a target. */
    private static final class PredicateWriter implements Predicate.Visitor<Void> {
        private final SqlWriter w;
        private final Target target;

        PredicateWriter(SqlWriter w, Target target) {
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
                w.append("(1 = 0)");
                return null;
            }
            disjunction(w, in.values(), this::equal);
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
            target.all(
                    w, all.values().stream().map(PredicateWriter::equalityTest).toList());
            return null;
        }

        @Override
        public Void size(Predicate.Size size) {
            target.arraySize(w, size.size());
            return null;
        }

        @Override
        public Void not(Predicate.Not not) {
            w.append("NOT (");
            not.predicate().accept(this);
            w.append(")");
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
            if (lower.getClass() != upper.getClass() || lower instanceof ElementTest.StringCompare) {
                return false;
            }
            SqlWriter range = new SqlWriter();
            if (!target.between(range, lower, upper)) {
                return false;
            }
            w.append(range.toSql());
            return true;
        }

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

    /** Longer lists are nested in halves, so no database meets a left-deep chain of a thousand terms. */
    private static final int FLAT = 32;

    /** Writes {@code (a OR b OR …)}. */
    static <T> void disjunction(SqlWriter w, List<T> items, java.util.function.Consumer<T> write) {
        balanced(w, items, " OR ", write);
    }

    /**
     * Writes {@code (a SEP b SEP …)}; a list longer than {@value #FLAT} as two parenthesized halves, so
     * the expression depth grows with the logarithm of the length (SQLite stops at a depth of 1000).
     */
    static <T> void balanced(SqlWriter w, List<T> items, String separator, java.util.function.Consumer<T> write) {
        w.append("(");
        if (items.size() > FLAT) {
            int half = items.size() / 2;
            balanced(w, items.subList(0, half), separator, write);
            w.append(separator);
            balanced(w, items.subList(half, items.size()), separator, write);
        } else {
            for (int i = 0; i < items.size(); i++) {
                if (i > 0) {
                    w.append(separator);
                }
                write.accept(items.get(i));
            }
        }
        w.append(")");
    }

    /** Writes the ORDER BY list (without the keywords) of a sort, ending with the id. */
    void orderBy(SqlWriter w, List<SortKey> sort, Columns columns) {
        orderBy(w, sort, columns, null);
    }

    /** Writes the ORDER BY list over a type table of the table layout (or the graph layout's, when {@code null}). */
    void orderBy(SqlWriter w, List<SortKey> sort, Columns columns, TableLayout.TypeTable table) {
        for (SortKey key : sort) {
            for (OrderPart part : parts(key, columns, table)) {
                if (part.constant() != null) {
                    continue; // the same for every row of the table
                }
                part.expression().accept(w);
                w.append(part.reversible() && key.descending() ? " DESC, " : " ASC, ");
            }
        }
        w.append(column(columns, columns.id())).append(" ASC");
    }

    /**
     * Writes the keyset condition: rows strictly after the cursor row in the sort order. Each key
     * contributes (greater, equal) conditions; the id breaks the final tie.
     */
    void after(SqlWriter w, List<SortKey> sort, List<JsonNode> keyValues, String id, Columns columns) {
        after(w, sort, keyValues, id, columns, null);
    }

    /** Writes the keyset condition over a type table of the table layout (or the graph layout's, when {@code null}). */
    void after(
            SqlWriter w,
            List<SortKey> sort,
            List<JsonNode> keyValues,
            String id,
            Columns columns,
            TableLayout.TypeTable table) {
        List<OrderPart> parts = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        List<Boolean> descending = new ArrayList<>();
        for (int i = 0; i < sort.size(); i++) {
            SortKey key = sort.get(i);
            JsonNode value = keyValues.get(i);
            List<OrderPart> keyParts = parts(key, columns, table);
            for (OrderPart part : keyParts) {
                parts.add(part);
                values.add(part.cursorValue().apply(value));
                descending.add(part.reversible() && key.descending());
            }
        }
        w.append("(");
        int open = 0;
        for (int i = 0; i < parts.size(); i++) {
            OrderPart part = parts.get(i);
            Object value = values.get(i);
            if (part.constant() != null) {
                // decided here: the key's value is the same for every row of the table
                int c = (Integer) value;
                w.append(c > 0 ? "(1 = 1 OR (1 = 0 AND " : c < 0 ? "(1 = 0 OR (1 = 0 AND " : "(1 = 0 OR (1 = 1 AND ");
                open += 2;
                continue;
            }
            w.append("(");
            part.expression().accept(w);
            if (value == null) {
                // a part that does not apply to the cursor row is NULL for every row of its bracket
                w.append(" IS NULL AND ");
                open += 1;
            } else if (unstorable(value)) {
                // no row equals it; after "a\0b" is after "a", before it is before "a" + U+0001
                String before = beforeNul((String) value);
                w.append(descending.get(i) ? " < " : " > ")
                        .bind(descending.get(i) ? before + "\u0001" : before)
                        .append(" OR ((1 = 0) AND ");
                open += 2;
            } else {
                w.append(descending.get(i) ? " < " : " > ").bind(value).append(" OR (");
                part.expression().accept(w);
                w.append(" = ").bind(value).append(" AND ");
                open += 2;
            }
        }
        w.append(column(columns, columns.id())).append(" > ").bind(unstorable(id) ? beforeNul(id) : id);
        w.append(")".repeat(open)).append(")");
    }

    /**
     * The test as the dialect can run it. On a dialect whose text cannot hold NUL ({@link
     * Dialect#storesNul}), no stored string contains NUL, so a string operand with NUL equals and
     * contains none (null: the test is never true), and a comparison with it is a comparison with the
     * text before the first NUL: {@code s >= "a\0b"} is {@code s > "a"} and {@code s <= "a\0b"} is
     * {@code s <= "a"} for every NUL-free {@code s}. Elsewhere the test is returned unchanged.
     */
    ElementTest storable(ElementTest test) {
        if (dialect.storesNul()) {
            return test;
        }
        if (test instanceof ElementTest.StringEquals t && hasNul(t.value())) {
            return null;
        }
        if (test instanceof ElementTest.Match t && hasNul(t.literal())) {
            return null;
        }
        if (test instanceof ElementTest.StringCompare t && hasNul(t.value())) {
            String before = beforeNul(t.value());
            return switch (t.op()) {
                case EQ -> null;
                case GT, GTE -> new ElementTest.StringCompare(CompareOp.GT, before);
                case LT, LTE -> new ElementTest.StringCompare(CompareOp.LTE, before);
            };
        }
        return test;
    }

    /** Whether a value is a string with NUL that this dialect cannot store. */
    boolean unstorable(Object value) {
        return !dialect.storesNul() && value instanceof String s && hasNul(s);
    }

    static boolean hasNul(String s) {
        return s.indexOf('\0') >= 0;
    }

    private static String beforeNul(String s) {
        return s.substring(0, s.indexOf('\0'));
    }

    /** One ORDER BY expression of a sort key and how a cursor value maps to its bind. */
    private record OrderPart(
            java.util.function.Consumer<SqlWriter> expression,
            java.util.function.Function<JsonNode, Object> cursorValue,
            boolean reversible,
            JsonNode constant) {
        OrderPart(
                java.util.function.Consumer<SqlWriter> expression,
                java.util.function.Function<JsonNode, Object> cursorValue,
                boolean reversible) {
            this(expression, cursorValue, reversible, null);
        }
    }

    private List<OrderPart> parts(SortKey key, Columns columns, TableLayout.TypeTable table) {
        FieldPath path = key.field();
        if (table != null) {
            Optional<List<OrderPart>> tableParts = tableParts(key, columns, table);
            if (tableParts.isPresent()) {
                return tableParts.get();
            }
        }
        if (path.system()) {
            String name = path.head();
            if (name.endsWith("_at")) {
                String col = column(columns, name.equals("created_at") ? columns.createdAt() : columns.updatedAt());
                return List.of(new OrderPart(
                        w -> w.append(col),
                        v -> v == null
                                ? null
                                : dialect.timestamp(
                                        IsoDateTime.parse(v.textValue()).orElseThrow()),
                        true));
            }
            String col = column(columns, name.equals("id") ? columns.id() : columns.type());
            return List.of(new OrderPart(
                    w -> dialect.textColumnSortKey(w, col),
                    v -> v == null ? null : dialect.textColumnSortValue(v.textValue()),
                    true));
        }
        return jsonParts(column(columns, columns.document()), path.segments());
    }

    /** The five parts of a JSON sort key at {@code segments} of {@code document}. */
    private List<OrderPart> jsonParts(String document, List<String> segments) {
        List<OrderPart> parts = new ArrayList<>();
        parts.add(new OrderPart(
                w -> dialect.sortKey(w, document, segments, SortPart.BRACKET),
                v -> v == null ? 5 : ObjectOrder.bracket(v),
                false));
        for (SortPart part : List.of(SortPart.NUMBER, SortPart.INSTANT, SortPart.STRING, SortPart.BOOLEAN)) {
            parts.add(new OrderPart(
                    w -> dialect.sortKey(w, document, segments, part),
                    v -> v == null ? null : dialect.sortValue(part, v),
                    true));
        }
        return parts;
    }

    // ---- the table layout: fields in typed columns or at paths inside JSON columns ----

    /** What a field of a type table reads: a column of its own, a path in a JSON column, or nothing. */
    private Target tableTarget(Columns columns, TableLayout.TypeTable table, FieldPath path) {
        String name = path.head();
        if (path.system()) {
            return switch (name) {
                case "id" -> new TextTarget(column(columns, table.id()));
                case "type" -> new ConstantTarget(table.type());
                default -> {
                    String col = name.equals("created_at") ? table.createdColumn() : table.updatedColumn();
                    yield col == null
                            ? new ConstantTarget(IsoDateTime.format(Instant.EPOCH))
                            : new TimestampTarget(column(columns, col));
                }
            };
        }
        List<String> segments = path.segments();
        TableLayout.FieldColumn field = table.fields().get(name);
        if (field == null) {
            if (table.rest() == null) {
                return new MissingTarget();
            }
            String rest = column(columns, table.rest());
            return new NullGuard(rest, new PropertyTarget(rest, segments));
        }
        String col = column(columns, field.column());
        if (field.type() == TableLayout.ColumnType.JSON) {
            return new NullGuard(col, new PropertyTarget(col, jsonPath(field, segments)));
        }
        if (segments.size() > 1) {
            return new MissingTarget(); // a scalar has no members
        }
        return new NullGuard(
                col,
                field.type() == TableLayout.ColumnType.TIMESTAMP
                        ? new TimestampColumnTarget(col, name)
                        : new ScalarTarget(col, field.type()));
    }

    /** The path inside a field's JSON column of a filter or sort path that starts at the field. */
    private static List<String> jsonPath(TableLayout.FieldColumn field, List<String> segments) {
        List<String> out = new ArrayList<>(field.path());
        out.addAll(segments.subList(1, segments.size()));
        return out;
    }

    /** The sort parts of a key over a type table, or empty when the graph layout's parts apply (the id). */
    private Optional<List<OrderPart>> tableParts(SortKey key, Columns columns, TableLayout.TypeTable table) {
        FieldPath path = key.field();
        String name = path.head();
        if (path.system()) {
            if (name.equals("type")) {
                return Optional.of(List.of(constantPart(key, table.type())));
            }
            boolean timestamp = name.endsWith("_at");
            if (timestamp && table.createdColumn() == null) {
                return Optional.of(List.of(constantPart(key, IsoDateTime.format(Instant.EPOCH))));
            }
            return Optional.empty();
        }
        List<String> segments = path.segments();
        TableLayout.FieldColumn field = table.fields().get(name);
        if (field == null) {
            return Optional.of(
                    table.rest() == null
                            ? List.of(constantPart(key, null))
                            : jsonParts(column(columns, table.rest()), segments));
        }
        String col = column(columns, field.column());
        if (field.type() == TableLayout.ColumnType.JSON) {
            return Optional.of(jsonParts(col, jsonPath(field, segments)));
        }
        if (segments.size() > 1) {
            return Optional.of(List.of(constantPart(key, null)));
        }
        return Optional.of(
                switch (field.type()) {
                    case TEXT -> jsonParts(dialect.scalarDocument(col), List.of("v"));
                    case NUMBER ->
                        scalarParts(col, 0, v -> FilterEvaluator.numberOf(v).orElse(null));
                    case BOOLEAN -> scalarParts(col, 3, JsonNode::booleanValue);
                    default ->
                        scalarParts(
                                col,
                                1,
                                v -> dialect.timestamp(
                                        IsoDateTime.parse(v.textValue()).orElseThrow()));
                });
    }

    /**
     * A column of one bracket: the bracket ({@code NULL} is missing, bracket 5), then the column itself;
     * a cursor value of another bracket binds nothing to the column part.
     */
    private static List<OrderPart> scalarParts(
            String col, int bracket, java.util.function.Function<JsonNode, Object> cursorValue) {
        return List.of(
                new OrderPart(
                        w -> w.append("(CASE WHEN ").append(col).append(" IS NULL THEN 5 ELSE " + bracket + " END)"),
                        v -> v == null ? 5 : ObjectOrder.bracket(v),
                        false),
                new OrderPart(
                        w -> w.append(col),
                        v -> v == null || ObjectOrder.bracket(v) != bracket ? null : cursorValue.apply(v),
                        true));
    }

    /** A key whose value is the same for every row of a table: compared with the cursor here, not in SQL. */
    private static OrderPart constantPart(SortKey key, String value) {
        JsonNode constant = value == null
                ? com.fasterxml.jackson.databind.node.NullNode.getInstance()
                : com.fasterxml.jackson.databind.node.TextNode.valueOf(value);
        List<JsonNode> mine = java.util.Collections.singletonList(constant.isNull() ? null : constant);
        return new OrderPart(
                w -> {},
                v -> ObjectOrder.compare(List.of(key), mine, "", java.util.Collections.singletonList(v), ""),
                true,
                constant);
    }

    /** A value that is the same for every row (the type; a missing timestamp): decided by the evaluator here. */
    private static final class ConstantTarget implements PresentValue {
        private final String value;

        ConstantTarget(String value) {
            this.value = value;
        }

        @Override
        public void any(SqlWriter w, ElementTest test) {
            EmbeddedTest t = EmbeddedTest.of(test);
            boolean passes =
                    io.quarry.sql.functions.QuarryFunctions.text(value, t.kind(), t.op(), t.operand(), t.ignoreCase());
            w.append(passes ? "(1 = 1)" : "(1 = 0)");
        }
    }

    /**
     * A timestamp column of a field: equality with the canonical UTC spelling, comparison by instant.
     * The canonical string itself is not in the database, so a string-only test (a pattern, a
     * substring, a comparison with a string that is not a date) is refused with a message, never
     * answered differently from the evaluator.
     */
    private final class TimestampColumnTarget implements PresentValue {
        private final TimestampTarget timestamps;
        private final String field;

        TimestampColumnTarget(String column, String field) {
            this.timestamps = new TimestampTarget(column);
            this.field = field;
        }

        @Override
        public void any(SqlWriter w, ElementTest test) {
            if (test instanceof ElementTest.StringCompare
                    || test instanceof ElementTest.Regex
                    || test instanceof ElementTest.Match) {
                throw io.quarry.error.QueryException.of(
                        io.quarry.error.ErrorCode.TYPE_MISMATCH,
                        field,
                        "'" + field + "' is a timestamp column: it compares with dates, not as text.",
                        "Use $eq, $gt, $gte, $lt or $lte with an ISO-8601 date or date-time, such as \"2024-01-31\".");
            }
            timestamps.any(w, test);
        }
    }

    /** A field no column holds: always missing. */
    private static final class MissingTarget implements OneValue {
        @Override
        public void any(SqlWriter w, ElementTest test) {
            w.append("(1 = 0)");
        }

        @Override
        public void exists(SqlWriter w, boolean exists) {
            w.append(exists ? "(1 = 0)" : "(1 = 1)");
        }
    }

    /**
     * A nullable column around the target that reads it: SQL {@code NULL} is a missing field, so the
     * condition writer decides the whole predicate for {@code NULL} with the evaluator and runs the
     * inner target (two-valued on a present value) only on the other rows. Not a target by itself.
     */
    private record NullGuard(String column, Target inner) implements Target {
        @Override
        public void any(SqlWriter w, ElementTest test) {
            throw new IllegalStateException("a guarded target is written by its condition");
        }

        @Override
        public void exists(SqlWriter w, boolean exists) {
            throw new IllegalStateException("a guarded target is written by its condition");
        }

        @Override
        public void arraySize(SqlWriter w, int size) {
            throw new IllegalStateException("a guarded target is written by its condition");
        }

        @Override
        public void all(SqlWriter w, List<ElementTest> tests) {
            throw new IllegalStateException("a guarded target is written by its condition");
        }
    }

    /**
     * A text, number or boolean column (never {@code NULL} here: {@link NullGuard} wraps it). A text
     * column runs every string test in the dialect and the number test (a numeric string is a number)
     * on the column as a JSON string;
     * a number column only compares numbers, a boolean column only equals booleans: the evaluator's
     * rules for a stored scalar of that kind.
     */
    private final class ScalarTarget implements PresentValue {
        private final String column;
        private final TableLayout.ColumnType type;

        ScalarTarget(String column, TableLayout.ColumnType type) {
            this.column = column;
            this.type = type;
        }

        @Override
        public void any(SqlWriter w, ElementTest test) {
            if (type == TableLayout.ColumnType.TEXT) {
                if (test instanceof ElementTest.BooleanEquals || test instanceof ElementTest.IsNull) {
                    w.append("(1 = 0)");
                } else if (test instanceof ElementTest.NumberCompare) {
                    // a numeric string is a number: the JSON tests know it, a dialect's text column may not
                    dialect.anyElement(w, dialect.scalarDocument(column), List.of("v"), test);
                } else {
                    dialect.textColumn(w, column, test);
                }
            } else if (type == TableLayout.ColumnType.NUMBER && test instanceof ElementTest.NumberCompare n) {
                w.append("(")
                        .append(column)
                        .append(" ")
                        .operator(n.op())
                        .append(" ")
                        .bind(n.value())
                        .append(")");
            } else if (type == TableLayout.ColumnType.BOOLEAN && test instanceof ElementTest.BooleanEquals b) {
                w.append("(").append(column).append(" = ").bind(b.value()).append(")");
            } else {
                w.append("(1 = 0)");
            }
        }
    }
}
