package io.quarry.sql.dialect;

import io.quarry.sql.Dialect;
import io.quarry.sql.StoreMapping;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The graph layout's DDL, written once: the objects and relationships tables and their indexes, from
 * a mapping, a dialect's quoting and its column types. Each dialect chooses its indexes and extras;
 * the statements' shape is the same everywhere.
 *
 * @param m the mapping
 * @param quote the dialect's {@link Dialect#quoteIdentifier}
 * @param types the column types
 */
record GraphDdl(StoreMapping m, UnaryOperator<String> quote, Types types) {
    private static final String NOT_NULL = " NOT NULL";

    /**
     * The column types of the graph layout in one database.
     *
     * @param primaryKey the id columns' declaration, such as {@code text PRIMARY KEY}
     * @param key ids and scope values
     * @param name type names
     * @param json the JSON document column's declaration, given its quoted name
     * @param timestamp the timestamp columns
     */
    record Types(String primaryKey, String key, String name, UnaryOperator<String> json, String timestamp) {}

    /**
     * {@code CREATE TABLE IF NOT EXISTS} for the objects table.
     *
     * @param extras further column or index clauses, each after a comma
     * @param suffix what follows the closing parenthesis (table options), or empty
     */
    String objectsTable(List<String> extras, String suffix) {
        String properties = quote.apply(m.properties());
        List<String> columns = new ArrayList<>(List.of(
                column(m.id(), types.primaryKey()),
                column(m.type(), types.name() + NOT_NULL),
                properties + " " + types.json().apply(properties),
                column(m.createdAt(), types.timestamp() + NOT_NULL),
                column(m.updatedAt(), types.timestamp() + NOT_NULL)));
        m.scopeColumns().forEach(scope -> columns.add(column(scope, types.key())));
        return table(m.objectsTable(), columns, extras, suffix);
    }

    /** {@code CREATE TABLE IF NOT EXISTS} for the relationships table; see {@link #objectsTable}. */
    String relationshipsTable(List<String> extras, String suffix) {
        List<String> columns = List.of(
                column(m.relationshipId(), types.primaryKey()),
                column(m.srcId(), types.key() + NOT_NULL),
                column(m.dstId(), types.key() + NOT_NULL),
                column(m.relationshipType(), types.name() + NOT_NULL));
        return table(m.relationshipsTable(), columns, extras, suffix);
    }

    private String column(String name, String declaration) {
        return quote.apply(name) + " " + declaration;
    }

    private String table(String name, List<String> columns, List<String> extras, String suffix) {
        List<String> clauses = new ArrayList<>(columns);
        clauses.addAll(extras);
        return "CREATE TABLE IF NOT EXISTS " + quote.apply(name) + " (" + String.join(", ", clauses) + ")" + suffix;
    }

    /** {@code CREATE INDEX IF NOT EXISTS name ON table definition}; the names are quoted here. */
    String createIndex(String name, String table, String definition) {
        return createIndex(quote, name, table, definition);
    }

    /** {@link #createIndex(String, String, String)} for a dialect's own indexes beyond the layout. */
    static String createIndex(UnaryOperator<String> quote, String name, String table, String definition) {
        return "CREATE INDEX IF NOT EXISTS " + quote.apply(name) + " ON " + quote.apply(table) + " " + definition;
    }

    /** The quoted column list {@code ("a", "b")} of an index. */
    String columns(List<String> columns) {
        StringBuilder s = new StringBuilder("(");
        for (int i = 0; i < columns.size(); i++) {
            s.append(i == 0 ? "" : ", ").append(quote.apply(columns.get(i)));
        }
        return s.append(")").toString();
    }

    /** An index on columns of a table. */
    record Index(String name, String table, List<String> columns) {}

    /**
     * The layout's three indexes: the objects' {@code leading} columns then type and recency; each end
     * of a relationship followed by {@code relationshipTail}.
     */
    List<Index> indexes(List<String> leading, List<String> relationshipTail) {
        List<String> typeUpdated = new ArrayList<>(leading);
        typeUpdated.add(m.type());
        typeUpdated.add(m.updatedAt());
        List<String> src = new ArrayList<>(List.of(m.srcId()));
        src.addAll(relationshipTail);
        List<String> dst = new ArrayList<>(List.of(m.dstId()));
        dst.addAll(relationshipTail);
        return List.of(
                new Index(m.objectsTable() + "_type_updated", m.objectsTable(), typeUpdated),
                new Index(m.relationshipsTable() + "_src", m.relationshipsTable(), src),
                new Index(m.relationshipsTable() + "_dst", m.relationshipsTable(), dst));
    }

    /** {@code CREATE INDEX IF NOT EXISTS} for an index. */
    String createIndex(Index index) {
        return createIndex(index.name(), index.table(), columns(index.columns()));
    }
}
