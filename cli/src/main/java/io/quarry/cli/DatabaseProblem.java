package io.quarry.cli;

/**
 * The database cannot serve the command: it is unreachable, refuses the user, is missing, has
 * nothing to serve, or the machine fails it (a full disk, a read-only or busy file). The message is one line for the person at the command line, saying what to do;
 * the command exits with {@link #EXIT_CODE}.
 */
final class DatabaseProblem extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The exit code of a command the database cannot serve (a usage error is 2). */
    static final int EXIT_CODE = 1;

    DatabaseProblem(String message) {
        super(message);
    }

    DatabaseProblem(String message, Throwable cause) {
        super(message, cause);
    }
}
