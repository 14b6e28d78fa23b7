package io.quarry.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

class SuggestionsPropertiesTest {

    @Property(tries = 3000)
    void bandedDistanceIsTheDistanceCappedAtTheLimit(
            @ForAll("names") String a, @ForAll("names") String b, @ForAll @IntRange(min = 0, max = 5) int limit) {
        int exact = Suggestions.distance(a, b);
        assertThat(Suggestions.boundedDistance(
                        a.codePoints().toArray(), b.codePoints().toArray(), limit))
                .isEqualTo(Math.min(exact, limit + 1));
    }

    @Property
    void distanceIsASymmetricMetricOnSmallCases(@ForAll("names") String a, @ForAll("names") String b) {
        assertThat(Suggestions.distance(a, b)).isEqualTo(Suggestions.distance(b, a));
        assertThat(Suggestions.distance(a, a)).isZero();
        assertThat(Suggestions.distance(a, b)).isLessThanOrEqualTo(Math.max(a.length(), b.length()));
        assertThat(Suggestions.distance(a, b)).isGreaterThanOrEqualTo(Math.abs(a.length() - b.length()));
    }

    @Property
    void nearestIsAnOrderedSubsetOfTheCandidates(
            @ForAll("names") String input, @ForAll("candidates") List<String> candidates) {
        List<String> result = Suggestions.nearest(input, candidates, 3);
        assertThat(result).hasSizeLessThanOrEqualTo(3).doesNotHaveDuplicates();
        assertThat(candidates).containsAll(result);
        assertThat(Suggestions.nearest(input, candidates, 3)).isEqualTo(result);
    }

    @Provide
    Arbitrary<String> names() {
        return Arbitraries.strings().withChars("abcAB_-").ofMaxLength(9);
    }

    @Provide
    Arbitrary<List<String>> candidates() {
        return names().list().ofMaxSize(8);
    }
}
