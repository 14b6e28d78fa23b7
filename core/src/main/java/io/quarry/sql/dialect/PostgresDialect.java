package io.quarry.sql.dialect;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.filter.CompareOp;
import io.quarry.filter.FieldPath;
import io.quarry.internal.CodePoints;
import io.quarry.internal.Json;
import io.quarry.regex.PortableRegex;
import io.quarry.regex.PostgresRegex;
import io.quarry.schema.Names;
import io.quarry.sql.Dialect;
import io.quarry.sql.ElementTest;
import io.quarry.sql.JdbcSession;
import io.quarry.sql.LayoutDdl;
import io.quarry.sql.SortPart;
import io.quarry.sql.SqlWriter;
import io.quarry.sql.functions.QuarryFunctions;
import io.quarry.store.ObjectOrder;
import java.math.BigDecimal;
import java.util.List;
import java.util.function.Consumer;

/**
 * PostgreSQL 12+ (measured on 15) in the graph layout, properties stored as {@code json} and read
 * as {@code jsonb} ({@link #jsonb}). The forms are
 * those measured in PERFORMANCE.md, each with the evaluator's exact semantics:
 *
 * <ul>
 *   <li>equality ({@code $eq}, {@code $in}, booleans, null): containment {@code properties @> ?::jsonb}
 *       OR'ed with the same value wrapped in an array (containment does not see a scalar inside a
 *       nested array), both served by the GIN {@code jsonb_path_ops} index; on a field the type
 *       declares a scalar ({@link #anyScalar}) the scalar alone, and equalities on such fields one
 *       containment of them all;
 *   <li>numbers and date-times: a scalar's number or instant by {@code quarry_num_key(value)} or
 *       {@code quarry_instant_key(value)} (the first a SQL function the planner inlines, the second a
 *       PL/pgSQL function that reads its value once; common forms by arithmetic on the text, anything
 *       else through the exact PL/pgSQL {@code quarry_num} and {@code quarry_instant}), compared as {@code key > ?} (NULL without a key: {@link #not}), which a btree
 *       expression index serves ({@link LayoutDdl#fieldIndexes}); an array by the overlap of its smallest to
 *       largest value ({@code quarry_num_range}, {@code quarry_instant_range}) with the bound, only
 *       on rows whose value is an array;
 *   <li>{@code $exists} on a top-level property: the {@code ?} operator, written {@code ??} (pgjdbc's
 *       escape), which a GIN {@code jsonb_ops} index could serve;
 *   <li>strings: code-point order ({@code COLLATE "C"}); literal {@code LIKE} with {@code % _ \}
 *       escaped; portable patterns translated by {@link PostgresRegex}; a pattern or literal with no
 *       run of three letters or digits is written as a function call no trigram index can serve;
 *   <li>full text, when configured ({@link #withFullText}): a stored {@code tsvector} column and
 *       {@code websearch_to_tsquery}.
 * </ul>
 *
 * <p>Every read runs in a read-only transaction with {@code SET LOCAL statement_timeout} and custom
 * plans ({@code plan_cache_mode = force_custom_plan}), so bound path names fold into constants and
 * match expression indexes ({@link #session()}). The layout, the helper functions and the advised
 * indexes are {@link #ddl()}'s.
 */
public final class PostgresDialect implements Dialect {
    private static final JdbcSession SESSION = new PostgresSession();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final String fullTextColumn;
    private final String textSearchConfig;
    private final PostgresDdl ddl;

    /** The dialect without full-text column: {@code query} uses the fallback of decision 13. */
    public PostgresDialect() {
        this(null, null);
    }

    private PostgresDialect(String fullTextColumn, String textSearchConfig) {
        this.fullTextColumn = fullTextColumn;
        this.textSearchConfig = textSearchConfig;
        this.ddl = new PostgresDdl(fullTextColumn, textSearchConfig);
    }

    /**
     * The dialect with a stored {@code tsvector} column on the objects table, generated from every
     * string of the properties with a text search configuration; {@code query} then runs as
     * {@code column @@ websearch_to_tsquery(config, text)} (stemmed words, not substrings: see
     * docs/sql.md).
     *
     * @param column the tsvector column, created by the layout
     * @param config a text search configuration, such as {@code english} or {@code simple}
     */
    public static PostgresDialect withFullText(String column, String config) {
        for (String name : List.of(requireNonNull(column, "column"), requireNonNull(config, "config"))) {
            if (!Names.isIdentifier(name)) {
                throw new IllegalArgumentException("PostgresDialect.withFullText: '" + name
                        + "' is not a valid name; names must match " + Names.IDENTIFIER.pattern());
            }
        }
        return new PostgresDialect(column, config);
    }

