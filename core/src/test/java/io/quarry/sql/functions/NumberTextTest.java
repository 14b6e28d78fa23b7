package io.quarry.sql.functions;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** {@link QuarryFunctions#numberText} orders as the numbers do, byte for byte. */
class NumberTextTest {

    @Property(tries = 3000)
    void textOrderIsNumericOrder(@ForAll("decimals") BigDecimal a, @ForAll("decimals") BigDecimal b) {
        int numeric = Integer.signum(a.compareTo(b));
        int text = Integer.signum(QuarryFunctions.numberText(a).compareTo(QuarryFunctions.numberText(b)));
        assertThat(text).as(a + " vs " + b).isEqualTo(numeric);
    }

    @net.jqwik.api.Example
    void equalNumbersHaveEqualText() {
        assertThat(QuarryFunctions.numberText(new BigDecimal("5.00")))
                .isEqualTo(QuarryFunctions.numberText(new BigDecimal("5")))
                .isEqualTo(QuarryFunctions.numberText(new BigDecimal("0.5E1")));
        assertThat(QuarryFunctions.numberText(new BigDecimal("-0.0"))).isEqualTo("1");
    }

    @Provide
    Arbitrary<BigDecimal> decimals() {
        Arbitrary<BigInteger> unscaled = Arbitraries.oneOf(
                Arbitraries.bigIntegers().between(BigInteger.valueOf(-1000), BigInteger.valueOf(1000)),
                Arbitraries.bigIntegers().between(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)));
        Arbitrary<Integer> scale = Arbitraries.integers().between(-320, 320);
        return Combinators.combine(unscaled, scale).as(BigDecimal::new).edgeCases(e -> e.add(BigDecimal.ZERO));
    }
}
