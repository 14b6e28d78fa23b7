package io.quarry.sql.dialect;

import io.quarry.sql.JdbcSession;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * A read on SQLite: the Java functions registered on the connection, {@code PRAGMA query_only}, and
 * a progress handler that interrupts the statement at the timeout; {@link #finishRead} removes both,
 * so a pooled connection stays as it was.
 */
final class SqliteSession implements JdbcSession {
    @Override
    public void prepareRead(Connection connection, Duration timeout) throws SQLException {
        SqliteFunctions.register(connection);
        try (Statement st = connection.createStatement()) {
            st.execute("PRAGMA query_only = 1");
        }
        SqliteFunctions.interruptAfter(connection, System.nanoTime() + timeout.toNanos());
    }

    @Override
    public void finishRead(Connection connection) throws SQLException {
        SqliteFunctions.clearInterrupt(connection);
        try (Statement st = connection.createStatement()) {
            st.execute("PRAGMA query_only = 0");
        }
    }

    @Override
    public boolean isTimeout(SQLException e) {
        // SQLITE_INTERRUPT, raised by the progress handler at the deadline
        return (e.getErrorCode() & 0xff) == 9
                || (e.getMessage() != null && e.getMessage().contains("SQLITE_INTERRUPT"));
    }
}
