package io.quarry.search;

/**
 * The embedder or the vector index could not answer. Tools report it as a retryable error and fall
 * back to keyword ranking where they have one; the message is for a person and never quotes the texts.
 */
public final class EmbeddingException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** With the cause. */
    public EmbeddingException(String message, Throwable cause) {
        super(message, cause);
    }

    /** Without a cause. */
    public EmbeddingException(String message) {
        super(message);
    }
}
