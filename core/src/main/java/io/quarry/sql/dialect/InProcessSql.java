package io.quarry.sql.dialect;

import io.quarry.sql.SortPart;
import io.quarry.sql.SqlWriter;
import java.util.List;

/**
 * What the in-process dialects (H2, SQLite, whose tests run as Java functions in the JVM) write alike:
 * quoting and calls of their Java functions. Their DDL is {@link InProcessDdl}.
 */
final class InProcessSql {
    private InProcessSql() {}

    /** An identifier in double quotes, after the naming rule. */
    static String quote(String identifier) {
        return Identifiers.quote(identifier, '"');
    }

    /**
     * Opens a call of {@code function} on the value at {@code path} of {@code document}: {@code
     * F(document, ?} with the dotted path bound; the caller closes it.
     */
    static SqlWriter openCall(SqlWriter w, InProcessFunction function, String document, List<String> path) {
        return w.append(function.sqlName())
                .append("(")
                .append(document)
                .append(", ")
                .bind(String.join(".", path));
    }

    /** A call of the registered sort-key function of {@code part} on the value at {@code path}. */
    static void sortKey(SqlWriter w, String document, List<String> path, SortPart part) {
        openCall(w, InProcessFunction.sortKey(part), document, path).append(")");
    }
}
