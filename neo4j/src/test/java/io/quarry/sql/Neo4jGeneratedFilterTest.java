package io.quarry.sql;

import io.quarry.neo4j.TestNeo4j;
import io.quarry.store.ObjectStore;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/**
 * {@link GeneratedFilterContract} on Neo4j: generated filters over the dirty generated data give the
 * evaluator's ids, order, totals, pages and cursors. In this package for the contract's package-private
 * parts; the store is the Neo4j one, so {@link #backend()} names none. Thirty tries in the default build (the corpus, Neo4jCorpusTest, costs the module's
 * other 30 s), not the SQL backends' ten thousand: each try plans new Cypher
 * (0.31 s a try on the 2-core build machine, the shared server's start and load 15 s: 10 tries 17.5 s, 50 tries
 * 29.8 s; 1,000 tries passed in 344 s); {@code -Pfuzz} sets the volume.
 */
class Neo4jGeneratedFilterTest extends GeneratedFilterContract {
    private static ObjectStore store;

    @Override
    synchronized ObjectStore store() {
        if (store == null) {
            store = TestNeo4j.store("generated", DATA);
        }
        return store;
    }

    @Override
    public Backend backend() {
        throw new UnsupportedOperationException("the store under test is Neo4j's");
    }

    @Override
    @Property(tries = 30, edgeCases = EdgeCasesMode.NONE)
    @AddLifecycleHook(FuzzTries.class)
    void sameObjectsSameOrderSamePages(@ForAll("queries") GeneratedFilters.GeneratedQuery q) {
        super.sameObjectsSameOrderSamePages(q);
    }
}
