package io.quarry.sql.dialect;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.sql.ElementTest;
import io.quarry.sql.SortPart;
import io.quarry.sql.SqlWriter;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.functions.QuarryFunctions;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
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
    @Override
    public String name() {
        return "h2";
    }

    @Override
    public String quoteIdentifier(String identifier) {
        return EmbeddedSql.quote(identifier);
    }

    @Override
    public void prepareRead(Connection connection, Duration timeout) throws SQLException {
        connection.setReadOnly(true);
        try (Statement st = connection.createStatement()) {
            st.execute("SET QUERY_TIMEOUT " + timeout.toMillis());
        }
    }

    @Override
    public void anyElement(SqlWriter w, String document, List<String> path, ElementTest test) {
        EmbeddedSql.openCall(w, EmbeddedFunction.ANY, document, path).append(", ");
        testArguments(w, test);
        w.append(")");
    }

    @Override
    public void exists(SqlWriter w, String document, List<String> path) {
        EmbeddedSql.openCall(w, EmbeddedFunction.EXISTS, document, path).append(")");
    }

    @Override
    public void arraySize(SqlWriter w, String document, List<String> path, int size) {
        EmbeddedSql.openCall(w.append("("), EmbeddedFunction.ARRAY_SIZE, document, path)
                .append(") = ")
                .bind(size)
                .append(")");
    }

    @Override
    public void allElements(SqlWriter w, String document, List<String> path, List<ElementTest> tests) {
        EmbeddedSql.openCall(w.append("("), EmbeddedFunction.ARRAY_SIZE, document, path)
                .append(") >= 0");
        for (ElementTest test : tests) {
            w.append(" AND ");
            anyElement(w, document, path, test);
        }
        w.append(")");
    }

    @Override
    public void anyProperty(SqlWriter w, String document, ElementTest test) {
        w.append(EmbeddedFunction.ANY_PROPERTY.sqlName())
                .append("(")
                .append(document)
                .append(", ");
        testArguments(w, test);
        w.append(")");
    }

    @Override
    public void textColumn(SqlWriter w, String column, ElementTest test) {
        w.append(EmbeddedFunction.TEXT.sqlName()).append("(").append(column).append(", ");
        testArguments(w, test);
        w.append(")");
    }

    /** Binds a test as the functions take it: kind, operator, operand, case flag. */
    static void testArguments(SqlWriter w, ElementTest test) {
        EmbeddedTest t = EmbeddedTest.of(test);
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
        EmbeddedSql.sortKey(w, document, path, part);
    }

    @Override
    public void fieldValue(SqlWriter w, String document, String field, io.quarry.schema.FieldType type) {
        EmbeddedFunction f =
                switch (type) {
                    case NUMBER, INTEGER -> EmbeddedFunction.FIELD_NUMBER;
                    case BOOLEAN -> EmbeddedFunction.SORT_BOOLEAN;
                    default -> EmbeddedFunction.FIELD_TEXT;
                };
        EmbeddedSql.openCall(w, f, document, List.of(field)).append(")");
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

    @Override
    public void textColumnSortKey(SqlWriter w, String column) {
        w.append(EmbeddedFunction.TEXT_KEY.sqlName()).append("(").append(column).append(")");
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
    public Object timestamp(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    @Override
    public Instant readTimestamp(ResultSet rs, int column) throws SQLException {
        OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
        return t == null ? null : t.toInstant();
    }

    @Override
    public String readJson(ResultSet rs, int column) throws SQLException {
        return rs.getString(column);
    }

    @Override
    public void jsonValue(SqlWriter w, String json) {
        w.bind(json);
    }

    @Override
    public boolean isTimeout(SQLException e) {
        return e.getErrorCode() == 57014; // H2 "Statement was canceled or the session timed out"
    }

    @Override
    public void limit(SqlWriter w, int n) {
        w.append(" LIMIT ").bind(n);
    }

    @Override
    public List<String> createGraphLayout(StoreMapping m) {
        return EmbeddedSql.createGraphLayout(
                m,
                new GraphDdl.Types(
                        "VARCHAR(255) PRIMARY KEY",
                        "VARCHAR(255)",
                        "VARCHAR(64)",
                        column -> "VARCHAR(1000000) NOT NULL",
                        "TIMESTAMP(6) WITH TIME ZONE"),
                createHelperFunctions());
    }

    /** {@inheritDoc} On H2: a {@code CREATE ALIAS} for each {@link QuarryFunctions} method its SQL calls. */
    @Override
    public List<String> createHelperFunctions() {
        List<String> aliases = new ArrayList<>();
        for (EmbeddedFunction f : EmbeddedFunction.values()) {
            if (f.h2Alias() != null) {
                aliases.add(f.h2Alias());
            }
        }
        return aliases;
    }
}
