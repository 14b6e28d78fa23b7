package io.quarry.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.LongConsumer;

/**
 * A load's progress on one line of a terminal ({@code loading 45,000 of 150,000 rows (30%)}),
 * rewritten in place at most every 200 ms and cleared at the end. When standard error is not a
 * terminal, whole lines instead, and only for work of at least {@value #LINES_FROM} rows: one every
 * tenth of the work (at least 10,000 and at most 100,000 rows apart) and one at the end, so a log of
 * a long load shows it moving and a small load prints nothing.
 */
final class Progress implements LongConsumer {
    private static final long INTERVAL_NANOS = 200_000_000L;

    /** The least work whose progress is written as lines where standard error is not a terminal. */
    static final long LINES_FROM = 10_000;

    private final PrintWriter err;
    private final long total;
    private final boolean shown;
    /** The line's words: what is done, and to what. */
    private final String verb;

    private final String noun;
    private long last = Long.MIN_VALUE;
    private boolean written;
    /** Rows apart of the lines where standard error is not a terminal, or 0 for no lines. */
    private final long step;
    /** The row count at which the next line is written. */
    private long nextLine;

    Progress(PrintWriter err, long total, boolean shown) {
        this(err, total, shown, "loading", "rows");
    }

    Progress(PrintWriter err, long total, boolean shown, String verb, String noun) {
        this.err = err;
        this.total = total;
        this.shown = shown;
        this.verb = verb;
        this.noun = noun;
        this.step = shown || total < LINES_FROM ? 0 : Math.min(100_000, Math.max(10_000, total / 10));
        this.nextLine = step;
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
        if (step > 0) {
            if ((rows >= nextLine || rows >= total) && nextLine != Long.MAX_VALUE) {
                err.println(String.format(
                        Locale.ROOT,
                        "%s %,d of %,d %s (%d%%)",
                        verb,
                        rows,
                        total,
                        noun,
                        Math.min(100, rows * 100 / total)));
                err.flush();
                nextLine = rows >= total ? Long.MAX_VALUE : (rows / step + 1) * step;
            }
            return;
        }
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
