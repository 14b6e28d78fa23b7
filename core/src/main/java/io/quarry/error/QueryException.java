package io.quarry.error;

import static java.util.Objects.requireNonNull;

import java.util.List;

/** Tool input that cannot be run; carries the errors, most specific first. Tools turn it into an error result. */
public final class QueryException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The errors; never empty. */
    private final transient List<QueryError> errors;

    /** An exception for these errors. */
    public QueryException(List<QueryError> errors) {
        super(
                requireNonNull(errors, "errors").isEmpty()
                        ? "no errors"
                        : errors.get(0).toString());
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("a QueryException needs at least one error");
        }
        this.errors = List.copyOf(errors);
    }

    /** An exception for one error. */
    public QueryException(QueryError error) {
        this(List.of(error));
    }

    /** An exception for one error built from its parts. */
    public static QueryException of(ErrorCode code, String path, String message, String hint) {
        return new QueryException(new QueryError(code, path, message, hint));
    }

    /** The errors, most specific first. */
    public List<QueryError> errors() {
        return errors;
    }

    /** The first, most specific error. */
    public QueryError first() {
        return errors.get(0);
    }
}
