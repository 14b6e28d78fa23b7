package io.quarry.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class CodePointsPropertiesTest {

    @Property(tries = 5000)
    void agreesWithComparingCodePointArrays(@ForAll("tricky") String a, @ForAll("tricky") String b) {
        int expected = Integer.signum(
                Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray()));
        assertThat(Integer.signum(CodePoints.compare(a, b))).isEqualTo(expected);
    }

    @Property(tries = 5000)
    void agreesOnStringsWithACommonPrefix(
            @ForAll("tricky") String prefix, @ForAll("tricky") String a, @ForAll("tricky") String b) {
        String x = prefix + a;
        String y = prefix + b;
        int expected = Integer.signum(
                Arrays.compare(x.codePoints().toArray(), y.codePoints().toArray()));
        assertThat(Integer.signum(CodePoints.compare(x, y))).isEqualTo(expected);
    }

    @Property
    void isAntisymmetricAndReflexive(@ForAll("tricky") String a, @ForAll("tricky") String b) {
        assertThat(Integer.signum(CodePoints.compare(a, b))).isEqualTo(-Integer.signum(CodePoints.compare(b, a)));
        assertThat(CodePoints.compare(a, a)).isZero();
    }

    @Property
    void agreesOnArbitraryStrings(@ForAll String a, @ForAll String b) {
        int expected = Integer.signum(
                Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray()));
        assertThat(Integer.signum(CodePoints.compare(a, b))).isEqualTo(expected);
    }

    @Property
    void lengthCountsCodePoints(@ForAll("tricky") String s) {
        assertThat(CodePoints.length(s)).isEqualTo((int) s.codePoints().count());
    }

    /** Short strings over the units where UTF-16 and code-point order can disagree, surrogates unpaired too. */
    @Provide
    Arbitrary<String> tricky() {
        return Arbitraries.strings()
                .withChars('a', 'b')
                .withCharRange('\uD7FE', '\uD801')
                .withCharRange('\uDBFE', '\uDC01')
                .withCharRange('\uDFFE', '\uE001')
                .withChars('\uFFFF')
                .ofMaxLength(6);
    }
}
