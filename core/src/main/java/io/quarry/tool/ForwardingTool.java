package io.quarry.tool;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A tool that shows another tool's name, description, input schema and {@link #readOnly()} and
 * decides what a call does: the base of wrappers around every call, such as signed cursors, the
 * toolkit of a call's scope, or a host's observation or audit of each call.
 */
public abstract class ForwardingTool implements Tool {
    private final Tool delegate;

    /** @param delegate the tool whose name, description, schema and read-only flag this one shows */
    protected ForwardingTool(Tool delegate) {
        this.delegate = requireNonNull(delegate, "delegate");
    }

    /** The tool this one shows. */
    protected final Tool delegate() {
        return delegate;
    }

    @Override
    public final String name() {
        return delegate.name();
    }

    @Override
    public final String description() {
        return delegate.description();
    }

    @Override
    public final ObjectNode inputSchema() {
        return delegate.inputSchema();
    }

    @Override
    public final boolean readOnly() {
        return delegate.readOnly();
    }
}
