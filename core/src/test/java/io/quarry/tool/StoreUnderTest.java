package io.quarry.tool;

import io.quarry.sql.Backend;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.StoreMapping;
import io.quarry.store.DataFile;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectStore;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * The store a tool contract runs on. A contract's concrete test class picks one by implementing
 * {@link InMemory}, the reference, or {@link OnBackend} with a {@link Backend}: adding a SQL dialect to
 * every tool test is a copy of {@code H2ToolsTest} that names its backend.
 */
interface StoreUnderTest {

    /**
     * A new store holding the data, with scope column {@code org_id}.
     *
     * @param name letters and underscores, unique within the test class
     */
    ObjectStore newStore(String name, DataFile.DataSet data);

    /** The in-memory reference store. */
    interface InMemory extends StoreUnderTest {
        @Override
        default ObjectStore newStore(String name, DataFile.DataSet data) {
            return InMemoryObjectStore.of(data);
        }
    }

    /** A SQL store in the graph layout on a database of {@link #backend()}, one per test class and name. */
    interface OnBackend extends StoreUnderTest {
        /** The database the tests run on. */
        Backend backend();

        @Override
        default ObjectStore newStore(String name, DataFile.DataSet data) {
            String owner = getClass().getName().substring(getClass().getName().lastIndexOf('.') + 1);
            String id = (owner.replace('$', '_') + "_" + name).toLowerCase(Locale.ROOT);
            DataSource ds = backend().dataSource(id.length() > 41 ? id.substring(id.length() - 41) : id);
            JdbcObjectStore store = JdbcObjectStore.builder()
                    .dataSource(ds)
                    .dialect(backend().dialect(ds))
                    .mapping(StoreMapping.graph("org_id"))
                    .build();
            store.createLayout();
            store.load(data);
            return store;
        }
    }
}
