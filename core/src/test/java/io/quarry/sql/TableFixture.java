package io.quarry.sql;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.IsoDateTime;
import io.quarry.internal.Json;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;

/**
 * A host's own tables for the table-layout tests: hand-written DDL with the column types of each
 * database ({text}, {number}, {bool}, {ts}, {json} stand for them), and rows written from a data set
 * as a host would keep them (each value in its column; a value its column cannot hold fails the load).
 */
final class TableFixture {
    private TableFixture() {}

    /** The column types of a dialect, as a host would choose them. */
    static Map<String, String> types(Dialect dialect) {
        return switch (dialect.name()) {
            case "postgres" ->
                Map.of("text", "TEXT", "number", "NUMERIC", "bool", "BOOLEAN", "ts", "TIMESTAMPTZ(6)", "json", "JSONB");
            case "mysql", "mariadb" ->
                Map.of(
                        "text",
                        "VARCHAR(500)",
                        "number",
                        "DECIMAL(20,6)",
                        "bool",
                        "BOOLEAN",
                        "ts",
                        "DATETIME(6)",
                        "json",
                        "LONGTEXT");
            case "sqlite" ->
                Map.of("text", "TEXT", "number", "NUMERIC", "bool", "INTEGER", "ts", "INTEGER", "json", "TEXT");
            default ->
                Map.of(
                        "text",
                        "VARCHAR(1000)",
                        "number",
                        "DECIMAL(20,6)",
                        "bool",
                        "BOOLEAN",
                        "ts",
                        "TIMESTAMP(6) WITH TIME ZONE",
                        "json",
                        "VARCHAR(100000)");
        };
    }

