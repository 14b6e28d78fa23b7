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
