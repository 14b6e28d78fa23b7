package io.quarry.tool;

import io.quarry.filter.FieldPath;
import io.quarry.filter.Filter;
import io.quarry.filter.Predicate;
import io.quarry.filter.ValidatedFilter;
import io.quarry.filter.Value;
import io.quarry.search.Embedder;
import io.quarry.search.EmbeddingException;
import io.quarry.search.KeywordIndex;
import io.quarry.search.ReciprocalRankFusion;
import io.quarry.search.VectorIndex;
import io.quarry.search.VectorMatch;
import io.quarry.search.WordMatch;
import io.quarry.store.GraphObject;
import io.quarry.store.ObjectQuery;
import io.quarry.store.ObjectStore;
import io.quarry.store.Page;
import io.quarry.store.Scope;
import io.quarry.store.SortKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Objects ranked by meaning: candidates from the {@link VectorIndex}, each read through the store with
 * the caller's scope, the validated filter and the related object before it counts, in the index's
 * order. Nothing the store does not return for the caller (another tenant's object, a type the schema
 * hides) reaches a result or a score.
 */
final class SemanticRanker {
    /** Candidates asked of the index per wanted object, first. */
    static final int OVERFETCH = 10;
    /** Candidates asked of the index at most, after widening. */
    static final int MAX_CANDIDATES = 10_000;
    /** Ids read from the store in one query. */
    private static final int READ_BATCH = 500;

    private final ObjectStore store;
    private final Embedder embedder;
    private final VectorIndex index;

    SemanticRanker(ObjectStore store, Embedder embedder, VectorIndex index) {
        this.store = store;
        this.embedder = embedder;
        this.index = index;
    }

    /** An object and its score: the cosine of its best chunk, or the fused score of a hybrid ranking. */
    record Hit(GraphObject object, double score) {}

    /** What the ranked objects must satisfy besides the question. */
    record Where(
            List<String> types, ValidatedFilter filter, String relatedToId, String relationshipType, Scope scope) {}

    /**
     * Up to {@code want} objects nearest the question, nearest first (ties by id).
     *
     * @throws EmbeddingException when the embedder or the index fails
     */
    List<Hit> nearest(String question, Where where, int want) {
        float[] vector = embed(question);
        Set<String> types = Set.copyOf(where.types());
        List<Hit> hits = candidates(n -> index.nearest(vector, n, types, where.scope()), where, want);
        hits.sort((a, b) -> a.score() != b.score()
                ? Double.compare(b.score(), a.score())
                : a.object().id().compareTo(b.object().id()));
        return hits.size() > want ? hits.subList(0, want) : hits;
    }

    /**
     * The visible objects of an index's candidates, in the index's order, each with its best entry's score:
     * the index filters by type and scope inside its search; the filter and the related object are checked
     * by reading the candidates through the store, and only when too few of them pass is the index asked
     * for more (up to {@link #MAX_CANDIDATES}).
     */
    private List<Hit> candidates(java.util.function.IntFunction<List<VectorMatch>> ask, Where where, int want) {
        int candidates = Math.min(MAX_CANDIDATES, Math.max(want * OVERFETCH, 50));
        Map<String, Double> best = new LinkedHashMap<>();
        List<Hit> hits = new ArrayList<>();
        Set<String> read = new java.util.HashSet<>();
        while (true) {
            List<VectorMatch> matches;
            try {
                matches = ask.apply(candidates);
            } catch (EmbeddingException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new EmbeddingException("The vector index failed: " + e, e);
            }
            for (VectorMatch m : matches) {
                best.putIfAbsent(m.objectId(), m.score()); // the best chunk comes first
            }
            List<String> unread = new ArrayList<>();
            for (String id : best.keySet()) {
                if (!read.contains(id)) {
                    unread.add(id);
                }
            }
            read.addAll(unread);
            Map<String, GraphObject> visible = read(unread, where);
            for (String id : unread) {
                GraphObject o = visible.get(id);
                if (o != null) {
                    hits.add(new Hit(o, best.get(id)));
                }
            }
            if (hits.size() >= want || matches.size() < candidates || candidates >= MAX_CANDIDATES) {
                break;
            }
            candidates = Math.min(MAX_CANDIDATES, candidates * 4);
        }
        return hits;
    }