    /** PostgreSQL text cannot hold NUL ({@code invalid byte sequence for encoding "UTF8": 0x00}). */
    @Override
    public boolean storesNul() {
        return false;
    }

    @Override
    public String name() {
        return "postgres";
    }

    @Override
    public String quoteIdentifier(String identifier) {
        return Identifiers.quote(identifier, '"');
    }

    /**
     * A JSON value: the expression that yields it ({@code jsonb}, or NULL when missing), the same as
     * text (a string without quotes), and the document and path when it is a property.
     */
    private record Value(Consumer<SqlWriter> expression, Consumer<SqlWriter> text, String document, List<String> path) {
        static Value at(String column, List<String> path) {
            String document = jsonb(column);
            if (path.isEmpty()) {
                return of("(" + document + ")"); // the whole column: a table layout's JSON field
            }
            return new Value(w -> chain(w, document, path, false), w -> chain(w, document, path, true), document, path);
        }

        /** {@code (document -> ? -> ?)}, or with {@code ->>} last: the form expression indexes are built on. */
        private static void chain(SqlWriter w, String document, List<String> path, boolean text) {
            w.append("(").append(document);
            for (int i = 0; i < path.size(); i++) {
                w.append(text && i == path.size() - 1 ? " ->> " : " -> ").bind(path.get(i));
            }
            w.append(")");
        }

        static Value of(String expression) {
            return new Value(
                    w -> w.append(expression),
                    w -> w.append("(").append(expression).append(" #>> '{}')"),
                    null,
                    null);
        }

        void write(SqlWriter w) {
            expression.accept(w);
        }
    }

    @Override
    public void anyElement(SqlWriter w, String document, List<String> path, ElementTest test) {
        anyElement(w, Value.at(document, path), test, true);
    }

    /**
     * {@inheritDoc}
     *
     * <p>Without the array arms: equality is the containment of the scalar alone, a number or date
     * comparison the key's arm alone, a string test the string's arm alone.
     */
    @Override
    public void anyScalar(SqlWriter w, String document, List<String> path, ElementTest test) {
        anyElement(w, Value.at(document, path), test, false);
    }

    private void anyElement(SqlWriter w, Value v, ElementTest test) {
        anyElement(w, v, test, true);
    }

    /** The test on some element of {@code v}; {@code arrays}: also on an array's elements. */
    private void anyElement(SqlWriter w, Value v, ElementTest test, boolean arrays) {
        test.accept(new ElementTest.Visitor<Void>() {
            @Override
            public Void stringEquals(ElementTest.StringEquals t) {
                contains(w, v, NODES.textNode(t.value()), arrays);
                return null;
            }

            @Override
            public Void stringCompare(ElementTest.StringCompare t) {
                strings(w, v, (x, text) -> scalarString(x, text, t), arrays);
                return null;
            }

            @Override
            public Void numberCompare(ElementTest.NumberCompare t) {
                if (t.op() == CompareOp.EQ) {
                    keyed(
                            arrays,
                            w,
                            v,
                            NUM_KEY,
                            x -> x.append(" = ").bind(t.value()).append("::numeric"),
                            x -> {
                                x.append("quarry_nums");
                                v.write(x);
                                x.append(" @> ARRAY[").bind(t.value()).append("::numeric]");
                            });
                    return null;
                }
                keyed(arrays, w, v, NUM_KEY, x -> compare(x, t.op(), t.value(), "::numeric"), x -> {
                    x.append("quarry_num_range");
                    v.write(x);
                    x.append(" && numrange(");
                    bound(x, t.op(), t.value(), "::numeric");
                    x.append(")");
                });
                return null;
            }

            @Override
            public Void instantCompare(ElementTest.InstantCompare t) {
                keyed(arrays, w, v, INSTANT_KEY, x -> compare(x, t.op(), t.micros(), "::bigint"), x -> {
                    x.append("quarry_instant_range");
                    v.write(x);
                    x.append(" && int8range(");
                    bound(x, t.op(), t.micros(), "::bigint");
                    x.append(")");
                });
                return null;
            }

            @Override
            public Void booleanEquals(ElementTest.BooleanEquals t) {
                contains(w, v, NODES.booleanNode(t.value()), arrays);
                return null;
            }

            @Override
            public Void isNull(ElementTest.IsNull t) {
                contains(w, v, NODES.nullNode(), arrays);
                return null;
            }

            @Override
            public Void regex(ElementTest.Regex t) {
                strings(w, v, (x, text) -> scalarString(x, text, t), arrays);
                return null;
            }

            @Override
            public Void match(ElementTest.Match t) {
                strings(w, v, (x, text) -> scalarString(x, text, t), arrays);
                return null;
            }
        });
    }

