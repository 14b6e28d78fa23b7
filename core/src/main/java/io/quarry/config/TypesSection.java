package io.quarry.config;

import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Names;
import io.quarry.schema.Relationship;
import io.quarry.schema.Roles;
import io.quarry.schema.Schema;
import io.quarry.schema.Visibility;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Reads the {@code types} section into a {@link Schema}. */
final class TypesSection {
    private static final Set<String> TYPE_KEYS =
            Set.of("description", "module", "fields", "relationships", "order", "left_out", "roles");
    private static final Set<String> FIELD_KEYS =
            Set.of("type", "description", "values", "items", "exposed", "masked", "roles");
    private static final Set<String> RELATIONSHIP_KEYS =
            Set.of("name", "target", "direction", "kind", "description", "type");

    private TypesSection() {}

    static Schema read(ConfigNode types) {
        return read(types, Map.of(), types);
    }

    /**
     * The schema of the {@code types} section (may be {@code null}) and the fields a table layout maps
     * ({@code layout}, empty for the graph layout): a mapped field is a field of its type with the type
     * the layout implies, which the section's entry, if any, only describes, restricts to values or
     * hides; a type the layout maps and the section does not is a type of the layout's fields.
     *
     * @param at where errors about the whole section point
     */
    static Schema read(ConfigNode types, Map<String, LayoutFields.TypeFields> layout, ConfigNode at) {
        Map<String, ConfigNode> entries = types == null
                ? Map.of()
                : types.entries("map each type name to its description, fields and relationships");
        List<String> typeNames = new ArrayList<>(entries.keySet());
        layout.keySet().stream().filter(t -> !entries.containsKey(t)).forEach(typeNames::add);
        Schema.Builder builder = Schema.builder();
        for (Map.Entry<String, ConfigNode> e : entries.entrySet()) {
            builder.type(type(e.getKey(), e.getValue(), typeNames, layout.get(e.getKey())));
        }
        for (Map.Entry<String, LayoutFields.TypeFields> e : layout.entrySet()) {
            if (!entries.containsKey(e.getKey())) {
                List<Field> fields = new ArrayList<>();
                e.getValue().fields().forEach((name, mapped) -> fields.add(implied(name, mapped)));
                builder.type(new EntityType(e.getKey(), null, fields, List.of(), EntityType.Origin.DECLARED)
                        .withTimestamps(e.getValue().timestamps()));
            }
        }
        return at.build(builder::build);
    }

    /**
     * The {@code roles} of the section's types ({@code roles: {support: hidden}}) and fields ({@code
     * roles: {hr: exposed, support: masked}}): how callers with each role see them.
     */
    static Roles roles(ConfigNode types) {
        Roles.Builder roles = Roles.builder();
        if (types == null) {
            return roles.build();
        }
        types.entries("map each type name to its description, fields and relationships")
                .forEach((type, node) -> {
                    if (node.isNull() || node.isText()) {
                        return;
                    }
                    node.get("roles").ifPresent(r -> seen(r, List.of("hidden", "exposed"))
                            .forEach((role, v) -> roles.type(type, role, v)));
                    node.get("fields")
                            .map(n -> n.entries("map each field name to {type: ...} or to a type name such as string"))
                            .orElse(Map.of())
                            .forEach((field, f) -> {
                                if (!f.isText()) {
                                    f.get("roles").ifPresent(r -> seen(r, List.of("hidden", "masked", "exposed"))
                                            .forEach((role, v) -> roles.field(type, field, role, v)));
                                }
                            });
                });
        return roles.build();
    }

    private static Map<String, Visibility> seen(ConfigNode node, List<String> allowed) {
        Map<String, Visibility> out = new LinkedHashMap<>();
        node.entries("map each role to " + String.join(", ", allowed) + ", such as {hr: exposed}")
                .forEach((role, v) -> out.put(
                        role,
                        Visibility.valueOf(
                                v.oneOf(allowed, "visibility", "write one of: ").toUpperCase(Locale.ROOT))));
        return out;
    }

