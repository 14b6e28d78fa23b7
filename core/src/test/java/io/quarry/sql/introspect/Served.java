package io.quarry.sql.introspect;

import io.quarry.config.QuarryConfig;
import io.quarry.sql.Backend;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.tool.Toolkit;
import javax.sql.DataSource;

/** An introspected database served as a host would: its YAML read back, a store on its tables, the tools. */
final class Served {
    private Served() {}

    static Toolkit toolkit(Backend backend, DataSource dataSource, Introspection result) {
        return builder(backend, dataSource, result).build();
    }

    /** The toolkit's builder, for a test that turns more on. */
    static Toolkit.Builder builder(Backend backend, DataSource dataSource, Introspection result) {
        QuarryConfig config = QuarryConfig.parse(result.toYaml(), "introspected.yaml");
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(dataSource)
                .dialect(backend.dialect(dataSource))
                .mapping(config.store().orElseThrow())
                .build();
        return Toolkit.builder().config(config).store(store);
    }
}
