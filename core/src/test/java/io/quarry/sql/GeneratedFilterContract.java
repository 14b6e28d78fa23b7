package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.FilterParser;
import io.quarry.filter.FilterValidator;
import io.quarry.filter.ValidatedFilter;
import io.quarry.schema.Schema;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectQuery;
import io.quarry.store.Page;
import io.quarry.store.Scope;
import io.quarry.store.SortKey;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.statistics.Statistics;

/**
 * Generated filters return the same objects on a SQL backend as on {@link InMemoryObjectStore}: the
 * same ids in the same order, the same total, and, continuing after a cursor with a small page size,
 * the same page, {@code has_more} flag and cursors. Each try is one query of {@link GeneratedFilters} over the dirty {@link GeneratedData};
 * a failure is shrunk to a small filter and printed as its JSON.
 *
 * <p>Lifecycle: jqwik, not JUnit Jupiter, runs these properties, and jqwik makes a new instance of the
 * class for every property, so {@code @TestInstance(PER_CLASS)} with {@code @BeforeAll} does not
 * apply. The stores are instead built once per backend per JVM, lazily, in a static map keyed by
 * {@link #backend()}; the data is loaded once. Each backend's test class nests one subclass
 * ({@link BackendUnderTest}), as with the other contracts, but as a jqwik {@code @Group}: JUnit's
 * {@code @Nested} is invisible to jqwik.
 *
 * <p>Volume: CI runs the tries written here; {@code -Pfuzz} runs the contract alone (tag {@value
 * #FUZZ_TAG}) with the tries of {@link FuzzTries}.
 */
@Tag(GeneratedFilterContract.FUZZ_TAG)
abstract class GeneratedFilterContract implements BackendUnderTest {
    /** The tag of the contracts that {@code -Pfuzz} runs. */
    static final String FUZZ_TAG = "fuzz";

    /** Objects in the generated data set. */
    static final int OBJECTS = 120;

    private static final long SEED = 20_241_125L;
    private static final Schema SCHEMA = GeneratedData.schema();
    static final DataFile.DataSet DATA = GeneratedData.dataSet(OBJECTS, SEED);
    private static final InMemoryObjectStore MEMORY = InMemoryObjectStore.of(DATA);
    private static final Map<Backend, JdbcObjectStore> STORES = new ConcurrentHashMap<>();

    /** The store under test: the backend's, loaded once; a store of another kind overrides it (quarry-neo4j). */
    io.quarry.store.ObjectStore store() {
        return STORES.computeIfAbsent(
                backend(),
                b -> b.store(b.pooledDataSource("differential_generated_" + b.name()), StoreMapping.graph(), DATA));
    }

    @Provide
    Arbitrary<GeneratedFilters.GeneratedQuery> queries() {
        return GeneratedFilters.queries();
    }

    // edge cases off: combining them over these nested arbitraries costs more than the queries
    @Property(tries = 10_000, edgeCases = EdgeCasesMode.NONE)
    @AddLifecycleHook(FuzzTries.class)
    void sameObjectsSameOrderSamePages(@ForAll("queries") GeneratedFilters.GeneratedQuery q) {
        io.quarry.store.ObjectStore sql = store();
        ObjectQuery all;
        try {
            all = query(q, 1_000, null);
        } catch (QueryException e) {
            // refused before any store runs it, for every store alike: a type mismatch the model can fix
            assertThat(e.errors()).allSatisfy(error -> {
                assertThat(error.code()).isEqualTo(ErrorCode.TYPE_MISMATCH);
                assertThat(error.hint()).isNotBlank();
            });
            Statistics.label("matches").collect("refused");
            return;
        }
        Page expected = MEMORY.search(all);
        Page actual = sql.search(all);
        assertThat(ids(actual)).as("all ids, in order").containsExactlyElementsOf(ids(expected));
        assertThat(actual.total()).as("total").isEqualTo(expected.total());
        Statistics.label("matches")
                .collect(expected.items().isEmpty() ? "none" : expected.items().size() == OBJECTS ? "all" : "some");
        // one page of pageSize rows after the cursor of some row of the full result: the keyset
        // condition, the limit and has_more in one statement. The expected page is that slice of the
        // evaluator's full result (InMemoryObjectStoreTest proves its paging is such a slice).
        int size = expected.items().size();
        int from = size == 0 ? 0 : (q.pageSize() * 7) % size + 1;
        String cursor = size == 0 ? null : expected.cursors().get(from - 1);
        int to = Math.min(size, from + q.pageSize());
        Page got = sql.search(query(q, q.pageSize(), cursor));
        assertThat(ids(got))
                .as("page ids")
                .containsExactlyElementsOf(ids(expected).subList(from, to));
        assertThat(got.hasMore()).as("has_more").isEqualTo(to < size);
        assertThat(got.cursors()).as("cursors").isEqualTo(expected.cursors().subList(from, to));
    }

    static ObjectQuery query(GeneratedFilters.GeneratedQuery q, int limit, String cursor) {
        return ObjectQuery.builder()
                .types(q.types())
                .filter(validate(q))
                .sort(sort(q.sort()))
                .limit(limit)
                .cursor(cursor)
                .scope(Scope.unrestricted())
                .build();
    }

    static ValidatedFilter validate(GeneratedFilters.GeneratedQuery q) {
        FilterValidator validator = new FilterValidator(SCHEMA);
        return validator.validate(
                FilterParser.withDefaults().parse(q.filter(), ""),
                q.types().size() == 1 ? SCHEMA.type(q.types().get(0)).orElseThrow() : null);
    }

    static List<SortKey> sort(List<List<String>> keys) {
        FilterParser parser = FilterParser.withDefaults();
        return keys.stream()
                .map(k ->
                        new SortKey(parser.parsePath(k.get(0), "sort"), k.get(1).equals("desc")))
                .toList();
    }

    static List<String> ids(Page page) {
        return page.items().stream().map(GraphObject::id).toList();
    }
}
