package io.quarry.search;

import java.util.List;

/**
 * Turns texts into vectors: the model behind {@code semantic_search} and the hybrid rankings. Quarry
 * ships no model in {@code quarry-core}; hosts plug in their framework's model (the LangChain4j and
 * Spring AI adapters) or the default on-device model.
 *
 * <p>An implementation must be thread-safe and deterministic: the same text gives the same vector.
 */
public interface Embedder {

    /**
     * The model's name, stored beside every vector so that vectors of another model are never compared
     * with this one's (a changed name re-embeds).
     */
    String model();

    /** The length of every vector {@link #embed} returns. */
    int dimension();

    /**
     * One vector per text, in the order of the texts, each of {@link #dimension()} components.
     *
     * @throws EmbeddingException when the model cannot answer (its service is down, the text is refused)
     */
    List<float[]> embed(List<String> texts);
}
