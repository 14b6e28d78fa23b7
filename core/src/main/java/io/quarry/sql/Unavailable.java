package io.quarry.sql;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import java.io.EOFException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place that tells a database that cannot be reached from a statement that failed: SQLState
 * class {@code 08} (connection exception), PostgreSQL's {@code 57P01..57P03} (shut down, crash, cannot
 * connect now), the JDBC connection exceptions (a pool's timeout among them), and a refused, reset or
 * unreachable socket anywhere in the causes. Such a failure is answered {@code DATABASE_UNAVAILABLE}
 * and logged as one line with its cause, without a stack trace: the trace says nothing an operator
 * needs when the database is simply down.
 */
final class Unavailable {
    private static final Logger LOG = LoggerFactory.getLogger(JdbcObjectStore.class);
    private static final Set<String> SERVER_SHUTDOWN = Set.of("57P01", "57P02", "57P03");

    private Unavailable() {}

    /** Whether the failure means the database cannot be reached, rather than that a statement failed. */
    static boolean is(Throwable failure) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable t = failure; t != null && seen.put(t, Boolean.TRUE) == null; t = next(t)) {
            if (t instanceof SQLTransientConnectionException || t instanceof SQLNonTransientConnectionException) {
                return true;
            }
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                String state = sql.getSQLState();
                if (state.startsWith("08") || SERVER_SHUTDOWN.contains(state)) {
                    return true;
                }
            }
            if (t instanceof ConnectException
                    || t instanceof NoRouteToHostException
                    || t instanceof UnknownHostException
                    || t instanceof SocketException
                    || t instanceof EOFException) {
                return true;
            }
        }
        return false;
    }

    /** The next cause: the chained SQL exception, or the cause. */
    private static Throwable next(Throwable t) {
        if (t instanceof SQLException sql && sql.getNextException() != null) {
            return sql.getNextException();
        }
        return t.getCause();
    }

    /** Logs one line with the cause and returns the {@code DATABASE_UNAVAILABLE} error. */
    static QueryException error(Throwable failure) {
        LOG.warn("database unavailable: {}", cause(failure));
        return QueryException.of(
                ErrorCode.DATABASE_UNAVAILABLE,
                "",
                "The database cannot be reached right now.",
                "This is temporary and not caused by the request: retry the same call in a few seconds.");
    }

    /** The innermost message with its exception's simple name and SQLState, in one line. */
    private static String cause(Throwable failure) {
        Throwable root = failure;
        String state = null;
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable t = failure; t != null && seen.put(t, Boolean.TRUE) == null; t = t.getCause()) {
            root = t;
            if (state == null && t instanceof SQLException sql) {
                state = sql.getSQLState();
            }
        }
        String text = failure.getClass().getSimpleName() + (state == null ? "" : " [" + state + "]") + ": "
                + failure.getMessage();
        if (root != failure) {
            text += " (cause: " + root.getClass().getSimpleName() + ": " + root.getMessage() + ")";
        }
        return text.replaceAll("\\s+", " ");
    }
}
