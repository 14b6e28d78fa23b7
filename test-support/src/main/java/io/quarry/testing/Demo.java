package io.quarry.testing;

import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.dialect.Dialects;
import io.quarry.store.DataFile;
import io.quarry.tool.Toolkit;
import java.nio.file.Path;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;

/** The demo knowledge graph of the examples module, loaded into an in-memory H2 database. */
public final class Demo {
    /** The demo's configuration and data in the examples module; {@code -Dquarry.demo.dir} overrides. */
    public static final Path DIR = Path.of(
                    System.getProperty("quarry.demo.dir", "../examples/src/main/resources/io/quarry/examples/demo"))
            .toAbsolutePath()
            .normalize();

    private Demo() {}

    /** The demo's configuration file. */
    public static Path config() {
        return DIR.resolve("quarry.yaml");
    }

    /** A new in-memory H2 database of this name holding the demo in Quarry's graph layout. */
    public static DataSource dataSource(String database) {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:" + database + ";DB_CLOSE_DELAY=-1");
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(Dialects.detect(ds))
                .mapping(StoreMapping.graph("org_id", "project_id"))
                .build();
        store.createLayout();
        store.load(DataFile.read(DIR.resolve("demo-data.json")));
        return ds;
    }

    /** The names of the demo's tools, in the order a toolkit lists them. */
    public static String[] toolNames() {
        return ToolNames.NAMES.clone();
    }

    private static final class ToolNames {
        static final String[] NAMES = toolkit("quarry-demo-tool-names").tools().stream()
                .map(io.quarry.tool.Tool::name)
                .toArray(String[]::new);
    }

    /** The demo's tools over a new in-memory H2 database of this name, configured by the demo's file. */
    public static Toolkit toolkit(String database) {
        DataSource ds = dataSource(database);
        return Toolkit.builder()
                .config(config())
                .store(JdbcObjectStore.builder()
                        .dataSource(ds)
                        .dialect(Dialects.detect(ds))
                        .mapping(StoreMapping.graph("org_id", "project_id"))
                        .build())
                .build();
    }
}
