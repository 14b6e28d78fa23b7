package io.quarry.sql;

import static java.util.Objects.requireNonNull;

import io.quarry.schema.Names;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a {@link JdbcObjectStore} finds objects and relationships: the graph layout, one objects table
 * (id, type, JSON properties, timestamps, scope columns) and one relationships table (id, src_id,
 * dst_id, type), with every table and column name configurable; or the table layout ({@link #tables}),
 * one table per type of the host's own schema.
 *
 * @param objectsTable the objects table
 * @param id the id column
 * @param type the type column
 * @param properties the JSON properties column
 * @param createdAt the creation timestamp column
 * @param updatedAt the update timestamp column
 * @param scopeColumns the scope keys, each a column of the objects table with the same name
 * @param relationshipsTable the relationships table
 * @param relationshipId its id column
 * @param srcId its source column
 * @param dstId its target column
 * @param relationshipType its type column
 * @param tables the table layout (one table per type), or {@code null} for the graph layout; with a
 *     table layout the graph layout's names are unused
 */
public record StoreMapping(
        String objectsTable,
        String id,
        String type,
        String properties,
        String createdAt,
        String updatedAt,
        List<String> scopeColumns,
        String relationshipsTable,
        String relationshipId,
        String srcId,
        String dstId,
        String relationshipType,
        TableLayout tables) {

    /** Checks every name against the naming rule: they reach SQL only through the dialect's quoting. */
    public StoreMapping {
        scopeColumns = List.copyOf(requireNonNull(scopeColumns, "scopeColumns"));
        List<String> names = new ArrayList<>(List.of(
                objectsTable,
                id,
                type,
                properties,
                createdAt,
                updatedAt,
                relationshipsTable,
                relationshipId,
                srcId,
                dstId,
                relationshipType));
        names.addAll(scopeColumns);
        for (String name : names) {
            if (!Names.isIdentifier(requireNonNull(name, "a table or column name"))) {
                throw new IllegalArgumentException("store mapping: '" + name
                        + "' is not a valid table or column name; names must match " + Names.IDENTIFIER.pattern());
            }
        }
    }

    /** The graph layout with these names. */
    public StoreMapping(
            String objectsTable,
            String id,
            String type,
            String properties,
            String createdAt,
            String updatedAt,
            List<String> scopeColumns,
            String relationshipsTable,
            String relationshipId,
            String srcId,
            String dstId,
            String relationshipType) {
        this(
                objectsTable,
                id,
                type,
                properties,
                createdAt,
                updatedAt,
                scopeColumns,
                relationshipsTable,
                relationshipId,
                srcId,
                dstId,
                relationshipType,
                null);
    }

    /** The table layout: one table per type, relationships from edges tables and foreign keys. */
    public static StoreMapping tables(TableLayout tables) {
        StoreMapping g = graph();
        return new StoreMapping(
                g.objectsTable(),
                g.id(),
                g.type(),
                g.properties(),
                g.createdAt(),
                g.updatedAt(),
                List.of(),
                g.relationshipsTable(),
                g.relationshipId(),
                g.srcId(),
                g.dstId(),
                g.relationshipType(),
                requireNonNull(tables, "tables"));
    }

    /** The default graph layout ({@code quarry_objects}, {@code quarry_relationships}) with these scope columns. */
    public static StoreMapping graph(String... scopeColumns) {
        return new StoreMapping(
                "quarry_objects",
                "id",
                "type",
                "properties",
                "created_at",
                "updated_at",
                List.of(scopeColumns),
                "quarry_relationships",
                "id",
                "src_id",
                "dst_id",
                "type");
    }
}
