package io.quarry.langchain4j;

import static dev.langchain4j.store.embedding.filter.MetadataFilterBuilder.metadataKey;
import static java.util.Objects.requireNonNull;

import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.langchain4j.store.embedding.EmbeddingStore;
import dev.langchain4j.store.embedding.filter.Filter;
import dev.langchain4j.store.embedding.inmemory.InMemoryEmbeddingStore;
import io.quarry.search.EmbeddingException;
import io.quarry.search.VectorEntry;
import io.quarry.search.VectorIndex;
import io.quarry.search.VectorMatch;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * A LangChain4j {@link EmbeddingStore} as a {@link VectorIndex}; see {@link QuarryEmbeddings}. Scores
 * come back as cosine similarity: LangChain4j's stores report the relevance {@code (cosine + 1) / 2}.
 */
final class EmbeddingStoreIndex implements VectorIndex {
    static final String INDEX = "quarry_index";
    static final String KEY = "quarry_key";
    static final String OBJECT_ID = "quarry_object_id";
    static final String TYPE = "quarry_type";

    private final EmbeddingStore<TextSegment> store;
    private final String name;

    EmbeddingStoreIndex(EmbeddingStore<TextSegment> store, String name) {
        this.store = requireNonNull(store, "store");
        this.name = requireNonNull(name, "indexName");
        if (name.isBlank()) {
            throw new IllegalArgumentException("indexName must not be blank");
        }
    }

    /** The store's id of an entry: a name-based UUID of the index name and the key. */
    String id(String key) {
        return UUID.nameUUIDFromBytes((name + "\u0000" + key).getBytes(StandardCharsets.UTF_8))
                .toString();
    }

    @Override
    public void upsert(List<VectorEntry> entries) {
        requireNonNull(entries, "entries");
        if (entries.isEmpty()) {
            return;
        }
        // the last entry of a key wins, as in a map
        Map<String, VectorEntry> byKey = new LinkedHashMap<>();
        entries.forEach(e -> byKey.put(e.key(), e));
        List<String> ids = new ArrayList<>();
        List<Embedding> embeddings = new ArrayList<>();
        List<TextSegment> segments = new ArrayList<>();
        for (VectorEntry e : byKey.values()) {
            ids.add(id(e.key()));
            embeddings.add(Embedding.from(e.vector()));
            Metadata metadata = new Metadata()
                    .put(INDEX, name)
                    .put(KEY, e.key())
                    .put(OBJECT_ID, e.objectId())
                    .put(TYPE, e.type());
            segments.add(TextSegment.from(e.key(), metadata));
        }
        try {
            // most stores append on add: remove the entries first so an upsert replaces them
            store.removeAll(ids);
            store.addAll(ids, embeddings, segments);
        } catch (RuntimeException e) {
            throw new EmbeddingException(
                    "The embedding store could not save " + ids.size() + " vectors: "
                            + e.getClass().getSimpleName(),
                    e);
        }
    }

    @Override
    public void delete(Collection<String> objectIds) {
        requireNonNull(objectIds, "objectIds");
        if (objectIds.isEmpty()) {
            return;
        }
        try {
            store.removeAll(ours().and(metadataKey(OBJECT_ID).isIn(List.copyOf(objectIds))));
        } catch (RuntimeException e) {
            throw new EmbeddingException(
                    "The embedding store could not delete the vectors of " + objectIds.size()
                            + " objects (does it support removeAll by a metadata filter?): "
                            + e.getClass().getSimpleName(),
                    e);
        }
    }

    @Override
    public List<VectorMatch> nearest(float[] vector, int candidates, Set<String> types) {
        requireNonNull(vector, "vector");
        requireNonNull(types, "types");
        if (candidates <= 0) {
            return List.of();
        }
        Filter filter = types.isEmpty() ? ours() : ours().and(metadataKey(TYPE).isIn(List.copyOf(types)));
        List<EmbeddingMatch<TextSegment>> matches;
        try {
            matches = store.search(EmbeddingSearchRequest.builder()
                            .queryEmbedding(Embedding.from(vector))
                            .maxResults(candidates)
                            .minScore(0.0)
                            .filter(filter)
                            .build())
                    .matches();
        } catch (RuntimeException e) {
            throw new EmbeddingException(
                    "The embedding store could not search: " + e.getClass().getSimpleName(), e);
        }
        List<VectorMatch> out = new ArrayList<>(matches.size());
        for (EmbeddingMatch<TextSegment> m : matches) {
            TextSegment segment = m.embedded();
            if (segment == null || !name.equals(segment.metadata().getString(INDEX))) {
                continue; // a store without filters: not one of ours
            }
            String key = segment.metadata().getString(KEY);
            String objectId = segment.metadata().getString(OBJECT_ID);
            String type = segment.metadata().getString(TYPE);
            if (key == null || objectId == null || (!types.isEmpty() && !types.contains(type))) {
                continue;
            }
            double relevance = m.score() == null ? 0 : m.score();
            out.add(new VectorMatch(key, objectId, 2 * relevance - 1));
        }
        out.sort(Comparator.comparingDouble(VectorMatch::score).reversed().thenComparing(VectorMatch::key));
        return out.size() > candidates ? List.copyOf(out.subList(0, candidates)) : out;
    }

    /**
     * The number of entries: exact for LangChain4j's in-memory store (which may hold the host's own
     * segments too), {@code -1} for other stores, which cannot count.
     */
    @Override
    public long size() {
        if (store instanceof InMemoryEmbeddingStore<TextSegment> memory) {
            return memory.size();
        }
        return -1;
    }

    private Filter ours() {
        return metadataKey(INDEX).isEqualTo(name);
    }

    @Override
    public String toString() {
        return "EmbeddingStoreIndex[" + name + " in " + store.getClass().getSimpleName() + "]";
    }
}