    /**
     * {@inheritDoc}
     *
     * <p>When the schema declares every property a scalar and each group is one equality: one
     * containment of them all, {@code document @> '{"a": "x", "b": true}'}, bound as one value (the GIN
     * {@code jsonb_path_ops} index answers it in one scan, and a row costs less than a jsonpath);
     * otherwise the jsonpath filter.
     */
    @Override
    public boolean propertyEqualities(
            SqlWriter w,
            String document,
            List<List<java.util.Map.Entry<String, ElementTest>>> groups,
            boolean scalars) {
        if (!scalars || groups.stream().anyMatch(g -> g.size() != 1)) {
            return propertyEqualities(w, document, groups);
        }
        ObjectNode object = NODES.objectNode();
        for (List<java.util.Map.Entry<String, ElementTest>> group : groups) {
            java.util.Map.Entry<String, ElementTest> e = group.get(0);
            JsonNode value = equalityValue(e.getValue());
            if (value == null) {
                return false;
            }
            JsonNode previous = object.get(e.getKey());
            if (previous != null && !previous.equals(value)) {
                // one scalar cannot equal two values: the jsonpath says so exactly
                return propertyEqualities(w, document, groups);
            }
            object.set(e.getKey(), value);
        }
        w.append("(")
                .append(jsonb(document))
                .append(" @> ")
                .bind(Json.write(object))
                .append("::jsonb AND ")
                .append(document) // the column itself: its cast would parse the document again per row
                .append(" IS NOT NULL)");
        return true;
    }

    /** The JSON value a string or boolean equality compares with; {@code null} for any other test. */
    private static JsonNode equalityValue(ElementTest test) {
        if (test instanceof ElementTest.StringEquals t) {
            return NODES.textNode(t.value());
        }
        if (test instanceof ElementTest.BooleanEquals t) {
            return NODES.booleanNode(t.value());
        }
        return null;
    }

    /**
     * {@inheritDoc}
     *
     * <p>One jsonpath filter, {@code document @? '$ ? (@."a" == "x" && (@."b" == true || …))'}, bound
     * as one value: in lax mode a comparison with an array compares its elements, exactly the "some
     * element" of the evaluator (one level, as containment), and the GIN {@code jsonb_path_ops} index
     * answers the whole conjunction in one scan. {@code @?} is two-valued: an item is kept only when
     * the filter is true, so {@code NOT} stays exact.
     */
    @Override
    public boolean propertyEqualities(
            SqlWriter w, String document, List<List<java.util.Map.Entry<String, ElementTest>>> groups) {
        StringBuilder path = new StringBuilder("$ ? (");
        for (int i = 0; i < groups.size(); i++) {
            List<java.util.Map.Entry<String, ElementTest>> group = groups.get(i);
            path.append(i == 0 ? "" : " && ").append(group.size() > 1 ? "(" : "");
            for (int j = 0; j < group.size(); j++) {
                java.util.Map.Entry<String, ElementTest> e = group.get(j);
                JsonNode value = equalityValue(e.getValue());
                if (value == null) {
                    return false;
                }
                path.append(j == 0 ? "" : " || ")
                        .append("@.")
                        .append(Json.write(NODES.textNode(e.getKey())))
                        .append(" == ")
                        .append(Json.write(value));
            }
            path.append(group.size() > 1 ? ")" : "");
        }
        path.append(")");
        String doc = jsonb(document);
        // "@??" is pgjdbc's escape for the jsonb operator "@?"
        w.append("(")
                .append(doc)
                .append(" @?? ")
                .bind(path.toString())
                .append("::jsonpath AND ")
                .append(document) // the column itself: its cast would parse the document again per row
                .append(" IS NOT NULL)");
        return true;
    }

    /**
     * {@inheritDoc}
     *
     * <p>"Some element ≥ a and some element &lt; b" is "the range from the smallest to the largest value
     * overlaps [a, b)" when [a, b) is not empty: one overlap, which PostgreSQL estimates as the narrow
     * range it is (two open-ended overlaps are estimated as independent, far too many rows).
     */
    @Override
    public boolean anyElementBetween(
            SqlWriter w, String document, List<String> path, ElementTest lower, ElementTest upper) {
        return between(w, document, path, lower, upper, true);
    }

