package io.quarry.sql.dialect;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.sql.Dialect;
import io.quarry.sql.ElementTest;
import io.quarry.sql.JdbcSession;
import io.quarry.sql.LayoutDdl;
import io.quarry.sql.SortPart;
import io.quarry.sql.SqlCompiler;
import io.quarry.sql.SqlWriter;
import io.quarry.sql.functions.QuarryFunctions;
import io.quarry.store.ObjectOrder;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

/**
 * SQLite 3.38+ through sqlite-jdbc. Documents are JSON text; the JSON1 functions ({@code json_each},
 * {@code json_type}, {@code ->}) walk them, and every test checks the JSON type before it compares,
 * so SQLite's affinities (text above every number, {@code CAST('high' AS REAL)} = 0) never decide a
 * result. Strings compare with the {@code BINARY} collation, whose UTF-8 byte order is code-point
 * order. Numbers (exact decimals, numeric strings), instants, regular expressions, case folding and
 * sort keys run in {@link QuarryFunctions}, registered on each connection ({@code org.sqlite.Function});
 * numbers reach them as their exact JSON text ({@code doc -> fullkey}), never as a double.
 *
 * <p>A read sets {@code PRAGMA query_only} and a progress handler that interrupts the statement at
 * the timeout; both are removed afterwards, so a pooled connection stays as it was.
 * Timestamps are stored as epoch microseconds ({@code INTEGER}).
 */
public final class SqliteDialect implements Dialect {
    private static final String E = "\"e\"";

    private static final JdbcSession SESSION = new SqliteSession();

    private static final LayoutDdl DDL = new InProcessDdl(
            new GraphDdl.Types(
                    "TEXT PRIMARY KEY",
                    "TEXT",
                    "TEXT",
                    column -> "TEXT NOT NULL CHECK (json_valid(" + column + "))",
                    "INTEGER"),
            List.of());

    @Override
    public String name() {
        return "sqlite";
    }

    @Override
    public String quoteIdentifier(String identifier) {
        return InProcessSql.quote(identifier);
    }

    /**
     * Registers the Java functions that compiled SQL calls on a sqlite-jdbc connection (once per
     * connection), for a host that runs a {@link SqlCompiler#where} fragment in its own statement;
     * a read ({@link #session()}) does it too.
     *
     * @throws SQLException when the connection is not (and does not wrap) a sqlite-jdbc connection
     */
    public static void registerFunctions(Connection connection) throws SQLException {
        SqliteFunctions.register(connection);
    }

    /** The JSON path of validated names, each quoted: {@code $."a"."b"}. */
    static String jsonPath(List<String> path) {
        return Identifiers.jsonPath(path, true);
    }

    @Override
    public void anyElement(SqlWriter w, String document, List<String> path, ElementTest test) {
        // json_each over a scalar yields the scalar itself (key NULL), over an array its elements
        // (integer keys), over an object its members (text keys): an object is never an element.
        w.append("EXISTS (SELECT 1 FROM json_each(")
                .append(document)
                .append(", ")
                .bind(jsonPath(path))
                .append(") ")
                .append(E)
                .append(" WHERE typeof(")
                .append(E)
                .append(".\"key\") <> 'text' AND ");
        elementTest(w, document, test);
        w.append(")");
    }

    @Override
    public void exists(SqlWriter w, String document, List<String> path) {
        w.append("(json_type(")
                .append(document)
                .append(", ")
                .bind(jsonPath(path))
                .append(") IS NOT NULL)");
    }

    @Override
    public void arraySize(SqlWriter w, String document, List<String> path, int size) {
        isArray(w, document, path);
        w.append(" AND json_array_length(")
                .append(document)
                .append(", ")
                .bind(jsonPath(path))
                .append(") = ")
                .bind(size)
                .append(")");
    }

    /** Opens {@code (json_type(doc, path) IS 'array'}, two-valued; the caller closes the parenthesis. */
    private static void isArray(SqlWriter w, String document, List<String> path) {
        w.append("(json_type(")
                .append(document)
                .append(", ")
                .bind(jsonPath(path))
                .append(") IS 'array'");
    }

