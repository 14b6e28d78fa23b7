package io.quarry.langchain4j;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.store.embedding.EmbeddingStore;
import io.quarry.search.Embedder;
import io.quarry.search.VectorIndex;

/**
 * LangChain4j's models and stores for Quarry's semantic search: an {@link EmbeddingModel} as an {@link
 * Embedder}, an {@link EmbeddingStore} of {@link TextSegment}s (pgvector, Elasticsearch, Qdrant, the
 * in-memory one…) as a {@link VectorIndex}.
 *
 * <pre>{@code
 * Toolkit toolkit = Toolkit.builder()
 *         ...
 *         .embedder(QuarryEmbeddings.embedder(embeddingModel))
 *         .vectorIndex(QuarryEmbeddings.vectorIndex(embeddingStore))
 *         .build();
 * }</pre>
 *
 * <p>The store holds no object text: each entry is the vector, a segment whose text is the entry's key
 * ({@code task-7#0}) and metadata {@code quarry_index}, {@code quarry_key}, {@code quarry_object_id}
 * and {@code quarry_type}, and the object's scope values as {@code quarry_scope_<key>} (the type and the
 * caller's scope are metadata filters of every search, so a store that supports them filters inside its
 * nearest-neighbour search). Its id is a UUID derived from the index name and the key, so stores that
 * want UUIDs accept it and an upsert replaces the same entry. Entries of other index names, and the
 * host's own segments, are never returned. Quarry reads every candidate through the caller's scope
 * and filter before showing it.
 */
public final class QuarryEmbeddings {
    /** The index name used by {@link #vectorIndex(EmbeddingStore)}. */
    public static final String DEFAULT_INDEX = "quarry";

    private QuarryEmbeddings() {}

    /**
     * The model as an embedder named by its {@link EmbeddingModel#modelName()} (its class name when
     * the model reports none).
     */
    public static Embedder embedder(EmbeddingModel model) {
        return new LangChain4jEmbedder(model, null);
    }

    /**
     * The model as an embedder of the given name (stored beside every vector: a changed name re-embeds).
     */
    public static Embedder embedder(EmbeddingModel model, String name) {
        return new LangChain4jEmbedder(model, name);
    }

    /**
     * The store as a vector index named {@value #DEFAULT_INDEX} that keeps no indexer state (each run of
     * the {@link io.quarry.search.EmbeddingIndexer} embeds every object); {@link #vectorIndex(EmbeddingStore,
     * Embedder)} keeps it.
     */
    public static VectorIndex vectorIndex(EmbeddingStore<TextSegment> store) {
        return new EmbeddingStoreIndex(store, DEFAULT_INDEX, 0);
    }

    /**
     * The store as a vector index named {@value #DEFAULT_INDEX} for the embedder's vectors, keeping the
     * indexer's state (model, last {@code updated_at} and id) in one segment of the store, so a run embeds
     * only the objects changed since the last.
     */
    public static VectorIndex vectorIndex(EmbeddingStore<TextSegment> store, Embedder embedder) {
        return vectorIndex(store, embedder, DEFAULT_INDEX);
    }

    /** As {@link #vectorIndex(EmbeddingStore, Embedder)}, under another index name. */
    public static VectorIndex vectorIndex(EmbeddingStore<TextSegment> store, Embedder embedder, String indexName) {
        return new EmbeddingStoreIndex(store, indexName, embedder.dimension());
    }

    /**
     * The store as a vector index of the given name, so that one store can hold several Quarry indexes
     * (one per toolkit or per model) beside the host's own segments.
     */
    public static VectorIndex vectorIndex(EmbeddingStore<TextSegment> store, String indexName) {
        return new EmbeddingStoreIndex(store, indexName, 0);
    }
}
