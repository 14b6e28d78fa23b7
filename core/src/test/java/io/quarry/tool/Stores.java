package io.quarry.tool;

import io.quarry.schema.Schema;
import io.quarry.sql.H2Dialect;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.StoreMapping;
import io.quarry.store.DataFile;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.h2.jdbcx.JdbcDataSource;

/**
 * The stores every tool test runs on: the in-memory reference and H2. Other SQL dialects get the
 * same tests by adding a factory here.
 */
final class Stores {
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static final Map<String, Toolkit> FIXTURE = new ConcurrentHashMap<>();

    private Stores() {}

    /** The store names, for {@code @MethodSource}. */
    static List<String> names() {
        return List.of("memory", "h2");
    }

    /** A store of this kind holding the data, with scope column {@code org_id}. */
    static ObjectStore store(String name, DataFile.DataSet data) {
        return switch (name) {
            case "memory" -> InMemoryObjectStore.of(data);
            case "h2" -> {
                JdbcDataSource ds = new JdbcDataSource();
                ds.setURL("jdbc:h2:mem:catalog" + DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
                JdbcObjectStore store = JdbcObjectStore.builder()
                        .dataSource(ds)
                        .dialect(new H2Dialect())
                        .mapping(StoreMapping.graph("org_id"))
                        .build();
                store.createLayout();
                store.load(data);
                yield store;
            }
            default -> throw new IllegalArgumentException("no store " + name);
        };
    }

    /** The tool fixture's toolkit on this store, built once. */
    static Toolkit fixture(String name) {
        return FIXTURE.computeIfAbsent(name, n -> Toolkit.builder()
                .schema(Fixture.schema())
                .store(store(n, data("fixture-data.json")))
                .build());
    }

    /** A toolkit over a data resource, configured by a configuration resource (types and tools). */
    static Toolkit toolkit(String name, String config, String data) {
        return Toolkit.builder()
                .config(Fixture.yaml(config))
                .store(store(name, data(data)))
                .build();
    }

    static DataFile.DataSet data(String resource) {
        try (InputStream in = Fixture.class.getResourceAsStream(resource)) {
            return DataFile.read(in, resource);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Schema schema(String resource) {
        return Schema.parse(Fixture.resource(resource));
    }
}
