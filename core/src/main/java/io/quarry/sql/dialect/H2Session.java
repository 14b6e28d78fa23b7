package io.quarry.sql.dialect;

import io.quarry.sql.JdbcSession;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/** A read on H2: a read-only connection with H2's own {@code QUERY_TIMEOUT}. */
final class H2Session implements JdbcSession {
    @Override
    public void prepareRead(Connection connection, Duration timeout) throws SQLException {
        connection.setReadOnly(true);
        try (Statement st = connection.createStatement()) {
            st.execute("SET QUERY_TIMEOUT " + timeout.toMillis());
        }
    }

    @Override
    public boolean isTimeout(SQLException e) {
        return e.getErrorCode() == 57014; // H2 "Statement was canceled or the session timed out"
    }
}