    @Override
    public void allElements(SqlWriter w, String document, List<String> path, List<ElementTest> tests) {
        isArray(w, document, path);
        for (ElementTest test : tests) {
            w.append(" AND ");
            anyElement(w, document, path, test);
        }
        w.append(")");
    }

    @Override
    public void anyProperty(SqlWriter w, String document, ElementTest test) {
        w.append("EXISTS (SELECT 1 FROM json_each(")
                .append(document)
                .append(") \"m\", json_each(")
                .append(document)
                .append(", \"m\".\"fullkey\") ")
                .append(E)
                .append(" WHERE \"m\".\"type\" <> 'object' AND ");
        elementTest(w, document, test);
        w.append(")");
    }

    @Override
    public void textColumn(SqlWriter w, String column, ElementTest test) {
        test.accept(new TestWriter(w, null, column, "json_quote(" + column + ")"));
    }

    /** A test on the json_each row {@code "e"} of {@code document}. */
    private static void elementTest(SqlWriter w, String document, ElementTest test) {
        test.accept(new TestWriter(w, E + ".\"type\"", E + ".\"value\"", document + " -> " + E + ".\"fullkey\""));
    }

    /**
     * Writes one element test, given the SQL of the value's JSON type ({@code null} for a text
     * column), of its SQL value, and of its exact JSON text.
     */
    private record TestWriter(SqlWriter w, String type, String value, String json)
            implements ElementTest.Visitor<Void> {

        private void guard(String... types) {
            if (type == null) {
                // a text column holds strings only
                if (!List.of(types).contains("text")) {
                    w.append("(1 = 0) AND ");
                }
                return;
            }
            w.append(type).append(types.length == 1 ? " = " : " IN (");
            for (int i = 0; i < types.length; i++) {
                w.append(i == 0 ? "'" : ", '").append(types[i]).append("'");
            }
            w.append(types.length == 1 ? " AND " : ") AND ");
        }

        private Void java(InProcessFunction function, String argument, ElementTest test) {
            InProcessTest t = InProcessTest.of(test);
            w.append(function.sqlName())
                    .append("(")
                    .append(argument)
                    .append(", ")
                    .bind(t.kind())
                    .append(", ")
                    .bind(t.op())
                    .append(", ")
                    .bind(t.operand())
                    .append(", ")
                    .bind(t.ignoreCase() ? 1 : 0)
                    .append("))");
            return null;
        }

        @Override
        public Void stringEquals(ElementTest.StringEquals t) {
            w.append("(");
            guard("text");
            w.append(value).append(" = ").bind(t.value()).append(")");
            return null;
        }

        @Override
        public Void stringCompare(ElementTest.StringCompare t) {
            w.append("(");
            guard("text");
            // BINARY collation: UTF-8 byte order, which is code-point order
            w.append(value).comparison(t.op(), t.value()).append(")");
            return null;
        }

        @Override
        public Void numberCompare(ElementTest.NumberCompare t) {
            w.append("(");
            guard("integer", "real", "text");
            return java(InProcessFunction.VALUE, json, t);
        }

        @Override
        public Void instantCompare(ElementTest.InstantCompare t) {
            w.append("(");
            guard("text");
            return java(InProcessFunction.TEXT, value, t);
        }

        @Override
        public Void booleanEquals(ElementTest.BooleanEquals t) {
            w.append("(");
            guard(t.value() ? "true" : "false");
            w.append("1 = 1)");
            return null;
        }

        @Override
        public Void isNull(ElementTest.IsNull t) {
            w.append("(");
            guard("null");
            w.append("1 = 1)");
            return null;
        }

        @Override
        public Void regex(ElementTest.Regex t) {
            w.append("(");
            guard("text");
            return java(InProcessFunction.TEXT, value, t);
        }

        @Override
        public Void match(ElementTest.Match t) {
            // never LIKE: SQLite's LIKE folds ASCII case by default and needs escaping
            w.append("(");
            guard("text");
            return java(InProcessFunction.TEXT, value, t);
        }
    }

    @Override
    public void sortKey(SqlWriter w, String document, List<String> path, SortPart part) {
        InProcessSql.sortKey(w, document, path, part);
    }

