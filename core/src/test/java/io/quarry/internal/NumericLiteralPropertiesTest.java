package io.quarry.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class NumericLiteralPropertiesTest {

    /** The contract's grammar, checked independently of the parser under test. */
    private static final Pattern CONTRACT =
            Pattern.compile("[ \t\r\n]*[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?[ \t\r\n]*");

    @Property
    void neverThrowsOnArbitraryText(@ForAll String s) {
        NumericLiteral.parse(s);
    }

    @Property(tries = 3000)
    void agreesWithTheContractGrammarAndBigDecimal(@ForAll("numberLike") String s) {
        Optional<BigDecimal> parsed = NumericLiteral.parse(s);
        Optional<BigDecimal> expected = reference(s);
        assertThat(parsed.isPresent()).as(s).isEqualTo(expected.isPresent());
        parsed.ifPresent(v -> assertThat(v).isEqualByComparingTo(expected.orElseThrow()));
    }

    private static Optional<BigDecimal> reference(String s) {
        if (!CONTRACT.matcher(s).matches()) {
            return Optional.empty();
        }
        String literal = s.strip();
        try {
            BigDecimal value = new BigDecimal(literal);
            return NumericLiteral.inDoubleRange(value) ? Optional.of(value) : Optional.empty();
        } catch (NumberFormatException exponentOutOfIntRange) {
            // Such a literal is far outside the double range unless it is zero.
            return literal.replaceAll("[eE].*", "").matches("[+-]?[0.]*")
                    ? Optional.of(BigDecimal.ZERO)
                    : Optional.empty();
        }
    }

    @Property(tries = 3000)
    void acceptsExactlyWhatParsesToAFiniteNonFlushedDouble(@ForAll("numberLike") String s) {
        Assume.that(CONTRACT.matcher(s).matches());
        double d = Double.parseDouble(s);
        boolean zero = s.strip().replaceAll("[eE].*", "").matches("[+-]?[0.]*");
        assertThat(NumericLiteral.parse(s).isPresent()).as(s).isEqualTo(Double.isFinite(d) && (d != 0 || zero));
        NumericLiteral.parse(s).ifPresent(v -> assertThat(v.doubleValue()).isEqualTo(d == 0 ? 0.0 : d));
    }

    @Property(tries = 3000)
    void roundTripsDecimalsInTheDoubleRange(@ForAll("decimals") BigDecimal b) {
        Assume.that(NumericLiteral.inDoubleRange(b));
        assertThat(NumericLiteral.parse(b.toString()))
                .hasValueSatisfying(v -> assertThat(v).isEqualByComparingTo(b));
        String plain = b.toPlainString();
        if (plain.length() < 2000) {
            assertThat(NumericLiteral.parse(plain))
                    .hasValueSatisfying(v -> assertThat(v).isEqualByComparingTo(b));
        }
    }

    @Property(tries = 1000)
    void roundTripsDoubles(@ForAll double d) {
        Assume.that(Double.isFinite(d));
        assertThat(NumericLiteral.parse(Double.toString(d)).map(BigDecimal::doubleValue))
                .contains(d == 0 ? 0.0 : d)
                .isPresent();
    }

    @Provide
    Arbitrary<String> numberLike() {
        Arbitrary<String> fragments = Arbitraries.of(
                "",
                " ",
                "\t",
                "\n",
                "\r",
                "+",
                "-",
                ".",
                "e",
                "E",
                "0",
                "00",
                "1",
                "5",
                "9",
                "123",
                "e+",
                "e-",
                "1.7976931348623159",
                "2.4703282292062327",
                "2.4703282292062328",
                "308",
                "309",
                "324",
                "325",
                "999999999999",
                "1.7976931348623157",
                "4.9406564584124654",
                "x",
                "_",
                "\u0663",
                "\u00a0");
        return fragments.list().ofMaxSize(8).map(parts -> String.join("", parts));
    }

    @Provide
    Arbitrary<BigDecimal> decimals() {
        Arbitrary<BigInteger> unscaled = Arbitraries.bigIntegers()
                .between(BigInteger.TEN.pow(40).negate(), BigInteger.TEN.pow(40))
                .edgeCases(edges -> edges.includeOnly(BigInteger.ZERO, BigInteger.ONE));
        Arbitrary<Integer> scale = Arbitraries.integers().between(-400, 400);
        return Combinators.combine(unscaled, scale).as(BigDecimal::new);
    }
}
