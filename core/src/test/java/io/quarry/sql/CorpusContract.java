package io.quarry.sql;

import io.quarry.filter.FilterCases;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every id case of the filter corpus returns the same objects, in the same order, on a SQL backend
 * as the evaluator says. Each backend's test class nests one subclass ({@link BackendUnderTest}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class CorpusContract implements BackendUnderTest {
    io.quarry.store.ObjectStore store;

    /** Loads the corpus's data into the store under test; a store of another kind overrides it (quarry-neo4j). */
    @BeforeAll
    void load() {
        store = backend().storeThatWaits("corpus_" + backend().name(), StoreMapping.graph(), FilterCases.data());
    }

    Stream<FilterCases.Case> idCases() {
        return FilterCases.idCases();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("idCases")
    void returnsTheObjectsTheEvaluatorReturns(FilterCases.Case c) {
        ((FilterCases.Ids) c.expected()).check(FilterCases.ids(store, c), c);
    }
}