    /**
     * {@inheritDoc}
     *
     * <p>The key's range alone, without the array's overlap: on a field the type declares a date-time
     * or a number, an array is data that breaks the schema (issue 27: the array arm kept the planner
     * from answering a one-week range with the key's index alone).
     */
    @Override
    public boolean anyScalarBetween(
            SqlWriter w, String document, List<String> path, ElementTest lower, ElementTest upper) {
        return between(w, document, path, lower, upper, false);
    }

    /** The range test; {@code arrays}: also an array's overlap with it. */
    private boolean between(
            SqlWriter w, String document, List<String> path, ElementTest lower, ElementTest upper, boolean arrays) {
        Value v = Value.at(document, path);
        if (lower instanceof ElementTest.InstantCompare lo && upper instanceof ElementTest.InstantCompare hi) {
            long from = lo.op() == CompareOp.GT ? lo.micros() + 1 : lo.micros();
            long to = hi.op() == CompareOp.LT ? hi.micros() - 1 : hi.micros();
            if (from > to) {
                return false;
            }
            keyed(
                    arrays,
                    w,
                    v,
                    INSTANT_KEY,
                    x -> {
                        x.append(" >= ").bind(from).append("::bigint AND ");
                        key(x, v, INSTANT_KEY);
                        x.append(" <= ").bind(to).append("::bigint");
                    },
                    x -> {
                        x.append("quarry_instant_range");
                        v.write(x);
                        x.append(" && int8range(")
                                .bind(from)
                                .append("::bigint, ")
                                .bind(to)
                                .append("::bigint, '[]')");
                    });
            return true;
        }
        if (lower instanceof ElementTest.NumberCompare lo && upper instanceof ElementTest.NumberCompare hi) {
            boolean closedLow = lo.op() == CompareOp.GTE;
            boolean closedHigh = hi.op() == CompareOp.LTE;
            int c = lo.value().compareTo(hi.value());
            if (c > 0 || (c == 0 && !(closedLow && closedHigh))) {
                return false;
            }
            keyed(
                    arrays,
                    w,
                    v,
                    NUM_KEY,
                    x -> {
                        compare(x, lo.op(), lo.value(), "::numeric");
                        x.append(" AND ");
                        key(x, v, NUM_KEY);
                        compare(x, hi.op(), hi.value(), "::numeric");
                    },
                    x -> {
                        x.append("quarry_num_range");
                        v.write(x);
                        x.append(" && numrange(")
                                .bind(lo.value())
                                .append("::numeric, ")
                                .bind(hi.value())
                                .append("::numeric, ")
                                .append(closedLow ? (closedHigh ? "'[]'" : "'[)'") : (closedHigh ? "'(]'" : "'()'"))
                                .append(")");
                    });
            return true;
        }
        return false;
    }

    /**
     * {@inheritDoc}
     *
     * <p>One probe of the number key ({@code quarry_num_key(value) = ANY(?::numeric[])}, which the
     * btree of {@link LayoutDdl#fieldIndexes} serves) and, for arrays, an overlap of their numbers with the set.
     */
    @Override
    public boolean anyElementIn(SqlWriter w, String document, List<String> path, List<BigDecimal> values) {
        return in(w, document, path, values, true);
    }

    /** {@inheritDoc} The key's probe alone, without the array's overlap. */
    @Override
    public boolean anyScalarIn(SqlWriter w, String document, List<String> path, List<BigDecimal> values) {
        return in(w, document, path, values, false);
    }

    private boolean in(SqlWriter w, String document, List<String> path, List<BigDecimal> values, boolean arrays) {
        StringBuilder set = new StringBuilder("{");
        for (int i = 0; i < values.size(); i++) {
            set.append(i == 0 ? "" : ",").append(values.get(i).toString());
        }
        String array = set.append("}").toString();
        Value v = Value.at(document, path);
        keyed(arrays, w, v, NUM_KEY, x -> x.append(" = ANY(").bind(array).append("::numeric[])"), x -> {
            x.append("quarry_nums");
            v.write(x);
            x.append(" && ").bind(array).append("::numeric[]");
        });
        return true;
    }

    private static final String NUM_KEY = "quarry_num_key";
    private static final String INSTANT_KEY = "quarry_instant_key";

    /** Writes {@code key(value)}: the inlined number or instant of a scalar, NULL for anything else. */
    private static void key(SqlWriter w, Value v, String key) {
        w.append(key);
        v.write(w);
    }

