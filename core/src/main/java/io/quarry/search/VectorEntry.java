package io.quarry.search;

import static java.util.Objects.requireNonNull;

/**
 * One vector in a {@link VectorIndex}: a chunk of one object's text.
 *
 * @param key unique in the index: the object id and the chunk ({@code "task-7#2"})
 * @param objectId the object the chunk belongs to
 * @param type the object's type
 * @param vector the chunk's embedding (not copied: do not change it after handing it over)
 */
public record VectorEntry(String key, String objectId, String type, float[] vector) {
    /** Checks the arguments. */
    public VectorEntry {
        requireNonNull(key, "key");
        requireNonNull(objectId, "objectId");
        requireNonNull(type, "type");
        requireNonNull(vector, "vector");
    }
}
