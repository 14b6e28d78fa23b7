package io.quarry.springai;

import static java.util.Objects.requireNonNull;

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
import org.springframework.ai.document.Document;
import org.springframework.ai.vectorstore.SearchRequest;
import org.springframework.ai.vectorstore.VectorStore;
import org.springframework.ai.vectorstore.filter.FilterExpressionBuilder;

/** A Spring AI {@link VectorStore} as a {@link VectorIndex}; see {@link QuarryEmbeddings}. */
final class VectorStoreIndex implements VectorIndex {
    static final String INDEX = "quarry_index";
    static final String KEY = "quarry_key";
    static final String OBJECT_ID = "quarry_object_id";
    static final String TYPE = "quarry_type";
    /** The prefix of the metadata keys of an entry's scope values ({@code quarry_scope_org_id}). */
    static final String SCOPE = "quarry_scope_";
    /** The key, and the text, of the one document that holds the indexer's state. */
    static final String STATE = "#state";

    static final String STATE_MODEL = "quarry_state_model";
    static final String STATE_UPDATED_AT = "quarry_state_updated_at";
    static final String STATE_LAST_ID = "quarry_state_last_id";

    private final VectorStore store;
    private final SpringAiEmbedder embedder;
    private final String name;

    VectorStoreIndex(VectorStore store, SpringAiEmbedder embedder, String name) {
        this.store = requireNonNull(store, "store");
        this.embedder = requireNonNull(embedder, "embedder");
        this.name = requireNonNull(name, "indexName");
        if (name.isBlank()) {
            throw new IllegalArgumentException("indexName must not be blank");
        }
    }

    String id(String key) {
        return UUID.nameUUIDFromBytes((name + "\u0000" + key).getBytes(StandardCharsets.UTF_8))
                .toString();
    }

