package io.quarry.search;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Schema;
import io.quarry.store.GraphObject;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What text of each type is embedded, and how long text is cut into chunks. By default a type's text
 * is its exposed string and text fields (and lists of strings) that are not ids ({@code id}, names
 * ending in {@code _id}): never an enum, a number, a date, and never a hidden or masked field. A type whose
 * fields are not declared embeds every string property that is not an id. The configuration's {@code
 * search.fields} (or {@link Builder#fields}) names the fields of a type instead.
 *
 * <p>An object's text is its fields' values, one a line, in field order; text longer than the chunk
 * size ({@value #DEFAULT_CHUNK_SIZE} characters by default) is cut into chunks that overlap by {@value
 * #DEFAULT_CHUNK_OVERLAP} characters, at white space where there is some; an object ranks by its best
 * chunk. At most {@value #MAX_CHUNKS} chunks of an object are embedded.
 *
 * <p>Immutable and thread-safe.
 */
public final class EmbeddedText {
    /** Characters in a chunk by default: about 250 tokens, under the 256-token window of small models. */
    public static final int DEFAULT_CHUNK_SIZE = 1000;
    /** Characters two chunks share by default, so a sentence cut by a chunk's end is whole in the next. */
    public static final int DEFAULT_CHUNK_OVERLAP = 200;
    /** The chunks of one object embedded at most. */
    public static final int MAX_CHUNKS = 64;

    private final Schema schema;
    private final Map<String, List<String>> fields;
    private final int chunkSize;
    private final int chunkOverlap;

    private EmbeddedText(Schema schema, Map<String, List<String>> fields, int chunkSize, int chunkOverlap) {
        this.schema = schema;
        this.fields = Map.copyOf(fields);
        this.chunkSize = chunkSize;
        this.chunkOverlap = chunkOverlap;
    }

    /** The default text fields of every type of the schema, default chunks. */
    public static EmbeddedText defaults(Schema schema) {
        return builder(schema).build();
    }

    /** A builder over a schema (empty for a schema inferred from the data). */
    public static Builder builder(Schema schema) {
        return new Builder(requireNonNull(schema, "schema"));
    }

    /** The schema the fields were checked against. */
    public Schema schema() {
        return schema;
    }

    /** Characters in a chunk at most. */
    public int chunkSize() {
        return chunkSize;
    }

    /** Characters two neighbouring chunks share. */
    public int chunkOverlap() {
        return chunkOverlap;
    }

    /**
     * The fields embedded for a type: configured, else the defaults; empty for a type whose fields are
     * not declared (every string property that is not an id is then embedded).
     */
    public List<String> fields(String type) {
        List<String> configured = fields.get(type);
        if (configured != null) {
            return configured;
        }
        Optional<EntityType> t = schema.type(type);
        return t.isEmpty() ? List.of() : defaultFields(t.get());
    }

    /** The text of an object: its embedded fields' values, one a line; empty when it has none. */
    public String text(GraphObject object) {
        Optional<EntityType> type = schema.type(object.type());
        List<String> names = fields(object.type());
        List<String> lines = new ArrayList<>();
        if (names.isEmpty() && (type.isEmpty() || type.get().fields().isEmpty())) {
            JsonNode props = object.properties();
            for (Iterator<String> it = props.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                if (!isId(name)
                        && !(type.isPresent()
                                && (type.get().hides(name) || type.get().masks(name)))) {
                    line(props.get(name), lines);
                }
            }
        } else {
            for (String name : names) {
                if (type.isEmpty() || !(type.get().hides(name) || type.get().masks(name))) {
                    line(object.property(name), lines);
                }
            }
        }
        return String.join("\n", lines);
    }

    /** The chunks of an object's text, in order; empty when it has no text. */
    public List<String> chunks(GraphObject object) {
        List<String> chunks = chunk(text(object), chunkSize, chunkOverlap);
        return chunks.size() > MAX_CHUNKS ? chunks.subList(0, MAX_CHUNKS) : chunks;
    }

    /**
     * Cuts a text into chunks of at most {@code size} characters, the next starting {@code overlap}
     * characters before the previous ends; a chunk ends at white space when there is some in its second
     * half, and the next then starts at a word. Every character of the text is in some chunk; a blank
     * text has none.
     *
     * @param size at least 20
     * @param overlap at least 0, less than half the size
     */
    public static List<String> chunk(String text, int size, int overlap) {
        List<String> out = new ArrayList<>();
        for (int[] span : spans(text, size, overlap)) {
            out.add(text.substring(span[0], span[1]));
        }
        return out;
    }

    /** The start and end of every chunk {@link #chunk} cuts, in order; blank pieces left out. */
    static List<int[]> spans(String text, int size, int overlap) {
        checkChunking(size, overlap);
        List<int[]> out = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return out;
        }
        int length = text.length();
        int start = 0;
        while (start < length) {
            int end = Math.min(length, start + size);
            if (end < length) {
                int cut = end;
                while (cut > start + size / 2 && !Character.isWhitespace(text.charAt(cut - 1))) {
                    cut--;
                }
                if (cut > start + size / 2) {
                    end = cut;
                } else if (Character.isLowSurrogate(text.charAt(end))) {
                    end--; // never split a character
                }
            }
            if (!text.substring(start, end).isBlank()) {
                out.add(new int[] {start, end});
            }
            if (end == length) {
                break;
            }
            int next = Math.max(end - overlap, start + 1);
            // start at a word: after the first white space of the overlap, if it has one
            int word = next;
            while (word < end && !Character.isWhitespace(text.charAt(word - 1))) {
                word++;
            }
            next = word < end ? word : next;
            if (Character.isLowSurrogate(text.charAt(next))) {
                // never start inside a character, and always move on
                next = next - 1 > start ? next - 1 : next + 1;
            }
            start = next;
        }
        return out;
    }

    private static void checkChunking(int size, int overlap) {
        if (size < 20 || overlap < 0 || overlap * 2 >= size) {
            throw new IllegalArgumentException("a chunk has at least 20 characters and overlaps the next by less"
                    + " than half of them; was size " + size + ", overlap " + overlap);
        }
    }

    private static void line(JsonNode value, List<String> lines) {
        if (value == null) {
            return;
        }
        if (value.isTextual() && !value.textValue().isBlank()) {
            lines.add(value.textValue().strip());
        } else if (value.isArray()) {
            List<String> items = new ArrayList<>();
            value.forEach(v -> {
                if (v.isTextual() && !v.textValue().isBlank()) {
                    items.add(v.textValue().strip());
                }
            });
            if (!items.isEmpty()) {
                lines.add(String.join(", ", items));
            }
        }
    }

    private static boolean isId(String name) {
        return name.equals("id") || name.endsWith("_id") || name.endsWith("Id");
    }

    /** The exposed string, text and string-list fields that are not ids and not masked. */
    static List<String> defaultFields(EntityType type) {
        List<String> out = new ArrayList<>();
        for (Field f : type.exposedFields()) {
            boolean textual = f.type() == FieldType.STRING
                    || f.type() == FieldType.TEXT
                    || (f.type() == FieldType.ARRAY && f.items() == FieldType.STRING);
            if (textual && !isId(f.name()) && !f.masked()) {
                out.add(f.name());
            }
        }
        return List.copyOf(out);
    }

    /** Builds an {@link EmbeddedText}. */
    public static final class Builder {
        private final Schema schema;
        private final Map<String, List<String>> fields = new LinkedHashMap<>();
        private int chunkSize = DEFAULT_CHUNK_SIZE;
        private int chunkOverlap = DEFAULT_CHUNK_OVERLAP;

        private Builder(Schema schema) {
            this.schema = schema;
        }

        /**
         * Embeds these fields of a type instead of its default ones; none embeds nothing of the type.
         *
         * @throws IllegalArgumentException for a type the schema does not declare, a field the type does
         *     not declare (unless its fields are not declared), or a hidden or masked field: neither is
         *     ever embedded
         */
        public Builder fields(String type, List<String> names) {
            EntityType t = schema.type(requireNonNull(type, "type"))
                    .orElseThrow(() -> new IllegalArgumentException("EmbeddedText: there is no type '" + type
                            + "'; types: " + String.join(", ", schema.typeNames())));
            for (String name : names) {
                if (t.hides(name)) {
                    throw new IllegalArgumentException(
                            "EmbeddedText: " + type + "." + name + " is hidden, and hidden fields are never embedded");
                }
                if (t.masks(name)) {
                    throw new IllegalArgumentException("EmbeddedText: " + type + "." + name
                            + " is masked, and masked fields are never embedded (search text would show them)");
                }
                if (t.field(name).isEmpty() && !t.schemaless()) {
                    throw new IllegalArgumentException("EmbeddedText: type " + type + " has no field '" + name
                            + "'; fields: " + String.join(", ", t.exposedFieldNames()));
                }
            }
            fields.put(type, List.copyOf(names));
            return this;
        }

        /**
         * The chunk size and overlap, in characters.
         *
         * @throws IllegalArgumentException unless size is at least 20 and overlap is at least 0 and less
         *     than half the size
         */
        public Builder chunking(int size, int overlap) {
            checkChunking(size, overlap);
            this.chunkSize = size;
            this.chunkOverlap = overlap;
            return this;
        }

        /** Builds it. */
        public EmbeddedText build() {
            return new EmbeddedText(schema, fields, chunkSize, chunkOverlap);
        }
    }
}
