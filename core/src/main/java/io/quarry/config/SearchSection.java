package io.quarry.config;

import io.quarry.schema.EntityType;
import io.quarry.schema.Schema;
import io.quarry.search.EmbeddedText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the {@code search} section: which fields of each type are embedded for {@code semantic_search}
 * and the hybrid rankings, and the chunk size and overlap in characters.
 *
 * <pre>{@code
 * search:
 *   chunk_size: 1000
 *   chunk_overlap: 200
 *   fields:
 *     Task: [title, description]
 * }</pre>
 */
final class SearchSection {
    private static final Set<String> KEYS = Set.of("fields", "chunk_size", "chunk_overlap");

    private SearchSection() {}

    static EmbeddedText read(ConfigNode section, Schema schema) {
        section.keys(KEYS);
        Schema types = schema == null ? Schema.builder().build() : schema;
        EmbeddedText.Builder b = EmbeddedText.builder(types);
        if (section.has("fields")) {
            ConfigNode fields = section.get("fields").orElseThrow();
            if (schema == null) {
                throw fields.error("needs the types section of the same file", "add types, or remove search.fields");
            }
            for (Map.Entry<String, ConfigNode> e : fields.entries("write type names, each with a list of its fields")
                    .entrySet()) {
                EntityType type = schema.type(e.getKey()).orElseThrow(() -> e.getValue()
                        .error(
                                "unknown type '" + e.getKey() + "'"
                                        + ConfigNode.didYouMean(e.getKey(), schema.typeNames()),
                                "declared types: " + String.join(", ", schema.typeNames())));
                List<String> names = new ArrayList<>();
                for (ConfigNode item :
                        e.getValue().items("write a list of field names, such as [title, description]")) {
                    String name = item.text("write a field name");
                    if (type.hides(name)) {
                        throw item.error(
                                "field '" + name + "' is hidden, and hidden fields are never embedded",
                                "remove it, or expose the field in types");
                    }
                    if (type.masks(name)) {
                        throw item.error(
                                "field '" + name + "' is masked, and masked fields are never embedded",
                                "remove it: search text would show its values");
                    }
                    if (type.field(name).isEmpty() && !type.schemaless()) {
                        throw item.error(
                                "unknown field '" + name + "'" + ConfigNode.didYouMean(name, type.exposedFieldNames()),
                                "fields of " + type.name() + ": " + String.join(", ", type.exposedFieldNames()));
                    }
                    names.add(name);
                }
                b.fields(type.name(), names);
            }
        }
        int size = section.get("chunk_size")
                .map(n -> n.wholeNumber("write a whole number of characters, such as 1000"))
                .orElse(EmbeddedText.DEFAULT_CHUNK_SIZE);
        int overlap = section.get("chunk_overlap")
                .map(n -> n.wholeNumber("write a whole number of characters, such as 200"))
                .orElse(Math.min(EmbeddedText.DEFAULT_CHUNK_OVERLAP, Math.max(0, (size - 1) / 2)));
        section.build(() -> b.chunking(size, overlap));
        return b.build();
    }
}
