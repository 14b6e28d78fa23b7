package io.quarry.config;

import io.quarry.schema.FieldType;
import io.quarry.schema.Names;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.TableLayout;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads the {@code store} section into a {@link StoreMapping}: the graph layout's table and column
 * names, each defaulting to {@link StoreMapping#graph}'s, or with {@code layout: tables} one table of
 * the host's per type ({@link TableLayout}).
 */
final class StoreSection {
    private static final Set<String> SECTION_KEYS =
            Set.of("layout", "objects", "relationships", "tables", "session", "roles");
    private static final Set<String> OBJECT_KEYS =
            Set.of("table", "id", "type", "properties", "created_at", "updated_at", "scope_columns");
    private static final Set<String> RELATIONSHIP_KEYS = Set.of("table", "id", "src_id", "dst_id", "type");
    private static final Set<String> TABLES_KEYS = Set.of("types", "edges");
    private static final Set<String> TYPE_KEYS =
            Set.of("table", "schema", "id", "created_at", "updated_at", "scope", "fields", "rest", "foreign_keys");
    private static final Set<String> ID_KEYS = Set.of("column", "columns", "type", "types", "form");
    private static final Set<String> FIELD_KEYS = Set.of("column", "type", "path", "as_text", "single_precision");
    private static final Set<String> KEY_KEYS = Set.of("column", "columns", "target", "relationship");
    private static final Set<String> EDGE_KEYS =
            Set.of("table", "schema", "id", "src", "dst", "type_column", "type", "src_type", "dst_type");

    private StoreSection() {}

    /** Whether the section says where the data lives: all but a section of only {@code session} and {@code roles}. */
    static boolean mapsData(ConfigNode store) {
        store.keys(SECTION_KEYS);
        Set<String> keys = store.entries("").keySet();
        return keys.isEmpty() || !Set.of("session", "roles").containsAll(keys);
    }

    /**
     * The {@code roles} map: the database role each caller role reads as, {@code hr: quarry_hr} ({@link
     * JdbcObjectStore.Builder#sessionRole} checks each).
     */
    static Map<String, String> roles(ConfigNode store) {
        Map<String, String> roles = new LinkedHashMap<>();
        store.get("roles").ifPresent(section -> section.entries(
                        "map each caller role to the database role its reads run as, such as hr: quarry_hr")
                .forEach((role, to) -> {
                    String databaseRole = to.text("write a database role, such as quarry_hr");
                    to.build(() -> JdbcObjectStore.builder().sessionRole(role, databaseRole));
                    roles.put(role, databaseRole);
                }));
        return roles;
    }

    /**
     * The {@code session} map: each session setting a read sets from the caller, {@code app.user_id: user}
     * or {@code app.tenant: scope.org_id} ({@link JdbcObjectStore.Builder#sessionSetting} checks each).
     */
    static Map<String, String> session(ConfigNode store) {
        Map<String, String> settings = new LinkedHashMap<>();
        store.get("session").ifPresent(session -> session.entries(
                        "map each session setting to where its value comes from, such as app.user_id: user")
                .forEach((name, from) -> {
                    String source = from.text("write user or scope.KEY, such as scope.org_id");
                    from.build(() -> JdbcObjectStore.builder().sessionSetting(name, source));
                    settings.put(name, source);
                }));
        return settings;
    }

    static StoreMapping read(ConfigNode store) {
        store.keys(SECTION_KEYS);
        String layout =
                store.get("layout").map(n -> n.text("write graph or tables")).orElse("graph");
        if (layout.equals("tables")) {
            if (store.has("objects") || store.has("relationships")) {
                throw store.error(
                        "'objects' and 'relationships' name the graph layout's tables",
                        "with layout: tables, name the tables under 'tables' instead");
            }
            ConfigNode tables = store.require("tables", "with layout: tables, map each type to its table");
            return StoreMapping.tables(tables(tables));
        }
        if (!layout.equals("graph")) {
            throw store.get("layout")
                    .orElseThrow()
                    .error("unknown layout '" + layout + "'", "use graph (the default) or tables");
        }
        store.get("tables").ifPresent(t -> {
            throw t.error("is set but store.layout is not 'tables'", "add layout: tables");
        });
        return graph(store);
    }

    private static StoreMapping graph(ConfigNode store) {
        StoreMapping d = StoreMapping.graph();
        ConfigNode objects = section(store, "objects", OBJECT_KEYS);
        ConfigNode rels = section(store, "relationships", RELATIONSHIP_KEYS);
        List<String> scopeColumns = new ArrayList<>();
        if (objects != null && objects.has("scope_columns")) {
            for (ConfigNode c : objects.get("scope_columns")
                    .orElseThrow()
                    .items("write a list of column names, such as [org_id]")) {
                scopeColumns.add(TypesSection.identifier(c, c.text("write a column name"), "column"));
            }
        }
        StoreMapping mapping = new StoreMapping(
                name(objects, "table", d.objectsTable(), "table"),
                name(objects, "id", d.id(), "column"),
                name(objects, "type", d.type(), "column"),
                name(objects, "properties", d.properties(), "column"),
                name(objects, "created_at", d.createdAt(), "column"),
                name(objects, "updated_at", d.updatedAt(), "column"),
                scopeColumns,
                name(rels, "table", d.relationshipsTable(), "table"),
                name(rels, "id", d.relationshipId(), "column"),
                name(rels, "src_id", d.srcId(), "column"),
                name(rels, "dst_id", d.dstId(), "column"),
                name(rels, "type", d.relationshipType(), "column"));
        List<Map.Entry<String, String>> objectColumns = new ArrayList<>(List.of(
                Map.entry("id", mapping.id()),
                Map.entry("type", mapping.type()),
                Map.entry("properties", mapping.properties()),
                Map.entry("created_at", mapping.createdAt()),
                Map.entry("updated_at", mapping.updatedAt())));
        mapping.scopeColumns().forEach(c -> objectColumns.add(Map.entry("scope_columns", c)));
        distinct(objects != null ? objects : store, objectColumns);
        distinct(
                rels != null ? rels : store,
                List.of(
                        Map.entry("id", mapping.relationshipId()),
                        Map.entry("src_id", mapping.srcId()),
                        Map.entry("dst_id", mapping.dstId()),
                        Map.entry("type", mapping.relationshipType())));
        if (mapping.objectsTable().equals(mapping.relationshipsTable())) {
            throw store.error(
                    "objects and relationships need two tables, not both '" + mapping.objectsTable() + "'",
                    "rename relationships.table");
        }
        return mapping;
    }

    private static ConfigNode section(ConfigNode store, String key, Set<String> allowed) {
        return store.get(key)
                .map(n -> n.object("give some of " + String.join(", ", new java.util.TreeSet<>(allowed)))
                        .keys(allowed))
                .orElse(null);
    }

    /** The name at {@code key}, checked against the naming rule, or the fallback. */
    private static String name(ConfigNode node, String key, String fallback, String what) {
        if (node == null || !node.has(key)) {
            return fallback;
        }
        ConfigNode v = node.get(key).orElseThrow();
        return TypesSection.identifier(
                v, v.text("write a " + what + " name, such as '" + (fallback != null ? fallback : key) + "'"), what);
    }

    /** A table layout's table, schema or column name: one the dialect quotes, spaces included. */
    private static String layoutName(ConfigNode node, String key, String fallback, String what) {
        if (node == null || !node.has(key)) {
            return fallback;
        }
        ConfigNode v = node.get(key).orElseThrow();
        return sqlName(
                v, v.text("write a " + what + " name, such as '" + (fallback != null ? fallback : key) + "'"), what);
    }

    /** A table, schema or column name: any the dialect quotes ({@code Order Details}, {@code zip code}). */
    private static String sqlName(ConfigNode at, String name, String what) {
        if (!Names.isSqlName(name)) {
            throw at.error(
                    "'" + name + "' is not a " + what + " name Quarry can quote",
                    "use letters, digits, spaces and _ $ # & . ( ) / + - (at most 64, no space at either end)");
        }
        return name;
    }

    /** Two roles never share a column of one table. */
    private static void distinct(ConfigNode at, List<Map.Entry<String, String>> roles) {
        Map<String, String> byColumn = new HashMap<>();
        for (Map.Entry<String, String> role : roles) {
            String previous = byColumn.putIfAbsent(role.getValue(), role.getKey());
            if (previous != null) {
                throw at.error(
                        "'" + previous + "' and '" + role.getKey() + "' both name the column '" + role.getValue() + "'",
                        "give each its own column");
            }
        }
    }

    private static TableLayout tables(ConfigNode tables) {
        tables.keys(TABLES_KEYS);
        ConfigNode typesNode = tables.require("types", "map each type name to its table");
        Map<String, ConfigNode> entries = typesNode.entries("map each type name to {table, fields, ...}");
        if (entries.isEmpty()) {
            throw typesNode.error("maps no type", "map at least one type name to its table");
        }
        List<String> typeNames = List.copyOf(entries.keySet());
        List<TableLayout.TypeTable> types = new ArrayList<>();
        for (Map.Entry<String, ConfigNode> e : entries.entrySet()) {
            types.add(type(e.getKey(), e.getValue(), typeNames));
        }
        List<TableLayout.EdgesTable> edges = new ArrayList<>();
        for (ConfigNode edge : tables.get("edges")
                .map(n -> n.items("write a list of edges tables, such as [{table: links, src: src, dst: dst}]"))
                .orElse(List.of())) {
            edges.add(edge(edge, typeNames));
        }
        return tables.build(() -> new TableLayout(types, edges));
    }

    private static TableLayout.TypeTable type(String type, ConfigNode node, List<String> typeNames) {
        TypesSection.identifier(node, type, "type");
        node.object("give table, and optionally id, fields, scope, foreign_keys")
                .keys(TYPE_KEYS);
        node.require("table", "name the type's table");
        Map<String, TableLayout.FieldColumn> fields = new LinkedHashMap<>();
        for (Map.Entry<String, ConfigNode> f : node.get("fields")
                .map(n -> n.entries("map each field name to a column, or to {column, type, path}"))
                .orElse(Map.of())
                .entrySet()) {
            TypesSection.identifier(f.getValue(), f.getKey(), "field");
            fields.put(f.getKey(), field(f.getValue()));
        }
        List<String> scope = new ArrayList<>();
        for (ConfigNode s : node.get("scope")
                .map(n -> n.items("write a list of column names, such as [org_id]"))
                .orElse(List.of())) {
            scope.add(sqlName(s, s.text("write a column name"), "column"));
        }
        List<TableLayout.ForeignKey> keys = new ArrayList<>();
        for (ConfigNode k : node.get("foreign_keys")
                .map(n -> n.items("write a list of {column, target, relationship}"))
                .orElse(List.of())) {
            k.object("give column (or columns), target and relationship").keys(KEY_KEYS);
            String remedy = "give column (or columns), target and relationship";
            k.require("relationship", remedy);
            String targetType = k.require("target", remedy)
                    .oneOf(typeNames, "type", "map it under store.tables.types, or point to one of ");
            List<String> columns = columns(k, "the foreign key's column");
            keys.add(k.build(() ->
                    new TableLayout.ForeignKey(columns, targetType, name(k, "relationship", null, "relationship"))));
        }
        TableLayout.Key key = key(node);
        return node.build(() -> new TableLayout.TypeTable(
                type,
                layoutName(node, "schema", null, "schema"),
                layoutName(node, "table", null, "table"),
                key,
                timestamp(node, "created_at").getKey(),
                timestamp(node, "updated_at").getKey(),
                scope,
                fields,
                layoutName(node, "rest", null, "column"),
                keys,
                timestamp(node, "created_at").getValue(),
                timestamp(node, "updated_at").getValue()));
    }

    /**
     * {@code created_at: column} (a SQL timestamp) or {@code {column, type}} with type timestamp,
     * timestamp_text, epoch_seconds or epoch_millis; a {@code null} column when the key is absent.
     */
    private static Map.Entry<String, TableLayout.ColumnType> timestamp(ConfigNode node, String key) {
        ConfigNode v = node.get(key).orElse(null);
        if (v == null || v.isText()) {
            return new java.util.AbstractMap.SimpleImmutableEntry<>(
                    layoutName(node, key, null, "column"), TableLayout.ColumnType.TIMESTAMP);
        }
        String remedy = "write a column name, or {column, type} with type timestamp, timestamp_text, epoch_seconds"
                + " or epoch_millis";
        v.object(remedy).keys(Set.of("column", "type"));
        v.require("column", remedy);
        String column = layoutName(v, "column", null, "column");
        TableLayout.ColumnType type = TableLayout.ColumnType.TIMESTAMP;
        if (v.has("type")) {
            ConfigNode t = v.get("type").orElseThrow();
            String typeName = t.text(remedy);
            type = java.util.Arrays.stream(TableLayout.ColumnType.values())
                    .filter(c -> c.instant() && c.configName().equals(typeName))
                    .findFirst()
                    .orElseThrow(() -> t.error("unknown timestamp column type '" + typeName + "'", remedy));
        }
        return new java.util.AbstractMap.SimpleImmutableEntry<>(column, type);
    }

    /** {@code column: c} or {@code columns: [a, b]}, one of them required. */
    private static List<String> columns(ConfigNode node, String what) {
        if (node.has("column") == node.has("columns")) {
            throw node.error(
                    node.has("column") ? "has both column and columns" : "names no column",
                    "give column: name, or columns: [a, b] for " + what + " of several columns");
        }
        if (node.has("column")) {
            return List.of(layoutName(node, "column", null, "column"));
        }
        List<String> out = new ArrayList<>();
        for (ConfigNode c : node.get("columns").orElseThrow().items("write a list of column names, such as [a, b]")) {
            out.add(sqlName(c, c.text("write a column name"), "column"));
        }
        if (out.isEmpty()) {
            throw node.error("lists no column", "write a list of column names, such as [a, b]");
        }
        return out;
    }

    /**
     * The key: {@code id: customer_id} (one text column) or {@code id: {column | columns, type | types,
     * form}}, where each type is text, integer, number or uuid and form is qualified (ids {@code
     * Type:key}, the default) or bare (the key itself, for keys unique across the layout's tables).
     */
    private static TableLayout.Key key(ConfigNode node) {
        if (!node.has("id")) {
            return new TableLayout.Key(List.of("id"), List.of(TableLayout.KeyType.TEXT), true);
        }
        ConfigNode id = node.get("id").orElseThrow();
        if (id.isText()) {
            String column = sqlName(id, id.text(""), "column");
            return new TableLayout.Key(List.of(column), List.of(TableLayout.KeyType.TEXT), true);
        }
        id.object("write a column name, or {column, type, form}, or {columns, types, form}")
                .keys(ID_KEYS);
        List<String> columns = columns(id, "a key");
        List<ConfigNode> typeNodes;
        if (id.has("type") && id.has("types")) {
            throw id.error("has both type and types", "give type: for one column, types: [...] for several");
        } else if (id.has("types")) {
            typeNodes = id.get("types").orElseThrow().items("write a list of key types, such as [integer, integer]");
        } else {
            typeNodes = id.get("type").map(List::of).orElse(List.of());
        }
        List<TableLayout.KeyType> types = new ArrayList<>();
        for (ConfigNode t : typeNodes) {
            String typeName = t.text("write text, integer, number, uuid, date or as_text");
            try {
                types.add(TableLayout.KeyType.valueOf(typeName.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw t.error(
                        "unknown key type '" + typeName + "'", "use one of text, integer, number, uuid, date, as_text");
            }
        }
        if (types.isEmpty()) {
            columns.forEach(c -> types.add(TableLayout.KeyType.TEXT));
        }
        if (types.size() != columns.size()) {
            throw id.error(
                    "names " + columns.size() + " column(s) and " + types.size() + " type(s)",
                    "give one type per key column, in the same order");
        }
        boolean qualified = true;
        if (id.has("form")) {
            ConfigNode f = id.get("form").orElseThrow();
            String form = f.text("write qualified or bare");
            if (!form.equals("qualified") && !form.equals("bare")) {
                throw f.error("unknown id form '" + form + "'", "use qualified (ids Type:key, the default) or bare");
            }
            qualified = form.equals("qualified");
        }
        boolean q = qualified;
        return id.build(() -> new TableLayout.Key(columns, types, q));
    }

    /** {@code title: title} (a text column) or {@code {column, type, path}}. */
    private static TableLayout.FieldColumn field(ConfigNode node) {
        if (node.isText()) {
            String column = sqlName(node, node.text(""), "column");
            return TableLayout.FieldColumn.column(column, TableLayout.ColumnType.TEXT);
        }
        node.object("write a column name, or {column, type, path, as_text, single_precision}")
                .keys(FIELD_KEYS);
        node.require("column", "name the field's column");
        String column = layoutName(node, "column", null, "column");
        List<String> path = new ArrayList<>();
        if (node.has("path")) {
            ConfigNode p = node.get("path").orElseThrow();
            for (String segment :
                    p.text("write a dotted path, such as meta.owner").split("\\.", -1)) {
                path.add(TypesSection.identifier(p, segment, "path segment"));
            }
        }
        TableLayout.ColumnType type = path.isEmpty() ? TableLayout.ColumnType.TEXT : TableLayout.ColumnType.JSON;
        if (node.has("type")) {
            ConfigNode t = node.get("type").orElseThrow();
            String typeName = t.text(
                    "write a column type (text, number, boolean, timestamp, timestamp_text, epoch_seconds, epoch_millis, date,"
                            + " json) or a field type");
            if (!path.isEmpty() && FieldType.fromJsonName(typeName).isPresent()) {
                type = TableLayout.ColumnType.JSON; // a field type inside a JSON column
            } else {
                type = columnType(t, typeName);
            }
            if (!path.isEmpty() && type != TableLayout.ColumnType.JSON) {
                throw t.error("a path inside column '" + column + "' needs a json column", "set type: json");
            }
        }
        TableLayout.ColumnType columnType = type;
        boolean asText = node.get("as_text")
                .map(a -> a.bool("write true (the column is of a non-text SQL type, read as its text) or false"))
                .orElse(false);
        boolean single = node.get("single_precision")
                .map(a -> a.bool("write true (the column holds single-precision floats: real, float4) or false"))
                .orElse(false);
        return node.build(() -> new TableLayout.FieldColumn(column, columnType, path, asText, single));
    }

    /** A column type, or a field type naming the column type it is stored in ({@code integer}: number). */
    private static TableLayout.ColumnType columnType(ConfigNode at, String typeName) {
        try {
            return TableLayout.ColumnType.valueOf(typeName.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return FieldType.fromJsonName(typeName)
                    .map(LayoutFields::columnOf)
                    .orElseThrow(() -> at.error(
                            "unknown column type '" + typeName + "'",
                            "use a column type (text, number, boolean, timestamp, timestamp_text, epoch_seconds, epoch_millis,"
                                    + " date, json) or a field type ("
                                    + FieldType.jsonNames() + ")"));
        }
    }

    private static TableLayout.EdgesTable edge(ConfigNode node, List<String> typeNames) {
        node.object("give table, src, dst, and type_column or type").keys(EDGE_KEYS);
        node.require("table", "name the edges table");
        if (node.has("type") && node.has("type_column")) {
            throw node.error(
                    "has both type_column and type",
                    "give type_column (the column holding each row's type) or type (one type for every row)");
        }
        return node.build(() -> new TableLayout.EdgesTable(
                layoutName(node, "schema", null, "schema"),
                layoutName(node, "table", null, "table"),
                layoutName(node, "id", null, "column"),
                layoutName(node, "src", "src_id", "column"),
                layoutName(node, "dst", "dst_id", "column"),
                node.has("type") ? null : layoutName(node, "type_column", "type", "column"),
                name(node, "type", null, "relationship"),
                endType(node, "src_type", typeNames),
                endType(node, "dst_type", typeNames)));
    }

    private static String endType(ConfigNode node, String key, List<String> typeNames) {
        return node.get(key)
                .map(t -> t.oneOf(typeNames, "type", "map it under store.tables.types, or point to one of "))
                .orElse(null);
    }
}