    /**
     * Writes: the scalar's key passes {@code test} (written after the key), or the value is an array
     * and {@code arrayTest} holds. The key's arm is {@code key test}, a condition a btree on the key
     * serves and the planner estimates from the key's statistics; it is {@code NULL} for a value
     * without a key, where false is meant, which {@link #not} negates to true. (A second condition
     * {@code key IS NOT NULL}, once there to keep it two-valued, was ordered first by the planner, as
     * cheaper, and read every key twice: issue 12.) The array arm is found by the btree on
     * {@code jsonb_typeof} ({@link LayoutDdl#fieldIndexes}) and never calls a function on a scalar.
     */
    private static void keyed(
            boolean arrays, SqlWriter w, Value v, String key, Consumer<SqlWriter> test, Consumer<SqlWriter> arrayTest) {
        w.append(arrays ? "((" : "(");
        key(w, v, key);
        test.accept(w);
        if (!arrays) {
            w.append(")");
            return;
        }
        w.append(") OR (jsonb_typeof");
        v.write(w);
        w.append(" = 'array' AND ");
        arrayTest.accept(w);
        w.append("))");
    }

    /** Writes {@code  op ?cast} after a key. */
    private static void compare(SqlWriter w, CompareOp op, Object value, String cast) {
        w.comparison(op, value).append(cast);
    }

    /** Writes the bounds of the range "values {@code op} {@code value}" (without the range type name). */
    private static void bound(SqlWriter w, CompareOp op, Object value, String cast) {
        switch (op) {
            case GT -> w.bind(value).append(cast).append(", NULL, '()'");
            case GTE -> w.bind(value).append(cast).append(", NULL, '[)'");
            case LT -> w.append("NULL, ").bind(value).append(cast).append(", '()'");
            case LTE -> w.append("NULL, ").bind(value).append(cast).append(", '(]'");
            case EQ ->
                w.bind(value).append(cast).append(", ").bind(value).append(cast).append(", '[]'");
        }
    }

    /**
     * Containment of a scalar, OR'ed with containment of the scalar in an array: {@code @>} finds a
     * scalar inside an array only at the top level of the containing value.
     */
    private static void contains(SqlWriter w, Value v, JsonNode scalar, boolean arrays) {
        String document = v.document();
        if (!arrays && document != null) {
            w.append("(")
                    .append(document)
                    .append(" @> ")
                    .bind(Json.write(nest(v.path(), scalar)))
                    .append("::jsonb AND ")
                    .append(document)
                    .append(" IS NOT NULL)");
            return;
        }
        if (document == null) {
            w.append("((");
            v.write(w);
            w.append(" @> ").bind(Json.write(scalar)).append("::jsonb) IS TRUE)");
            return;
        }
        w.append("((")
                .append(document)
                .append(" @> ")
                .bind(Json.write(nest(v.path(), scalar)))
                .append("::jsonb OR ")
                .append(document)
                .append(" @> ")
                .bind(Json.write(nest(v.path(), NODES.arrayNode().add(scalar))))
                .append("::jsonb) AND ")
                .append(document)
                .append(" IS NOT NULL)");
    }

    private static JsonNode nest(List<String> path, JsonNode leaf) {
        JsonNode node = leaf;
        for (int i = path.size() - 1; i >= 0; i--) {
            ObjectNode parent = NODES.objectNode();
            parent.set(path.get(i), node);
            node = parent;
        }
        return node;
    }

    /**
     * Writes: some string of the value (itself, or an array's string elements) passes a test. Two
     * arms, so that each can be indexed: a string value tested as {@code ->>} text (a trigram index
     * on that expression serves it), and an array (a btree on {@code jsonb_typeof} finds the rows
     * with arrays there).
     */
    private static void strings(
            SqlWriter w, Value v, java.util.function.BiConsumer<SqlWriter, Consumer<SqlWriter>> test, boolean arrays) {
        if (!arrays) {
            w.append("(");
            v.write(w);
            w.append(" IS NOT NULL AND jsonb_typeof");
            v.write(w);
            w.append(" = 'string' AND ");
            test.accept(w, v.text());
            w.append(")");
            return;
        }
        w.append("((");
        v.write(w);
        w.append(" IS NOT NULL AND jsonb_typeof");
        v.write(w);
        w.append(" = 'string' AND ");
        test.accept(w, v.text());
        w.append(") OR (");
        v.write(w);
        w.append(" IS NOT NULL AND jsonb_typeof");
        v.write(w);
        w.append(" = 'array' AND EXISTS (SELECT 1 FROM quarry_strings");
        v.write(w);
        w.append(" AS \"s\"(\"s\") WHERE ");
        test.accept(w, x -> x.append("\"s\""));
        w.append(")))");
    }