    private static EntityType type(
            String name, ConfigNode node, List<String> typeNames, LayoutFields.TypeFields mapped) {
        identifier(node, name, "type");
        if (node.isNull() && mapped == null) {
            return new EntityType(name, null, List.of(), List.of(), EntityType.Origin.DECLARED);
        }
        if (!node.isNull()) {
            node.keys(TYPE_KEYS);
        }
        Map<String, ConfigNode> declared = new LinkedHashMap<>(node.get("fields")
                .map(n -> n.entries("map each field name to {type: ...} or to a type name such as string"))
                .orElse(Map.of()));
        List<Field> fields = new ArrayList<>();
        if (mapped != null) {
            mapped.fields().forEach((field, m) -> {
                ConfigNode entry = declared.remove(field);
                fields.add(entry == null ? implied(field, m) : field(field, entry, m));
            });
        }
        for (Map.Entry<String, ConfigNode> f : declared.entrySet()) {
            if (mapped != null && !mapped.rest() && !hidden(f.getValue())) {
                throw f.getValue()
                        .error(
                                "the table layout does not map field '" + f.getKey() + "' of " + name
                                        + ConfigNode.didYouMean(
                                                f.getKey(), mapped.fields().keySet()),
                                "map it under store.tables.types." + name + ".fields (its type comes from there), "
                                        + "give the type a rest JSON column, or remove it");
            }
            fields.add(field(f.getKey(), f.getValue(), null));
        }
        List<Relationship> relationships = new ArrayList<>();
        for (ConfigNode r : node.get("relationships")
                .map(n -> n.items("write a list of {name, target, direction}"))
                .orElse(List.of())) {
            relationships.add(relationship(r, typeNames));
        }
        String module = node.get("module")
                .map(m -> identifier(m, m.text("write the module's name, such as sales"), "module"))
                .orElse(null);
        String order = node.get("order").map(o -> order(o, fields, mapped)).orElse(null);
        Map<String, String> leftOut = new LinkedHashMap<>();
        node.get("left_out")
                .map(n ->
                        n.entries("map each column left out to why, such as picture: SQL type bytea has no field type"))
                .orElse(Map.of())
                .forEach((column, why) -> leftOut.put(column, why.text("write why the column is left out")));
        return node.build(() -> new EntityType(
                name,
                text(node, "description"),
                fields,
                relationships,
                EntityType.Origin.DECLARED,
                module,
                mapped == null ? EntityType.TIMESTAMPS : mapped.timestamps(),
                order,
                leftOut));
    }

    /**
     * {@code order: invoice_date} or {@code -invoice_date} (descending): a field of the type or a system
     * field it has, checked here so a query never meets an order it cannot sort by.
     */
    private static String order(ConfigNode node, List<Field> fields, LayoutFields.TypeFields mapped) {
        String text = node.text("write a field name, with - before it for descending, such as -invoice_date");
        String field = text.startsWith("-") ? text.substring(1) : text;
        List<String> names = new ArrayList<>(List.of("id"));
        (mapped == null ? EntityType.TIMESTAMPS : mapped.timestamps()).forEach(names::add);
        fields.stream().filter(Field::exposed).map(Field::name).forEach(names::add);
        if (!names.contains(field)) {
            throw node.error(
                    "orders by '" + field + "', which is not a field of the type" + ConfigNode.didYouMean(field, names),
                    "name one of " + String.join(", ", names) + ", with - before it for descending");
        }
        return text;
    }

    /** A field declared hidden ({@code exposed: false}): it needs no column, since nothing reads it. */
    private static boolean hidden(ConfigNode field) {
        return !field.isText()
                && !field.has("roles")
                && field.get("exposed").map(e -> !e.bool("write true or false")).orElse(false);
    }

    /** The field a layout entry implies on its own. */
    private static Field implied(String name, LayoutFields.Mapped m) {
        if (m.type() == FieldType.ENUM) {
            throw m.at().error(
                            "an enum field needs 'values'",
                            "add them under types, such as types: {Type: {fields: {" + name + ": {values: [a, b]}}}}");
        }
        return new Field(name, m.type(), null, List.of(), null, true);
    }

