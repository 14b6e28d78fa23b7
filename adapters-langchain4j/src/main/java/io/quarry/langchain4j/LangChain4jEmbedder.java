package io.quarry.langchain4j;

import static java.util.Objects.requireNonNull;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import io.quarry.search.Embedder;
import io.quarry.search.EmbeddingException;
import java.util.ArrayList;
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
        requireNonNull(texts, "texts");
        List<float[]> out = new ArrayList<>(texts.size());
        List<TextSegment> segments = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        for (String text : texts) {
            requireNonNull(text, "text");
            out.add(null);
            // LangChain4j refuses blank segments; a blank text means nothing and is near to nothing
            if (!text.isBlank() && !text.trim().isEmpty()) {
                segments.add(TextSegment.from(text));
                positions.add(out.size() - 1);
            }
        }
        if (!segments.isEmpty()) {
            List<Embedding> embeddings;
            try {
                embeddings = model.embedAll(segments).content();
            } catch (RuntimeException e) {
                throw new EmbeddingException(
                        "The embedding model " + name + " failed on a batch of " + segments.size() + " texts: "
                                + e.getClass().getSimpleName(),
                        e);
            }
            if (embeddings == null || embeddings.size() != segments.size()) {
                throw new EmbeddingException("The embedding model " + name + " returned "
                        + (embeddings == null ? 0 : embeddings.size()) + " vectors for " + segments.size() + " texts.");
            }
            for (int i = 0; i < positions.size(); i++) {
                out.set(positions.get(i), embeddings.get(i).vector());
            }
        }
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i) == null) {
                out.set(i, new float[dimension()]);
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return "LangChain4jEmbedder[" + name + "]";
    }
}
