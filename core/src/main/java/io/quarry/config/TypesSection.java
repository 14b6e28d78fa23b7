package io.quarry.config;

import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Names;
import io.quarry.schema.Relationship;
import io.quarry.schema.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Reads the {@code types} section into a {@link Schema}. */
final class TypesSection {
    private static final Set<String> TYPE_KEYS = Set.of("description", "fields", "relationships");
    private static final Set<String> FIELD_KEYS = Set.of("type", "description", "values", "items", "exposed");
    private static final Set<String> RELATIONSHIP_KEYS = Set.of("name", "target", "direction", "description");

    private TypesSection() {}

    static Schema read(ConfigNode types) {
        Map<String, ConfigNode> entries =
                types.entries("map each type name to its description, fields and relationships");
        Schema.Builder builder = Schema.builder();
        for (Map.Entry<String, ConfigNode> e : entries.entrySet()) {
            builder.type(type(e.getKey(), e.getValue(), List.copyOf(entries.keySet())));
        }
        return types.build(builder::build);
    }

    private static EntityType type(String name, ConfigNode node, List<String> typeNames) {
        identifier(node, name, "type");
        if (node.isNull()) {
            return new EntityType(name, null, List.of(), List.of(), EntityType.Origin.DECLARED);
        }
        node.keys(TYPE_KEYS);
        List<Field> fields = new ArrayList<>();
        for (Map.Entry<String, ConfigNode> f : node.get("fields")
                .map(n -> n.entries("map each field name to {type: ...} or to a type name such as string"))
                .orElse(Map.of())
                .entrySet()) {
            fields.add(field(f.getKey(), f.getValue()));
        }
        List<Relationship> relationships = new ArrayList<>();
        for (ConfigNode r : node.get("relationships")
                .map(n -> n.items("write a list of {name, target, direction}"))
                .orElse(List.of())) {
            relationships.add(relationship(r, typeNames));
        }
        return node.build(() ->
                new EntityType(name, text(node, "description"), fields, relationships, EntityType.Origin.DECLARED));
    }

    private static Field field(String name, ConfigNode node) {
        identifier(node, name, "field");
        if (node.isText()) {
            return new Field(name, fieldType(node, node.text("")), null, List.of(), null, true);
        }
        node.object("write {type: ...} or a type name such as string").keys(FIELD_KEYS);
        ConfigNode typeNode = node.require("type", "add type: one of " + FieldType.jsonNames());
        FieldType type = fieldType(typeNode, typeNode.text("write one of " + FieldType.jsonNames()));
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
        List<String> enumValues = values;
        FieldType itemType = items;
        return node.build(() -> new Field(name, type, text(node, "description"), enumValues, itemType, exposed));
    }

    private static Relationship relationship(ConfigNode node, List<String> typeNames) {
        node.keys(RELATIONSHIP_KEYS);
        String remedy = "give name and target, and optionally direction";
        String name = node.require("name", remedy).text("write the relationship's name");
        String target = node.require("target", remedy).oneOf(typeNames, "type", "declared types: ");
        Relationship.Direction dir =
                node.get("direction").map(TypesSection::direction).orElse(Relationship.Direction.OUT);
        return node.build(() -> new Relationship(name, target, dir, text(node, "description")));
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
