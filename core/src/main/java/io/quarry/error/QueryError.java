package io.quarry.error;

import static java.util.Objects.requireNonNull;

/**
 * One error (or warning) about a tool input, written for a language model to act on.
 *
 * @param code the stable error code
 * @param path where in the tool input the problem is, such as {@code properties.$or[1].prority};
 *     empty for the input as a whole
 * @param message what is wrong, in one sentence
 * @param hint how to fix it (nearest names, allowed operators, enum values, accepted formats); may be
 *     {@code null}
 */
public record QueryError(ErrorCode code, String path, String message, String hint) {

    /** Checks the arguments. */
    public QueryError {
        requireNonNull(code, "code");
        requireNonNull(path, "path");
        requireNonNull(message, "message");
    }

    /** An error without a hint. */
    public static QueryError of(ErrorCode code, String path, String message) {
        return new QueryError(code, path, message, null);
    }

    @Override
    public String toString() {
        return code + " at '" + path + "': " + message + (hint == null ? "" : " (" + hint + ")");
    }
}
