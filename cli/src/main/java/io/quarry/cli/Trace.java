package io.quarry.cli;

import io.quarry.tool.ToolCall;
import io.quarry.tool.ToolListener;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * {@code --trace}: one line per tool call on standard error, such as {@code quarry: trace
 * query_graph_objects ok rows=20 12 ms}; the tool, the outcome (ok or the error code), the objects
 * returned and the time, never the arguments or the scope.
 */
final class Trace implements ToolListener {
    private final PrintWriter err;

    Trace(PrintWriter err) {
        this.err = err;
    }

    static String line(ToolCall call) {
        return String.format(
                Locale.ROOT,
                "quarry: trace %s %s rows=%d %d ms",
                call.tool(),
                call.errorCode() == null ? "ok" : call.errorCode(),
                call.rows(),
                call.duration().toMillis());
    }

    @Override
    public void onCall(ToolCall call) {
        synchronized (err) {
            err.println(line(call));
            err.flush();
        }
    }
}
