package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.assertj.core.data.Offset;

class InMemoryVectorIndexTest {

    @Provide
    Arbitrary<float[]> vectors() {
        return Arbitraries.floats().between(-1, 1).array(float[].class).ofSize(4);
    }

    @Provide
    Arbitrary<List<float[]>> vectorLists() {
        return vectors().list().ofMaxSize(40);
    }

    @Property(tries = 200)
    void nearestIsTheTopOfAFullSortByCosineThenKey(
            @ForAll("vectorLists") List<float[]> vectors,
            @ForAll("vectors") float[] query,
            @ForAll @IntRange(min = 0, max = 50) int candidates,
            @ForAll boolean onlyTypeA) {
        InMemoryVectorIndex index = new InMemoryVectorIndex();
        List<VectorEntry> entries = new ArrayList<>();
        for (int i = 0; i < vectors.size(); i++) {
            entries.add(new VectorEntry("o" + i + "#0", "o" + i, i % 3 == 0 ? "A" : "B", vectors.get(i)));
        }
        index.upsert(entries);

        List<VectorEntry> eligible =
                entries.stream().filter(e -> !onlyTypeA || e.type().equals("A")).toList();
        List<VectorMatch> actual = index.nearest(query, candidates, onlyTypeA ? Set.of("A") : Set.of());

        // the top of a full sort by cosine: exact up to float rounding (1e-5), so near-ties may go
        // either way, but no entry left out is nearer than one kept, and the order never goes up
        double eps = 1e-5;
        assertThat(actual).hasSize(Math.min(candidates, eligible.size()));
        Map<String, VectorEntry> byKey = new HashMap<>();
        eligible.forEach(e -> byKey.put(e.key(), e));
        double previous = Double.POSITIVE_INFINITY;
        for (VectorMatch m : actual) {
            double cos = cosine(query, byKey.get(m.key()).vector());
            assertThat(m.score()).isCloseTo(cos, Offset.offset(eps));
            assertThat(m.score()).isLessThanOrEqualTo(previous);
            previous = m.score();
        }
        Set<String> kept = new HashSet<>();
        actual.forEach(m -> kept.add(m.key()));
        for (VectorEntry e : eligible) {
            if (!kept.contains(e.key())) {
                assertThat(cosine(query, e.vector())).isLessThanOrEqualTo(previous + eps);
            }
        }
    }

    @Property(tries = 50)
    void equalScoresAreOrderedByKey(@ForAll("vectors") float[] v) {
        InMemoryVectorIndex index = new InMemoryVectorIndex();
        index.upsert(List.of(
                new VectorEntry("c#0", "c", "A", v),
                new VectorEntry("a#0", "a", "A", v),
                new VectorEntry("b#0", "b", "A", v)));
        assertThat(index.nearest(v, 2, Set.of())).extracting(VectorMatch::key).containsExactly("a#0", "b#0");
    }

    @Property(tries = 50)
    void upsertReplacesAndDeleteRemovesEveryChunkOfAnObject(
            @ForAll("vectors") float[] a, @ForAll("vectors") float[] b) {
        InMemoryVectorIndex index = new InMemoryVectorIndex();
        index.upsert(List.of(new VectorEntry("x#0", "x", "A", a), new VectorEntry("x#1", "x", "A", b)));
        index.upsert(List.of(new VectorEntry("x#0", "x", "A", b), new VectorEntry("y#0", "y", "A", a)));
        assertThat(index.size()).isEqualTo(3);
        index.delete(List.of("x"));
        assertThat(index.size()).isEqualTo(1);
        assertThat(index.nearest(a, 5, Set.of()))
                .extracting(VectorMatch::objectId)
                .containsExactly("y");
    }

    @Property(tries = 10)
    void vectorsOfAnotherDimensionAreRefused(@ForAll("vectors") float[] a) {
        InMemoryVectorIndex index = new InMemoryVectorIndex();
        index.upsert(List.of(new VectorEntry("x#0", "x", "A", a)));
        assertThatThrownBy(() -> index.nearest(new float[] {1, 0}, 3, Set.of()))
                .isInstanceOf(EmbeddingException.class)
                .hasMessageContaining("4 dimensions");
    }

    private static double cosine(float[] a, float[] b) {
        double dot = 0, na = 0, nb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += (double) a[i] * b[i];
            na += (double) a[i] * a[i];
            nb += (double) b[i] * b[i];
        }
        return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
    }
}
