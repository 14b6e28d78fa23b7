package io.quarry.search;

import static java.util.Objects.requireNonNull;

import java.util.Map;

/**
 * One vector in a {@link VectorIndex}: a chunk of one object's text.
 *
 * @param key unique in the index: the object id and the chunk ({@code "task-7#2"})
 * @param objectId the object the chunk belongs to
 * @param type the object's type
 * @param vector the chunk's embedding (not copied: do not change it after handing it over)
 * @param scope the object's scope values ({@link io.quarry.store.GraphObject#scope()}), so an index can
 *     filter by the caller's scope inside its search; {@code null} when not known (such an entry passes
 *     every scope filter of the index, and Quarry still reads each candidate through the caller's scope)
 * @param text the chunk's text, for an index that also ranks by words ({@link KeywordIndex}); {@code null}
 *     when not known
 */
public record VectorEntry(
        String key, String objectId, String type, float[] vector, Map<String, String> scope, String text) {
    /** Checks the arguments and copies the scope. */
    public VectorEntry {
        requireNonNull(key, "key");
        requireNonNull(objectId, "objectId");
        requireNonNull(type, "type");
        requireNonNull(vector, "vector");
        scope = scope == null ? null : Map.copyOf(scope);
    }

    /** An entry of unknown scope and text. */
    public VectorEntry(String key, String objectId, String type, float[] vector) {
        this(key, objectId, type, vector, null, null);
    }
}
