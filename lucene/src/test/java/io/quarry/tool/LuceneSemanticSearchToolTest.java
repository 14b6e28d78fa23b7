package io.quarry.tool;

import io.quarry.lucene.LuceneIndex;
import io.quarry.search.VectorIndex;

/**
 * Every case of {@link SemanticSearchToolTest} (ranking, hidden text, filters, the hybrid ranking and
 * the two-tenant property {@code scopeNeverLeaks}) on a {@link LuceneIndex}: its scope and type filters
 * inside the index and its keyword side of the hybrid ranking.
 */
class LuceneSemanticSearchToolTest extends SemanticSearchToolTest {
    @Override
    protected VectorIndex newIndex() {
        return LuceneIndex.inMemory();
    }
}
