package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class ReciprocalRankFusionTest {

    @Test
    void scoresAreTheSumOfOneOverKPlusRank() {
        List<ReciprocalRankFusion.Fused> fused =
                ReciprocalRankFusion.fuse(List.of(List.of("a", "b", "c"), List.of("c", "a")));
        assertThat(fused).extracting(ReciprocalRankFusion.Fused::id).containsExactly("a", "c", "b");
        assertThat(fused.get(0).score()).isEqualTo(1.0 / 61 + 1.0 / 62);
        assertThat(fused.get(1).score()).isEqualTo(1.0 / 63 + 1.0 / 61);
        assertThat(fused.get(2).score()).isEqualTo(1.0 / 62);
    }

    @Test
    void equalScoresAreOrderedByIdAndARepeatCountsAtItsFirstPlace() {
        assertThat(ReciprocalRankFusion.fuse(List.of(List.of("b", "a"), List.of("a", "b"))))
                .extracting(ReciprocalRankFusion.Fused::id)
                .containsExactly("a", "b");
        assertThat(ReciprocalRankFusion.fuse(List.of(List.of("x", "y", "x"))))
                .extracting(ReciprocalRankFusion.Fused::score)
                .containsExactly(1.0 / 61, 1.0 / 62);
        assertThatThrownBy(() -> ReciprocalRankFusion.fuse(0, List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Provide
    Arbitrary<List<List<String>>> rankings() {
        Arbitrary<String> id = Arbitraries.of("a", "b", "c", "d", "e", "f", "g", "h");
        return id.list()
                .ofMaxSize(8)
                .map(l -> List.copyOf(new LinkedHashSet<>(l)))
                .list()
                .ofMinSize(1)
                .ofMaxSize(4);
    }

    /**
     * Order-correct: an item placed before another in every ranking that holds the other, and present in
     * at least as many rankings, comes first; the result is a strict order by score then id, the same
     * whatever order the rankings are given in.
     */
    @Property(tries = 500)
    void fusionIsOrderCorrectAndDeterministic(
            @ForAll("rankings") List<List<String>> rankings, @ForAll @IntRange(min = 1, max = 100) int k) {
        List<ReciprocalRankFusion.Fused> fused = ReciprocalRankFusion.fuse(k, rankings);
        List<String> order = fused.stream().map(ReciprocalRankFusion.Fused::id).toList();
        for (String a : order) {
            for (String b : order) {
                if (a.equals(b)) {
                    continue;
                }
                boolean dominates = true;
                for (List<String> r : rankings) {
                    int ia = r.indexOf(a);
                    int ib = r.indexOf(b);
                    if (ib >= 0 && (ia < 0 || ia > ib)) {
                        dominates = false;
                    }
                }
                if (dominates) {
                    assertThat(order.indexOf(a))
                            .as("%s before %s in %s", a, b, rankings)
                            .isLessThan(order.indexOf(b));
                }
            }
        }
        for (int i = 1; i < fused.size(); i++) {
            ReciprocalRankFusion.Fused prev = fused.get(i - 1);
            ReciprocalRankFusion.Fused next = fused.get(i);
            assertThat(prev.score() > next.score()
                            || (prev.score() == next.score() && prev.id().compareTo(next.id()) < 0))
                    .isTrue();
        }
        List<List<String>> reversed = new ArrayList<>(rankings);
        Collections.reverse(reversed);
        assertThat(ReciprocalRankFusion.fuse(k, reversed).stream()
                        .map(ReciprocalRankFusion.Fused::id)
                        .toList())
                .as("the order of the rankings does not matter")
                .isEqualTo(order);
    }
}
