package io.quarry.sql.dialect;

import io.quarry.sql.SortPart;
import io.quarry.sql.SqlWriter;
import io.quarry.sql.StoreMapping;
import java.util.ArrayList;
import java.util.List;

/** What the embedded dialects (H2, SQLite) write alike: quoting, calls of their Java functions, the layout's DDL. */
final class EmbeddedSql {
    private EmbeddedSql() {}

    /** An identifier in double quotes, after the naming rule. */
    static String quote(String identifier) {
        return Identifiers.quote(identifier, '"');
    }

    /**
     * Opens a call of {@code function} on the value at {@code path} of {@code document}: {@code
     * F(document, ?} with the dotted path bound; the caller closes it.
     */
    static SqlWriter openCall(SqlWriter w, EmbeddedFunction function, String document, List<String> path) {
        return w.append(function.sqlName())
                .append("(")
                .append(document)
                .append(", ")
                .bind(String.join(".", path));
    }

    /** A call of the registered sort-key function of {@code part} on the value at {@code path}. */
    static void sortKey(SqlWriter w, String document, List<String> path, SortPart part) {
        openCall(w, EmbeddedFunction.sortKey(part), document, path).append(")");
    }

    /**
     * The graph layout: its tables, then {@code functions}, then the recommended indexes (type and
     * recency, and both ends of relationships).
     */
    static List<String> createGraphLayout(StoreMapping m, GraphDdl.Types types, List<String> functions) {
        GraphDdl ddl = new GraphDdl(m, EmbeddedSql::quote, types);
        List<String> statements = new ArrayList<>();
        statements.add(ddl.objectsTable(List.of(), ""));
        statements.add(ddl.relationshipsTable(List.of(), ""));
        statements.addAll(functions);
        ddl.indexes(List.of(), List.of()).forEach(index -> statements.add(ddl.createIndex(index)));
        return statements;
    }
}
