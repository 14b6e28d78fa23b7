package io.quarry.search;

import static java.util.Objects.requireNonNull;

import io.quarry.internal.Vectors;
import io.quarry.store.Scope;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@link VectorIndex} in memory: an exact scan by cosine similarity, for the demo, {@code --data}
 * files and small hosts (about 550 ms a question at 100,000 chunks: quarry-lucene's {@code LuceneIndex} is the
 * index made for more). Vectors are normalized once on the way in.
 */
public final class InMemoryVectorIndex implements VectorIndex {
    private final Map<String, Stored> entries = new ConcurrentHashMap<>();
    private volatile IndexState state;

    private record Stored(String key, String objectId, String type, Map<String, String> scope, float[] unit) {}

    @Override
    public void upsert(List<VectorEntry> entries) {
        for (VectorEntry e : requireNonNull(entries, "entries")) {
            this.entries.put(e.key(), new Stored(e.key(), e.objectId(), e.type(), e.scope(), Vectors.unit(e.vector())));
        }
    }

    @Override
    public void delete(Collection<String> objectIds) {
        Set<String> ids = new HashSet<>(objectIds);
        entries.values().removeIf(s -> ids.contains(s.objectId()));
    }

    @Override
    public List<VectorMatch> nearest(float[] vector, int candidates, Set<String> types) {
        return nearest(vector, candidates, types, Scope.unrestricted());
    }

    @Override
    public List<VectorMatch> nearest(float[] vector, int candidates, Set<String> types, Scope scope) {
        if (candidates <= 0) {
            return List.of();
        }
        float[] q = Vectors.unit(vector);
        Comparator<VectorMatch> order =
                Comparator.comparingDouble(VectorMatch::score).reversed().thenComparing(VectorMatch::key);
        // the worst kept candidate at the head
        PriorityQueue<VectorMatch> best = new PriorityQueue<>(order.reversed());
        for (Stored s : entries.values()) {
            if (!types.isEmpty() && !types.contains(s.type())) {
                continue;
            }
            if (s.scope() != null && !admits(scope, s.scope())) {
                continue;
            }
            if (s.unit().length != q.length) {
                throw new EmbeddingException("The index holds vectors of " + s.unit().length
                        + " dimensions and the query has " + q.length + ": re-embed with one model.");
            }
            VectorMatch m = new VectorMatch(s.key(), s.objectId(), dot(q, s.unit()));
            if (best.size() < candidates) {
                best.add(m);
            } else if (order.compare(m, best.peek()) < 0) {
                best.poll();
                best.add(m);
            }
        }
        List<VectorMatch> out = new ArrayList<>(best);
        out.sort(order);
        return out;
    }

    @Override
    public long size() {
        return entries.size();
    }

    @Override
    public Optional<IndexState> state() {
        return Optional.ofNullable(state);
    }

    @Override
    public void state(IndexState state) {
        this.state = requireNonNull(state, "state");
    }

    @Override
    public Optional<Set<String>> objectIds() {
        Set<String> ids = new HashSet<>();
        entries.values().forEach(s -> ids.add(s.objectId()));
        return Optional.of(ids);
    }

    private static boolean admits(Scope scope, Map<String, String> values) {
        for (Map.Entry<String, String> e : scope.values().entrySet()) {
            if (!e.getValue().equals(values.get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    private static double dot(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += (double) a[i] * b[i];
        }
        return sum;
    }
}
