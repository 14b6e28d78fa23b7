package io.quarry.sql.introspect;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.schema.FieldType;
import io.quarry.schema.Names;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Derives a configuration tree from a {@link DatabaseModel}: one type per table or view with a
 * key (single or composite, each column with its key type), one field per column whose SQL type Quarry can read, relationships from foreign
 * keys in both directions, join tables as edges. Whatever the table layout cannot express is left
 * out with a warning, never an exception.
 */
final class ConfigDerivation {
    private static final Set<String> SECRET_WORDS =
            Set.of("password", "passwd", "pwd", "secret", "token", "hash", "salt", "credential", "credentials");
    private static final List<String> SECRET_PHRASES = List.of("api_key", "apikey", "private_key", "access_key");
    private static final List<String> CREATED =
            List.of("created_at", "created_on", "created", "creation_date", "date_created", "inserted_at");
    private static final List<String> UPDATED = List.of(
            "updated_at",
            "modified_at",
            "updated_on",
            "last_modified",
            "last_update",
            "last_updated",
            "date_modified",
            "modified");

    private final DatabaseModel model;
    private final Function<String, String> typeNames;
    private final Function<String, String> fieldNames;
    private final boolean severalSchemas;
    private final List<String> scopeColumns;
    private final UniqueCheck unique;

    /**
     * Reads, in one statement, how many rows a view has and for each candidate key (one column or
     * several) how many distinct values without a {@code NULL} it holds.
     */
    interface UniqueCheck {
        /** {@code [rows, distinct values of each candidate…]}, or {@code null} when the view cannot be read. */
        long[] rowsAndValues(TableModel view, List<List<String>> candidates);
    }

    private final JsonNodeFactory json = JsonNodeFactory.instance;
    private final List<String> warnings = new ArrayList<>();
    private final List<String> hidden = new ArrayList<>();
    private final List<Introspection.Link> links = new ArrayList<>();

    /** A table that became a type. */
    private static final class TypeSpec {
        final TableModel table;
        final String name;
        List<String> key = List.of();
        String created;
        String updated;
        io.quarry.sql.TableLayout.ColumnType createdForm;
        io.quarry.sql.TableLayout.ColumnType updatedForm;
        final Map<String, FieldSpec> fields = new LinkedHashMap<>();
        final List<ObjectNode> relationships = new ArrayList<>();
        final List<ObjectNode> foreignKeys = new ArrayList<>();
        final Set<String> relationshipNames = new HashSet<>();
        /** The names its relationships have seen from it, each once. */
        final Set<String> endNames = new HashSet<>();

        final Map<String, String> leftOut = new LinkedHashMap<>();

        TypeSpec(TableModel table, String name) {
            this.table = table;
            this.name = name;
        }
    }

    private record FieldSpec(
            String column,
            FieldType type,
            String columnType,
            String description,
            List<String> values,
            boolean exposed,
            boolean asText,
            boolean singlePrecision) {}

    ConfigDerivation(
            DatabaseModel model,
            Function<String, String> typeNames,
            Function<String, String> fieldNames,
            boolean severalSchemas,
            List<String> scopeColumns,
            UniqueCheck unique) {
        this.model = model;
        this.unique = unique;
        this.typeNames = typeNames;
        this.fieldNames = fieldNames;
        this.severalSchemas = severalSchemas;
        this.scopeColumns = List.copyOf(scopeColumns);
    }

    Introspection derive() {
        warnings.addAll(model.warnings());
        Map<TableModel, TypeSpec> types = new LinkedHashMap<>();
        Map<String, TableModel> byTypeName = new HashMap<>();
        for (TableModel t : model.tables()) {
            String type = typeName(t, byTypeName);
            if (type != null) {
                byTypeName.put(type, t);
                types.put(t, new TypeSpec(t, type));
            }
        }
        if (!scopeColumns.isEmpty()) {
            scoped(types);
        }
        List<TableModel> joins = new ArrayList<>();
        for (TypeSpec spec : List.copyOf(types.values())) {
            if (isJoinTable(spec.table, types)) {
                joins.add(spec.table);
                types.remove(spec.table);
            }
        }
        for (TypeSpec spec : List.copyOf(types.values())) {
            if (!chooseKey(spec)) {
                types.remove(spec.table);
            }
        }
        for (TypeSpec spec : types.values()) {
            fields(spec);
        }
        for (TypeSpec spec : types.values()) {
            foreignKeys(spec, types);
        }
        List<ObjectNode> edges = new ArrayList<>();
        Set<TableModel> served = new HashSet<>(types.keySet());
        for (TableModel join : joins) {
            ObjectNode edge = joinEdge(join, types);
            edges.add(edge);
            if (edge != null) {
                served.add(join);
            }
        }
        Map<String, String> modules = modules(types.values());
        ObjectNode tree = tree(types.values(), edges, modules);
        ObjectNode leftOut = json.objectNode();
        for (TableModel t : model.tables()) {
            if (!served.contains(t)) {
                leftOut.put(where(t), whyLeftOut(t));
            }
        }
        if (!leftOut.isEmpty()) {
            tree.set("left_out", leftOut);
        }
        return new Introspection(tree, hidden, warnings, modules, links);
    }

