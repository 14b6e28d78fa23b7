package io.quarry.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reciprocal-rank fusion: one ranking from several, each item scoring {@code 1 / (k + rank)} in every
 * ranking it appears in (rank from 1), summed. It needs no calibration between a keyword score and a
 * cosine, which is why the hybrid rankings ({@code discover_schema}, {@code query_graph_objects} with
 * {@code "rank": "hybrid"}, {@code find_api}) use it. Deterministic: equal scores are ordered by id.
 */
public final class ReciprocalRankFusion {
    /** The usual constant (Cormack, Clarke and Büttcher, 2009); a larger k flattens the top ranks. */
    public static final int K = 60;

    private ReciprocalRankFusion() {}

    /**
     * One fused item.
     *
     * @param id the item
     * @param score the sum of {@code 1 / (k + rank)} over the rankings that hold it
     */
    public record Fused(String id, double score) {}

    /** {@link #fuse(int, List)} with {@link #K}. */
    public static List<Fused> fuse(List<List<String>> rankings) {
        return fuse(K, rankings);
    }

    /**
     * The items of every ranking, best first; an item repeated within one ranking counts at its first
     * place.
     *
     * @param k at least 1
     * @param rankings each best first
     */
    public static List<Fused> fuse(int k, List<List<String>> rankings) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1, was " + k);
        }
        Map<String, List<Integer>> ranks = new HashMap<>();
        for (List<String> ranking : rankings) {
            Set<String> seen = new HashSet<>();
            int rank = 0;
            for (String id : ranking) {
                if (seen.add(id)) {
                    rank++;
                    ranks.computeIfAbsent(id, x -> new ArrayList<>()).add(rank);
                }
            }
        }
        List<Fused> out = new ArrayList<>();
        ranks.forEach((id, places) -> {
            // summed best place first, so the score does not depend on the order of the rankings
            places.sort(null);
            double score = 0;
            for (int place : places) {
                score += 1.0 / (k + place);
            }
            out.add(new Fused(id, score));
        });
        out.sort(Comparator.comparingDouble(Fused::score).reversed().thenComparing(Fused::id));
        return out;
    }
}
