package io.quarry.schema;

/** A schema or configuration that cannot be used; the message says what to change. */
public final class SchemaException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** An error with a message for the host developer. */
    public SchemaException(String message) {
        super(message);
    }

    /** An error with a message and its cause. */
    public SchemaException(String message, Throwable cause) {
        super(message, cause);
    }
}
