package io.quarry.search;

import static java.util.Objects.requireNonNull;

/**
 * A candidate from {@link VectorIndex#nearest}: not yet an answer, since Quarry applies the caller's
 * scope, the filter and hidden fields to every candidate before anything reaches a model.
 *
 * @param key the entry's key
 * @param objectId the entry's object
 * @param score the similarity, higher is nearer (cosine similarity for the in-memory index)
 */
public record VectorMatch(String key, String objectId, double score) {
    /** Checks the arguments. */
    public VectorMatch {
        requireNonNull(key, "key");
        requireNonNull(objectId, "objectId");
    }
}