    /**
     * A field of the {@code types} section; with {@code mapped}, the field the layout maps, whose type
     * the entry may leave out (then the layout's, or enum when the entry lists values) or repeat
     * consistently with the column.
     */
    private static Field field(String name, ConfigNode node, LayoutFields.Mapped mapped) {
        identifier(node, name, "field");
        if (node.isText()) {
            FieldType type = fieldType(node, node.text(""));
            agrees(node, type, mapped);
            return new Field(name, type, null, List.of(), null, true);
        }
        node.object("write {type: ...} or a type name such as string").keys(FIELD_KEYS);
        FieldType type;
        if (node.has("type") || mapped == null) {
            ConfigNode typeNode = node.require("type", "add type: one of " + FieldType.jsonNames());
            type = fieldType(typeNode, typeNode.text("write one of " + FieldType.jsonNames()));
            agrees(typeNode, type, mapped);
        } else {
            type = node.has("values") && mapped.type().isTextual() ? FieldType.ENUM : mapped.type();
        }
        List<String> values = List.of();
        if (node.has("values")) {
            ConfigNode valuesNode = node.get("values").orElseThrow();
            if (type != FieldType.ENUM) {
                throw valuesNode.error("only enum fields have values", "set type: enum or remove values");
            }
            values = valuesNode.strings("write the allowed values as strings, quoting numbers");
            if (values.isEmpty()) {
                throw valuesNode.error("is empty", "list at least one allowed value");
            }
        } else if (type == FieldType.ENUM) {
            throw node.error("an enum field needs 'values'", "add values: [the allowed strings]");
        }
        FieldType items = null;
        if (node.has("items")) {
            ConfigNode itemsNode = node.get("items").orElseThrow();
            if (type != FieldType.ARRAY) {
                throw itemsNode.error("only array fields have items", "set type: array or remove items");
            }
            items = fieldType(itemsNode, itemsNode.text("write one of " + FieldType.jsonNames()));
        }
        boolean exposed =
                node.get("exposed").map(n -> n.bool("write true or false")).orElse(true);
        boolean masked =
                node.get("masked").map(n -> n.bool("write true or false")).orElse(false);
        if (masked && !exposed) {
            throw node.get("masked")
                    .orElseThrow()
                    .error(
                            "a hidden field (exposed: false) cannot be masked: nothing ever shows it",
                            "remove masked, or exposed: false to let tools filter, sort, group and count by it");
        }
        List<String> enumValues = values;
        FieldType itemType = items;
        return node.build(
                () -> new Field(name, type, text(node, "description"), enumValues, itemType, exposed, masked));
    }

    private static Relationship relationship(ConfigNode node, List<String> typeNames) {
        node.keys(RELATIONSHIP_KEYS);
        String remedy = "give name and target, and optionally direction";
        String name = node.require("name", remedy).text("write the relationship's name");
        String target = node.require("target", remedy).oneOf(typeNames, "type", "declared types: ");
        Relationship.Direction dir =
                node.get("direction").map(TypesSection::direction).orElse(Relationship.Direction.OUT);
        Relationship.Kind kind = node.get("kind").map(TypesSection::kind).orElse(null);
        String stored = node.get("type")
                .map(n -> n.text("write the relationship type its links are stored as"))
                .orElse(null);
        return node.build(() -> new Relationship(name, target, dir, text(node, "description"), kind, stored));
    }

    /** One of the kinds an entity graph names, such as BELONGS_TO. */
    private static Relationship.Kind kind(ConfigNode node) {
        String kind = node.text("write one of " + kinds());
        try {
            return Relationship.Kind.valueOf(kind);
        } catch (IllegalArgumentException e) {
            throw node.error(
                    "unknown relationship kind '" + kind + "'" + ConfigNode.didYouMean(kind, kinds()),
                    "write one of " + String.join(", ", kinds()));
        }
    }

    private static List<String> kinds() {
        return java.util.Arrays.stream(Relationship.Kind.values())
                .map(Enum::name)
                .toList();
    }

    /** A type the entry repeats must be one the layout's column holds. */
    private static void agrees(ConfigNode at, FieldType type, LayoutFields.Mapped mapped) {
        if (mapped != null && !LayoutFields.compatible(mapped.column()).contains(type)) {
            throw at.error(
                    "the table layout reads this field from a "
                            + mapped.column().name().toLowerCase(Locale.ROOT) + " column, which cannot hold "
                            + type.jsonName(),
                    "leave type out (the layout's field gives it), or write one of "
                            + String.join(
                                    ", ",
                                    LayoutFields.compatible(mapped.column()).stream()
                                            .map(FieldType::jsonName)
                                            .toList()));
        }
    }

    /** {@code out}, {@code in} or {@code both}. */
    static Relationship.Direction direction(ConfigNode node) {
        String dir = node.text("write out, in or both");
        try {
            return Relationship.Direction.valueOf(dir.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw node.error("unknown direction '" + dir + "'", "write out, in or both");
        }
    }

    private static FieldType fieldType(ConfigNode at, String name) {
        return FieldType.fromJsonName(name)
                .orElseThrow(
                        () -> at.error("unknown field type '" + name + "'", "use one of " + FieldType.jsonNames()));
    }

    private static String text(ConfigNode node, String key) {
        return node.get(key).map(n -> n.text("quote it")).orElse(null);
    }

    /** Checks a name against the naming rule; it reaches SQL only quoted by the dialect. */
    static String identifier(ConfigNode at, String name, String what) {
        if (!Names.isIdentifier(name)) {
            throw at.error(
                    "'" + name + "' is not a valid " + what + " name",
                    "use letters, digits, '_' and '-', starting with a letter or '_' (at most 64)");
        }
        return name;
    }
}
