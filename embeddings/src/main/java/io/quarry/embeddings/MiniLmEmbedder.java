package io.quarry.embeddings;

import static java.util.Objects.requireNonNull;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import io.quarry.search.Batches;
import io.quarry.search.Embedder;
import io.quarry.search.EmbeddingException;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * The default {@link Embedder}: the quantized all-MiniLM-L6-v2 sentence model (384 dimensions, English),
 * run in process on ONNX Runtime from the weights inside LangChain4j's Maven artifact. No network, no
 * key, no download at run time; the first instance loads the model once per class loader (about a
 * second and some 100 MB of memory), later instances share it.
 *
 * <p>Thread-safe and deterministic: the same text gives the same vector, alone or in a batch. A batch
 * is embedded text by text on the executor (by default one thread per processor). A blank text (white space
 * or control characters only) has no meaning to the model and gets the zero vector, which is near to nothing.
 */
public final class MiniLmEmbedder implements Embedder {
    /** The model's name, stored beside every vector. */
    public static final String MODEL = "all-minilm-l6-v2-q";

    private static final int DIMENSION = 384;

    private final EmbeddingModel model;

    /** On a pool of one thread per processor. */
    public MiniLmEmbedder() {
        this.model = load(null);
    }

    /**
     * On the host's executor.
     *
     * @param executor runs the texts of a batch in parallel
     */
    public MiniLmEmbedder(Executor executor) {
        this.model = load(requireNonNull(executor, "executor"));
    }

    private static EmbeddingModel load(Executor executor) {
        try {
            return executor == null
                    ? new AllMiniLmL6V2QuantizedEmbeddingModel()
                    : new AllMiniLmL6V2QuantizedEmbeddingModel(executor);
        } catch (RuntimeException | LinkageError e) {
            throw new EmbeddingException(
                    "The default embedding model could not be loaded (ONNX Runtime has no native library"
                            + " for this platform, or the model's jar is missing): "
                            + e.getClass().getSimpleName(),
                    e);
        }
    }

    @Override
    public String model() {
        return MODEL;
    }

    @Override
    public int dimension() {
        return DIMENSION;
    }

    @Override
    public List<float[]> embed(List<String> texts) {
        return Batches.embed(
                texts,
                MODEL,
                () -> DIMENSION,
                asked -> model.embedAll(asked.stream().map(TextSegment::from).toList()).content().stream()
                        .map(Embedding::vector)
                        .toList());
    }

    @Override
    public String toString() {
        return "MiniLmEmbedder[" + MODEL + ", " + DIMENSION + " dimensions]";
    }
}