    /**
     * The driver binds a decimal as text, which a column of numeric affinity reads as a number but a
     * column without affinity (a view's expression, {@code SUM(total)}) never equals: cast to {@code
     * NUMERIC}, the conversion numeric affinity makes, so both compare as numbers.
     */
    @Override
    public void compareNumberColumn(
            SqlWriter w, String column, io.quarry.filter.CompareOp op, java.math.BigDecimal value) {
        w.append("(")
                .append(column)
                .append(" ")
                .operator(op)
                .append(" CAST(")
                .bind(value)
                .append(" AS NUMERIC))");
    }

    @Override
    public void fieldValue(SqlWriter w, String document, String field, io.quarry.schema.FieldType type) {
        String kinds =
                switch (type) {
                    case NUMBER, INTEGER -> "('integer', 'real')";
                    case BOOLEAN -> "('true', 'false')";
                    default -> null;
                };
        if (kinds == null) {
            w.append("json_extract(")
                    .append(document)
                    .append(", ")
                    .bind("$." + field)
                    .append(")");
            return;
        }
        w.append("(CASE WHEN json_type(")
                .append(document)
                .append(", ")
                .bind("$." + field)
                .append(") IN ")
                .append(kinds)
                .append(" THEN json_extract(")
                .append(document)
                .append(", ")
                .bind("$." + field)
                .append(") END)");
    }

    @Override
    public Object sortValue(SortPart part, JsonNode value) {
        return switch (part) {
            case BRACKET -> ObjectOrder.bracket(value);
            case NUMBER -> {
                java.math.BigDecimal n = QuarryFunctions.numberKey(value);
                yield n == null ? null : QuarryFunctions.numberText(n);
            }
            case INSTANT -> QuarryFunctions.instantKey(value);
            case STRING -> QuarryFunctions.stringKey(value);
            case BOOLEAN -> value.isBoolean() ? (value.booleanValue() ? 1 : 0) : null;
        };
    }

    @Override
    public void textColumnSortKey(SqlWriter w, String column) {
        w.append(column); // BINARY collation: code-point order
    }

    @Override
    public Object timestamp(Instant instant) {
        return QuarryFunctions.micros(instant);
    }

    /** {@code date(column)}: SQLite keeps a date as text (or a number); {@code date()} gives {@code YYYY-MM-DD}. */
    @Override
    public String dateColumn(String column) {
        return "date(" + column + ")";
    }

    @Override
    public Object date(java.time.LocalDate day) {
        return day.toString();
    }

    /**
     * Epoch microseconds from the other forms: ISO text through {@code julianday} (exact to the
     * millisecond, rounded there; text that is no date-time is {@code NULL}), epoch numbers scaled
     * (a value that is not a number is {@code NULL}).
     */
    @Override
    public java.util.Optional<String> instantColumn(String column, io.quarry.sql.TableLayout.ColumnType form) {
        return java.util.Optional.of(
                switch (form) {
                    case TIMESTAMP -> column;
                    case TIMESTAMP_TEXT ->
                        "(CAST(round((julianday(" + column + ") - 2440587.5) * 86400000.0) AS INTEGER) * 1000)";
                    case EPOCH_SECONDS -> epoch(column, 1_000_000);
                    case EPOCH_MILLIS -> epoch(column, 1_000);
                    default -> throw new IllegalArgumentException("not a form of instants: " + form);
                });
    }

    private static String epoch(String column, int micros) {
        return "(CASE WHEN typeof(" + column + ") IN ('integer', 'real') THEN CAST(" + column + " * " + micros
                + " AS INTEGER) END)";
    }

    @Override
    public Instant readTimestamp(ResultSet rs, int column) throws SQLException {
        long micros = rs.getLong(column);
        return rs.wasNull()
                ? null
                : Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
    }

    @Override
    public JdbcSession session() {
        return SESSION;
    }

    /** {@inheritDoc} On SQLite no helper functions: the session registers the Java functions on each connection. */
    @Override
    public LayoutDdl ddl() {
        return DDL;
    }
}
