package io.quarry.sql.dialect;

import io.quarry.schema.Names;
import io.quarry.sql.SortPart;
import io.quarry.sql.SqlWriter;
import io.quarry.sql.StoreMapping;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** What the embedded dialects (H2, SQLite) write alike: quoting, sort-key function calls, the layout's DDL. */
final class EmbeddedSql {
    private EmbeddedSql() {}

    /** An identifier in double quotes, after the naming rule. */
    static String quote(String identifier) {
        if (!Names.isIdentifier(identifier)) {
            throw new IllegalArgumentException("not a valid identifier: " + identifier);
        }
        return '"' + identifier + '"';
    }

    /** A call of the registered sort-key function of {@code part} on the value at {@code path}. */
    static void sortKey(SqlWriter w, String document, List<String> path, SortPart part) {
        String function =
                switch (part) {
                    case BRACKET -> "QUARRY_SORT_BRACKET";
                    case NUMBER -> "QUARRY_SORT_NUMBER";
                    case INSTANT -> "QUARRY_SORT_INSTANT";
                    case STRING -> "QUARRY_SORT_STRING";
                    case BOOLEAN -> "QUARRY_SORT_BOOLEAN";
                };
        w.append(function)
                .append("(")
                .append(document)
                .append(", ")
                .bind(String.join(".", path))
                .append(")");
    }

    /**
     * The column types of the graph layout in one database.
     *
     * @param key ids and scope values
     * @param name type names
     * @param json the JSON document column's declaration, given its quoted name
     * @param timestamp the timestamp columns
     */
    record Types(String key, String name, UnaryOperator<String> json, String timestamp) {}

    /** {@code CREATE TABLE IF NOT EXISTS} for the objects and the relationships table. */
    static List<String> tables(StoreMapping m, Types t) {
        StringBuilder objects = new StringBuilder("CREATE TABLE IF NOT EXISTS ")
                .append(quote(m.objectsTable()))
                .append(" (")
                .append(quote(m.id()))
                .append(" ")
                .append(t.key())
                .append(" PRIMARY KEY, ")
                .append(quote(m.type()))
                .append(" ")
                .append(t.name())
                .append(" NOT NULL, ")
                .append(quote(m.properties()))
                .append(" ")
                .append(t.json().apply(quote(m.properties())))
                .append(", ")
                .append(quote(m.createdAt()))
                .append(" ")
                .append(t.timestamp())
                .append(" NOT NULL, ")
                .append(quote(m.updatedAt()))
                .append(" ")
                .append(t.timestamp())
                .append(" NOT NULL");
        for (String scope : m.scopeColumns()) {
            objects.append(", ").append(quote(scope)).append(" ").append(t.key());
        }
        objects.append(")");
        String rel = "CREATE TABLE IF NOT EXISTS " + quote(m.relationshipsTable()) + " (" + quote(m.relationshipId())
                + " " + t.key() + " PRIMARY KEY, " + quote(m.srcId()) + " " + t.key() + " NOT NULL, "
                + quote(m.dstId()) + " " + t.key() + " NOT NULL, " + quote(m.relationshipType()) + " " + t.name()
                + " NOT NULL)";
        return new ArrayList<>(List.of(objects.toString(), rel));
    }

    /** The recommended indexes: type and recency, and both ends of relationships. */
    static List<String> indexes(StoreMapping m) {
        return List.of(
                index(m.objectsTable() + "_type_updated", m.objectsTable(), m.type(), m.updatedAt()),
                index(m.relationshipsTable() + "_src", m.relationshipsTable(), m.srcId()),
                index(m.relationshipsTable() + "_dst", m.relationshipsTable(), m.dstId()));
    }

    private static String index(String name, String table, String... columns) {
        StringBuilder s = new StringBuilder("CREATE INDEX IF NOT EXISTS ")
                .append(quote(name))
                .append(" ON ")
                .append(quote(table))
                .append(" (");
        for (int i = 0; i < columns.length; i++) {
            s.append(i == 0 ? "" : ", ").append(quote(columns[i]));
        }
        return s.append(")").toString();
    }
}
