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
import io.quarry.search.IndexState;
import io.quarry.search.VectorEntry;
import io.quarry.search.VectorIndex;
import io.quarry.search.VectorMatch;
import io.quarry.store.Scope;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
    /** The prefix of the metadata keys of an entry's scope values ({@code quarry_scope_org_id}). */
    static final String SCOPE = "quarry_scope_";
    /** The key of the one segment that holds the indexer's state. */
    static final String STATE = "#state";

    static final String STATE_MODEL = "quarry_state_model";
    static final String STATE_UPDATED_AT = "quarry_state_updated_at";
    static final String STATE_LAST_ID = "quarry_state_last_id";

    private final EmbeddingStore<TextSegment> store;
    private final String name;
    /** The vectors' dimension, so the state can be kept as a vector of its own; 0 keeps no state. */
    private final int dimension;

    EmbeddingStoreIndex(EmbeddingStore<TextSegment> store, String name, int dimension) {
        this.store = requireNonNull(store, "store");
        this.name = requireNonNull(name, "indexName");
        if (name.isBlank()) {
            throw new IllegalArgumentException("indexName must not be blank");
        }
        if (dimension < 0) {
            throw new IllegalArgumentException("dimension must be positive, was " + dimension);
        }
        this.dimension = dimension;
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
            if (e.scope() != null) {
                e.scope().forEach((k, v) -> metadata.put(SCOPE + k, v));
            }
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
        return nearest(vector, candidates, types, Scope.unrestricted());
    }

    /**
     * The store's nearest entries of the types and the caller's scope: both are metadata filters of the
     * store's search, so a store that supports them (pgvector, Elasticsearch, Qdrant…) filters inside
     * its nearest-neighbour search. Entries written without scope values do not pass a scope filter.
     */
    @Override
    public List<VectorMatch> nearest(float[] vector, int candidates, Set<String> types, Scope scope) {
        requireNonNull(vector, "vector");
        requireNonNull(types, "types");
        requireNonNull(scope, "scope");
        if (candidates <= 0) {
            return List.of();
        }
        Filter filter = types.isEmpty() ? ours() : ours().and(metadataKey(TYPE).isIn(List.copyOf(types)));
        for (Map.Entry<String, String> e : scope.values().entrySet()) {
            filter = filter.and(metadataKey(SCOPE + e.getKey()).isEqualTo(e.getValue()));
        }
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
            if (key == null
                    || objectId == null
                    || (!types.isEmpty() && !types.contains(type))
                    || !admits(scope, segment.metadata())) {
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

    /**
     * The indexer's state, kept in one segment of the store (key {@value #STATE}, a unit vector of its
     * own); empty when the bridge was made without a dimension or the store holds none yet.
     */
    @Override
    public Optional<IndexState> state() {
        if (dimension == 0) {
            return Optional.empty();
        }
        List<EmbeddingMatch<TextSegment>> matches;
        try {
            matches = store.search(EmbeddingSearchRequest.builder()
                            .queryEmbedding(Embedding.from(stateVector()))
                            .maxResults(1)
                            .minScore(0.0)
                            .filter(ours().and(metadataKey(KEY).isEqualTo(STATE)))
                            .build())
                    .matches();
        } catch (RuntimeException e) {
            throw new EmbeddingException(
                    "The embedding store could not read the index state: "
                            + e.getClass().getSimpleName(),
                    e);
        }
        for (EmbeddingMatch<TextSegment> m : matches) {
            Metadata metadata = m.embedded() == null ? null : m.embedded().metadata();
            if (metadata == null
                    || !name.equals(metadata.getString(INDEX))
                    || !STATE.equals(metadata.getString(KEY))
                    || metadata.getString(STATE_MODEL) == null) {
                continue;
            }
            String at = metadata.getString(STATE_UPDATED_AT);
            String last = metadata.getString(STATE_LAST_ID);
            return Optional.of(
                    at == null || last == null
                            ? IndexState.start(metadata.getString(STATE_MODEL))
                            : new IndexState(metadata.getString(STATE_MODEL), Instant.parse(at), last));
        }
        return Optional.empty();
    }

    /** Replaces the state's segment; nothing when the bridge was made without a dimension. */
    @Override
    public void state(IndexState state) {
        requireNonNull(state, "state");
        if (dimension == 0) {
            return;
        }
        Metadata metadata = new Metadata().put(INDEX, name).put(KEY, STATE).put(STATE_MODEL, state.model());
        if (state.lastId() != null) {
            metadata.put(STATE_UPDATED_AT, state.updatedAt().toString()).put(STATE_LAST_ID, state.lastId());
        }
        String id = id(STATE);
        try {
            store.removeAll(List.of(id));
            store.addAll(
                    List.of(id), List.of(Embedding.from(stateVector())), List.of(TextSegment.from(STATE, metadata)));
        } catch (RuntimeException e) {
            throw new EmbeddingException(
                    "The embedding store could not save the index state: "
                            + e.getClass().getSimpleName(),
                    e);
        }
    }

    /** The state segment's vector: the first unit vector, so a search for it finds the state first. */
    private float[] stateVector() {
        float[] v = new float[dimension];
        v[0] = 1;
        return v;
    }

    private static boolean admits(Scope scope, Metadata metadata) {
        for (Map.Entry<String, String> e : scope.values().entrySet()) {
            if (!e.getValue().equals(metadata.getString(SCOPE + e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    private Filter ours() {
        return metadataKey(INDEX).isEqualTo(name);
    }

    @Override
    public String toString() {
        return "EmbeddingStoreIndex[" + name + " in " + store.getClass().getSimpleName() + "]";
    }
}
