package io.quarry.sql;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads the table layout from the {@code store} section of the configuration file:
 * {@code store: {layout: tables, tables: {types: {...}, edges: [...]}}}. Only {@code layout} and
 * {@code tables} of the section are read here; inside {@code tables} an unknown key is an error that
 * lists the allowed keys.
 */
final class TableLayoutConfig {
    private static final Set<String> TABLES_KEYS = Set.of("types", "edges");
    private static final Set<String> TYPE_KEYS =
            Set.of("table", "id", "created_at", "updated_at", "scope", "fields", "rest", "foreign_keys");
    private static final Set<String> FIELD_KEYS = Set.of("column", "type", "path");
    private static final Set<String> KEY_KEYS = Set.of("column", "target", "relationship");
    private static final Set<String> EDGE_KEYS = Set.of("table", "id", "src", "dst", "type_column", "type");

    private TableLayoutConfig() {}

    /** The table layout of a configuration, or empty when its {@code store.layout} is not {@code tables}. */
    static Optional<TableLayout> read(JsonNode config, String source) {
        JsonNode store = config == null ? null : config.get("store");
        if (store == null || store.isNull()) {
            return Optional.empty();
        }
        JsonNode layout = store.get("layout");
        String where = source + ": store";
        if (layout == null || !"tables".equals(layout.asText())) {
            if (store.has("tables")) {
                throw error(where + ".tables", "is set but store.layout is not 'tables'; add layout: tables");
            }
            return Optional.empty();
        }
        JsonNode tables = object(store.get("tables"), where + ".tables");
        keys(tables, TABLES_KEYS, where + ".tables");
        List<TableLayout.TypeTable> types = new ArrayList<>();
        JsonNode typesNode = object(tables.get("types"), where + ".tables.types");
        for (Map.Entry<String, JsonNode> e : typesNode.properties()) {
            types.add(type(e.getKey(), e.getValue(), where + ".tables.types." + e.getKey()));
        }
        List<TableLayout.EdgesTable> edges = new ArrayList<>();
        JsonNode edgesNode = tables.get("edges");
        if (edgesNode != null && !edgesNode.isNull()) {
            if (!edgesNode.isArray()) {
                throw error(where + ".tables.edges", "must be a list of edges tables");
            }
            for (int i = 0; i < edgesNode.size(); i++) {
                edges.add(edge(edgesNode.get(i), where + ".tables.edges[" + i + "]"));
            }
        }
        return Optional.of(build(where + ".tables", () -> new TableLayout(types, edges)));
    }

    private static TableLayout.TypeTable type(String name, JsonNode node, String where) {
        object(node, where);
        keys(node, TYPE_KEYS, where);
        Map<String, TableLayout.FieldColumn> fields = new LinkedHashMap<>();
        JsonNode fieldsNode = node.get("fields");
        if (fieldsNode != null && !fieldsNode.isNull()) {
            object(fieldsNode, where + ".fields");
            for (Map.Entry<String, JsonNode> f : fieldsNode.properties()) {
                fields.put(f.getKey(), field(f.getValue(), where + ".fields." + f.getKey()));
            }
        }
        List<String> scope = new ArrayList<>();
        JsonNode scopeNode = node.get("scope");
        if (scopeNode != null && !scopeNode.isNull()) {
            if (!scopeNode.isArray()) {
                throw error(where + ".scope", "must be a list of column names, such as [org_id]");
            }
            scopeNode.forEach(s -> scope.add(s.asText()));
        }
        List<TableLayout.ForeignKey> keys = new ArrayList<>();
        JsonNode keysNode = node.get("foreign_keys");
        if (keysNode != null && !keysNode.isNull()) {
            if (!keysNode.isArray()) {
                throw error(where + ".foreign_keys", "must be a list of {column, target, relationship}");
            }
            for (int i = 0; i < keysNode.size(); i++) {
                String at = where + ".foreign_keys[" + i + "]";
                JsonNode k = object(keysNode.get(i), at);
                keys(k, KEY_KEYS, at);
                keys.add(build(
                        at,
                        () -> new TableLayout.ForeignKey(
                                required(k, "column", at),
                                required(k, "target", at),
                                required(k, "relationship", at))));
            }
        }
        return build(
                where,
                () -> new TableLayout.TypeTable(
                        name,
                        required(node, "table", where),
                        text(node, "id", "id"),
                        text(node, "created_at", null),
                        text(node, "updated_at", null),
                        scope,
                        fields,
                        text(node, "rest", null),
                        keys));
    }

    /** {@code title: title} (a text column) or {@code {column, type, path}}. */
    private static TableLayout.FieldColumn field(JsonNode node, String where) {
        if (node.isTextual()) {
            return build(where, () -> TableLayout.FieldColumn.column(node.asText(), TableLayout.ColumnType.TEXT));
        }
        object(node, where);
        keys(node, FIELD_KEYS, where);
        String column = required(node, "column", where);
        String path = text(node, "path", null);
        String typeName = text(node, "type", path == null ? "text" : "json");
        TableLayout.ColumnType type;
        try {
            type = TableLayout.ColumnType.valueOf(typeName.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw error(
                    where + ".type",
                    "unknown column type '" + typeName + "'; use one of text, number, boolean," + " timestamp, json");
        }
        List<String> segments = path == null ? List.of() : List.of(path.split("\\.", -1));
        return build(where, () -> new TableLayout.FieldColumn(column, type, segments));
    }

    private static TableLayout.EdgesTable edge(JsonNode node, String where) {
        object(node, where);
        keys(node, EDGE_KEYS, where);
        return build(
                where,
                () -> new TableLayout.EdgesTable(
                        required(node, "table", where),
                        text(node, "id", null),
                        text(node, "src", "src_id"),
                        text(node, "dst", "dst_id"),
                        text(node, "type_column", node.has("type") ? null : "type"),
                        text(node, "type", null)));
    }

    private static <T> T build(String where, java.util.function.Supplier<T> make) {
        try {
            return make.get();
        } catch (IllegalArgumentException e) {
            throw error(where, e.getMessage().replace("store mapping: ", ""));
        }
    }

    private static JsonNode object(JsonNode node, String where) {
        if (node == null || !node.isObject()) {
            throw error(where, "must be a mapping");
        }
        return node;
    }

    private static void keys(JsonNode node, Set<String> allowed, String where) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!allowed.contains(key)) {
                throw error(
                        where,
                        "unknown key '" + key + "'; allowed keys are " + String.join(", ", new TreeSet<>(allowed)));
            }
        }
    }

    private static String required(JsonNode node, String key, String where) {
        JsonNode v = node.get(key);
        if (v == null || !v.isTextual() || v.asText().isEmpty()) {
            throw error(where + "." + key, "is required: a table or column name");
        }
        return v.asText();
    }

    private static String text(JsonNode node, String key, String fallback) {
        JsonNode v = node.get(key);
        return v == null || v.isNull() ? fallback : v.asText();
    }

    private static IllegalArgumentException error(String where, String message) {
        return new IllegalArgumentException(where + ": " + message);
    }
}
