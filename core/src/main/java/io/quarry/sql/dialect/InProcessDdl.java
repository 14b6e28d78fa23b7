package io.quarry.sql.dialect;

import io.quarry.sql.LayoutDdl;
import io.quarry.sql.StoreMapping;
import java.util.ArrayList;
import java.util.List;

/**
 * The DDL of the in-process databases (H2, SQLite): the graph layout in their column types, with
 * their helper functions between the tables and the recommended indexes (type and recency, and both
 * ends of relationships). They advise no further indexes: their tests run in Java functions that no
 * index serves.
 *
 * @param types the column types
 * @param functions the statements that register the helper functions, or none
 */
record InProcessDdl(GraphDdl.Types types, List<String> functions) implements LayoutDdl {
    InProcessDdl {
        functions = List.copyOf(functions);
    }

    @Override
    public List<String> createGraphLayout(StoreMapping m) {
        GraphDdl ddl = new GraphDdl(m, InProcessSql::quote, types);
        List<String> statements = new ArrayList<>();
        statements.add(ddl.objectsTable(List.of(), ""));
        statements.add(ddl.relationshipsTable(List.of(), ""));
        statements.addAll(functions);
        ddl.indexes(List.of(), List.of()).forEach(index -> statements.add(ddl.createIndex(index)));
        return statements;
    }

    @Override
    public List<String> createHelperFunctions() {
        return functions;
    }
}
