package io.quarry.sql.dialect;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.sql.Dialect;
import io.quarry.sql.ElementTest;
import io.quarry.sql.JdbcSession;
import io.quarry.sql.LayoutDdl;
import io.quarry.sql.SortPart;
import io.quarry.sql.SqlWriter;
import io.quarry.sql.functions.QuarryFunctions;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * H2 2.x. H2 has no JSON path functions and a backtracking {@code REGEXP_LIKE}, so the dialect
 * registers {@link QuarryFunctions} ({@code CREATE ALIAS}) and every JSON test runs in them, with the
 * evaluator's exact semantics and RE2/J for patterns. Documents are stored as JSON text
 * ({@code VARCHAR}). H2 cannot index these tests: it suits embedded and demo data, not millions of rows.
 */
public final class H2Dialect implements Dialect {
    private static final JdbcSession SESSION = new H2Session();

    private static final LayoutDdl DDL = new InProcessDdl(
            new GraphDdl.Types(
                    "VARCHAR(255) PRIMARY KEY",
                    "VARCHAR(255)",
                    "VARCHAR(64)",
                    column -> "VARCHAR(1000000) NOT NULL",
                    "TIMESTAMP(6) WITH TIME ZONE"),
            aliases());

    @Override
    public String name() {
        return "h2";
    }

    @Override
    public String quoteIdentifier(String identifier) {
        return InProcessSql.quote(identifier);
    }

    @Override
    public void anyElement(SqlWriter w, String document, List<String> path, ElementTest test) {
        InProcessSql.openCall(w, InProcessFunction.ANY, document, path).append(", ");
        testArguments(w, test);
        w.append(")");
    }

    @Override
    public void exists(SqlWriter w, String document, List<String> path) {
        InProcessSql.openCall(w, InProcessFunction.EXISTS, document, path).append(")");
    }

    @Override
    public void arraySize(SqlWriter w, String document, List<String> path, int size) {
        InProcessSql.openCall(w.append("("), InProcessFunction.ARRAY_SIZE, document, path)
                .append(") = ")
                .bind(size)
                .append(")");
    }

    @Override
    public void allElements(SqlWriter w, String document, List<String> path, List<ElementTest> tests) {
        InProcessSql.openCall(w.append("("), InProcessFunction.ARRAY_SIZE, document, path)
                .append(") >= 0");
        for (ElementTest test : tests) {
            w.append(" AND ");
            anyElement(w, document, path, test);
        }
        w.append(")");
    }

    @Override
    public void anyProperty(SqlWriter w, String document, ElementTest test) {
        w.append(InProcessFunction.ANY_PROPERTY.sqlName())
                .append("(")
                .append(document)
                .append(", ");
        testArguments(w, test);
        w.append(")");
    }

    @Override
    public void textColumn(SqlWriter w, String column, ElementTest test) {
        w.append(InProcessFunction.TEXT.sqlName()).append("(").append(column).append(", ");
        testArguments(w, test);
        w.append(")");
    }

    /** Binds a test as the functions take it: kind, operator, operand, case flag. */
    static void testArguments(SqlWriter w, ElementTest test) {
        InProcessTest t = InProcessTest.of(test);
        w.bind(t.kind())
                .append(", ")
                .bind(t.op())
                .append(", ")
                .bind(t.operand())
                .append(", ")
                .bind(t.ignoreCase());
    }

    @Override
    public void sortKey(SqlWriter w, String document, List<String> path, SortPart part) {
        InProcessSql.sortKey(w, document, path, part);
    }

    @Override
    public void fieldValue(SqlWriter w, String document, String field, io.quarry.schema.FieldType type) {
        InProcessFunction f =
                switch (type) {
                    case NUMBER, INTEGER -> InProcessFunction.FIELD_NUMBER;
                    case BOOLEAN -> InProcessFunction.SORT_BOOLEAN;
                    default -> InProcessFunction.FIELD_TEXT;
                };
        // a number is DECFLOAT(38): the helper's BigDecimal is NUMERIC of scale 50,000 to H2, so an average
        // or a quotient of numbers had 50,000 digits
        boolean number = f == InProcessFunction.FIELD_NUMBER;
        w.append(number ? "CAST(" : "");
        InProcessSql.openCall(w, f, document, List.of(field)).append(")");
        w.append(number ? " AS DECFLOAT(38))" : "");
    }

    @Override
    public Object sortValue(SortPart part, JsonNode value) {
        return switch (part) {
            case BRACKET -> io.quarry.store.ObjectOrder.bracket(value);
            case NUMBER -> QuarryFunctions.numberKey(value);
            case INSTANT -> QuarryFunctions.instantKey(value);
            case STRING -> QuarryFunctions.stringKey(value);
            case BOOLEAN -> value.isBoolean() ? value.booleanValue() : null;
        };
    }

    /** A column of another SQL type (a time) as the text the database writes for it. */
    @Override
    public String asText(String column) {
        return "CAST(" + column + " AS VARCHAR)";
    }

    @Override
    public void textColumnSortKey(SqlWriter w, String column) {
        w.append(InProcessFunction.TEXT_KEY.sqlName())
                .append("(")
                .append(column)
                .append(")");
    }

    @Override
    public Object uuid(java.util.UUID uuid) {
        return uuid;
    }

    @Override
    public Object textColumnSortValue(String value) {
        return HexFormat.of().formatHex(value.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String scalarDocument(String column) {
        return "CAST(JSON_OBJECT('v': " + column + " NULL ON NULL) AS VARCHAR)";
    }

    @Override
    public JdbcSession session() {
        return SESSION;
    }

    /** {@inheritDoc} On H2 the helper functions are a {@code CREATE ALIAS} for each {@link QuarryFunctions} method its SQL calls. */
    @Override
    public LayoutDdl ddl() {
        return DDL;
    }

    private static List<String> aliases() {
        List<String> aliases = new ArrayList<>();
        for (InProcessFunction f : InProcessFunction.values()) {
            if (f.h2Alias() != null) {
                aliases.add(f.h2Alias());
            }
        }
        return aliases;
    }
}
