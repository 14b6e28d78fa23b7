package io.quarry.sql.dialect;

import io.quarry.sql.JdbcSession;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;

/**
 * A read on PostgreSQL: a read-only transaction with the statement timeout, custom plans ({@code
 * plan_cache_mode = force_custom_plan}, so bound path names fold into constants and match expression
 * indexes) and no JIT, each set with {@code set_config(…, true)}: local to the transaction, which the
 * store rolls back, so nothing is left on a pooled connection.
 */
final class PostgresSession implements JdbcSession {
    @Override
    public void prepareRead(Connection connection, Duration timeout) throws SQLException {
        connection.setReadOnly(true);
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT set_config('statement_timeout', ?, true), set_config('plan_cache_mode', ?, true),"
                        + " set_config('jit', ?, true)")) {
            ps.setString(1, Math.max(1, timeout.toMillis()) + "ms");
            ps.setString(2, "force_custom_plan");
            // JIT compiled a 1,000-value $in for seconds on tables without statistics; reads are short
            ps.setString(3, "off");
            ps.execute();
        }
    }

    @Override
    public boolean isTimeout(SQLException e) {
        return "57014".equals(e.getSQLState()); // query_canceled: statement_timeout or the JDBC cancel
    }

    @Override
    public boolean takesSessionSettings() {
        return true;
    }

    @Override
    public boolean takesRoles() {
        return true;
    }

    /**
     * {@code set_config('role', name, true)}, the same as {@code SET LOCAL ROLE}: the login role must be a
     * member of it (PostgreSQL refuses otherwise), and the transaction's rollback ends it.
     */
    @Override
    public void setRole(Connection connection, String role) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT set_config('role', ?, true)")) {
            ps.setString(1, role);
            ps.execute();
        }
    }

    /** {@code set_config(name, value, true)}: local to the transaction, gone with its rollback. */
    @Override
    public void setSessionSettings(Connection connection, Map<String, String> settings) throws SQLException {
        if (settings.isEmpty()) {
            return;
        }
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT " + String.join(", ", Collections.nCopies(settings.size(), "set_config(?, ?, true)")))) {
            int i = 1;
            for (Map.Entry<String, String> setting : settings.entrySet()) {
                ps.setString(i++, setting.getKey());
                ps.setString(i++, setting.getValue());
            }
            ps.execute();
        }
    }
}
