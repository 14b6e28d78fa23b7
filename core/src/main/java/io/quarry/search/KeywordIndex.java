package io.quarry.search;

import io.quarry.store.Scope;
import java.util.List;
import java.util.Set;

/**
 * Ranking by words over the chunks' texts ({@link VectorEntry#text()}): the keyword side of a hybrid
 * ranking for a store without a full-text index of its own (memory, H2, SQLite). A {@link VectorIndex}
 * that also implements it (quarry-lucene's {@code LuceneIndex}, BM25) is asked for the words of {@code
 * "rank": "hybrid"} and of the keyword fallback of {@code semantic_search}. Like the vectors, it is a
 * candidate source only: Quarry reads every candidate through the caller's scope and filter.
 *
 * <p>Thread-safe. Ranking is deterministic: equal scores are ordered by key.
 */
public interface KeywordIndex {
    /**
     * The entries best matching the words of {@code text}, best first, at most {@code candidates} of them.
     *
     * @param types when not empty, only entries of these types
     * @param scope only entries of this scope, or of unknown scope ({@link VectorEntry#scope()})
     */
    List<VectorMatch> keyword(String text, int candidates, Set<String> types, Scope scope);
}
