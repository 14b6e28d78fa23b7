package io.quarry.sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * How a read runs on a JDBC connection of one database, {@link Dialect#session()}: what a read sets
 * on the connection (read-only, the statement timeout) and undoes afterwards, and which of the
 * driver's errors and warnings mean the statement ran out of time. The store calls it around each
 * read, inside a transaction it always rolls back; the SQL the read runs is the {@link Dialect}'s.
 *
 * <p>A new database writes {@link #prepareRead} and {@link #isTimeout}; the other two have defaults
 * for a database that leaves nothing behind on the connection and warns of nothing that matters.
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
}
