package io.quarry.sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

/**
 * How a read runs on a JDBC connection of one database, {@link Dialect#session()}: what a read sets
 * on the connection (read-only, the statement timeout) and undoes afterwards, and which of the
 * driver's errors and warnings mean the statement ran out of time. The store calls it around each
 * read, inside a transaction it always rolls back; the SQL the read runs is the {@link Dialect}'s.
 *
 * <p>A new database writes {@link #prepareRead} and {@link #isTimeout}; the others have defaults
 * for a database that leaves nothing behind on the connection, warns of nothing that matters and
 * takes a statement of any size.
 */
public interface JdbcSession {

    /** Prepares a connection for a read: read-only, the statement timeout, and any functions the dialect needs. */
    void prepareRead(Connection connection, Duration timeout) throws SQLException;

    /** Ends a read on a connection that {@link #prepareRead} prepared, restoring what it changed for the session. */
    default void finishRead(Connection connection) throws SQLException {}

    /**
     * Checks a statement's warnings after its results were read; a warning that means the result is
     * incomplete becomes an exception. The default ignores warnings.
     */
    default void checkWarnings(Statement statement) throws SQLException {}

    /** Whether an exception means the statement timeout fired. */
    boolean isTimeout(SQLException e);

    /**
     * Whether an exception means the statement was too large for the database to take in one message
     * (MariaDB's and MySQL's {@code max_allowed_packet}): a failure caused by the request, answered
     * {@code LIMIT_EXCEEDED} even when the server drops the connection for it. The default: never.
     */
    default boolean isTooLarge(SQLException e) {
        return false;
    }

    /**
     * The most bytes one statement, with its values, may take on this connection (MariaDB's and MySQL's
     * {@code max_allowed_packet}, past which the server drops the connection). The store asks only
     * before a statement larger than 64 KiB, once, and
     * answers a larger one {@code LIMIT_EXCEEDED} without sending it. The default: no such limit.
     */
    default long maxStatementBytes(Connection connection) throws SQLException {
        return Long.MAX_VALUE;
    }

    /**
     * Whether a read can carry the caller's session settings ({@link JdbcObjectStore.Builder#sessionSetting}),
     * settings the database's own policies read (PostgreSQL's row-level security through {@code
     * current_setting}, a view's {@code @variable} on MariaDB). The default: no.
     */
    default boolean takesSessionSettings() {
        return false;
    }

    /**
     * Sets the caller's settings on a connection {@link #prepareRead} prepared, before the read's first
     * statement: values bound, names checked by the store ({@code prefix.name}); local to the transaction
     * where the database has that.
     */
    default void setSessionSettings(Connection connection, Map<String, String> settings) throws SQLException {
        throw new SQLFeatureNotSupportedException("this database takes no session settings");
    }

    /**
     * Whether a read can run as another database role for its caller ({@link
     * JdbcObjectStore.Builder#sessionRole}), local to its transaction. The default: no.
     */
    default boolean takesRoles() {
        return false;
    }

    /**
     * Makes the rest of the read's transaction run as this database role (a name from the host's
     * configuration, bound as a value), before its first statement.
     */
    default void setRole(Connection connection, String role) throws SQLException {
        throw new SQLFeatureNotSupportedException("this database takes no role per read");
    }

    /** Clears the settings before the connection goes back, where they outlive the transaction. The default: nothing. */
    default void clearSessionSettings(Connection connection, Set<String> names) throws SQLException {}
}
