package io.quarry.tool;

/**
 * Receives what agents report missing through {@code report_missing_capability}; the tool exists only
 * in a toolkit with at least one such listener ({@link Toolkit.Builder#capabilityListener}).
 */
@FunctionalInterface
public interface CapabilityListener {

    /** Called once per report; a listener that throws is logged and skipped, the agent still gets its answer. */
    void onReport(CapabilityReport report);
}
