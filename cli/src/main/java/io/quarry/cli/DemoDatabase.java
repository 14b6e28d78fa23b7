package io.quarry.cli;

import io.quarry.tool.Toolkit;

/**
 * The built-in demo knowledge graph as the command line serves it: an embedded H2 file in the
 * temporary directory, created on first use, in Quarry's graph layout with scope columns {@code
 * org_id} and {@code project_id}.
 */
final class DemoDatabase {
    private DemoDatabase() {}

    /** Quarry's tools over the demo, as the command line runs them. */
    static Toolkit toolkit() {
        return new SourceOptions().toolkit();
    }
}