    /** Why a table serves no type: its warning without the name and the "skipped". */
    private String whyLeftOut(TableModel t) {
        String prefix = where(t) + ": ";
        for (String w : warnings) {
            if (w.startsWith(prefix)) {
                return w.substring(prefix.length()).replaceFirst(";? skipped.*$", "");
            }
        }
        return "not served";
    }

    /**
     * Leaves out the tables without every scope column, but join tables between two tables that have
     * them (scoped through their ends): a scoped call must never read a table it cannot scope.
     */
    private void scoped(Map<TableModel, TypeSpec> types) {
        Map<TableModel, TypeSpec> withScope = new LinkedHashMap<>();
        types.forEach((t, spec) -> {
            if (hasScope(t)) {
                withScope.put(t, spec);
            }
        });
        for (TableModel t : List.copyOf(types.keySet())) {
            if (!hasScope(t) && !isJoinTable(t, withScope)) {
                types.remove(t);
                warnings.add(where(t) + ": no scope column "
                        + scopeColumns.stream()
                                .filter(c -> t.column(c).isEmpty())
                                .toList()
                        + "; left out, since every scoped call must be scoped by it");
            }
        }
    }

    private boolean hasScope(TableModel t) {
        return scopeColumns.stream().allMatch(c -> t.column(c).isPresent());
    }

    private String where(TableModel t) {
        return severalSchemas && t.schema() != null ? t.schema() + "." + t.name() : t.name();
    }

    private String typeName(TableModel t, Map<String, TableModel> taken) {
        if (!Names.isSqlName(t.name())) {
            warnings.add(where(t) + ": the table name is not one Quarry can quote (" + Names.SQL_NAME.pattern()
                    + "); skipped (rename it or serve it through a view)");
            return null;
        }
        String name = typeNames.apply(t.name());
        if (name != null && taken.containsKey(name) && severalSchemas && t.schema() != null) {
            name = Naming.singularPascalCase(t.schema()) + name;
        }
        if (!Names.isIdentifier(name)) {
            warnings.add(where(t) + ": the derived type name '" + name + "' is not a valid Quarry name; skipped");
            return null;
        }
        if (taken.containsKey(name)) {
            warnings.add(where(t) + ": the type name '" + name + "' is already taken by table " + where(taken.get(name))
                    + "; skipped");
            return null;
        }
        return name;
    }

    /** A table whose key is two single-column foreign keys to types, with nothing else but timestamps. */
    private boolean isJoinTable(TableModel t, Map<TableModel, TypeSpec> types) {
        if (t.view() || t.foreignKeys().size() != 2) {
            return false;
        }
        List<String> keyColumns = new ArrayList<>();
        for (ForeignKeyModel fk : t.foreignKeys()) {
            if (!fk.single() || target(fk, types) == null) {
                return false;
            }
            keyColumns.add(fk.columns().get(0));
        }
        if (keyColumns.get(0).equals(keyColumns.get(1)) || !t.isUnique(keyColumns)) {
            return false;
        }
        for (ColumnModel c : t.columns()) {
            String field = Naming.snakeCase(c.name());
            if (!keyColumns.contains(c.name()) && !CREATED.contains(field) && !UPDATED.contains(field)) {
                return false;
            }
        }
        return true;
    }

    private TypeSpec target(ForeignKeyModel fk, Map<TableModel, TypeSpec> types) {
        for (TypeSpec spec : types.values()) {
            TableModel t = spec.table;
            if (t.name().equals(fk.targetTable())
                    && (fk.targetSchema() == null
                            || t.schema() == null
                            || fk.targetSchema().equals(t.schema()))) {
                return spec;
            }
        }
        return null;
    }

