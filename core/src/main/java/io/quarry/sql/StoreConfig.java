package io.quarry.sql;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.quarry.internal.Suggestions;
import io.quarry.schema.Names;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the {@code store} section of a configuration file into a {@link StoreMapping}: the graph
 * layout's table and column names, each defaulting to {@link StoreMapping#graph}'s.
 */
final class StoreConfig {
    static final YAMLMapper YAML = YAMLMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .build();

    private static final List<String> SECTION_KEYS = List.of("layout", "objects", "relationships", "tables");
    private static final List<String> OBJECT_KEYS =
            List.of("table", "id", "type", "properties", "created_at", "updated_at", "scope_columns");
    private static final List<String> RELATIONSHIP_KEYS = List.of("table", "id", "src_id", "dst_id", "type");

    private StoreConfig() {}

    static JsonNode parse(String jsonOrYaml, String source) {
        try {
            return YAML.readTree(jsonOrYaml);
        } catch (IOException e) {
            throw new IllegalArgumentException(source + ": not valid JSON or YAML: " + e.getMessage(), e);
        }
    }

    static Optional<StoreMapping> read(JsonNode root, String source) {
        JsonNode store = root == null ? null : root.get("store");
        if (store == null || store.isNull()) {
            return Optional.empty();
        }
        String where = source + ": store";
        if (!store.isObject()) {
            throw new IllegalArgumentException(where + ": expected an object with 'objects' and 'relationships'");
        }
        checkKeys(store, SECTION_KEYS, where);
        // layout: tables maps each type to a host table (TableLayoutConfig); graph, the default, is read here
        Optional<TableLayout> tables = TableLayoutConfig.read(root, source);
        if (tables.isPresent()) {
            if (store.has("objects") || store.has("relationships")) {
                throw new IllegalArgumentException(
                        where + ": 'objects' and 'relationships' name the graph layout's tables; with layout: tables,"
                                + " name the tables under 'tables' instead");
            }
            return Optional.of(StoreMapping.tables(tables.get()));
        }
        JsonNode layout = store.get("layout");
        if (layout != null && !"graph".equals(layout.asText())) {
            throw new IllegalArgumentException(
                    where + ".layout: unknown layout " + layout + "; use graph (the default) or tables");
        }
        StoreMapping d = StoreMapping.graph();
        JsonNode objects = section(store, "objects", OBJECT_KEYS, where);
        JsonNode rels = section(store, "relationships", RELATIONSHIP_KEYS, where);
        String o = where + ".objects";
        String r = where + ".relationships";
        StoreMapping mapping = new StoreMapping(
                name(objects, "table", d.objectsTable(), o, "table"),
                name(objects, "id", d.id(), o, "column"),
                name(objects, "type", d.type(), o, "column"),
                name(objects, "properties", d.properties(), o, "column"),
                name(objects, "created_at", d.createdAt(), o, "column"),
                name(objects, "updated_at", d.updatedAt(), o, "column"),
                scopeColumns(objects, o),
                name(rels, "table", d.relationshipsTable(), r, "table"),
                name(rels, "id", d.relationshipId(), r, "column"),
                name(rels, "src_id", d.srcId(), r, "column"),
                name(rels, "dst_id", d.dstId(), r, "column"),
                name(rels, "type", d.relationshipType(), r, "column"));
        List<Map.Entry<String, String>> objectColumns = new ArrayList<>(List.of(
                Map.entry("id", mapping.id()),
                Map.entry("type", mapping.type()),
                Map.entry("properties", mapping.properties()),
                Map.entry("created_at", mapping.createdAt()),
                Map.entry("updated_at", mapping.updatedAt())));
        mapping.scopeColumns().forEach(c -> objectColumns.add(Map.entry("scope_columns", c)));
        distinct(o, objectColumns);
        distinct(
                r,
                List.of(
                        Map.entry("id", mapping.relationshipId()),
                        Map.entry("src_id", mapping.srcId()),
                        Map.entry("dst_id", mapping.dstId()),
                        Map.entry("type", mapping.relationshipType())));
        if (mapping.objectsTable().equals(mapping.relationshipsTable())) {
            throw new IllegalArgumentException(where + ": objects and relationships need two tables, not both '"
                    + mapping.objectsTable() + "'; rename relationships.table");
        }
        return Optional.of(mapping);
    }

    private static JsonNode section(JsonNode store, String key, List<String> allowed, String where) {
        JsonNode node = store.get(key);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw new IllegalArgumentException(
                    where + "." + key + ": expected an object with " + String.join(", ", allowed));
        }
        checkKeys(node, allowed, where + "." + key);
        return node;
    }

    private static String name(JsonNode node, String key, String fallback, String where, String what) {
        JsonNode v = node == null ? null : node.get(key);
        if (v == null || v.isNull()) {
            return fallback;
        }
        if (!v.isTextual()) {
            throw new IllegalArgumentException(
                    where + "." + key + ": expected a " + what + " name as a string, such as '" + fallback + "'");
        }
        return identifier(v.asText(), where + "." + key, what);
    }

    private static String identifier(String name, String where, String what) {
        if (!Names.isIdentifier(name)) {
            throw new IllegalArgumentException(where + ": '" + name + "' is not a valid " + what
                    + " name; use letters, digits, '_' and '-', starting with a letter or '_' (at most 64)");
        }
        return name;
    }

    private static List<String> scopeColumns(JsonNode objects, String where) {
        JsonNode v = objects == null ? null : objects.get("scope_columns");
        List<String> columns = new ArrayList<>();
        if (v == null || v.isNull()) {
            return columns;
        }
        if (!v.isArray()) {
            throw new IllegalArgumentException(
                    where + ".scope_columns: expected a list of column names, such as [org_id]");
        }
        for (int i = 0; i < v.size(); i++) {
            String at = where + ".scope_columns[" + i + "]";
            if (!v.get(i).isTextual()) {
                throw new IllegalArgumentException(at + ": expected a column name as a string");
            }
            columns.add(identifier(v.get(i).asText(), at, "column"));
        }
        return columns;
    }

    /** Two roles never share a column of one table. */
    private static void distinct(String where, List<Map.Entry<String, String>> roles) {
        Map<String, String> byColumn = new HashMap<>();
        for (Map.Entry<String, String> role : roles) {
            String previous = byColumn.putIfAbsent(role.getValue(), role.getKey());
            if (previous != null) {
                throw new IllegalArgumentException(where + ": '" + previous + "' and '" + role.getKey()
                        + "' both name the column '" + role.getValue() + "'; give each its own column");
            }
        }
    }

    private static void checkKeys(JsonNode node, List<String> allowed, String where) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!allowed.contains(key)) {
                List<String> near = Suggestions.nearest(key, allowed, 1);
                throw new IllegalArgumentException(where + ": unknown key '" + key + "'"
                        + (near.isEmpty() ? "" : "; did you mean '" + near.get(0) + "'?") + " Allowed: "
                        + String.join(", ", allowed));
            }
        }
    }
}
