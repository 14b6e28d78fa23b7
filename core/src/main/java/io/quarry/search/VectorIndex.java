package io.quarry.search;

import io.quarry.store.Scope;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Nearest-neighbour search over the vectors of objects' chunks. The index is a candidate source
 * only: it may hold every tenant's objects, and Quarry never shows a candidate, or its score, without
 * reading the object through the caller's scope and filter first. Implementations: the in-memory one
 * here, and the adapters' bridges to a host's store (pgvector, Elasticsearch, Qdrant… through
 * LangChain4j's {@code EmbeddingStore} or Spring AI's {@code VectorStore}).
 *
 * <p>Thread-safe. Ranking is deterministic: equal scores are ordered by key.
 */
public interface VectorIndex {

    /** Adds the entries, replacing entries with the same key. */
    void upsert(List<VectorEntry> entries);

    /** Removes every entry of the objects. */
    void delete(Collection<String> objectIds);

    /**
     * The entries nearest to the vector, nearest first, at most {@code candidates} of them.
     *
     * @param types when not empty, only entries of these types (a pre-filter the index may apply; Quarry
     *     checks the type again)
     */
    List<VectorMatch> nearest(float[] vector, int candidates, Set<String> types);

    /**
     * The entries nearest to the vector among those of the types and the caller's scope, nearest first: an
     * index that keeps each entry's scope ({@link VectorEntry#scope()}) filters inside its search, so the
     * {@code candidates} are all the caller's. This default ignores the scope (Quarry reads every candidate
     * through it anyway, so another tenant's entries only take places among the candidates).
     *
     * @param scope only entries of this scope, or of unknown scope
     */
    default List<VectorMatch> nearest(float[] vector, int candidates, Set<String> types, Scope scope) {
        return nearest(vector, candidates, types);
    }

    /** The number of entries. */
    long size();

    /**
     * Where the {@link EmbeddingIndexer} got to, stored with the vectors; empty when the index keeps no
     * state (the indexer then embeds every object on each run).
     */
    default Optional<IndexState> state() {
        return Optional.empty();
    }

    /** Stores the indexer's state with the vectors; an index that keeps none ignores it. */
    default void state(IndexState state) {}

    /**
     * The ids of every object with an entry, so the indexer can delete the entries of objects that are
     * gone; empty when the index cannot list them (the entries of deleted objects then stay until the
     * host deletes them, and {@code semantic_search} never shows them since it reads every candidate
     * from the store).
     */
    default Optional<Set<String>> objectIds() {
        return Optional.empty();
    }
}
