package io.quarry.error;

import static java.util.Objects.requireNonNull;

/**
 * One error (or warning) about a tool input, written for a language model to act on.
 *
 * @param code the stable error code
 * @param path where in the tool input the problem is, such as {@code properties.$or[1].prority};
 *     empty for the input as a whole
 * @param message what is wrong, in one sentence
 * @param hint how to fix it (nearest names, allowed operators, enum values, accepted formats); never
 *     empty: {@code null} or blank is replaced by the code's general hint
 */
public record QueryError(ErrorCode code, String path, String message, String hint) {

    /** Checks the arguments. */
    public QueryError {
        requireNonNull(code, "code");
        requireNonNull(path, "path");
        requireNonNull(message, "message");
        if (hint == null || hint.isBlank()) {
            hint = defaultHint(code);
        }
    }

    /** An error with the code's general hint. */
    public static QueryError of(ErrorCode code, String path, String message) {
        return new QueryError(code, path, message, null);
    }

    /** What to do about an error of this code when its author gave no more precise hint. */
    static String defaultHint(ErrorCode code) {
        return switch (code) {
            case INVALID_JSON -> "Send one JSON object with the tool's parameters.";
            case UNKNOWN_TYPE -> "Call get_database_schema to see the types.";
            case UNKNOWN_FIELD, FORBIDDEN_FIELD -> "Call get_database_schema to see the fields of each type.";
            case UNKNOWN_OPERATOR -> "Use an operator the tool description lists.";
            case INVALID_OPERAND, TYPE_MISMATCH -> "Check the value's type against the field in get_database_schema.";
            case INVALID_REGEX -> "Use a simpler pattern, or $contains, $startsWith or $endsWith.";
            case LIMIT_EXCEEDED -> "Ask a smaller question, or split it into several calls.";
            case NOT_FOUND -> "Use an id from a previous result.";
            case INVALID_CURSOR ->
                "Pass next_cursor from the previous page of the same query, or start over without it.";
            case INVALID_SQL -> "Write one SELECT statement in the database's SQL.";
            case SQL_NOT_ALLOWED ->
                "Use one SELECT over the relations of get_database_schema, with joins, subqueries, WITH,"
                        + " UNION, GROUP BY and window functions as needed.";
            case QUERY_TIMEOUT -> "Try a narrower filter or a smaller limit.";
            default -> "Try again, or try a simpler request.";
        };
    }

    @Override
    public String toString() {
        return code + " at '" + path + "': " + message + " (" + hint + ")";
    }
}
