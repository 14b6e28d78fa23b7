package io.quarry.springai;

import java.sql.SQLException;

/**
 * The toolkit cannot be built from the application's configuration and database: its message is one
 * line, {@code what is wrong; what to do}, which {@link QuarryFailureAnalyzer} shows instead of a
 * stack trace. The cause is kept for the debug log.
 */
final class QuarryStartupException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private QuarryStartupException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * The one line for a failure while building the toolkit: a database that cannot be read says so
     * with the driver's first line and what to check; any other failure is Quarry's own message (a
     * configuration error names its file and key), first line only.
     */
    static QuarryStartupException of(RuntimeException failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql) {
                return new QuarryStartupException(
                        "Quarry cannot read the application's database (" + firstLine(sql.getMessage())
                                + "); check spring.datasource.url, its username and password, and that the"
                                + " database is running",
                        failure);
            }
        }
        return new QuarryStartupException(firstLine(failure.getMessage()), failure);
    }

    private static String firstLine(String message) {
        String line = message == null ? "" : message.strip().lines().findFirst().orElse("");
        return line.length() > 500 ? line.substring(0, 500) + "…" : line;
    }
}
