package io.quarry.schema;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Reads the {@code types} section of a configuration file (YAML is a superset of JSON, so one reader serves both). */
final class SchemaConfig {
    static final YAMLMapper YAML = YAMLMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .build();

    /** Top-level sections: {@code types} is read here, the others by the components they configure. */
    static final Set<String> SECTIONS = Set.of("types", "limits", "tools", "store", "projections", "graph");

    private static final Set<String> TYPE_KEYS = Set.of("description", "fields", "relationships");
    private static final Set<String> FIELD_KEYS = Set.of("type", "description", "values", "items", "exposed");
    private static final Set<String> RELATIONSHIP_KEYS = Set.of("name", "target", "direction", "description");

    private SchemaConfig() {}

    static Schema load(Path file) {
        JsonNode root;
        try {
            root = YAML.readTree(Files.readString(file));
        } catch (IOException e) {
            throw new SchemaException("cannot read configuration " + file + ": " + e.getMessage(), e);
        }
        return read(root, file.toString());
    }

    static Schema read(JsonNode root, String source) {
        if (root == null || !root.isObject()) {
            throw new SchemaException(source + ": the configuration must be an object with a 'types' section");
        }
        checkKeys(root, SECTIONS, source, "configuration");
        JsonNode types = root.get("types");
        if (types == null || !types.isObject()) {
            throw new SchemaException(
                    source + ": 'types' must map each type name to its description, fields and relationships");
        }
        Schema.Builder builder = Schema.builder();
        for (Map.Entry<String, JsonNode> e : types.properties()) {
            builder.type(readType(e.getKey(), e.getValue(), source));
        }
        try {
            return builder.build();
        } catch (SchemaException e) {
            throw new SchemaException(source + ": " + e.getMessage(), e);
        }
    }

    private static EntityType readType(String name, JsonNode node, String source) {
        String where = source + ": types." + name;
        if (!Names.isIdentifier(name)) {
            throw new SchemaException(where + ": type names must match " + Names.IDENTIFIER.pattern());
        }
        if (node == null || node.isNull()) {
            return new EntityType(name, null, List.of(), List.of(), EntityType.Origin.DECLARED);
        }
        if (!node.isObject()) {
            throw new SchemaException(where + ": expected an object with description, fields and relationships");
        }
        checkKeys(node, TYPE_KEYS, where, "type");
        List<Field> fields = new ArrayList<>();
        JsonNode fieldsNode = node.get("fields");
        if (fieldsNode != null && !fieldsNode.isNull()) {
            if (!fieldsNode.isObject()) {
                throw new SchemaException(where + ".fields: expected an object mapping field names to {type: ...}");
            }
            for (Map.Entry<String, JsonNode> f : fieldsNode.properties()) {
                fields.add(readField(f.getKey(), f.getValue(), where + ".fields." + f.getKey()));
            }
        }
        List<Relationship> relationships = new ArrayList<>();
        JsonNode relNode = node.get("relationships");
        if (relNode != null && !relNode.isNull()) {
            if (!relNode.isArray()) {
                throw new SchemaException(where + ".relationships: expected a list of {name, target, direction}");
            }
            for (int i = 0; i < relNode.size(); i++) {
                relationships.add(readRelationship(relNode.get(i), where + ".relationships[" + i + "]"));
            }
        }
        return new EntityType(
                name, text(node, "description", where), fields, relationships, EntityType.Origin.DECLARED);
    }

    private static Field readField(String name, JsonNode node, String where) {
        if (!Names.isIdentifier(name)) {
            throw new SchemaException(where + ": field names must match " + Names.IDENTIFIER.pattern());
        }
        if (node != null && node.isTextual()) {
            return new Field(name, fieldType(node.asText(), where), null, List.of(), null, true);
        }
        if (node == null || !node.isObject()) {
            throw new SchemaException(where + ": expected {type: ...} or a type name such as 'string'");
        }
        checkKeys(node, FIELD_KEYS, where, "field");
        JsonNode typeNode = node.get("type");
        if (typeNode == null || !typeNode.isTextual()) {
            throw new SchemaException(where + ": 'type' is required, one of " + FieldType.jsonNames());
        }
        FieldType type = fieldType(typeNode.asText(), where);
        List<String> values = new ArrayList<>();
        JsonNode valuesNode = node.get("values");
        if (valuesNode != null) {
            if (type != FieldType.ENUM) {
                throw new SchemaException(
                        where + ": 'values' is only for enum fields; set type: enum or remove values");
            }
            if (!valuesNode.isArray() || valuesNode.isEmpty()) {
                throw new SchemaException(where + ": 'values' must be a non-empty list of strings");
            }
            for (JsonNode v : valuesNode) {
                if (!v.isTextual()) {
                    throw new SchemaException(where + ": enum values must be strings; quote " + v);
                }
                values.add(v.asText());
            }
        } else if (type == FieldType.ENUM) {
            throw new SchemaException(where + ": an enum field needs 'values', the list of allowed strings");
        }
        FieldType items = null;
        JsonNode itemsNode = node.get("items");
        if (itemsNode != null) {
            if (type != FieldType.ARRAY) {
                throw new SchemaException(where + ": 'items' is only for array fields");
            }
            if (!itemsNode.isTextual()) {
                throw new SchemaException(where + ": 'items' must be a type name, one of " + FieldType.jsonNames());
            }
            items = fieldType(itemsNode.asText(), where + ".items");
        }
        boolean exposed = true;
        JsonNode exposedNode = node.get("exposed");
        if (exposedNode != null) {
            if (!exposedNode.isBoolean()) {
                throw new SchemaException(where + ": 'exposed' must be true or false");
            }
            exposed = exposedNode.asBoolean();
        }
        return new Field(name, type, text(node, "description", where), values, items, exposed);
    }

    private static Relationship readRelationship(JsonNode node, String where) {
        if (node == null || !node.isObject()) {
            throw new SchemaException(where + ": expected {name, target, direction}");
        }
        checkKeys(node, RELATIONSHIP_KEYS, where, "relationship");
        String name = text(node, "name", where);
        String target = text(node, "target", where);
        if (name == null || target == null) {
            throw new SchemaException(where + ": 'name' and 'target' are required");
        }
        String dir = text(node, "direction", where);
        Relationship.Direction direction = Relationship.Direction.OUT;
        if (dir != null) {
            try {
                direction = Relationship.Direction.valueOf(dir.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new SchemaException(where + ": direction must be out, in or both, not '" + dir + "'", e);
            }
        }
        try {
            return new Relationship(name, target, direction, text(node, "description", where));
        } catch (IllegalArgumentException e) {
            throw new SchemaException(where + ": " + e.getMessage(), e);
        }
    }

    private static FieldType fieldType(String name, String where) {
        return FieldType.fromJsonName(name)
                .orElseThrow(() -> new SchemaException(
                        where + ": unknown field type '" + name + "'; use one of " + FieldType.jsonNames()));
    }

    private static String text(JsonNode node, String key, String where) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            return null;
        }
        if (v.getNodeType() != JsonNodeType.STRING) {
            throw new SchemaException(where + ": '" + key + "' must be a string");
        }
        return v.asText();
    }

    private static void checkKeys(JsonNode node, Set<String> allowed, String where, String what) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!allowed.contains(key)) {
                throw new SchemaException(where + ": unknown " + what + " key '" + key + "'; allowed: "
                        + String.join(", ", allowed.stream().sorted().toList()));
            }
        }
    }
}
