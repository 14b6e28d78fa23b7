package io.quarry.search;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * How far an {@link EmbeddingIndexer} got, stored with the vectors ({@link VectorIndex#state()}): the
 * model the vectors are of, and the last object embedded in the order of {@code updated_at} then id.
 * The next run continues after it; a run with another model starts again from the beginning.
 *
 * @param model the model name of every vector in the index ({@link Embedder#model()})
 * @param updatedAt the {@code updated_at} of the last object embedded, or {@code null} before the first
 * @param lastId the id of the last object embedded, or {@code null} before the first
 */
public record IndexState(String model, Instant updatedAt, String lastId) {
    /** Checks the arguments: {@code updatedAt} and {@code lastId} are both set or both {@code null}. */
    public IndexState {
        requireNonNull(model, "model");
        if ((updatedAt == null) != (lastId == null)) {
            throw new IllegalArgumentException("updatedAt and lastId are set together");
        }
    }

    /** The state before the first object of a model. */
    public static IndexState start(String model) {
        return new IndexState(model, null, null);
    }
}
