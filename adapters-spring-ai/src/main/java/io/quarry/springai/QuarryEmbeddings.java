package io.quarry.springai;

import io.quarry.search.Embedder;
import io.quarry.search.VectorIndex;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.vectorstore.VectorStore;

/**
 * Spring AI's models and stores for Quarry's semantic search: an {@link EmbeddingModel} as an {@link
 * Embedder}, a {@link VectorStore} (pgvector, Elasticsearch, Qdrant, the {@code SimpleVectorStore}…)
 * as a {@link VectorIndex}. The auto-configuration does this with the application's beans.
 *
 * <pre>{@code
 * Embedder embedder = QuarryEmbeddings.embedder(embeddingModel);
 * Toolkit toolkit = Toolkit.builder()
 *         ...
 *         .embedder(embedder)
 *         .vectorIndex(QuarryEmbeddings.vectorIndex(vectorStore, embedder))
 *         .build();
 * }</pre>
 *
 * <p>A {@code VectorStore} embeds texts itself, with the model it was built with, and is searched with a
 * text: it takes no vector. So the index needs the embedder made here, which remembers the text of
 * each vector it returned (until the vector is no longer used) and hands the store that text: the
 * chunk's text on an upsert, the question on a search. The store and the embedder should therefore use
 * the same model; an upsert embeds each chunk twice (once here, once in the store). Each document's id
 * is a UUID derived from the index name and the entry's key, and its metadata {@code quarry_index},
 * {@code quarry_key}, {@code quarry_object_id} and {@code quarry_type}; documents of other index names,
 * and the host's own, are never returned. Quarry reads every candidate through the caller's scope and
 * filter before showing it. The scores are the store's similarities, and a store drops the candidates
 * below its lowest threshold (0 for the {@code SimpleVectorStore}: opposite texts are never candidates).
 */
public final class QuarryEmbeddings {
    /** The index name used by {@link #vectorIndex(VectorStore, Embedder)}. */
    public static final String DEFAULT_INDEX = "quarry";

    private QuarryEmbeddings() {}

    /** The model as an embedder named by the model's class (or the given name, see below). */
    public static Embedder embedder(EmbeddingModel model) {
        return new SpringAiEmbedder(model, null);
    }

    /** The model as an embedder of the given name (stored beside every vector: a changed name re-embeds). */
    public static Embedder embedder(EmbeddingModel model, String name) {
        return new SpringAiEmbedder(model, name);
    }

    /**
     * The store as a vector index named {@value #DEFAULT_INDEX}.
     *
     * @param embedder an embedder from {@link #embedder(EmbeddingModel)}: it tells the index the texts of
     *     the vectors
     * @throws IllegalArgumentException when the embedder is not one of this class's
     */
    public static VectorIndex vectorIndex(VectorStore store, Embedder embedder) {
        return vectorIndex(store, embedder, DEFAULT_INDEX);
    }

    /**
     * The store as a vector index of the given name, so that one store can hold several Quarry indexes
     * beside the host's own documents.
     */
    public static VectorIndex vectorIndex(VectorStore store, Embedder embedder, String indexName) {
        if (!(embedder instanceof SpringAiEmbedder texts)) {
            throw new IllegalArgumentException("QuarryEmbeddings.vectorIndex: a Spring AI VectorStore embeds texts"
                    + " itself; pass the embedder of QuarryEmbeddings.embedder(embeddingModel), which tells the index"
                    + " the text of each vector");
        }
        return new VectorStoreIndex(store, texts, indexName);
    }
}
