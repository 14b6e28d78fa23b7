package io.quarry.sql;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes a connection from the host's data source within the statement timeout: a pool that has no free
 * connection (all of them held by other calls) would otherwise keep the call waiting for the pool's own
 * timeout (HikariCP's is 30 s). At the deadline the waiting thread is interrupted, which a pool's wait
 * (HikariCP's among them) answers by giving up; the call then gets a retryable {@code
 * DATABASE_UNAVAILABLE} error that says the connections are busy.
 */
final class ConnectionWait {
    private static final Logger LOG = LoggerFactory.getLogger(JdbcObjectStore.class);
    private static final ScheduledThreadPoolExecutor ALARMS = alarms();

    private ConnectionWait() {}

    private static ScheduledThreadPoolExecutor alarms() {
        ScheduledThreadPoolExecutor alarms = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "quarry-connection-wait");
            t.setDaemon(true);
            return t;
        });
        alarms.setRemoveOnCancelPolicy(true);
        return alarms;
    }

    /** One wait: the alarm interrupts the caller only while it still waits. */
    private static final class Alarm implements Runnable {
        private final Thread caller = Thread.currentThread();
        private boolean waiting = true;
        private boolean rang;

        @Override
        public synchronized void run() {
            if (waiting) {
                rang = true;
                caller.interrupt();
            }
        }

        /** Ends the wait; returns whether the alarm rang, clearing the interrupt it caused. */
        synchronized boolean end() {
            waiting = false;
            if (rang) {
                Thread.interrupted();
            }
            return rang;
        }
    }

    /**
     * A connection from the data source, or the busy error when none came within the limit.
     *
     * @throws QueryException ({@link ErrorCode#DATABASE_UNAVAILABLE}) at the deadline
     * @throws SQLException as the data source throws it otherwise
     */
    static Connection acquire(DataSource dataSource, Duration limit) throws SQLException {
        if (Thread.currentThread().isInterrupted()) {
            return dataSource.getConnection();
        }
        Alarm alarm = new Alarm();
        var scheduled = ALARMS.schedule(alarm, limit.toMillis(), TimeUnit.MILLISECONDS);
        Connection connection = null;
        SQLException failure = null;
        try {
            connection = dataSource.getConnection();
        } catch (SQLException e) {
            failure = e;
        } finally {
            scheduled.cancel(false);
        }
        if (alarm.end()) {
            if (connection != null) {
                // it came just as the alarm rang: use it
                return connection;
            }
            LOG.warn("no database connection became free within {} ms: the pool is exhausted", limit.toMillis());
            throw busy(limit);
        }
        if (failure != null) {
            throw failure;
        }
        return connection;
    }

    static QueryException busy(Duration limit) {
        long millis = limit.toMillis();
        String within = millis % 1_000 == 0 ? millis / 1_000 + " s" : millis + " ms";
        return QueryException.of(
                ErrorCode.DATABASE_UNAVAILABLE,
                "",
                "Every database connection is busy: none became free within the " + within + " limit.",
                "This is temporary and not caused by the request: retry the same call in a few seconds.");
    }
}