    /** Writes a test on a non-null text expression that holds a string value. */
    private static void scalarString(SqlWriter w, Consumer<SqlWriter> s, ElementTest test) {
        test.accept(new ElementTest.TextVisitor<Void>() {
            @Override
            public Void stringEquals(ElementTest.StringEquals t) {
                w.append("(");
                s.accept(w);
                w.append(" = ").bind(t.value()).append(")");
                return null;
            }

            @Override
            public Void stringCompare(ElementTest.StringCompare t) {
                w.append("(");
                s.accept(w);
                w.append(" COLLATE \"C\"").comparison(t.op(), t.value()).append(")");
                return null;
            }

            @Override
            public Void instantCompare(ElementTest.InstantCompare t) {
                w.append("COALESCE(quarry_instant(to_jsonb(");
                s.accept(w);
                w.append("))").comparison(t.op(), t.micros()).append(", FALSE)");
                return null;
            }

            @Override
            public Void never(ElementTest t) {
                w.never();
                return null;
            }

            @Override
            public Void regex(ElementTest.Regex t) {
                regexTest(w, s, PostgresRegex.of(t.pattern(), t.ignoreCase()));
                return null;
            }

            @Override
            public Void match(ElementTest.Match t) {
                if (t.ignoreCase()) {
                    // the evaluator's folding (Unicode simple case folding), not the database's lower()
                    String quoted = PortableRegex.quote(t.literal());
                    String pattern =
                            switch (t.op()) {
                                case CONTAINS -> quoted;
                                case STARTS_WITH -> "^" + quoted;
                                case ENDS_WITH -> quoted + "$";
                            };
                    PostgresRegex regex = PostgresRegex.of(pattern, true);
                    regexTest(w, s, new PostgresRegex(regex.pattern(), PostgresRegex.hasTrigram(t.literal())));
                    return null;
                }
                if (PostgresRegex.hasTrigram(t.literal())) {
                    String escaped = likeEscape(t.literal());
                    String like =
                            switch (t.op()) {
                                case CONTAINS -> "%" + escaped + "%";
                                case STARTS_WITH -> escaped + "%";
                                case ENDS_WITH -> "%" + escaped;
                            };
                    w.append("(");
                    s.accept(w);
                    w.append(" LIKE ").bind(like).append(" ESCAPE '\\')");
                    return null;
                }
                // too short for a trigram index: a form no index serves, so the planner cannot pick a
                // whole-index scan
                switch (t.op()) {
                    case CONTAINS -> {
                        w.append("(strpos(");
                        s.accept(w);
                        w.append(", ").bind(t.literal()).append(") > 0)");
                    }
                    case STARTS_WITH -> {
                        w.append("starts_with(");
                        s.accept(w);
                        w.append(", ").bind(t.literal()).append(")");
                    }
                    case ENDS_WITH -> {
                        w.append("(right(");
                        s.accept(w);
                        w.append(", ")
                                .bind(CodePoints.length(t.literal()))
                                .append(") = ")
                                .bind(t.literal())
                                .append(")");
                    }
                }
                return null;
            }
        });
    }

    private static void regexTest(SqlWriter w, Consumer<SqlWriter> s, PostgresRegex regex) {
        if (regex.trigrams()) {
            w.append("(");
            s.accept(w);
            w.append(" ~ ").bind(regex.pattern()).append(")");
        } else {
            w.append("regexp_like(");
            s.accept(w);
            w.append(", ").bind(regex.pattern()).append(")");
        }
    }

