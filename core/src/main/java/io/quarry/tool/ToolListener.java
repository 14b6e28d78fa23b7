package io.quarry.tool;

/** Observes every tool call of a {@link Toolkit}; a listener that throws is logged and ignored. */
@FunctionalInterface
public interface ToolListener {

    /** Called once per finished call, on the calling thread. */
    void onCall(ToolCall call);
}
