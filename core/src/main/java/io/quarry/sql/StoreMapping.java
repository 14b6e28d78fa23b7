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

    /**
     * The {@code store} section of a configuration (the file that also holds {@code types}), or empty
     * when it has none. Every key is optional and defaults to {@link #graph}'s name:
     *
     * <pre>{@code
     * store:
     *   objects: {table: graph_objects, id: id, type: kind, properties: props,
     *             created_at: created_at, updated_at: updated_at, scope_columns: [org_id]}
     *   relationships: {table: graph_edges, id: id, src_id: src_id, dst_id: dst_id, type: kind}
     * }</pre>
     *
     * @param config the whole configuration, parsed
     * @param source the file name for messages
     * @throws IllegalArgumentException naming the entry and saying what to change
     */
    public static java.util.Optional<StoreMapping> fromConfig(
            com.fasterxml.jackson.databind.JsonNode config, String source) {
        return StoreConfig.read(config, source);
    }

    /**
     * The {@code store} section of a configuration given as JSON or YAML text, or empty when it has none.
     *
     * @throws IllegalArgumentException naming the entry and saying what to change
     */
    public static java.util.Optional<StoreMapping> parse(String jsonOrYaml, String source) {
        return fromConfig(StoreConfig.parse(jsonOrYaml, source), source);
    }

    /**
     * The {@code store} section of a configuration file, or empty when it has none.
     *
     * @throws IllegalArgumentException when the file cannot be read, or naming the entry to change
     */
    public static java.util.Optional<StoreMapping> load(java.nio.file.Path file) {
        try {
            return parse(java.nio.file.Files.readString(file), file.toString());
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("cannot read configuration " + file + ": " + e.getMessage(), e);
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
