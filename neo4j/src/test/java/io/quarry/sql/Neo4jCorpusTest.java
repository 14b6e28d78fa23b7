package io.quarry.sql;

import io.quarry.filter.FilterCases;
import io.quarry.neo4j.TestNeo4j;

/**
 * {@link CorpusContract} on Neo4j: every id case of core's filter corpus returns the objects the
 * evaluator returns, in its order. In this package for the contract's package-private parts; the
 * store is the Neo4j one, so {@link #backend()} names none.
 */
class Neo4jCorpusTest extends CorpusContract {
    @Override
    @org.junit.jupiter.api.BeforeAll
    void load() {
        store = TestNeo4j.store("corpus", FilterCases.data());
    }

    @Override
    public Backend backend() {
        throw new UnsupportedOperationException("the store under test is Neo4j's");
    }
}