    /**
     * Objects by words: first the objects with every significant word of the question (as {@code
     * query_graph_objects}' {@code query} finds them), then the objects of each word, the words' lists
     * fused so that objects with more of the words come first. With {@code selective}, a word that more
     * than {@code want} objects hold says too little to rank by, and its list is left out (the hybrid
     * ranking then leans on meaning). The score of the i-th object is {@code 1 / (60 + i)}.
     */
    List<Hit> keyword(String question, Where where, Optional<List<FieldPath>> fields, int want, boolean selective) {
        if (fields.isEmpty()) {
            return List.of(); // no field the words may be found in
        }
        if (index instanceof KeywordIndex words) {
            Optional<List<Hit>> indexed = indexed(words, question, where, want);
            if (indexed.isPresent()) {
                return indexed.get();
            }
        }
        List<FieldPath> textFields = fields.get();
        List<String> words = new ArrayList<>(new LinkedHashSet<>(WordMatch.words(question)));
        words.removeIf(WordMatch.STOP_WORDS::contains);
        if (words.size() > 8) {
            words = words.subList(0, 8);
        }
        Map<String, GraphObject> objects = new HashMap<>();
        List<String> order = new ArrayList<>();
        if (words.isEmpty()) {
            return List.of();
        }
        if (words.size() > 1) {
            for (GraphObject o :
                    search(where, String.join(" ", words), textFields, want).items()) {
                objects.put(o.id(), o);
                order.add(o.id());
            }
        }
        List<List<String>> rankings = new ArrayList<>();
        for (String word : words) {
            Page page = search(where, word, textFields, want);
            if (selective && page.hasMore()) {
                continue;
            }
            List<String> ranking = new ArrayList<>();
            for (GraphObject o : page.items()) {
                objects.putIfAbsent(o.id(), o);
                ranking.add(o.id());
            }
            rankings.add(ranking);
        }
        for (ReciprocalRankFusion.Fused f : ReciprocalRankFusion.fuse(rankings)) {
            if (!order.contains(f.id())) {
                order.add(f.id());
            }
        }
        List<Hit> hits = new ArrayList<>();
        for (int i = 0; i < order.size() && hits.size() < want; i++) {
            hits.add(new Hit(objects.get(order.get(i)), 1.0 / (ReciprocalRankFusion.K + i + 1)));
        }
        return hits;
    }

    /**
     * Objects by words from the index's own ranking (BM25 over the embedded chunks), in its order; empty
     * when the index fails, so the words are matched through the store instead.
     */
    private Optional<List<Hit>> indexed(KeywordIndex words, String question, Where where, int want) {
        Set<String> types = Set.copyOf(where.types());
        List<Hit> found;
        try {
            found = candidates(n -> words.keyword(question, n, types, where.scope()), where, want);
        } catch (EmbeddingException e) {
            return Optional.empty();
        }
        List<Hit> hits = new ArrayList<>();
        for (int i = 0; i < found.size() && hits.size() < want; i++) {
            hits.add(new Hit(found.get(i).object(), 1.0 / (ReciprocalRankFusion.K + i + 1)));
        }
        return Optional.of(hits);
    }

    private Page search(Where where, String text, List<FieldPath> textFields, int limit) {
        return store.search(ObjectQuery.builder()
                .types(where.types())
                .filter(where.filter())
                .text(text, textFields)
                .relatedTo(where.relatedToId(), where.relationshipType())
                .limit(limit)
                .scope(where.scope())
                .build());
    }

