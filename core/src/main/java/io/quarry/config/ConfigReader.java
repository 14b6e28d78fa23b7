package io.quarry.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;

/**
 * The one reader of configuration text: YAML, and so JSON, which YAML contains. It builds the tree
 * itself rather than through {@code ObjectMapper.readTree} so that a key written twice is refused with
 * its path, in every section; decimals are kept exact.
 */
final class ConfigReader {
    private static final YAMLFactory YAML = YAMLFactory.builder().build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ConfigReader() {}

    /** The text as a checked tree; an empty text is an empty object. */
    static ConfigNode read(String text, String source) {
        try (JsonParser parser = YAML.createParser(text)) {
            JsonToken first = parser.nextToken();
            JsonNode root = first == null ? NODES.objectNode() : value(parser, source, "");
            return new ConfigNode(source, "", root);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new ConfigException(
                    source,
                    "",
                    "not valid YAML or JSON"
                            + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr())
                            + ": " + problem(e.getOriginalMessage()) + "; correct the syntax there",
                    e);
        } catch (IOException e) {
            throw new ConfigException(source, "", "cannot be read: " + e.getMessage() + "; check the file", e);
        }
    }

    /** The parser's message on one line, without the excerpt and the location it repeats. */
    private static String problem(String message) {
        return String.join(
                ": ",
                message.lines()
                        .filter(l -> !l.isBlank() && !Character.isWhitespace(l.charAt(0)))
                        .toList());
    }

    private static JsonNode value(JsonParser parser, String source, String path) throws IOException {
        JsonToken token = parser.currentToken();
        switch (token) {
            case START_OBJECT:
                ObjectNode object = NODES.objectNode();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String key = parser.currentName();
                    String at = path.isEmpty() ? key : path + "." + key;
                    if (object.has(key)) {
                        throw new ConfigException(
                                source, path, "duplicate key '" + key + "'; write each key once", null);
                    }
                    parser.nextToken();
                    object.set(key, value(parser, source, at));
                }
                return object;
            case START_ARRAY:
                ArrayNode array = NODES.arrayNode();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    array.add(value(parser, source, path + "[" + array.size() + "]"));
                }
                return array;
            case VALUE_STRING:
                return NODES.textNode(parser.getText());
            case VALUE_NUMBER_INT:
                return integral(parser);
            case VALUE_NUMBER_FLOAT:
                return NODES.numberNode(parser.getDecimalValue());
            case VALUE_TRUE:
                return NODES.booleanNode(true);
            case VALUE_FALSE:
                return NODES.booleanNode(false);
            case VALUE_NULL:
                return NODES.nullNode();
            default:
                throw new ConfigException(
                        source,
                        path,
                        "holds a value of a kind configuration files do not use (" + token + ")"
                                + "; write a string, a number, true, false, a list or an object",
                        null);
        }
    }

    private static JsonNode integral(JsonParser parser) throws IOException {
        return switch (parser.getNumberType()) {
            case INT -> NODES.numberNode(parser.getIntValue());
            case LONG -> NODES.numberNode(parser.getLongValue());
            default -> NODES.numberNode(parser.getBigIntegerValue());
        };
    }
}
