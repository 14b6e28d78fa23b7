package io.quarry.tool;

import io.quarry.store.ObjectStore;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.TestInstance;

/**
 * What the tool contracts share: stores loaded once per test class from the test resources, on the
 * store the concrete class picks ({@link StoreUnderTest}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ToolContract implements StoreUnderTest {
    private final Map<String, ObjectStore> stores = new HashMap<>();
    private Toolkit fixture;

    /** The store over a data resource of this package, such as {@code fixture-data.json}, loaded once. */
    ObjectStore store(String data) {
        return stores.computeIfAbsent(data, d -> newStore(d.substring(0, d.indexOf('-')), Stores.data(d)));
    }

    /** The tool fixture's toolkit, built once. */
    Toolkit fixture() {
        if (fixture == null) {
            fixture = Toolkit.builder()
                    .schema(Fixture.schema())
                    .store(store("fixture-data.json"))
                    .build();
        }
        return fixture;
    }

    /** A toolkit over a data resource, configured by a configuration resource (types and tools). */
    Toolkit toolkit(String config, String data) {
        return Toolkit.builder()
                .config(Fixture.config(config))
                .store(store(data))
                .build();
    }
}
