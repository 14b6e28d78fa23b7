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
import net.jqwik.api.statistics.Statistics;

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
    void acceptsExactlyWhatParsesToAFiniteNonFlushedDouble(@ForAll("contractLiterals") String s) {
        double d = Double.parseDouble(s);
        boolean zero = s.strip().replaceAll("[eE].*", "").matches("[+-]?[0.]*");
        Statistics.label("accepted").collect(Double.isFinite(d) && (d != 0 || zero));
        assertThat(NumericLiteral.parse(s).isPresent()).as(s).isEqualTo(Double.isFinite(d) && (d != 0 || zero));
        NumericLiteral.parse(s).ifPresent(v -> assertThat(v.doubleValue()).isEqualTo(d == 0 ? 0.0 : d));
    }

    @Property(tries = 1000)
    void contractLiteralsAreContractLiterals(@ForAll("contractLiterals") String s) {
        assertThat(s).matches(CONTRACT);
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

    /** Literals in the contract's grammar, with digits around the edges of the double range. */
    @Provide
    Arbitrary<String> contractLiterals() {
        Arbitrary<String> space = Arbitraries.of("", " ", "\t", "\r\n", " \n ");
        Arbitrary<String> digits = Arbitraries.oneOf(
                Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(25),
                Arbitraries.of(
                        "0",
                        "000",
                        "1",
                        "17976931348623157",
                        "17976931348623158",
                        "17976931348623159",
                        "24703282292062327",
                        "24703282292062328",
                        "49406564584124654"));
        Arbitrary<String> mantissa = Combinators.combine(Arbitraries.integers().between(0, 3), digits, digits)
                .as((shape, a, b) -> switch (shape) {
                    case 0 -> a;
                    case 1 -> a + ".";
                    case 2 -> a + "." + b;
                    default -> "." + b;
                });
        Arbitrary<String> exponent = Arbitraries.oneOf(
                Arbitraries.just(""),
                Combinators.combine(
                                Arbitraries.of("e", "E"),
                                Arbitraries.of("", "+", "-"),
                                Arbitraries.oneOf(
                                        Arbitraries.integers().between(0, 400).map(String::valueOf),
                                        Arbitraries.of(
                                                "290",
                                                "291",
                                                "306",
                                                "307",
                                                "308",
                                                "309",
                                                "322",
                                                "323",
                                                "324",
                                                "325",
                                                "340",
                                                "341",
                                                "000308",
                                                "99999999999")))
                        .as((e, sign, n) -> e + sign + n));
        return Combinators.combine(space, Arbitraries.of("", "+", "-"), mantissa, exponent, space)
                .as((before, sign, m, e, after) -> before + sign + m + e + after);
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