    /** Escapes {@code \}, {@code %} and {@code _} for {@code LIKE … ESCAPE '\'}. */
    static String likeEscape(String literal) {
        StringBuilder out = new StringBuilder(literal.length() + 8);
        for (int i = 0; i < literal.length(); i++) {
            char c = literal.charAt(i);
            if (c == '\\' || c == '%' || c == '_') {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    /**
     * The document as {@code jsonb}: the layout stores {@code json}, which keeps the keys in the
     * order they were written, so objects come back exactly as loaded; on a {@code jsonb} column the
     * cast is no cast at all. Expression indexes are built on the same cast.
     */
    static String jsonb(String column) {
        return "(" + column + ")::jsonb";
    }

    @Override
    public void exists(SqlWriter w, String document, List<String> path) {
        if (path.size() == 1) {
            // "??" is pgjdbc's escape for the jsonb operator "?"
            w.append("(")
                    .append(jsonb(document))
                    .append(" ?? ")
                    .bind(path.get(0))
                    .append(" AND ")
                    .append(jsonb(document))
                    .append(" IS NOT NULL)");
            return;
        }
        w.append("(");
        Value.at(document, path).write(w);
        w.append(" IS NOT NULL)");
    }

    @Override
    public void arraySize(SqlWriter w, String document, List<String> path, int size) {
        Value v = Value.at(document, path);
        w.append("COALESCE(jsonb_array_length(CASE WHEN jsonb_typeof");
        v.write(w);
        w.append(" = 'array' THEN ");
        v.write(w);
        w.append(" END) = ").bind(size).append(", FALSE)");
    }

    @Override
    public void allElements(SqlWriter w, String document, List<String> path, List<ElementTest> tests) {
        Value v = Value.at(document, path);
        w.append("(COALESCE(jsonb_typeof");
        v.write(w);
        w.append(" = 'array', FALSE)");
        for (ElementTest test : tests) {
            w.append(" AND ");
            anyElement(w, v, test);
        }
        w.append(")");
    }

    @Override
    public void anyProperty(SqlWriter w, String document, ElementTest test) {
        w.append("EXISTS (SELECT 1 FROM jsonb_each(").append(jsonb(document)).append(") AS \"p\" WHERE ");
        anyElement(w, Value.of("(\"p\".\"value\")"), test);
        w.append(")");
    }

    @Override
    public void textColumn(SqlWriter w, String column, ElementTest test) {
        scalarString(w, x -> x.append(column), test);
    }

    @Override
    public void fieldValue(SqlWriter w, String column, String field, io.quarry.schema.FieldType type) {
        String document = jsonb(column);
        String kind =
                switch (type) {
                    case NUMBER, INTEGER -> "number";
                    case BOOLEAN -> "boolean";
                    default -> null;
                };
        if (kind == null) {
            w.append("(").append(document).append(" ->> ").bind(field).append(")");
            return;
        }
        w.append("(CASE WHEN jsonb_typeof(")
                .append(document)
                .append(" -> ")
                .bind(field)
                .append(") = '")
                .append(kind)
                .append("' THEN (")
                .append(document)
                .append(" ->> ")
                .bind(field)
                .append(")::")
                .append(kind.equals("number") ? "numeric" : "boolean")
                .append(" END)");
    }

    @Override
    public void sortKey(SqlWriter w, String document, List<String> path, SortPart part) {
        Value v = Value.at(document, path);
        switch (part) {
            case BRACKET -> {
                w.append("quarry_bracket");
                v.write(w);
            }
            case NUMBER -> {
                w.append("quarry_num");
                v.write(w);
            }
            case INSTANT -> {
                w.append("quarry_instant");
                v.write(w);
            }
            case STRING -> {
                w.append("(quarry_sort_string");
                v.write(w);
                w.append(" COLLATE \"C\")");
            }
            case BOOLEAN -> {
                w.append("(CASE WHEN jsonb_typeof");
                v.write(w);
                w.append(" = 'boolean' THEN ");
                v.write(w);
                w.append("::boolean END)");
            }
        }
    }

    /** {@inheritDoc} PostgreSQL compares no enum, uuid or date with a text bind, nor collates one: {@code (c)::text}. */
    @Override
    public String asText(String column) {
        return "(" + column + ")::text";
    }

    @Override
    public void textColumnSortKey(SqlWriter w, String column) {
        w.append("(").append(column).append(" COLLATE \"C\")");
    }

    @Override
    public Object uuid(java.util.UUID uuid) {
        return uuid;
    }

    @Override
    public Object sortValue(SortPart part, JsonNode value) {
        return switch (part) {
            case BRACKET -> ObjectOrder.bracket(value);
            case NUMBER -> QuarryFunctions.numberKey(value);
            case INSTANT -> QuarryFunctions.instantKey(value);
            case STRING -> ObjectOrder.bracket(value) == 2 ? value.textValue() : null;
            case BOOLEAN -> value.isBoolean() ? value.booleanValue() : null;
        };
    }

    @Override
    public String scalarDocument(String column) {
        return "jsonb_build_object('v', " + column + ")";
    }

    @Override
    public void jsonValue(SqlWriter w, String json) {
        w.bind(json).append("::json");
    }

    /**
     * {@inheritDoc}
     *
     * <p>{@code (…) IS NOT TRUE}: a number or date comparison is {@code NULL} on a value without a key
     * ({@link #keyed}), false for the evaluator, so its negation must be true there.
     */
    @Override
    public void not(SqlWriter w, Consumer<SqlWriter> condition) {
        w.append("((");
        condition.accept(w);
        w.append(") IS NOT TRUE)");
    }

    /**
     * {@inheritDoc}
     *
     * <p>{@code o.column @@ websearch_to_tsquery('config', ?)}. With fields, the column (every string
     * of the document) is only the prefilter, and the query is rechecked on a vector of the fields'
     * values: {@code jsonb_to_tsvector('config', jsonb_build_array(jsonb_extract_path(doc, ?), …),
     * '["string"]') @@ …} (the field names bound).
     * The prefilter is the query's {@code querytree} (its indexable part: negations dropped, {@code T}
     * when nothing is left) with phrases read as conjunctions: so whatever the fields match, the
     * column matches too, whatever the hidden values hold or however long they are (positions in the
     * column differ from those in the fields' vector, and stop at 16,383). A text of letters, digits
     * and white space alone has neither negations nor phrases: its query is its own prefilter, as a
     * hand-written statement would have it (the folding of {@code querytree} and the phrase rewrite
     * cost 0.1 ms of planning on a 0.3 ms page, issue 12).
     */
    @Override
    public boolean fullText(SqlWriter w, String alias, String document, String text, List<FieldPath> fields) {
        if (fullTextColumn == null) {
            return false;
        }
        String query = text.replace('\0', ' '); // text cannot hold NUL; it separates words like a space
        String column = quoteIdentifier(alias) + "." + quoteIdentifier(fullTextColumn);
        boolean plain = query.codePoints().allMatch(c -> Character.isLetterOrDigit(c) || Character.isWhitespace(c));
        if (fields.isEmpty() || plain) {
            w.append(column).append(" @@ ");
            tsquery(w, query);
            if (fields.isEmpty()) {
                return true;
            }
            w.append(" AND ");
            recheck(w, document, query, fields);
            return true;
        }
        w.append("(querytree(");
        tsquery(w, query);
        w.append(") = 'T' OR ").append(column).append(" @@ regexp_replace(querytree(");
        tsquery(w, query);
        // lexemes hold no space, so " <-> " and " <2> " are always operators
        w.append("), ' <(-|[0-9]+)> ', ' & ', 'g')::tsquery) AND ");
        recheck(w, document, query, fields);
        return true;
    }

    /**
     * The query on a vector of the fields' strings alone, as {@code COALESCE(… @@ …, FALSE)}: the same
     * truth value ({@code @@} of a vector and a query that are never NULL is never NULL), but the planner
     * estimates a {@code COALESCE} as half the rows instead of the 0.5 % it assumes for a {@code @@}
     * without statistics. The words of the fields are words of the column too, so the recheck keeps
     * nearly every row the prefilter finds; estimated at 0.5 %, a page of a word with many matches was
     * planned as reading and sorting all of them instead of walking the newest-first index (issue 27).
     */
    private void recheck(SqlWriter w, String document, String query, List<FieldPath> fields) {
        w.append("COALESCE(jsonb_to_tsvector('").append(textSearchConfig).append("'::regconfig, jsonb_build_array(");
        String doc = jsonb(document);
        for (int i = 0; i < fields.size(); i++) {
            w.append(i == 0 ? "" : ", ").append("jsonb_extract_path(").append(doc);
            for (String segment : fields.get(i).segments()) {
                w.append(", ").bind(segment);
            }
            w.append(")");
        }
        w.append("), '[\"string\"]') @@ ");
        tsquery(w, query);
        w.append(", FALSE)");
    }

    /** {@code websearch_to_tsquery('config'::regconfig, ?)}. */
    private void tsquery(SqlWriter w, String query) {
        // the configuration is the host's, a validated name: a literal, so the planner folds
        // websearch_to_tsquery once instead of per row (28 ms against 8.5 ms, issue 12)
        w.append("websearch_to_tsquery('")
                .append(textSearchConfig)
                .append("'::regconfig, ")
                .bind(query)
                .append(")");
    }

    @Override
    public JdbcSession session() {
        return SESSION;
    }

    /**
     * {@inheritDoc}
     *
     * <p>On PostgreSQL: the layout with a GIN {@code jsonb_path_ops} index on the properties (and the
     * full-text column of {@link #withFullText}); the immutable, type-guarded helpers ({@code
     * quarry_num}, {@code quarry_instant}, their ranges, {@code quarry_strings}, the sort keys), {@code
     * CREATE OR REPLACE}; and expression indexes on the forms this dialect writes ({@link
     * LayoutDdl#fieldIndexes}, {@link LayoutDdl#schemaIndexes}).
     */
    @Override
    public LayoutDdl ddl() {
        return ddl;
    }
}
