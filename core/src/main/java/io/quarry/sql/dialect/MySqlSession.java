package io.quarry.sql.dialect;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.sql.JdbcSession;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

/**
 * A read on MariaDB or MySQL: the session's statement timeout and time zone saved, Quarry's set, a
 * read-only transaction; restored afterwards. MariaDB's regular-expression warning becomes {@code
 * QUERY_TIMEOUT}.
 *
 * @param mariadb MariaDB ({@code max_statement_time} in seconds), else MySQL ({@code
 *     max_execution_time} in milliseconds)
 */
record MySqlSession(boolean mariadb) implements JdbcSession {
    /** MariaDB's and MySQL's error codes for a statement that ran out of time. */
    private static final int MARIADB_STATEMENT_TIMEOUT = 1969;

    private static final int MYSQL_EXECUTION_TIMEOUT = 3024;
    private static final int MYSQL_REGEXP_TIME_LIMIT = 3699;
    private static final int INTERRUPTED = 1317;

    /**
     * The longest text {@code GROUP_CONCAT} joins in a read, in bytes (the server stops joining there):
     * {@code run_readonly_sql} cuts its text aggregates to 100,000 characters, at most four bytes each.
     */
    static final int GROUP_CONCAT_BYTES = 400_000;

    /** MariaDB's and MySQL's error for a statement larger than {@code max_allowed_packet}. */
    private static final int PACKET_TOO_LARGE = 1153;

    /** MariaDB's warning for a PCRE error at match time, such as its match limit. */
    private static final int REGEXP_WARNING = 1139;

    /**
     * {@inheritDoc}
     *
     * <p>Saves the session's statement timeout, time zone, {@code max_sort_length} and {@code
     * group_concat_max_len} in user variables
     * and sets Quarry's (the zone UTC, so that {@code TIMESTAMP} columns of a host's own tables read as
     * UTC too; sort keys compared over {@link MySqlDialect#SORT_BYTES}, texts joined up to {@link
     * #GROUP_CONCAT_BYTES}), then
     * starts a read-only transaction; {@link #finishRead} restores both, so a pooled connection goes
     * back as it came.
     */
    @Override
    public void prepareRead(Connection connection, Duration timeout) throws SQLException {
        String variable = timeoutVariable();
        try (PreparedStatement ps = connection.prepareStatement("SET @quarry_saved_timeout = @@session." + variable
                + ", @quarry_saved_zone = @@session.time_zone, @quarry_saved_sort = @@session.max_sort_length,"
                + " @quarry_saved_concat = @@session.group_concat_max_len, @@session."
                + variable + " = ?, @@session.time_zone = '+00:00', @@session.max_sort_length = "
                + MySqlDialect.SORT_BYTES + ", @@session.group_concat_max_len = " + GROUP_CONCAT_BYTES)) {
            if (mariadb) {
                ps.setBigDecimal(1, BigDecimal.valueOf(timeout.toMillis(), 3));
            } else {
                ps.setLong(1, Math.max(1, timeout.toMillis()));
            }
            ps.execute();
        }
        try (Statement st = connection.createStatement()) {
            st.execute("START TRANSACTION READ ONLY");
        }
    }

    @Override
    public void finishRead(Connection connection) throws SQLException {
        String variable = timeoutVariable();
        try (Statement st = connection.createStatement()) {
            st.execute(
                    "SET @@session." + variable + " = COALESCE(@quarry_saved_timeout, @@session." + variable
                            + "), @@session.time_zone = COALESCE(@quarry_saved_zone, @@session.time_zone),"
                            + " @@session.max_sort_length = COALESCE(@quarry_saved_sort, @@session.max_sort_length),"
                            + " @@session.group_concat_max_len = COALESCE(@quarry_saved_concat, @@session.group_concat_max_len)");
        }
    }

    @Override
    public boolean takesSessionSettings() {
        return true;
    }

    /**
     * User variables, {@code SET @`app.user_id` = ?}: they last as long as the connection, so {@link
     * #clearSessionSettings} sets them to NULL before it goes back to the pool.
     */
    @Override
    public void setSessionSettings(Connection connection, Map<String, String> settings) throws SQLException {
        if (settings.isEmpty()) {
            return;
        }
        StringBuilder sql = new StringBuilder("SET ");
        for (String name : settings.keySet()) {
            sql.append(sql.length() > 4 ? ", " : "").append("@`").append(name).append("` = ?");
        }
        try (PreparedStatement ps = connection.prepareStatement(sql.toString())) {
            int i = 1;
            for (String value : settings.values()) {
                ps.setString(i++, value);
            }
            ps.execute();
        }
    }

    @Override
    public void clearSessionSettings(Connection connection, Set<String> names) throws SQLException {
        if (names.isEmpty()) {
            return;
        }
        StringBuilder sql = new StringBuilder("SET ");
        for (String name : names) {
            sql.append(sql.length() > 4 ? ", " : "").append("@`").append(name).append("` = NULL");
        }
        try (Statement st = connection.createStatement()) {
            st.execute(sql.toString());
        }
    }

    /** MariaDB's statement timeout in seconds, or MySQL's in milliseconds. */
    private String timeoutVariable() {
        return mariadb ? "max_statement_time" : "max_execution_time";
    }

    /**
     * {@inheritDoc}
     *
     * <p>MariaDB answers a pattern that exceeds PCRE's match limit with warning 1139 and "no match";
     * that would be a silent wrong answer, so it becomes {@code QUERY_TIMEOUT}.
     */
    @Override
    public void checkWarnings(Statement statement) throws SQLException {
        for (SQLWarning w = statement.getWarnings(); w != null; w = w.getNextWarning()) {
            if (w.getErrorCode() == REGEXP_WARNING) {
                throw QueryException.of(
                        ErrorCode.QUERY_TIMEOUT,
                        "",
                        "A regular expression needed more backtracking steps than the database allows, so the"
                                + " result would be incomplete.",
                        "Simplify the pattern: avoid nested or adjacent repetitions of the same characters,"
                                + " such as (a+)+ or (a|ab)*, or use $contains/$startsWith.");
            }
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>The server's {@code ER_NET_PACKET_TOO_LARGE} (1153, "Got a packet bigger than
     * 'max_allowed_packet' bytes", with SQLState {@code 08S01} as the server closes the connection), or
     * the driver's own check against {@code max_allowed_packet}.
     */
    @Override
    public boolean isTooLarge(SQLException e) {
        return e.getErrorCode() == PACKET_TOO_LARGE
                || String.valueOf(e.getMessage()).contains("max_allowed_packet");
    }

    /** {@inheritDoc} The session's {@code max_allowed_packet}. */
    @Override
    public long maxStatementBytes(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement();
                java.sql.ResultSet rs = st.executeQuery("SELECT @@session.max_allowed_packet")) {
            return rs.next() ? rs.getLong(1) : Long.MAX_VALUE;
        }
    }

    @Override
    public boolean isTimeout(SQLException e) {
        int code = e.getErrorCode();
        return code == INTERRUPTED
                || (mariadb ? code == MARIADB_STATEMENT_TIMEOUT : code == MYSQL_EXECUTION_TIMEOUT)
                || (!mariadb && code == MYSQL_REGEXP_TIME_LIMIT);
    }
}
