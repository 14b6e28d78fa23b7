package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

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

        List<VectorMatch> expected = entries.stream()
                .filter(e -> !onlyTypeA || e.type().equals("A"))
                .map(e -> new VectorMatch(e.key(), e.objectId(), cosine(query, e.vector())))
                .sorted(Comparator.comparingDouble(VectorMatch::score)
                        .reversed()
                        .thenComparing(VectorMatch::key))
                .limit(candidates)
                .toList();
        List<VectorMatch> actual = index.nearest(query, candidates, onlyTypeA ? Set.of("A") : Set.of());

        assertThat(actual)
                .extracting(VectorMatch::key)
                .isEqualTo(expected.stream().map(VectorMatch::key).toList());
        for (int i = 0; i < actual.size(); i++) {
            assertThat(actual.get(i).score())
                    .isCloseTo(expected.get(i).score(), org.assertj.core.data.Offset.offset(1e-5));
        }
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
