package io.quarry.sql.dialect;

import io.quarry.schema.Schema;
import io.quarry.sql.LayoutDdl;
import io.quarry.sql.StoreMapping;
import java.util.ArrayList;
import java.util.List;

/**
 * MariaDB's and MySQL's DDL: the graph layout in InnoDB tables, the two key functions ({@link
 * KeyFunctions}), with full text the {@code FULLTEXT} column ({@link InnoDbFullText}), and on MariaDB
 * the generated columns of declared fields ({@link GeneratedColumns}).
 *
 * @param dialect the dialect whose quoting, collation and JSON paths the statements use
 * @param mariadb MariaDB, else MySQL
 * @param fullTextColumn the full-text column, or {@code null} without full text
 */
record MySqlDdl(MySqlDialect dialect, boolean mariadb, String fullTextColumn) implements LayoutDdl {
    /**
     * {@inheritDoc}
     *
     * <p>MariaDB: a {@code VIRTUAL} generated column and its index per declared field and kind
     * ({@code string}/{@code enum}, {@code number}/{@code integer}, {@code date}/{@code datetime}),
     * see {@link GeneratedColumns}; MySQL: none.
     */
    @Override
    public List<String> schemaIndexes(StoreMapping mapping, Schema schema) {
        if (!mariadb || mapping.tables() != null) {
            return List.of();
        }
        return GeneratedColumns.ddl(dialect, mapping, schema);
    }

    /**
     * {@inheritDoc}
     *
     * <p>InnoDB tables in utf8mb4 with the binary no-pad collation; timestamps as {@code DATETIME(6)}
     * in UTC; the two key functions; indexes on the relationship ends, the type with
     * {@code updated_at}, and each scope column with the type and {@code updated_at}. MariaDB gets
     * {@code CREATE INDEX IF NOT EXISTS}; MySQL, which has no such statement, the same indexes inside
     * {@code CREATE TABLE IF NOT EXISTS}. With {@link MySqlDialect#withFullText}, the full-text column and its
     * {@code FULLTEXT} index ({@code ADD COLUMN IF NOT EXISTS}, so an existing layout gains them).
     */
    @Override
    public List<String> createGraphLayout(StoreMapping m) {
        GraphDdl ddl = new GraphDdl(
                m,
                dialect::quoteIdentifier,
                new GraphDdl.Types(
                        "VARCHAR(255) NOT NULL PRIMARY KEY",
                        "VARCHAR(255)",
                        "VARCHAR(64)",
                        column -> "JSON NOT NULL",
                        "DATETIME(6)"));
        List<GraphDdl.Index> layout = ddl.indexes(List.of(), List.of(m.relationshipType()));
        List<GraphDdl.Index> objectIndexes = new ArrayList<>(List.of(layout.get(0)));
        for (String scope : m.scopeColumns()) {
            objectIndexes.add(new GraphDdl.Index(
                    m.objectsTable() + "_" + scope, m.objectsTable(), List.of(scope, m.type(), m.updatedAt())));
        }
        List<GraphDdl.Index> relationshipIndexes = layout.subList(1, layout.size());
        String table = " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=" + dialect.collation();
        List<String> statements = new ArrayList<>();
        if (mariadb) {
            statements.add(ddl.objectsTable(List.of(), table));
            statements.add(ddl.relationshipsTable(List.of(), table));
            objectIndexes.forEach(index -> statements.add(ddl.createIndex(index)));
            relationshipIndexes.forEach(index -> statements.add(ddl.createIndex(index)));
            if (fullTextColumn != null) {
                // ALTER, not a column of CREATE TABLE: an existing layout gains it too
                statements.addAll(InnoDbFullText.ddl(dialect, m.objectsTable(), m.properties(), fullTextColumn));
            }
        } else {
            statements.add(ddl.objectsTable(inTable(ddl, objectIndexes), table));
            statements.add(ddl.relationshipsTable(inTable(ddl, relationshipIndexes), table));
        }
        statements.addAll(createHelperFunctions());
        return statements;
    }

    /** The {@code INDEX name (columns)} clauses of indexes declared inside {@code CREATE TABLE}. */
    private List<String> inTable(GraphDdl ddl, List<GraphDdl.Index> indexes) {
        return indexes.stream()
                .map(index -> "INDEX " + dialect.quoteIdentifier(index.name()) + " " + ddl.columns(index.columns()))
                .toList();
    }

    /**
     * {@inheritDoc}
     *
     * <p>On MariaDB and MySQL: the number-key and instant functions ({@link KeyFunctions}).
     */
    @Override
    public List<String> createHelperFunctions() {
        return List.of(KeyFunctions.number(), KeyFunctions.instant());
    }
}
