package io.quarry.springai;

import static java.util.Objects.requireNonNull;

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
            documents.add(new Document(
                    id(e.key()), text, Map.of(INDEX, name, KEY, e.key(), OBJECT_ID, e.objectId(), TYPE, e.type())));
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
        requireNonNull(vector, "vector");
        requireNonNull(types, "types");
        if (candidates <= 0) {
            return List.of();
        }
        String query = textOf(vector);
        FilterExpressionBuilder b = new FilterExpressionBuilder();
        FilterExpressionBuilder.Op filter =
                types.isEmpty() ? b.eq(INDEX, name) : b.and(b.eq(INDEX, name), b.in(TYPE, List.<Object>copyOf(types)));
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
                    || (!types.isEmpty() && !types.contains(String.valueOf(m.get(TYPE))))) {
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
