package io.quarry.error;

/** The stable codes of tool errors and warnings; a language model reads them, so they change deliberately. */
public enum ErrorCode {
    /** The input is not parseable JSON. */
    INVALID_JSON,
    /** No such type. */
    UNKNOWN_TYPE,
    /** No such field, or a field name that breaks the naming rule. */
    UNKNOWN_FIELD,
    /** A {@code $} key where it does not belong, or an unknown operator. */
    UNKNOWN_OPERATOR,
    /** An operand of the wrong type or shape. */
    INVALID_OPERAND,
    /** An operator or value that does not fit the field's declared type. */
    TYPE_MISMATCH,
    /** A regular expression outside the portable subset. */
    INVALID_REGEX,
    /** A depth, list size, length or count over its limit. */
    LIMIT_EXCEEDED,
    /** A field the caller may not read. */
    FORBIDDEN_FIELD,
    /** No object with that id in scope. */
    NOT_FOUND,
    /** A cursor that is malformed or belongs to another query. */
    INVALID_CURSOR,
    /** The database did not answer within the statement timeout. */
    QUERY_TIMEOUT,
    /**
     * The database cannot be reached (down, restarting, refusing connections, or no pooled connection
     * in time); the same call may succeed later.
     */
    DATABASE_UNAVAILABLE,
    /** SQL that does not parse as one statement of the dialect ({@code run_readonly_sql}). */
    INVALID_SQL,
    /** SQL that parses but uses a statement, clause, table or function {@code run_readonly_sql} does not run. */
    SQL_NOT_ALLOWED,
    /**
     * A call the host's policy refuses: an API operation or method not enabled, on a deny list, or
     * refused by the host's guard.
     */
    NOT_ALLOWED,
    /** A call that changes data and waits for a person's confirmation, which this channel cannot ask. */
    NEEDS_CONFIRMATION,
    /** The host's API did not answer in time or cannot be reached; the same call may succeed later. */
    API_UNAVAILABLE,
    /**
     * The embedding model or the vector index could not answer: a warning beside a ranking by keywords
     * ({@code semantic_search}, the hybrid rankings); the same call may rank by meaning later.
     */
    MODEL_UNAVAILABLE,
    /** Something failed inside the library; details are in the host's log, never in the message. */
    INTERNAL
}
