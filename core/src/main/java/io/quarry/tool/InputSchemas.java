package io.quarry.tool;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import java.util.List;

/** Small builders for the JSON InputSchemas of tool inputs. */
final class InputSchemas {
    private InputSchemas() {}

    /** An object schema with no properties yet and no others allowed. */
    static ObjectNode object() {
        ObjectNode schema = Json.object();
        schema.put("type", "object");
        schema.putObject("properties");
        schema.put("additionalProperties", false);
        return schema;
    }

    /** The {@code properties} filter parameter: an object, checked by the filter parser rather than the schema. */
    static ObjectNode filter(String description) {
        ObjectNode node = Json.object();
        node.put("type", "object");
        node.put("description", description);
        return node;
    }

    /** A string of these values; with none (names inferred per scope), any string. */
    static ObjectNode enumString(List<String> values) {
        ObjectNode node = Json.object();
        node.put("type", "string");
        if (values.isEmpty()) {
            return node;
        }
        ArrayNode list = node.putArray("enum");
        values.forEach(list::add);
        return node;
    }

    /** {@link #enumString(List)} with a description. */
    static ObjectNode enumString(List<String> values, String description) {
        ObjectNode node = enumString(values);
        node.put("description", description);
        return node;
    }

    /** A string with a description. */
    static ObjectNode string(String description) {
        ObjectNode node = Json.object();
        node.put("type", "string");
        node.put("description", description);
        return node;
    }

    /** An integer from {@code min} to {@code max} with a default: the shape of every {@code limit}. */
    static ObjectNode integer(int min, int max, int defaultValue) {
        ObjectNode node = Json.object();
        node.put("type", "integer");
        node.put("minimum", min);
        node.put("maximum", max);
        node.put("default", defaultValue);
        return node;
    }
}
