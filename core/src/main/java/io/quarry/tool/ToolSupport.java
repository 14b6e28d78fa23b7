package io.quarry.tool;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.CodePoints;
import io.quarry.internal.Json;
import io.quarry.internal.Suggestions;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.List;

/**
 * What a tool written outside quarry-core (a {@link ToolExtension}, or a host's own {@link Tool}) uses to
 * read its input and word its answers exactly as Quarry's own tools do: the same JSON rules, the same
 * did-you-mean, the same abbreviation. Supported API; Quarry's own modules (the OpenAPI tools, the
 * command line) use nothing else of core's internals.
 */
public final class ToolSupport {
    private ToolSupport() {}

    /** A new empty JSON object. */
    public static ObjectNode object() {
        return Json.MAPPER.createObjectNode();
    }

    /** A new empty JSON array. */
    public static ArrayNode array() {
        return Json.MAPPER.createArrayNode();
    }

    /** The JSON tree of a value (a map, a list, a record, a string…), as Jackson maps it. */
    public static JsonNode tree(Object value) {
        return Json.MAPPER.valueToTree(value);
    }

    /**
     * Parses JSON text with the rules every tool input is read with: numbers as exact decimals, duplicate
     * keys, trailing tokens and empty text refused.
     *
     * @throws JsonProcessingException for text that is not one JSON value; {@link #problem} words it
     */
    public static JsonNode parse(String json) throws JsonProcessingException {
        return Json.parse(json);
    }

    /** Parses JSON from a stream with the rules of {@link #parse(String)}. */
    public static JsonNode parse(InputStream in) throws IOException {
        return Json.parse(in);
    }

    /** Compact JSON text of a tree, as every tool answer is written. */
    public static String write(JsonNode node) {
        return Json.write(node);
    }

    /** One line that says what is wrong with JSON text and where, without Jackson's internals. */
    public static String problem(JsonProcessingException e) {
        return Json.problem(e);
    }

    /**
     * The candidates closest to a name the caller wrote (edit distance over the names with case and
     * separators ignored), nearest first, at most {@code max}; empty when none is close enough to suggest.
     */
    public static List<String> nearest(String input, Collection<String> candidates, int max) {
        return Suggestions.nearest(input, candidates, max);
    }

    /** The text cut to at most {@code max} code points (at least 4), ending in {@code ...} where it was cut. */
    public static String abbreviate(String text, int max) {
        return CodePoints.abbreviate(text, max);
    }
}
