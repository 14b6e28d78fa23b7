package io.quarry.store;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
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
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
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
    public record DataSet(List<GraphObject> objects, List<GraphRelationship> relationships) implements Entries {
        /** Copies the lists. */
        public DataSet {
            objects = List.copyOf(requireNonNull(objects, "objects"));
            relationships = List.copyOf(requireNonNull(relationships, "relationships"));
        }

        @Override
        public long objectCount() {
            return objects.size();
        }

        @Override
        public long relationshipCount() {
            return relationships.size();
        }

        @Override
        public Set<String> scopeKeys() {
            Set<String> keys = new LinkedHashSet<>();
            for (GraphObject o : objects) {
                keys.addAll(o.scope().keySet());
            }
            return keys;
        }

        @Override
        public <E extends Exception> void forEach(Visitor<E> visitor) throws E {
            for (GraphObject o : objects) {
                visitor.object(o);
            }
            for (GraphRelationship r : relationships) {
                visitor.relationship(r);
            }
        }
    }

    /**
     * The entries of a data set, objects before relationships: a {@link DataSet} in memory, or a
     * {@link Scanned} file, read again from the disk each time it is visited.
     */
    public sealed interface Entries permits DataSet, Scanned {
        /** The number of objects. */
        long objectCount();

        /** The number of relationships. */
        long relationshipCount();

        /** The objects' scope keys, in the order they first appear. */
        Set<String> scopeKeys();

        /**
         * Hands every object, then every relationship, to the visitor, in file order.
         *
         * @throws E what the visitor throws, which ends the visit
         */
        <E extends Exception> void forEach(Visitor<E> visitor) throws E;
    }

    /**
     * What receives the entries of {@link Entries#forEach}.
     *
     * @param <E> what it may throw
     */
    public interface Visitor<E extends Exception> {
        /** One object. */
        void object(GraphObject object) throws E;

        /** One relationship, after every object. */
        void relationship(GraphRelationship relationship) throws E;
    }

    /**
     * A data file checked whole by {@link #scan} without holding it: its counts and scope keys, and
     * its entries read again from the file, one at a time, when visited.
     */
    public static final class Scanned implements Entries {
        private final Path file;
        private final long objects;
        private final long relationships;
        private final Set<String> scopeKeys;
        /** Whether the file's objects array comes before its relationships, so one pass reads both in order. */
        private final boolean objectsFirst;

        private Scanned(Path file, long objects, long relationships, Set<String> scopeKeys, boolean objectsFirst) {
            this.file = file;
            this.objects = objects;
            this.relationships = relationships;
            this.scopeKeys = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(scopeKeys));
            this.objectsFirst = objectsFirst;
        }

        /** The file. */
        public Path file() {
            return file;
        }

        @Override
        public long objectCount() {
            return objects;
        }

        @Override
        public long relationshipCount() {
            return relationships;
        }

        @Override
        public Set<String> scopeKeys() {
            return scopeKeys;
        }

        /**
         * {@inheritDoc}
         *
         * <p>Reads the file again (twice when its relationships come before its objects), holding one
         * entry at a time.
         *
         * @throws IllegalArgumentException when the file no longer reads as it did when it was scanned
         */
        @Override
        public <E extends Exception> void forEach(Visitor<E> visitor) throws E {
            String source = file.toString();
            long[] seen = new long[2];
            Section<E> objectSection = (node, where) -> {
                seen[0]++;
                visitor.object(object(node, where));
            };
            Section<E> relationshipSection = (node, where) -> {
                seen[1]++;
                visitor.relationship(relationship(node, where));
            };
            walk(file, source, objectSection, objectsFirst ? relationshipSection : null);
            if (!objectsFirst) {
                walk(file, source, null, relationshipSection);
            }
            if (seen[0] != objects || seen[1] != relationships) {
                throw new IllegalArgumentException(source + ": the file changed while it was loaded (it had " + objects
                        + " objects and " + relationships + " relationships, now " + seen[0] + " and " + seen[1]
                        + "); load it again when nothing writes it");
            }
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

    /**
     * Checks a data file whole without holding it: reads it entry by entry with a streaming parser,
     * checks each as {@link #read(Path)} does, and keeps only the ids (in a compact set, about 17
     * bytes plus the id per id) to find duplicates and relationships to missing objects. The entries
     * are read again from the file when the result is visited.
     *
     * @throws IllegalArgumentException with the same one-line messages as {@link #read(Path)}
     */
    public static Scanned scan(Path file) {
        String source = file.toString();
        Checker checker = new Checker(source);
        Set<String> scopeKeys = new LinkedHashSet<>();
        long[] counts = new long[2];
        boolean[] objectsDone = new boolean[1];
        boolean[] endsPending = new boolean[1];
        Section<RuntimeException> objects = (node, where) -> {
            GraphObject o = object(node, where);
            checker.object(o.id(), (int) counts[0]++);
            scopeKeys.addAll(o.scope().keySet());
        };
        Section<RuntimeException> relationships = (node, where) -> {
            GraphRelationship r = relationship(node, where);
            checker.relationship(r, (int) counts[1]++, objectsDone[0]);
            endsPending[0] |= !objectsDone[0];
        };
        walk(file, source, objects, relationships, () -> objectsDone[0] = true);
        boolean objectsFirst = !endsPending[0];
        if (!objectsFirst) {
            // the relationships came first: their ends are checked now that every object id is known
            int[] at = {0};
            walk(file, source, null, (node, where) -> checker.ends(relationship(node, where), at[0]++));
        }
        return new Scanned(file, counts[0], counts[1], scopeKeys, objectsFirst);
    }

    /** What a walk does with each entry of one of the two arrays. */
    private interface Section<E extends Exception> {
        void entry(JsonNode node, String where) throws E;
    }

    private static <E extends Exception> void walk(
            Path file, String source, Section<E> objects, Section<E> relationships) throws E {
        walk(file, source, objects, relationships, () -> {});
    }

    /**
     * Reads a data file with a streaming parser, handing each entry of its {@code objects} and
     * {@code relationships} arrays to the section (a null section skips its array), one tree of one
     * entry at a time.
     *
     * @param objectsDone runs when the objects array ends
     */
    private static <E extends Exception> void walk(
            Path file, String source, Section<E> objects, Section<E> relationships, Runnable objectsDone) throws E {
        try (InputStream in = Files.newInputStream(file);
                JsonParser p = Json.MAPPER.getFactory().createParser(in)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new JsonParseException(p, "the text is empty; a JSON value is required");
            }
            if (first != JsonToken.START_OBJECT) {
                p.skipChildren();
                if (p.nextToken() != null) {
                    throw new JsonParseException(p, "Trailing token found after the JSON value");
                }
                throw new IllegalArgumentException(source + ": expected an object with 'objects' and 'relationships'");
            }
            Set<String> keys = new java.util.HashSet<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                if (!keys.add(key)) { // worded as the tree's duplicate key (Json.problem)
                    throw new JsonParseException(p, "Duplicate field '" + key + "' for the data file");
                }
                JsonToken value = p.nextToken();
                boolean isObjects = key.equals("objects");
                if (!isObjects && !key.equals("relationships")) {
                    p.skipChildren();
                    continue;
                }
                if (value != JsonToken.START_ARRAY) {
                    throw new IllegalArgumentException(source + ": '" + key + "' must be an array");
                }
                Section<E> section = isObjects ? objects : relationships;
                if (section == null) {
                    p.skipChildren();
                } else {
                    for (int i = 0; p.nextToken() != JsonToken.END_ARRAY; i++) {
                        JsonNode entry = ENTRY.readTree(p);
                        section.entry(entry, source + ": " + key + "[" + i + "]");
                    }
                }
                if (isObjects) {
                    objectsDone.run();
                }
            }
            if (p.nextToken() != null) {
                throw new JsonParseException(p, "Trailing token found after the JSON value");
            }
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(source + ": not valid JSON: " + Json.problem(e), e);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException(
                    source + ": not valid JSON: a number is too large to read (its exponent is out of range)", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read data file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Reads one entry of an array as a tree: the mapper's rules, but more entries follow. */
    private static final ObjectReader ENTRY =
            Json.MAPPER.reader().without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

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
        Checker checker = new Checker(source);
        for (int i = 0; i < objects.size(); i++) {
            checker.object(objects.get(i).id(), i);
        }
        for (int i = 0; i < relationships.size(); i++) {
            checker.relationship(relationships.get(i), i, true);
        }
    }

    /** The one check of a data set's ids, entry by entry, holding only the ids. */
    private static final class Checker {
        private final String source;
        private final IdIndex objectIds = new IdIndex();
        private final IdIndex relationshipIds = new IdIndex();

        Checker(String source) {
            this.source = source;
        }

        void object(String id, int i) {
            int first = objectIds.add(id);
            if (first >= 0) {
                throw new IllegalArgumentException(source + ": objects[" + i + "]: duplicate object id '"
                        + CodePoints.abbreviate(id, ECHO) + "', also at objects[" + first
                        + "]; ids must be unique");
            }
        }

        /** @param objectsKnown whether every object id is known, so the ends can be checked now */
        void relationship(GraphRelationship r, int i, boolean objectsKnown) {
            int first = relationshipIds.add(r.id());
            if (first >= 0) {
                throw new IllegalArgumentException(source + ": relationships[" + i + "]: duplicate relationship id '"
                        + CodePoints.abbreviate(r.id(), ECHO) + "', also at relationships[" + first
                        + "]; ids must be unique");
            }
            if (objectsKnown) {
                ends(r, i);
            }
        }

        void ends(GraphRelationship r, int i) {
            for (String end : List.of(r.srcId(), r.dstId())) {
                if (!objectIds.contains(end)) {
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