    /** Two rankings fused by reciprocal rank: the first {@code want} objects with their fused scores. */
    List<Hit> hybrid(List<Hit> words, List<Hit> meaning, int want) {
        Map<String, GraphObject> objects = new HashMap<>();
        words.forEach(h -> objects.put(h.object().id(), h.object()));
        meaning.forEach(h -> objects.put(h.object().id(), h.object()));
        return fused(
                ReciprocalRankFusion.fuse(List.of(
                        words.stream().map(h -> h.object().id()).toList(),
                        meaning.stream().map(h -> h.object().id()).toList())),
                objects,
                want);
    }

    /** The fused ranking's first objects, with their fused scores. */
    static List<Hit> fused(List<ReciprocalRankFusion.Fused> fused, Map<String, GraphObject> objects, int want) {
        List<Hit> hits = new ArrayList<>();
        for (ReciprocalRankFusion.Fused f : fused) {
            if (hits.size() == want) {
                break;
            }
            GraphObject o = objects.get(f.id());
            if (o != null) {
                hits.add(new Hit(o, f.score()));
            }
        }
        return hits;
    }

    private float[] embed(String question) {
        return embedOne(embedder, question);
    }

    /**
     * One text's vector.
     *
     * @throws EmbeddingException for any failure of the embedder, or a vector of another dimension
     */
    static float[] embedOne(Embedder embedder, String text) {
        return embedAll(embedder, List.of(text)).get(0);
    }

    /**
     * The texts' vectors.
     *
     * @throws EmbeddingException for any failure of the embedder, or vectors of another number or dimension
     */
    static List<float[]> embedAll(Embedder embedder, List<String> texts) {
        List<float[]> vectors;
        try {
            vectors = embedder.embed(texts);
        } catch (EmbeddingException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new EmbeddingException("The embedder " + embedder.model() + " failed: " + e, e);
        }
        if (vectors == null || vectors.size() != texts.size()) {
            throw new EmbeddingException("The embedder " + embedder.model() + " did not return one vector per text.");
        }
        for (float[] v : vectors) {
            if (v == null || v.length != embedder.dimension()) {
                throw new EmbeddingException("The embedder " + embedder.model() + " returned a vector that is not of "
                        + embedder.dimension() + " dimensions.");
            }
        }
        return vectors;
    }

    /** The cosine of two vectors of one length; 0 when one is zero. */
    static double cosine(float[] a, float[] b) {
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += (double) a[i] * b[i];
            na += (double) a[i] * a[i];
            nb += (double) b[i] * b[i];
        }
        return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
    }

    /** The objects with these ids that the caller may see and the filter keeps, by id. */
    private Map<String, GraphObject> read(List<String> ids, Where where) {
        Map<String, GraphObject> out = new HashMap<>();
        for (int from = 0; from < ids.size(); from += READ_BATCH) {
            List<String> batch = ids.subList(from, Math.min(ids.size(), from + READ_BATCH));
            Filter byId = new Filter.Condition(
                    FieldPath.systemField("id"),
                    new Predicate.In(batch.stream().<Value>map(Value.Str::new).toList()),
                    "id");
            Filter both = new Filter.And(List.of(where.filter().filter(), byId));
            ValidatedFilter filter = new ValidatedFilter(
                    both, where.filter().type(), where.filter().warnings());
            String cursor = null;
            while (true) {
                Page page = store.search(ObjectQuery.builder()
                        .types(where.types())
                        .filter(filter)
                        .relatedTo(where.relatedToId(), where.relationshipType())
                        .sort(List.of(new SortKey(FieldPath.systemField("id"), false)))
                        .limit(READ_BATCH)
                        .cursor(cursor)
                        .scope(where.scope())
                        .build());
                page.items().forEach(o -> out.put(o.id(), o));
                if (!page.hasMore()) {
                    break;
                }
                cursor = page.nextCursor();
            }
        }
        return out;
    }
}