    private boolean chooseKey(TypeSpec spec) {
        TableModel t = spec.table;
        List<String> key = t.primaryKey();
        if (key.isEmpty()) {
            for (List<String> unique : t.uniqueKeys()) {
                if (unique.stream()
                        .allMatch(u -> t.column(u).map(c -> !c.nullable()).orElse(false))) {
                    key = unique;
                    break;
                }
            }
        }
        if (key.isEmpty() && t.view()) {
            key = viewKey(t);
            if (key == null) {
                return false;
            }
        }
        if (key.isEmpty()) {
            warnings.add(where(t) + ": no primary key, no unique key of non-null columns"
                    + (t.view() ? " and no column a key can be" : "") + "; skipped");
            return false;
        }
        for (String k : key) {
            if (!Names.isSqlName(k)) {
                warnings.add(where(t) + ": the key column '" + k + "' is not a name Quarry can quote; skipped");
                return false;
            }
        }
        spec.key = List.copyOf(key);
        for (ColumnModel c : t.columns()) {
            String snake = Naming.snakeCase(c.name());
            FieldType type = fieldType(c);
            if (type != FieldType.DATETIME || !Names.isSqlName(c.name()) || spec.key.contains(c.name())) {
                continue;
            }
            if (spec.created == null && CREATED.contains(snake)) {
                spec.created = c.name();
                spec.createdForm = c.instantForm();
            } else if (spec.updated == null && UPDATED.contains(snake)) {
                spec.updated = c.name();
                spec.updatedForm = c.instantForm();
            }
        }
        return true;
    }

