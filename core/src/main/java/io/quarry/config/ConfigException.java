package io.quarry.config;

/**
 * A configuration file that cannot be used: the one exception of every section, with one message
 * format, {@code source: path: what is wrong; what to do}, such as
 * {@code quarry.yaml: store.tables.types.Task: unknown key 'colour'; allowed keys are created_at, ...}.
 * The path is dotted, with list positions in brackets ({@code tools.disabled[0]}), and left out for
 * the file as a whole.
 *
 * <p>An {@link IllegalArgumentException}, so code that reports bad arguments (the command line, a
 * host's start-up) reports it too.
 */
public final class ConfigException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    ConfigException(String source, String path, String detail, Throwable cause) {
        super(message(source, path, detail), cause);
    }

    private static String message(String source, String path, String detail) {
        return source + ": " + (path.isEmpty() ? "" : path + ": ") + detail;
    }
}