    /**
     * Runs DDL with the dialect's column types in place of {text}, {number}, {bool}, {ts}, {json}, and
     * its quote character for {@code "}: the mapping's names are exact, as the store always quotes them.
     */
    static void ddl(DataSource ds, Dialect dialect, String... statements) {
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement()) {
            for (String sql : statements) {
                sql = sql.replace('"', dialect.quoteIdentifier("x").charAt(0));
                for (Map.Entry<String, String> t : types(dialect).entrySet()) {
                    sql = sql.replace("{" + t.getKey() + "}", t.getValue());
                }
                st.execute(sql);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The objects as the layout keeps them: a timestamp its type table has no column for is absent
     * (nothing made up), so the in-memory store holding these answers as the table layout does.
     */
    static DataFile.DataSet stored(TableLayout layout, DataFile.DataSet data) {
        List<GraphObject> objects = data.objects().stream()
                .map(o -> {
                    TableLayout.TypeTable t = layout.table(o.type()).orElseThrow();
                    return new GraphObject(
                            o.id(),
                            o.type(),
                            o.properties(),
                            t.createdAt() == null ? null : o.createdAt(),
                            t.updatedAt() == null ? null : o.updatedAt(),
                            o.scope());
                })
                .toList();
        return new DataFile.DataSet(objects, data.relationships());
    }

    /**
     * Writes the objects into their type tables and the relationships into foreign-key columns (where
     * a table maps the relationship's type) or the first edges table that takes them.
     */
    static void load(DataSource ds, Dialect dialect, TableLayout layout, DataFile.DataSet data) {
        Set<GraphRelationship> viaKeys = new HashSet<>();
        try (Connection c = ds.getConnection()) {
            for (GraphObject o : data.objects()) {
                TableLayout.TypeTable t = layout.table(o.type()).orElseThrow();
                Map<String, Object> row = new LinkedHashMap<>();
                row.put(t.key().columns().get(0), o.id());
                if (t.createdAt() != null && o.createdAt() != null) {
                    row.put(t.createdAt(), dialect.timestamp(o.createdAt()));
                }
                if (t.updatedAt() != null && o.updatedAt() != null) {
                    row.put(t.updatedAt(), dialect.timestamp(o.updatedAt()));
                }
                t.scopeColumns().forEach(s -> row.put(s, o.scope().get(s)));
                ObjectNode rest = o.properties();
                Map<String, ObjectNode> documents = new LinkedHashMap<>();
                for (Map.Entry<String, TableLayout.FieldColumn> f : t.fields().entrySet()) {
                    JsonNode v = rest.remove(f.getKey());
                    TableLayout.FieldColumn col = f.getValue();
                    if (!col.path().isEmpty()) {
                        ObjectNode doc = documents.computeIfAbsent(col.column(), k -> Json.object());
                        if (v != null) {
                            ObjectNode at = doc;
                            for (String segment :
                                    col.path().subList(0, col.path().size() - 1)) {
                                at = at.has(segment) ? (ObjectNode) at.get(segment) : at.putObject(segment);
                            }
                            at.set(col.path().get(col.path().size() - 1), v);
                        }
                    } else {
                        row.put(col.column(), v == null ? null : value(col.type(), v, o.id() + "." + f.getKey()));
                    }
                }
                documents.forEach((column, doc) -> row.put(column, new JsonText(Json.write(doc))));
                if (t.rest() != null) {
                    row.put(t.rest(), new JsonText(Json.write(rest)));
                } else if (!rest.isEmpty()) {
                    throw new IllegalArgumentException(o.id() + ": no column for " + rest);
                }
                for (TableLayout.ForeignKey fk : t.foreignKeys()) {
                    row.put(fk.columns().get(0), null);
                    for (GraphRelationship r : data.relationships()) {
                        if (r.srcId().equals(o.id()) && r.type().equals(fk.relationship())) {
                            row.put(fk.columns().get(0), r.dstId());
                            viaKeys.add(r);
                        }
                    }
                }
                insert(c, dialect, t.table(), row);
            }
            for (GraphRelationship r : data.relationships()) {
                if (viaKeys.contains(r)) {
                    continue;
                }
                TableLayout.EdgesTable e = layout.edges().stream()
                        .filter(x -> x.fixedType() == null || x.fixedType().equals(r.type()))
                        .findFirst()
                        .orElseThrow();
                Map<String, Object> row = new LinkedHashMap<>();
                if (e.id() != null) {
                    row.put(e.id(), r.id());
                }
                row.put(e.src(), r.srcId());
                row.put(e.dst(), r.dstId());
                if (e.typeColumn() != null) {
                    row.put(e.typeColumn(), r.type());
                }
                insert(c, dialect, e.table(), row);
            }
            if (dialect.name().equals("postgres")) {
                // a host's tables have statistics; without them PostgreSQL estimates a large filter
                // on an empty-looking table so high that JIT compiles it, for seconds
                try (Statement st = c.createStatement()) {
                    for (TableLayout.TypeTable t : layout.types()) {
                        st.execute("ANALYZE " + dialect.quoteIdentifier(t.table()));
                    }
                    for (TableLayout.EdgesTable e : layout.edges()) {
                        st.execute("ANALYZE " + dialect.quoteIdentifier(e.table()));
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A JSON document to bind through {@link Dialect#jsonValue}. */
    private record JsonText(String json) {}

    private static Object value(TableLayout.ColumnType type, JsonNode v, String where) {
        Object out =
                switch (type) {
                    case TEXT -> v.isTextual() ? v.textValue() : null;
                    case NUMBER -> v.isNumber() ? v.decimalValue() : null;
                    case BOOLEAN -> v.isBoolean() ? v.booleanValue() : null;
                    case TIMESTAMP ->
                        v.isTextual()
                                        && IsoDateTime.parse(v.textValue())
                                                .map(IsoDateTime::format)
                                                .filter(v.textValue()::equals)
                                                .isPresent()
                                ? IsoDateTime.parse(v.textValue())
                                        .map(Instant.class::cast)
                                        .orElseThrow()
                                : null;
                    case DATE ->
                        v.isTextual() ? IsoDateTime.localDate(v.textValue()).orElse(null) : null;
                    case JSON -> new JsonText(Json.write(v));
                    case TIMESTAMP_TEXT, EPOCH_SECONDS, EPOCH_MILLIS ->
                        throw new IllegalArgumentException("the fixture writes SQL timestamps only");
                };
        if (out == null) {
            throw new IllegalArgumentException(where + ": a " + type + " column cannot hold " + v);
        }
        return out;
    }

    private static void insert(Connection c, Dialect dialect, String table, Map<String, Object> row)
            throws SQLException {
        SqlWriter w = new SqlWriter()
                .append("INSERT INTO ")
                .append(dialect.quoteIdentifier(table))
                .append(" (");
        List<String> columns = List.copyOf(row.keySet());
        for (int i = 0; i < columns.size(); i++) {
            w.append(i == 0 ? "" : ", ").append(dialect.quoteIdentifier(columns.get(i)));
        }
        w.append(") VALUES (");
        for (int i = 0; i < columns.size(); i++) {
            w.append(i == 0 ? "" : ", ");
            Object v = row.get(columns.get(i));
            if (v instanceof JsonText j) {
                dialect.jsonValue(w, j.json());
            } else if (v instanceof Instant instant) {
                w.bind(dialect.timestamp(instant));
            } else if (v instanceof java.time.LocalDate day) {
                w.bind(dialect.date(day));
            } else {
                w.bind(v);
            }
        }
        Sql sql = w.append(")").toSql();
        try (PreparedStatement ps = c.prepareStatement(sql.text())) {
            for (int i = 0; i < sql.binds().size(); i++) {
                ps.setObject(i + 1, sql.binds().get(i));
            }
            ps.executeUpdate();
        }
    }
}
