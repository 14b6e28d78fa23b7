package io.quarry.sql;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.filter.Filter;
import io.quarry.filter.FilterParser;
import io.quarry.filter.FilterValidator;
import io.quarry.filter.ValidatedFilter;
import io.quarry.schema.Schema;
import io.quarry.store.SortKey;
import java.util.ArrayList;
import java.util.List;

/**
 * Compiles validated filters to parameterized SQL for any {@link Dialect}, without ever asking which
 * database it talks to: the compiler decides what each operator means (which {@link ElementTest},
 * which negation, which bracket), the dialect how its database writes it.
 *
 * <p>This class is the entry point; the work is split along its seams, all package-private: {@link
 * FilterWriter} (logical operators, and which {@link Target} a field reads), {@link PredicateWriter}
 * (operators as element tests), {@link PropertyTarget} and {@link ColumnTargets} (JSON paths and
 * columns), {@link SortWriter} (ORDER BY and the keyset condition) and {@link NulText} (strings with
 * NUL on a database that cannot store them).
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
    private final SortWriter sorts;

    /** A compiler for this dialect. */
    public SqlCompiler(Dialect dialect) {
        this.dialect = requireNonNull(dialect, "dialect");
        this.sorts = new SortWriter(dialect);
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
        writeFilter(w, filter.filter(), FieldReads.document(dialect, columns, filter.type()));
        return w.toSql();
    }

    /**
     * The WHERE condition (without the keyword) of a validated filter over a host's own table mapped
     * as a type table of the table layout, under {@code alias} (or unqualified when {@code null}).
     */
    public Sql where(ValidatedFilter filter, String alias, TableLayout.TypeTable table) {
        SqlWriter w = new SqlWriter();
        writeFilter(w, filter.filter(), FieldReads.table(dialect, alias, table));
        return w.toSql();
    }

    /** The dialect this compiler writes for. */
    Dialect dialect() {
        return dialect;
    }

    /** Writes a filter over a relation's fields. */
    void writeFilter(SqlWriter w, Filter filter, FieldReads reads) {
        filter.accept(new FilterWriter(dialect, w, reads));
    }

    /** A column of {@code columns}' relation, qualified by their alias when they have one. */
    static String column(Dialect dialect, Columns columns, String name) {
        return column(dialect, columns.alias(), name);
    }

    /** A column, quoted, qualified by {@code alias} (unqualified when {@code null}). */
    static String column(Dialect dialect, String alias, String name) {
        String quoted = dialect.quoteIdentifier(name);
        return alias == null ? quoted : dialect.quoteIdentifier(alias) + "." + quoted;
    }

    /**
     * The expression reading a column that holds instants in {@code form} as the dialect's timestamps
     * (the column itself for {@code timestamp}); a form the dialect does not read fails here, though
     * the store refuses such a mapping when it is built.
     */
    public static String instantColumn(Dialect dialect, String column, TableLayout.ColumnType form) {
        return dialect.instantColumn(column, form)
                .orElseThrow(() -> new IllegalArgumentException("store mapping: column type " + form.configName()
                        + " is not read on " + dialect.name() + "; it is read on SQLite only"));
    }

    /** The path inside a field's JSON column of a filter or sort path that starts at the field. */
    static List<String> jsonPath(TableLayout.FieldColumn field, List<String> segments) {
        List<String> out = new ArrayList<>(field.path());
        out.addAll(segments.subList(1, segments.size()));
        return out;
    }

    /** Longer lists are nested in halves, so no database meets a left-deep chain of a thousand terms. */
    private static final int FLAT = 32;

    /** Writes {@code (a OR b OR …)}. */
    public static <T> void disjunction(SqlWriter w, List<T> items, java.util.function.Consumer<T> write) {
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

    /** Writes the ORDER BY list (without the keywords) of a sort over a relation, ending with its id column. */
    void orderBy(SqlWriter w, List<SortKey> sort, FieldReads reads) {
        sorts.orderBy(w, sort, reads);
    }

    /** Writes the ORDER BY list of a sort over a relation with {@code tie} (its id order) last. */
    void orderBy(SqlWriter w, List<SortKey> sort, FieldReads reads, java.util.function.Consumer<SqlWriter> tie) {
        sorts.orderBy(w, sort, reads, tie);
    }

    /**
     * Writes the keyset condition: rows strictly after the cursor row in the sort order. Each key
     * contributes (greater, equal) conditions; the relation's id column breaks the final tie.
     */
    void after(SqlWriter w, List<SortKey> sort, List<JsonNode> keyValues, String id, FieldReads reads) {
        sorts.after(w, sort, keyValues, id, reads);
    }

    /** Writes the keyset condition with {@code idAfter} breaking the final tie. */
    void after(
            SqlWriter w,
            List<SortKey> sort,
            List<JsonNode> keyValues,
            FieldReads reads,
            java.util.function.Consumer<SqlWriter> idAfter) {
        sorts.after(w, sort, keyValues, reads, idAfter);
    }

    /**
     * The matches ({@code $contains}, {@code $startsWith}, {@code $endsWith}) on top-level properties
     * when they are every top-level conjunct of {@code filter}, as (property, test) in order and as the
     * dialect can run them; otherwise none. A layout offers them to {@link
     * Dialect#candidateObjects}: a filter with any other conjunct (an equality, a comparison, a group)
     * leaves the choice of an index to the database's planner.
     */
    public List<java.util.Map.Entry<String, ElementTest>> matchConjuncts(Filter filter) {
        List<java.util.Map.Entry<String, ElementTest>> out = new ArrayList<>();
        for (Filter f : TopLevel.conjuncts(filter)) {
            Filter.Condition c = TopLevel.onProperty(f);
            io.quarry.filter.Predicate.Match m =
                    c == null ? null : TopLevel.Ask.of(c.predicate()).match();
            if (m == null) {
                return List.of();
            }
            ElementTest test = storable(new ElementTest.Match(m.op(), m.literal(), m.ignoreCase()));
            if (test == null) {
                return List.of(); // never true: nothing to read
            }
            out.add(java.util.Map.entry(c.path().head(), test));
        }
        return out;
    }

    /**
     * The test as the dialect can run it, or {@code null} when it is never true there: on a dialect
     * whose text cannot hold NUL ({@link Dialect#storesNul}) a string operand with NUL is narrowed
     * ({@link NulText#storable}); elsewhere the test is returned unchanged.
     */
    public ElementTest storable(ElementTest test) {
        return NulText.storable(dialect, test);
    }

    /** Whether a value is a string with NUL that this dialect cannot store. */
    public boolean unstorable(Object value) {
        return NulText.unstorable(dialect, value);
    }

    /** Whether a string holds NUL (U+0000). */
    public static boolean hasNul(String s) {
        return NulText.hasNul(s);
    }
}
