package io.quarry.examples.agents;

import io.quarry.demo.DemoData;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.tool.Toolkit;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;

/**
 * The host's database in the agent examples: the built-in demo knowledge graph, loaded on first use
 * into an in-memory H2 database in Quarry's graph layout with scope columns {@code org_id} and
 * {@code project_id}.
 */
final class DemoDatabase {
    /** Where the demo's Quarry configuration is, as a Spring resource location. */
    static final String CONFIG = "classpath:" + DemoData.CONFIG_RESOURCE;

    private DemoDatabase() {}

    /** The demo database. */
    static DataSource dataSource() {
        return Loaded.DATA_SOURCE;
    }

    /** Quarry's tools over the demo, configured by the demo's file. */
    static Toolkit toolkit() {
        return DemoData.toolkit(Loaded.STORE);
    }

    private static final class Loaded {
        static final JdbcDataSource DATA_SOURCE = new JdbcDataSource();
        static final JdbcObjectStore STORE;

        static {
            DATA_SOURCE.setURL("jdbc:h2:mem:quarry-demo;DB_CLOSE_DELAY=-1");
            STORE = DemoData.load(DATA_SOURCE);
        }
    }
}
