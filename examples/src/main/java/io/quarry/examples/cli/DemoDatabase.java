package io.quarry.examples.cli;

import io.quarry.tool.Toolkit;
import javax.sql.DataSource;

/**
 * The built-in demo knowledge graph for the agent examples: an embedded H2 file in the temporary
 * directory, created on first use, in Quarry's graph layout with scope columns {@code org_id} and
 * {@code project_id}.
 */
public final class DemoDatabase {
    /** Where the demo's Quarry configuration is on the classpath. */
    public static final String CONFIG = "classpath:" + SourceOptions.DEMO_CONFIG.substring(1);

    private DemoDatabase() {}

    /** The demo database, read-only. */
    public static DataSource dataSource() {
        return new UrlDataSource(Databases.demoUrl(SourceOptions::demoData), null, null);
    }

    /** Quarry's tools over the demo, as the command line runs them. */
    public static Toolkit toolkit() {
        return new SourceOptions().toolkit();
    }
}
