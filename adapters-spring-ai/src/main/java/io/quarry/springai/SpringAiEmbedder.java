package io.quarry.springai;

import static java.util.Objects.requireNonNull;

import io.quarry.search.Batches;
import io.quarry.search.Embedder;
import io.quarry.search.EmbeddingException;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import org.springframework.ai.embedding.EmbeddingModel;

/**
 * A Spring AI {@link EmbeddingModel} as an {@link Embedder} that remembers the text of every vector it
 * returned while the vector is in use, for {@link VectorStoreIndex}; see {@link QuarryEmbeddings}.
 */
final class SpringAiEmbedder implements Embedder {
    private final EmbeddingModel model;
    private final String name;
    private volatile int dimension;
    // arrays hash and compare by identity: a vector is found by being the very array returned
    private final Map<float[], String> texts = Collections.synchronizedMap(new WeakHashMap<>());

    SpringAiEmbedder(EmbeddingModel model, String name) {
        this.model = requireNonNull(model, "model");
        if (name != null && name.isBlank()) {
            throw new IllegalArgumentException(
                    "name must not be blank: the model's name is stored beside every vector");
        }
        this.name = name != null ? name : model.getClass().getName();
    }

    @Override
    public String model() {
        return name;
    }

    @Override
    public int dimension() {
        int d = dimension;
        if (d == 0) {
            try {
                d = model.dimensions();
            } catch (RuntimeException e) {
                throw new EmbeddingException(
                        "The embedding model " + name + " did not tell its dimension: "
                                + e.getClass().getSimpleName(),
                        e);
            }
            dimension = d;
        }
        return d;
    }

    @Override
    public List<float[]> embed(List<String> texts) {
        return Batches.embed(texts, name, this::dimension, asked -> {
            List<float[]> vectors = model.embed(asked);
            if (vectors != null && vectors.size() == asked.size()) {
                for (int i = 0; i < vectors.size(); i++) {
                    this.texts.put(vectors.get(i), asked.get(i));
                }
            }
            return vectors;
        });
    }

    /** The text this embedder turned into the vector, or {@code null} when it did not. */
    String textOf(float[] vector) {
        return texts.get(vector);
    }

    @Override
    public String toString() {
        return "SpringAiEmbedder[" + name + "]";
    }
}