    @Override
    public void upsert(List<VectorEntry> entries) {
        requireNonNull(entries, "entries");
        Map<String, VectorEntry> byKey = new LinkedHashMap<>();
        entries.forEach(e -> byKey.put(e.key(), e));
        if (byKey.isEmpty()) {
            return;
        }
        List<Document> documents = new ArrayList<>();
        for (VectorEntry e : byKey.values()) {
            String text = textOf(e.vector());
            Map<String, Object> metadata = new LinkedHashMap<>();
            metadata.put(INDEX, name);
            metadata.put(KEY, e.key());
            metadata.put(OBJECT_ID, e.objectId());
            metadata.put(TYPE, e.type());
            if (e.scope() != null) {
                e.scope().forEach((k, v) -> metadata.put(SCOPE + k, v));
            }
            documents.add(new Document(id(e.key()), text, metadata));
        }
        try {
            store.delete(documents.stream().map(Document::getId).toList());
            store.add(documents);
        } catch (RuntimeException e) {
            throw new EmbeddingException(
                    "The vector store could not save " + documents.size() + " documents: "
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
        FilterExpressionBuilder b = new FilterExpressionBuilder();
        try {
            store.delete(b.and(b.eq(INDEX, name), b.in(OBJECT_ID, List.<Object>copyOf(objectIds)))
                    .build());
        } catch (RuntimeException e) {
            throw new EmbeddingException(
                    "The vector store could not delete the documents of " + objectIds.size() + " objects: "
                            + e.getClass().getSimpleName(),
                    e);
        }
    }

    @Override
    public List<VectorMatch> nearest(float[] vector, int candidates, Set<String> types) {
        return nearest(vector, candidates, types, Scope.unrestricted());
    }

    /**
     * The store's nearest documents of the types and the caller's scope: both are filter expressions of
     * the store's search, so a store that supports them (pgvector, Elasticsearch, Qdrant…) filters inside
     * its nearest-neighbour search. Documents written without scope values do not pass a scope filter.
     */
    @Override
    public List<VectorMatch> nearest(float[] vector, int candidates, Set<String> types, Scope scope) {
        requireNonNull(vector, "vector");
        requireNonNull(types, "types");
        requireNonNull(scope, "scope");
        if (candidates <= 0) {
            return List.of();
        }
        String query = textOf(vector);
        FilterExpressionBuilder b = new FilterExpressionBuilder();
        FilterExpressionBuilder.Op filter =
                types.isEmpty() ? b.eq(INDEX, name) : b.and(b.eq(INDEX, name), b.in(TYPE, List.<Object>copyOf(types)));
        for (Map.Entry<String, String> e : scope.values().entrySet()) {
            filter = b.and(filter, b.eq(SCOPE + e.getKey(), e.getValue()));
        }
        List<Document> found;
        try {
            found = store.similaritySearch(SearchRequest.builder()
                    .query(query)
                    .topK(candidates)
                    .similarityThresholdAll()
                    .filterExpression(filter.build())
                    .build());
        } catch (RuntimeException e) {
            throw new EmbeddingException(
                    "The vector store could not search: " + e.getClass().getSimpleName(), e);
        }
        List<VectorMatch> out = new ArrayList<>();
        for (Document d : found == null ? List.<Document>of() : found) {
            Map<String, Object> m = d.getMetadata();
            if (!name.equals(m.get(INDEX))
                    || !(m.get(KEY) instanceof String key)
                    || !(m.get(OBJECT_ID) instanceof String objectId)
                    || (!types.isEmpty() && !types.contains(String.valueOf(m.get(TYPE))))
                    || !admits(scope, m)) {
                continue; // a store that ignores filters: not one of ours
            }
            out.add(new VectorMatch(key, objectId, d.getScore() == null ? 0 : d.getScore()));
        }
        out.sort(Comparator.comparingDouble(VectorMatch::score).reversed().thenComparing(VectorMatch::key));
        return out.size() > candidates ? List.copyOf(out.subList(0, candidates)) : out;
    }

    /** Unknown: a {@code VectorStore} cannot count its documents; {@code -1}. */
    @Override
    public long size() {
        return -1;
    }

    /**
     * The indexer's state, kept in one document of the store (key and text {@value #STATE}, embedded by the
     * store like every document); empty when the store holds none yet.
     */
    @Override
    public Optional<IndexState> state() {
        FilterExpressionBuilder b = new FilterExpressionBuilder();
        List<Document> found;
        try {
            found = store.similaritySearch(SearchRequest.builder()
                    .query(STATE)
                    .topK(1)
                    .similarityThresholdAll()
                    .filterExpression(b.and(b.eq(INDEX, name), b.eq(KEY, STATE)).build())
                    .build());
        } catch (RuntimeException e) {
            throw new EmbeddingException(
                    "The vector store could not read the index state: "
                            + e.getClass().getSimpleName(),
                    e);
        }
        for (Document d : found == null ? List.<Document>of() : found) {
            Map<String, Object> m = d.getMetadata();
            if (!name.equals(m.get(INDEX))
                    || !STATE.equals(m.get(KEY))
                    || !(m.get(STATE_MODEL) instanceof String model)) {
                continue;
            }
            return Optional.of(
                    m.get(STATE_UPDATED_AT) instanceof String at && m.get(STATE_LAST_ID) instanceof String last
                            ? new IndexState(model, Instant.parse(at), last)
                            : IndexState.start(model));
        }
        return Optional.empty();
    }

    /** Replaces the state's document. */
    @Override
    public void state(IndexState state) {
        requireNonNull(state, "state");
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put(INDEX, name);
        metadata.put(KEY, STATE);
        metadata.put(STATE_MODEL, state.model());
        if (state.lastId() != null) {
            metadata.put(STATE_UPDATED_AT, state.updatedAt().toString());
            metadata.put(STATE_LAST_ID, state.lastId());
        }
        try {
            store.delete(List.of(id(STATE)));
            store.add(List.of(new Document(id(STATE), STATE, metadata)));
        } catch (RuntimeException e) {
            throw new EmbeddingException(
                    "The vector store could not save the index state: "
                            + e.getClass().getSimpleName(),
                    e);
        }
    }

    private static boolean admits(Scope scope, Map<String, Object> metadata) {
        for (Map.Entry<String, String> e : scope.values().entrySet()) {
            if (!e.getValue().equals(metadata.get(SCOPE + e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    private String textOf(float[] vector) {
        String text = embedder.textOf(vector);
        if (text == null) {
            throw new EmbeddingException("A Spring AI VectorStore needs the text of each vector: embed with the"
                    + " embedder given to QuarryEmbeddings.vectorIndex(store, embedder), and hand its vectors over"
                    + " as they are.");
        }
        return text;
    }

    @Override
    public String toString() {
        return "VectorStoreIndex[" + name + " in " + store.getClass().getSimpleName() + "]";
    }
}