    /**
     * A view's key, proven by its rows (one statement, a scan of the view): a column named id, else one
     * whose name ends in id, else those id-like columns together, else any other whole-number, text or
     * date column;
     * the first candidate with as many distinct values without {@code NULL} as the view has rows. An
     * empty list when the view has no candidate, {@code null} (with a warning) when every candidate
     * repeats.
     */
    private List<String> viewKey(TableModel t) {
        List<String> idLike = new ArrayList<>();
        List<String> others = new ArrayList<>();
        for (ColumnModel c : t.columns()) {
            FieldType type = fieldType(c);
            if (!Names.isSqlName(c.name())
                    || type == null
                    || type == FieldType.OBJECT
                    || type == FieldType.BOOLEAN
                    || c.json()) {
                continue;
            }
            String snake = Naming.snakeCase(c.name());
            if (snake.equals("id")) {
                idLike.add(0, c.name());
            } else if (snake.endsWith("_id")) {
                idLike.add(c.name());
            } else if (type == FieldType.INTEGER
                    || type == FieldType.STRING
                    || type == FieldType.TEXT
                    || type == FieldType.DATE) {
                others.add(c.name()); // never a decimal or an instant: a unique amount or time is no name
            }
        }
        List<List<String>> candidates = new ArrayList<>();
        idLike.forEach(c -> candidates.add(List.of(c)));
        if (idLike.size() > 1) {
            candidates.add(List.copyOf(idLike));
        }
        others.forEach(c -> candidates.add(List.of(c)));
        if (candidates.isEmpty()) {
            return List.of();
        }
        long[] counts = Names.isSqlName(t.name()) ? unique.rowsAndValues(t, candidates) : null;
        if (counts == null) {
            if (idLike.isEmpty()) {
                return List.of();
            }
            warnings.add(where(t) + ": a view has no key; its column " + idLike.get(0)
                    + " serves as the id, though its rows could not be read to prove it unique");
            return List.of(idLike.get(0));
        }
        List<String> repeated = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            if (counts[0] == counts[i + 1]) { // as many distinct values as rows: unique, and never NULL
                return candidates.get(i);
            }
            if (i < idLike.size()) {
                repeated.add(candidates.get(i).get(0) + " (" + counts[0] + " rows, " + counts[i + 1] + " values)");
            }
        }
        warnings.add(where(t) + ": a view has no key, and "
                + (repeated.isEmpty()
                        ? "none of its columns is unique"
                        : "its column"
                                + (repeated.size() == 1
                                        ? " " + repeated.get(0) + " is"
                                        : "s " + String.join(", ", repeated) + " are")
                                + " not unique"
                                + (idLike.size() > 1 ? ", nor are they together" : "")
                                + (others.isEmpty() ? "" : ", nor any other column"))
                + "; skipped");
        return null;
    }

    private void fields(TypeSpec spec) {
        TableModel t = spec.table;
        for (ColumnModel c : t.columns()) {
            if (c.name().equals(spec.created) || c.name().equals(spec.updated) || scopeColumns.contains(c.name())) {
                continue;
            }
            String at = where(t) + "." + c.name();
            if (!Names.isSqlName(c.name())) {
                warnings.add(at + ": the column name is not one Quarry can quote; skipped");
                spec.leftOut.put(c.name(), "the column name is not one Quarry can quote");
                continue;
            }
            String name = fieldNames.apply(c.name());
            if (spec.key.contains(c.name()) && Names.isSystemField(name)) {
                continue; // a key column named id is the id itself
            }
            if (!Names.isIdentifier(name) || Names.isSystemField(name) || spec.fields.containsKey(name)) {
                warnings.add(at + ": the field name '" + name + "' is not valid, is a system field or is taken;"
                        + " skipped");
                spec.leftOut.put(c.name(), "the field name '" + name + "' is not valid, is a system field or is taken");
                continue;
            }
            FieldType type = fieldType(c);
            if (type == null) {
                String why = c.sqlType().isEmpty()
                        ? "no declared type (an expression) and no values to read one from"
                        : "SQL type " + c.sqlType() + " has no Quarry field type";
                warnings.add(at + ": " + why + "; skipped");
                spec.leftOut.put(c.name(), why);
                continue;
            }
            boolean secret = looksSecret(name);
            if (secret) {
                hidden.add(spec.name + "." + name + " (" + where(t) + "." + c.name() + ")");
            }
            spec.fields.put(
                    name,
                    new FieldSpec(
                            c.name(),
                            type,
                            c.instantForm() != null ? c.instantForm().configName() : columnType(type),
                            c.comment(),
                            c.enumValues(),
                            !secret,
                            readAsText(c, type),
                            singlePrecision(c)));
        }
    }

    /** The Quarry field type of a column, or {@code null} when Quarry cannot read it. */
    static FieldType fieldType(ColumnModel c) {
        if (!c.enumValues().isEmpty()) {
            return FieldType.ENUM;
        }
        if (c.json()) {
            return FieldType.OBJECT;
        }
        if (c.instantForm() != null) {
            return FieldType.DATETIME;
        }
        String t = c.sqlType().toLowerCase(Locale.ROOT).replace(" unsigned", "").trim();
        switch (t) {
            case "int",
                    "integer",
                    "int2",
                    "int4",
                    "int8",
                    "smallint",
                    "bigint",
                    "mediumint",
                    "tinyint",
                    "serial",
                    "bigserial",
                    "smallserial",
                    "year" -> { // MariaDB and MySQL YEAR: 1901 to 2155, compared as a number
                return FieldType.INTEGER;
            }
            case "numeric", "decimal", "number", "dec" -> {
                return c.scale() == 0 && c.size() > 0 ? FieldType.INTEGER : FieldType.NUMBER;
            }
            case "real", "float", "float4", "float8", "double", "double precision", "decfloat" -> {
                return FieldType.NUMBER;
            }
            case "bool", "boolean" -> {
                return FieldType.BOOLEAN;
            }
            case "bit" -> {
                return c.size() <= 1 ? FieldType.BOOLEAN : null;
            }
            case "date" -> {
                return FieldType.DATE;
            }
            case "timestamp",
                    "timestamptz",
                    "datetime",
                    "datetime2",
                    "smalldatetime",
                    "timestamp with time zone",
                    "timestamp without time zone" -> {
                return FieldType.DATETIME;
            }
            case "text", "clob", "tinytext", "mediumtext", "longtext", "character large object", "ntext", "nclob" -> {
                return c.size() > 0 && c.size() <= 255 ? FieldType.STRING : FieldType.TEXT;
            }
            case "varchar",
                    "nvarchar",
                    "character varying",
                    "char",
                    "character",
                    "nchar",
                    "bpchar",
                    "varchar_ignorecase",
                    "citext",
                    "name",
                    "uuid",
                    "string",
                    "national character varying",
                    "native character",
                    "varying character" -> {
                return c.size() == 0 || c.size() > 255 ? FieldType.TEXT : FieldType.STRING;
            }
            case "json", "jsonb" -> {
                return FieldType.OBJECT;
            }
            case "time", "time without time zone" -> {
                return FieldType.STRING; // a time of day, as the database writes it (09:30:00)
            }
            default -> {
                return null;
            }
        }
    }

    static String columnType(FieldType type) {
        switch (type) {
            case INTEGER, NUMBER -> {
                return "number";
            }
            case BOOLEAN -> {
                return "boolean";
            }
            case DATE -> {
                return "date";
            }
            case DATETIME -> {
                return "timestamp";
            }
            case OBJECT, ARRAY -> {
                return "json";
            }
            default -> {
                return "text";
            }
        }
    }

    /** {@code created_at}, {@code updated_at} or {@code null}: the system timestamp a column named so serves as. */
    static String timestampRole(String snake) {
        return CREATED.contains(snake) ? "created_at" : UPDATED.contains(snake) ? "updated_at" : null;
    }

    /** Whether a field name has a word of a secret: {@code password_hash}, {@code api_token}, {@code apikey}. */
    static boolean looksSecret(String field) {
        String lower = field.toLowerCase(Locale.ROOT);
        for (String word : lower.split("_")) {
            if (SECRET_WORDS.contains(word)) {
                return true;
            }
        }
        return SECRET_PHRASES.stream().anyMatch(lower::contains);
    }

    private void foreignKeys(TypeSpec spec, Map<TableModel, TypeSpec> types) {
        TableModel t = spec.table;
        for (ForeignKeyModel fk : t.foreignKeys()) {
            String at = where(t) + ": foreign key " + fk.columns() + " to " + fk.targetTable();
            TypeSpec target = target(fk, types);
            if (target == null) {
                warnings.add(at + ": the target is not a type (excluded or skipped); no relationship");
                continue;
            }
            List<String> columns = keyOrder(fk, target);
            if (columns == null) {
                warnings.add(at + "." + fk.targetColumns() + ": it references columns other than the target's key "
                        + target.key + "; no relationship");
                continue;
            }
            if (!columns.stream().allMatch(Names::isSqlName)) {
                warnings.add(at + ": a column name is not one Quarry can quote; no relationship");
                continue;
            }
            String column = columns.get(0);
            String field = fieldNames.apply(column);
            String name = field.endsWith("_id") ? field.substring(0, field.length() - 3) : field;
            if (columns.size() > 1 || name.isEmpty() || name.equals("id") || !Names.isIdentifier(name)) {
                name = Naming.snakeCase(target.name);
            }
            name = endName(spec, unique(name, spec, target), name);
            boolean one = t.isUnique(fk.columns());
            // the target's end reads after what it reaches: an artist's albums, an employee's customers
            String natural = one ? Naming.snakeCase(spec.name) : Naming.pluralSnakeCase(spec.name);
            String qualified = natural + "_by_" + name; // an airport's flights_by_departure_airport
            String inName = endName(target, sharesTarget(spec, target) ? qualified : natural, qualified);
            // the description names every column of a composite key: "account_id and currency"
            List<String> fieldsOfKey = columns.stream().map(fieldNames).toList();
            String named = fieldsOfKey.size() == 1
                    ? field
                    : String.join(", ", fieldsOfKey.subList(0, fieldsOfKey.size() - 1)) + " and "
                            + fieldsOfKey.get(fieldsOfKey.size() - 1);
            String outKind = one ? "BELONGS_TO_ONE" : "BELONGS_TO";
            String inKind = one ? "HAS_ONE" : "HAS_MANY";
            ObjectNode key = json.objectNode();
            if (columns.size() == 1) {
                key.put("column", column);
            } else {
                ArrayNode list = key.putArray("columns");
                columns.forEach(list::add);
            }
            key.put("target", target.name);
            key.put("relationship", name);
            spec.foreignKeys.add(key);
            relate(
                    spec,
                    name,
                    name,
                    target,
                    "out",
                    outKind,
                    "The " + target.name + " named by this " + spec.name + "'s " + named + ".");
            relate(
                    target,
                    inName,
                    name,
                    spec,
                    "in",
                    inKind,
                    "The " + spec.name + (one ? "" : " objects") + " whose " + named
                            + (fieldsOfKey.size() == 1 ? " names" : " name")
                            + " this " + target.name
                            + ".");
        }
    }

    /** The foreign key's columns in the order of the target's key columns, or {@code null} when it references others. */
    private static List<String> keyOrder(ForeignKeyModel fk, TypeSpec target) {
        if (fk.targetColumns().size() != target.key.size()
                || !fk.targetColumns().containsAll(target.key)) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (String k : target.key) {
            out.add(fk.columns().get(fk.targetColumns().indexOf(k)));
        }
        return out;
    }

    /** The name, or name_2, name_3…: two foreign keys of one table to one target need two relationship names. */
    private static String unique(String name, TypeSpec a, TypeSpec b) {
        String candidate = name;
        for (int n = 2; a.relationshipNames.contains(candidate + ">" + b.name); n++) {
            candidate = name + "_" + n;
        }
        return candidate;
    }

    /** Whether more than one foreign key of {@code source} references {@code target}. */
    private boolean sharesTarget(TypeSpec source, TypeSpec target) {
        return source.table.foreignKeys().stream()
                        .filter(fk -> fk.targetTable().equals(target.table.name()))
                        .count()
                > 1;
    }

    /**
     * The name a relationship has seen from {@code type}: {@code preferred} when the type names no
     * other relationship so, else {@code fallback}, else it with {@code _2}, {@code _3}…
     */
    private static String endName(TypeSpec type, String preferred, String fallback) {
        String name = type.endNames.contains(preferred) ? fallback : preferred;
        String candidate = name;
        for (int n = 2; type.endNames.contains(candidate); n++) {
            candidate = name + "_" + n;
        }
        type.endNames.add(candidate);
        return candidate;
    }

    private void relate(
            TypeSpec from, String name, String stored, TypeSpec to, String direction, String kind, String description) {
        ObjectNode r = json.objectNode();
        r.put("name", name);
        if (!name.equals(stored)) {
            r.put("type", stored);
        }
        r.put("target", to.name);
        r.put("direction", direction);
        r.put("kind", kind);
        r.put("description", description);
        from.relationships.add(r);
        from.relationshipNames.add(stored + (direction.equals("out") ? ">" : "<") + to.name);
        links.add(new Introspection.Link(from.name, name, to.name, direction, kind));
    }

    private ObjectNode joinEdge(TableModel join, Map<TableModel, TypeSpec> types) {
        // the key's order decides which end is the source: PlaylistTrack (PlaylistId, TrackId)
        List<ForeignKeyModel> fks = new ArrayList<>(join.foreignKeys());
        List<String> key = join.primaryKey();
        fks.sort((x, y) -> Integer.compare(
                key.indexOf(x.columns().get(0)) < 0
                        ? 99
                        : key.indexOf(x.columns().get(0)),
                key.indexOf(y.columns().get(0)) < 0
                        ? 99
                        : key.indexOf(y.columns().get(0))));
        TypeSpec src = target(fks.get(0), types);
        TypeSpec dst = target(fks.get(1), types);
        if (!List.of(fks.get(0).targetColumns().get(0)).equals(src.key)
                || !List.of(fks.get(1).targetColumns().get(0)).equals(dst.key)) {
            warnings.add(where(join) + ": a join table referencing columns other than the keys; skipped");
            return null;
        }
        String name = unique(Naming.snakeCase(join.name()), src, dst);
        // each end reads after the other end's type: a playlist's tracks, a track's playlists
        String srcEnd = Naming.pluralSnakeCase(dst.name);
        String dstEnd = Naming.pluralSnakeCase(src.name);
        relate(
                src,
                endName(src, srcEnd, srcEnd + "_by_" + name),
                name,
                dst,
                "out",
                "HAS_MANY_MANY",
                "The " + dst.name + " objects linked to this " + src.name + " through " + join.name() + ".");
        relate(
                dst,
                endName(dst, dstEnd, dstEnd + "_by_" + name),
                name,
                src,
                "in",
                "BELONGS_TO_MANY",
                "The " + src.name + " objects this " + dst.name + " is linked to through " + join.name() + ".");
        ObjectNode edge = json.objectNode();
        edge.put("table", join.name());
        if (severalSchemas && join.schema() != null) {
            edge.put("schema", join.schema());
        }
        edge.put("src", fks.get(0).columns().get(0));
        edge.put("dst", fks.get(1).columns().get(0));
        edge.put("type", name);
        edge.put("src_type", src.name);
        edge.put("dst_type", dst.name);
        return edge;
    }

    /**
     * {@code id: column} for one text key; else {@code id: {column, type}} or {@code id: {columns,
     * types}} with each column's key type (integer, number, uuid, text).
     */
    private void writeKey(ObjectNode table, TypeSpec spec) {
        List<String> types = new ArrayList<>();
        for (String k : spec.key) {
            types.add(spec.table.column(k).map(this::keyType).orElse("text"));
        }
        if (spec.key.size() == 1 && types.get(0).equals("text")) {
            table.put("id", spec.key.get(0));
            return;
        }
        ObjectNode id = table.putObject("id");
        if (spec.key.size() == 1) {
            id.put("column", spec.key.get(0));
            id.put("type", types.get(0));
        } else {
            ArrayNode columns = id.putArray("columns");
            spec.key.forEach(columns::add);
            ArrayNode list = id.putArray("types");
            types.forEach(list::add);
        }
    }

    /**
     * The key type of a column: integer, number, uuid, date (SQLite keeps days as text), else text;
     * on PostgreSQL a column of any other non-text type (an enum, a time, a timestamp) is {@code
     * as_text}, matched and ordered as its text, since PostgreSQL compares none with a text bind; so is
     * a time or a timestamp on H2, which fails on a text bind that reads as no time (MariaDB compares
     * one as false, and its driver writes fractions of a second otherwise than its {@code CAST}).
     */
    String keyType(ColumnModel c) {
        if (c.sqlType().toLowerCase(Locale.ROOT).equals("uuid")) {
            return "uuid";
        }
        FieldType type = c.enumValues().isEmpty() && !c.json() ? fieldType(c) : null;
        if (type == FieldType.INTEGER) {
            return "integer";
        }
        if (type == FieldType.NUMBER) {
            return "number";
        }
        if (type == FieldType.DATE
                && c.instantForm() == null
                && !model.dialect().equals("sqlite")) {
            return "date";
        }
        return (postgres() && !POSTGRES_TEXT.contains(c.sqlType().toLowerCase(Locale.ROOT)))
                        || (model.dialect().equals("h2") && (time(c) || type == FieldType.DATETIME))
                ? "as_text"
                : "text";
    }

    /**
     * Whether a column is a SQL time of day, which Quarry serves as its text on every dialect: a text
     * bind is compared with the column's text, never converted to a time (H2 would fail on {@code 'x'}).
     */
    private boolean time(ColumnModel c) {
        String t = c.sqlType().toLowerCase(Locale.ROOT);
        return !model.dialect().equals("sqlite") && (t.equals("time") || t.equals("time without time zone"));
    }

    /** The PostgreSQL types a text bind compares with and that collate. */
    private static final Set<String> POSTGRES_TEXT =
            Set.of("text", "varchar", "character varying", "char", "character", "bpchar", "name", "citext");

    private boolean postgres() {
        return model.dialect().equals("postgres");
    }

    /**
     * Whether a text field's column is read as its text ({@code as_text}): on PostgreSQL an enum type or
     * a uuid, which no text bind compares with and no collation sorts; on every dialect but SQLite a time.
     */
    private boolean readAsText(ColumnModel c, FieldType type) {
        return (postgres()
                        && (type == FieldType.STRING || type == FieldType.TEXT || type == FieldType.ENUM)
                        && !POSTGRES_TEXT.contains(c.sqlType().toLowerCase(Locale.ROOT)))
                || time(c);
    }

    /**
     * Whether a column holds single-precision floats: PostgreSQL {@code real} ({@code float4}), H2
     * {@code REAL}, MariaDB and MySQL {@code FLOAT} (SQLite's {@code REAL} is a double, H2's {@code
     * FLOAT} too).
     */
    private boolean singlePrecision(ColumnModel c) {
        String t = c.sqlType().toLowerCase(Locale.ROOT).replace(" unsigned", "").trim();
        return switch (model.dialect()) {
            case "postgres" -> t.equals("real") || t.equals("float4");
            case "h2" -> t.equals("real");
            case "mysql", "mariadb" -> t.equals("float");
            default -> false;
        };
    }

    private Map<String, String> modules(Iterable<TypeSpec> types) {
        Map<String, String> modules = new TreeMap<>();
        Map<String, Integer> prefixes = new HashMap<>();
        for (TypeSpec spec : types) {
            List<String> words = Naming.words(spec.table.name());
            if (words.size() > 1 && spec.table.name().contains("_")) {
                prefixes.merge(words.get(0), 1, Integer::sum);
            }
        }
        for (TypeSpec spec : types) {
            if (severalSchemas && spec.table.schema() != null) {
                modules.put(spec.name, spec.table.schema());
                continue;
            }
            List<String> words = Naming.words(spec.table.name());
            if (words.size() > 1 && spec.table.name().contains("_") && prefixes.get(words.get(0)) > 1) {
                modules.put(spec.name, words.get(0));
            }
        }
        return modules;
    }

    /**
     * The configuration tree, each field written once: the table layout's entry gives the column and
     * the field type, the {@code types} entry only what the layout cannot say (a description, enum
     * values, a hidden field, the module, the relationships).
     */
    private ObjectNode tree(Iterable<TypeSpec> specs, List<ObjectNode> edges, Map<String, String> modules) {
        ObjectNode root = json.objectNode();
        ObjectNode types = root.putObject("types");
        ObjectNode store = root.putObject("store");
        store.put("layout", "tables");
        ObjectNode tables = store.putObject("tables");
        ObjectNode storeTypes = tables.putObject("types");
        for (TypeSpec spec : specs) {
            ObjectNode type = json.objectNode();
            if (spec.table.comment() != null) {
                type.put("description", spec.table.comment());
            }
            if (modules.containsKey(spec.name)) {
                type.put("module", modules.get(spec.name));
            }
            ObjectNode fields = json.objectNode();
            ObjectNode table = storeTypes.putObject(spec.name);
            table.put("table", spec.table.name());
            if (severalSchemas && spec.table.schema() != null) {
                table.put("schema", spec.table.schema());
            }
            writeKey(table, spec);
            if (!scopeColumns.isEmpty()) {
                ArrayNode scope = table.putArray("scope");
                scopeColumns.forEach(scope::add);
            }
            timestamp(table, "created_at", spec.created, spec.createdForm);
            timestamp(table, "updated_at", spec.updated, spec.updatedForm);
            ObjectNode columns = table.putObject("fields");
            spec.fields.forEach((name, f) -> {
                // a hidden column is never read: it stays out of the store's fields, so its type is written here
                if (!f.exposed()) {
                    ObjectNode field = fields.putObject(name);
                    field.put("type", f.type().jsonName());
                    if (f.description() != null) {
                        field.put("description", f.description());
                    }
                    values(field, f.values());
                    field.put("exposed", false);
                    return;
                }
                if (f.description() != null || !f.values().isEmpty()) {
                    ObjectNode field = fields.putObject(name);
                    if (f.description() != null) {
                        field.put("description", f.description());
                    }
                    values(field, f.values());
                }
                if (f.type() == FieldType.STRING && !f.asText()) {
                    columns.put(name, f.column());
                } else {
                    ObjectNode column = columns.putObject(name);
                    column.put("column", f.column());
                    // a form of instants names its column type, which implies a datetime field
                    column.put(
                            "type",
                            f.columnType().startsWith("timestamp_")
                                            || f.columnType().startsWith("epoch_")
                                    ? f.columnType()
                                    : f.type().jsonName());
                    if (f.asText()) {
                        column.put("as_text", true);
                    }
                    if (f.singlePrecision()) {
                        column.put("single_precision", true);
                    }
                }
            });
            if (!fields.isEmpty()) {
                type.set("fields", fields);
            }
            if (!spec.leftOut.isEmpty()) {
                ObjectNode leftOut = type.putObject("left_out");
                spec.leftOut.forEach(leftOut::put);
            }
            if (!spec.relationships.isEmpty()) {
                ArrayNode relationships = type.putArray("relationships");
                spec.relationships.forEach(relationships::add);
            }
            if (!spec.foreignKeys.isEmpty()) {
                ArrayNode keys = table.putArray("foreign_keys");
                spec.foreignKeys.forEach(keys::add);
            }
            if (!type.isEmpty()) {
                types.set(spec.name, type);
            }
        }
        ArrayNode edgeList = json.arrayNode();
        edges.stream().filter(java.util.Objects::nonNull).forEach(edgeList::add);
        if (!edgeList.isEmpty()) {
            tables.set("edges", edgeList);
        }
        return root;
    }

    /** {@code created_at: column}, or {@code {column, type}} for instants kept in another form. */
    private static void timestamp(
            ObjectNode table, String key, String column, io.quarry.sql.TableLayout.ColumnType form) {
        if (column == null) {
            return;
        }
        if (form == null) {
            table.put(key, column);
        } else {
            table.putObject(key).put("column", column).put("type", form.configName());
        }
    }

    private static void values(ObjectNode field, List<String> values) {
        if (!values.isEmpty()) {
            ArrayNode array = field.putArray("values");
            values.forEach(array::add);
        }
    }
}
