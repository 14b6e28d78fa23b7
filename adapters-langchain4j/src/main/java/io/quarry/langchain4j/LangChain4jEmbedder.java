package io.quarry.langchain4j;

import static java.util.Objects.requireNonNull;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import io.quarry.search.Batches;
import io.quarry.search.Embedder;
import io.quarry.search.EmbeddingException;
import java.util.List;

/** A LangChain4j {@link EmbeddingModel} as an {@link Embedder}; see {@link QuarryEmbeddings}. */
final class LangChain4jEmbedder implements Embedder {
    private final EmbeddingModel model;
    private final String name;
    private volatile int dimension;

    LangChain4jEmbedder(EmbeddingModel model, String name) {
        this.model = requireNonNull(model, "model");
        if (name != null && name.isBlank()) {
            throw new IllegalArgumentException(
                    "name must not be blank: the model's name is stored beside every vector");
        }
        String reported = name != null ? name : model.modelName();
        this.name = reported == null || reported.isBlank() || reported.equals("unknown")
                ? model.getClass().getName()
                : reported;
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
                d = model.dimension();
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
            List<Embedding> embeddings = model.embedAll(
                            asked.stream().map(TextSegment::from).toList())
                    .content();
            return embeddings == null
                    ? null
                    : embeddings.stream().map(Embedding::vector).toList();
        });
    }

    @Override
    public String toString() {
        return "LangChain4jEmbedder[" + name + "]";
    }
}
