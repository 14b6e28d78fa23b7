package io.quarry.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.LongConsumer;

/**
 * A load's progress on one line of a terminal ({@code loading 45,000 of 150,000 rows (30%)}),
 * rewritten in place at most every 200 ms and cleared at the end; nothing at all when standard error
 * is not a terminal, so logs and pipes never see it.
 */
final class Progress implements LongConsumer {
    private static final long INTERVAL_NANOS = 200_000_000L;

    private final PrintWriter err;
    private final long total;
    private final boolean shown;
    /** The line's words: what is done, and to what. */
    private final String verb;

    private final String noun;
    private long last = Long.MIN_VALUE;
    private boolean written;

    Progress(PrintWriter err, long total, boolean shown) {
        this(err, total, shown, "loading", "rows");
    }

    Progress(PrintWriter err, long total, boolean shown, String verb, String noun) {
        this.err = err;
        this.total = total;
        this.shown = shown;
        this.verb = verb;
        this.noun = noun;
    }

    /** Progress of {@code total} rows on {@code err}, shown only when standard error is a terminal. */
    static Progress onTerminal(PrintWriter err, long total) {
        return new Progress(err, total, stderrIsTerminal());
    }

    /** The same with other words: {@code embedding 640 of 3,681 objects (17%)}. */
    static Progress onTerminal(PrintWriter err, long total, String verb, String noun) {
        return new Progress(err, total, stderrIsTerminal(), verb, noun);
    }

    @Override
    public void accept(long rows) {
        long now = System.nanoTime();
        if (!shown || (written && now - last < INTERVAL_NANOS && rows < total)) {
            return;
        }
        last = now;
        written = true;
        long percent = total == 0 ? 100 : rows * 100 / total;
        err.print(String.format(
                Locale.ROOT, "\r%s %,d of %,d %s (%d%%)\u001b[K", verb, rows, total, noun, Math.min(100, percent)));
        err.flush();
    }

    /** Clears the line. */
    void done() {
        if (written) {
            err.print("\r\u001b[K");
            err.flush();
        }
    }

    /**
     * Whether file descriptor 2 is a terminal: on Linux its link in {@code /proc/self/fd} names a
     * tty; elsewhere, whether the JVM has a console (standard input and output are terminals).
     */
    private static boolean stderrIsTerminal() {
        Path fd = Path.of("/proc/self/fd/2");
        try {
            if (Files.exists(Path.of("/proc/self/fd"))) {
                String target = Files.readSymbolicLink(fd).toString();
                return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
            }
        } catch (java.io.IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
        return System.console() != null;
    }
}
