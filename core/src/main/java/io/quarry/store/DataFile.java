package io.quarry.store;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.CodePoints;
import io.quarry.internal.IsoDateTime;
import io.quarry.internal.Json;
import io.quarry.schema.Names;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the data file format of the command line and tests:
 *
 * <pre>{@code
 * {"objects": [{"id": "t1", "type": "Task", "properties": {...},
 *               "created_at": "...", "updated_at": "...", "project_id": "p1"}],
 *  "relationships": [{"id": "r1", "src_id": "t1", "dst_id": "p1", "type": "part_of"}]}
 * }</pre>
 *
 * <p>Every other top-level key of an object is a scope key with a string value. A missing
 * {@code created_at} takes {@code updated_at} and the other way round; when both are missing, both are
 * {@code 1970-01-01T00:00:00Z}. A relationship without {@code id} gets {@code src_id:type:dst_id}.
 *
 * <p>A data set is whole: object ids and relationship ids are unique, and both ends of every
 * relationship are objects of the set ({@link #check}, the one check every loader applies).
 */
public final class DataFile {
    private static final Set<String> OBJECT_KEYS = Set.of("id", "type", "properties", "created_at", "updated_at");

    /** At most this many code points of an id are echoed in a message. */
    private static final int ECHO = 60;

    private DataFile() {}

    /**
     * The objects and relationships of a data file.
     *
     * @param objects the objects, in file order
     * @param relationships the relationships, in file order
     */
    public record DataSet(List<GraphObject> objects, List<GraphRelationship> relationships) {
        /** Copies the lists. */
        public DataSet {
            objects = List.copyOf(requireNonNull(objects, "objects"));
            relationships = List.copyOf(requireNonNull(relationships, "relationships"));
        }
    }

    /**
     * Reads a data file.
     *
     * @throws IllegalArgumentException naming the offending entry when the file is not in the format
     */
    public static DataSet read(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, file.toString());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read data file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Reads a data file from a stream; {@code source} names it in error messages. */
    public static DataSet read(InputStream in, String source) {
        JsonNode root;
        try {
            root = Json.parse(in);
        } catch (IOException e) {
            // the parser's problem in plain words, without Jackson's "[Source: REDACTED ...]"
            throw new IllegalArgumentException(
                    source + ": not valid JSON: "
                            + (e instanceof com.fasterxml.jackson.core.JsonProcessingException j
                                    ? Json.problem(j)
                                    : e.getMessage()),
                    e);
        }
        return read(root, source);
    }

    /** Reads a data set from a parsed tree. */
    public static DataSet read(JsonNode root, String source) {
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(source + ": expected an object with 'objects' and 'relationships'");
        }
        List<GraphObject> objects = new ArrayList<>();
        JsonNode objectsNode = root.path("objects");
        if (!objectsNode.isMissingNode() && !objectsNode.isArray()) {
            throw new IllegalArgumentException(source + ": 'objects' must be an array");
        }
        for (int i = 0; i < objectsNode.size(); i++) {
            objects.add(object(objectsNode.get(i), source + ": objects[" + i + "]"));
        }
        List<GraphRelationship> relationships = new ArrayList<>();
        JsonNode relsNode = root.path("relationships");
        if (!relsNode.isMissingNode() && !relsNode.isArray()) {
            throw new IllegalArgumentException(source + ": 'relationships' must be an array");
        }
        for (int i = 0; i < relsNode.size(); i++) {
            relationships.add(relationship(relsNode.get(i), source + ": relationships[" + i + "]"));
        }
        check(objects, relationships, source);
        return new DataSet(objects, relationships);
    }

    /**
     * Refuses text that is not valid Unicode (a lone surrogate such as {@code \uD800}) in a key or a
     * string at any depth: it would be stored and served as {@code "?"}, and a tool input holding one
     * is refused too.
     */
    private static void requireValidUnicode(JsonNode node, String where) {
        java.util.ArrayDeque<JsonNode> pending = new java.util.ArrayDeque<>(List.of(node));
        while (!pending.isEmpty()) {
            JsonNode next = pending.pop();
            boolean valid = !next.isTextual() || CodePoints.isValidUnicode(next.textValue());
            if (next.isObject()) {
                for (Map.Entry<String, JsonNode> e : next.properties()) {
                    valid &= CodePoints.isValidUnicode(e.getKey());
                    pending.push(e.getValue());
                }
            }
            next.elements().forEachRemaining(e -> {
                if (!next.isObject()) {
                    pending.push(e);
                }
            });
            if (!valid) {
                throw new IllegalArgumentException(where + ": holds text that is not valid Unicode (a surrogate such"
                        + " as \\uD800 without its pair); remove the broken character or write the whole pair");
            }
        }
    }

    /**
     * Checks that a data set is whole: unique object ids, unique relationship ids, and both ends of
     * every relationship among the objects. The message names the entry and the id, in one line.
     *
     * @param source names the data in the message, such as the file
     * @throws IllegalArgumentException for the first duplicate id or relationship to a missing object
     */
    public static void check(List<GraphObject> objects, List<GraphRelationship> relationships, String source) {
        Map<String, Integer> objectAt = new HashMap<>();
        for (int i = 0; i < objects.size(); i++) {
            Integer first = objectAt.putIfAbsent(objects.get(i).id(), i);
            if (first != null) {
                throw new IllegalArgumentException(source + ": objects[" + i + "]: duplicate object id '"
                        + CodePoints.abbreviate(objects.get(i).id(), ECHO) + "', also at objects[" + first
                        + "]; ids must be unique");
            }
        }
        Map<String, Integer> relationshipAt = new HashMap<>();
        for (int i = 0; i < relationships.size(); i++) {
            GraphRelationship r = relationships.get(i);
            Integer first = relationshipAt.putIfAbsent(r.id(), i);
            if (first != null) {
                throw new IllegalArgumentException(source + ": relationships[" + i + "]: duplicate relationship id '"
                        + CodePoints.abbreviate(r.id(), ECHO) + "', also at relationships[" + first
                        + "]; ids must be unique");
            }
            for (String end : List.of(r.srcId(), r.dstId())) {
                if (!objectAt.containsKey(end)) {
                    throw new IllegalArgumentException(source + ": relationships[" + i + "]: relationship '"
                            + CodePoints.abbreviate(r.id(), ECHO) + "' refers to object '"
                            + CodePoints.abbreviate(end, ECHO)
                            + "', which the data does not have; both ends of a relationship must be objects of the"
                            + " data");
                }
            }
        }
    }

    private static GraphObject object(JsonNode node, String where) {
        if (!node.isObject()) {
            throw new IllegalArgumentException(where + ": expected an object");
        }
        requireValidUnicode(node, where);
        String id = requiredText(node, "id", where);
        String type = requiredText(node, "type", where);
        if (!Names.isIdentifier(type)) {
            throw new IllegalArgumentException(
                    where + " (" + id + "): type '" + type + "' must match " + Names.IDENTIFIER.pattern());
        }
        JsonNode props = node.path("properties");
        ObjectNode properties;
        if (props.isMissingNode() || props.isNull()) {
            properties = Json.object();
        } else if (props.isObject()) {
            properties = (ObjectNode) props;
        } else {
            throw new IllegalArgumentException(where + " (" + id + "): 'properties' must be an object");
        }
        Instant created = timestamp(node, "created_at", where + " (" + id + ")");
        Instant updated = timestamp(node, "updated_at", where + " (" + id + ")");
        if (created == null) {
            created = updated == null ? Instant.EPOCH : updated;
        }
        if (updated == null) {
            updated = created;
        }
        Map<String, String> scope = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            if (OBJECT_KEYS.contains(e.getKey())) {
                continue;
            }
            if (!e.getValue().isTextual()) {
                throw new IllegalArgumentException(where + " (" + id + "): scope key '" + e.getKey()
                        + "' must have a string value; put other data under 'properties'");
            }
            scope.put(e.getKey(), e.getValue().textValue());
        }
        return new GraphObject(id, type, properties, created, updated, scope);
    }

    private static GraphRelationship relationship(JsonNode node, String where) {
        if (!node.isObject()) {
            throw new IllegalArgumentException(where + ": expected an object with src_id, dst_id and type");
        }
        requireValidUnicode(node, where);
        String src = requiredText(node, "src_id", where);
        String dst = requiredText(node, "dst_id", where);
        String type = requiredText(node, "type", where);
        JsonNode id = node.get("id");
        if (id != null && !id.isTextual()) {
            throw new IllegalArgumentException(where + ": 'id' must be a string");
        }
        return new GraphRelationship(id == null ? src + ":" + type + ":" + dst : id.textValue(), src, dst, type);
    }

    private static String requiredText(JsonNode node, String key, String where) {
        JsonNode v = node.get(key);
        if (v == null || !v.isTextual() || v.textValue().isEmpty()) {
            throw new IllegalArgumentException(where + ": '" + key + "' is required and must be a non-empty string");
        }
        return v.textValue();
    }

    private static Instant timestamp(JsonNode node, String key, String where) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw new IllegalArgumentException(where + ": '" + key + "' must be an ISO-8601 string");
        }
        return IsoDateTime.parse(v.textValue())
                .orElseThrow(() -> new IllegalArgumentException(where + ": '" + key + "' is not an ISO-8601 date-time: "
                        + v.textValue() + " (use 2024-01-31T09:30:00Z)"));
    }
}
