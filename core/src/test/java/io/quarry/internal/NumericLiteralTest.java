package io.quarry.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.FloatNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class NumericLiteralTest {

    @ParameterizedTest(name = "[{index}] \"{0}\" = {1}")
    @CsvSource(delimiter = '|', textBlock = """
            5                       | 5
            ' 5 '                   | 5
            5.                      | 5
            .5                      | 0.5
            +.5e-3                  | 0.0005
            -5                      | -5
            +5                      | 5
            5.0                     | 5
            5e0                     | 5
            5E+0                    | 5
            0.5e1                   | 5
            50e-1                   | 5
            -0                      | 0
            0e999999999999999999999 | 0
            -0.000e-99999           | 0
            00012.3400              | 12.34
            1e-3                    | 0.001
            1e308                   | 1e308
            -1e308                  | -1e308
            1.7976931348623157e308  | 1.7976931348623157e308
            1.7976931348623158e308  | 1.7976931348623158e308
            4.9406564584124655e-324 | 4.9406564584124655e-324
            4.9e-324                | 4.9e-324
            2.4703282292062328e-324 | 2.4703282292062328e-324
            5e-324                  | 5e-324
            1e-323                  | 1e-323
            9007199254740993        | 9007199254740993
            1e00000000000000000000002 | 100
            123456789012345678901234567890.123456789 | 123456789012345678901234567890.123456789
            """)
    void parsesLiterals(String input, BigDecimal expected) {
        assertThat(NumericLiteral.parse(input))
                .hasValueSatisfying(v -> assertThat(v).isEqualByComparingTo(expected));
    }

    static Stream<Arguments> whitespace() {
        return Stream.of(
                Arguments.of("\t5"), Arguments.of("5\n"), Arguments.of("\r\n 5 \t\r\n"), Arguments.of(" \t-.5e1 "));
    }

    @ParameterizedTest
    @MethodSource("whitespace")
    void allowsSurroundingAsciiWhitespace(String input) {
        assertThat(NumericLiteral.parse(input)).isPresent();
    }

    @ParameterizedTest(name = "[{index}] \"{0}\" is not a number")
    @ValueSource(
            strings = {
                "",
                " ",
                "\t\n",
                "-",
                "+",
                ".",
                "-.",
                "e5",
                ".e5",
                "5e",
                "5e+",
                "5e-",
                "5e1.5",
                "1.2.3",
                "--5",
                "+-5",
                "5-",
                "5 5",
                "5 .5",
                "- 5",
                "5 e3",
                "0x10",
                "0b1",
                "1_000",
                "1,000",
                "1'000",
                "5d",
                "5f",
                "5L",
                "Infinity",
                "-Infinity",
                "NaN",
                "inf",
                "\u0663", // Arabic-Indic digit three
                "\u0661\u0662",
                "\uFF15", // fullwidth 5
                "\u00a05", // no-break space
                "5\u00a0",
                "\u20095", // thin space
                "\u000b5", // vertical tab
                "\f5",
                "\u00005",
                "1e400",
                "-1e309",
                "1.7976931348623159e308", // rounds to infinity
                "-1.8e308",
                "1e-400",
                "-1e-325",
                "2.4703282292062327e-324", // just below half of MIN_VALUE: rounds to zero
                "1e999999999",
                "1e-999999999",
                "1e99999999999999999999999",
                "-1e-99999999999999999999999",
            })
    void rejectsNonNumbers(String input) {
        assertThat(NumericLiteral.parse(input)).isEmpty();
    }

    @Test
    void comparesExactlyNotAsDoubles() {
        BigDecimal big = NumericLiteral.parse("9007199254740993").orElseThrow();
        BigDecimal smaller = NumericLiteral.parse("9007199254740992").orElseThrow();
        assertThat(big).isGreaterThan(smaller);
        assertThat(NumericLiteral.parse("0.1").orElseThrow())
                .isEqualByComparingTo(NumericLiteral.parse("1e-1").orElseThrow());
    }

    @Test
    void keepsTheWrittenScaleWhereCheap() {
        assertThat(NumericLiteral.parse("100").orElseThrow()).isEqualTo(new BigDecimal("100"));
        assertThat(NumericLiteral.parse("1.50").orElseThrow()).isEqualTo(new BigDecimal("1.5"));
        assertThat(NumericLiteral.parse("-0.0").orElseThrow()).isEqualTo(BigDecimal.ZERO);
    }

    @Test
    void hugeExponentsAreRejectedWithoutAllocating() {
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            for (int i = 0; i < 100; i++) {
                assertThat(NumericLiteral.parse("1e999999999")).isEmpty();
                assertThat(NumericLiteral.parse("1e-2147483649")).isEmpty();
                assertThat(NumericLiteral.parse("1e" + "9".repeat(1000))).isEmpty();
            }
        });
    }

    @Test
    void longInputsAreFast() {
        String manyDigits = "1." + "3".repeat(100_000);
        String manyZeros = "1" + "0".repeat(100_000);
        String manyLeadingZeros = "0".repeat(100_000) + "7";
        String manyFractionZeros = "0." + "0".repeat(100_000) + "1";
        String longGarbage = "1".repeat(100_000) + "x";
        String exponentCancels = "0." + "0".repeat(99_990) + "1e99991";
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            assertThat(NumericLiteral.parse(manyDigits))
                    .hasValueSatisfying(v -> assertThat(v.precision()).isEqualTo(100_001));
            assertThat(NumericLiteral.parse(manyZeros)).isEmpty();
            assertThat(NumericLiteral.parse(manyLeadingZeros)).contains(BigDecimal.valueOf(7));
            assertThat(NumericLiteral.parse(manyFractionZeros)).isEmpty();
            assertThat(NumericLiteral.parse(longGarbage)).isEmpty();
            assertThat(NumericLiteral.parse(exponentCancels))
                    .hasValueSatisfying(v -> assertThat(v).isEqualByComparingTo("1"));
        });
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            0                        | true
            -0.0                     | true
            1                        | true
            1.7976931348623157e308   | true
            1.7976931348623158e308   | true
            1.7976931348623159e308   | false
            -1.7976931348623159e308  | false
            4.9406564584124654e-324  | true
            -4.9e-324                | true
            2.4703282292062328e-324  | true
            2.4703282292062327e-324  | false
            1E+999999999             | false
            1E-999999999             | false
            """)
    void knowsTheDoubleRange(BigDecimal value, boolean inRange) {
        assertThat(NumericLiteral.inDoubleRange(value)).isEqualTo(inRange);
    }

    @Test
    void doubleRangeEndsWhereRoundingReachesInfinityOrZero() {
        BigDecimal overflow = new BigDecimal(BigInteger.TWO.pow(1024).subtract(BigInteger.TWO.pow(970)));
        BigDecimal underflow = new BigDecimal(Double.MIN_VALUE).divide(BigDecimal.valueOf(2));
        BigDecimal tiny = new BigDecimal(BigInteger.ONE, 1100);
        assertThat(Double.parseDouble(overflow.toString())).isInfinite();
        assertThat(Double.parseDouble(overflow.subtract(tiny).toString())).isEqualTo(Double.MAX_VALUE);
        assertThat(Double.parseDouble(underflow.toString())).isZero();
        assertThat(Double.parseDouble(underflow.add(tiny).toString())).isEqualTo(Double.MIN_VALUE);

        assertThat(NumericLiteral.inDoubleRange(overflow)).isFalse();
        assertThat(NumericLiteral.inDoubleRange(overflow.subtract(tiny))).isTrue();
        assertThat(NumericLiteral.inDoubleRange(overflow.negate())).isFalse();
        assertThat(NumericLiteral.inDoubleRange(underflow)).isFalse();
        assertThat(NumericLiteral.inDoubleRange(underflow.add(tiny).negate())).isTrue();
        assertThat(NumericLiteral.parse(overflow.toPlainString())).isEmpty();
        assertThat(NumericLiteral.parse(overflow.subtract(tiny).toString())).isPresent();
        assertThat(NumericLiteral.parse(underflow.toString())).isEmpty();
        assertThat(NumericLiteral.parse(underflow.add(tiny).toString())).isPresent();
    }

    static Stream<Arguments> jsonValues() {
        JsonNodeFactory json = JsonNodeFactory.instance;
        return Stream.of(
                Arguments.of(IntNode.valueOf(5), Optional.of("5")),
                Arguments.of(LongNode.valueOf(Long.MIN_VALUE), Optional.of(Long.toString(Long.MIN_VALUE))),
                Arguments.of(BigIntegerNode.valueOf(BigInteger.TEN.pow(300)), Optional.of("1e300")),
                Arguments.of(BigIntegerNode.valueOf(BigInteger.TEN.pow(400)), Optional.empty()),
                Arguments.of(DecimalNode.valueOf(new BigDecimal("9007199254740993")), Optional.of("9007199254740993")),
                Arguments.of(DecimalNode.valueOf(new BigDecimal("1E+400")), Optional.empty()),
                Arguments.of(DecimalNode.valueOf(new BigDecimal("1E-999999999")), Optional.empty()),
                Arguments.of(DoubleNode.valueOf(0.1), Optional.of("0.1")),
                Arguments.of(DoubleNode.valueOf(-0.0), Optional.of("0")),
                Arguments.of(DoubleNode.valueOf(Double.NaN), Optional.empty()),
                Arguments.of(DoubleNode.valueOf(Double.POSITIVE_INFINITY), Optional.empty()),
                Arguments.of(DoubleNode.valueOf(Double.NEGATIVE_INFINITY), Optional.empty()),
                Arguments.of(DoubleNode.valueOf(Double.MIN_VALUE), Optional.of("4.9e-324")),
                Arguments.of(DoubleNode.valueOf(-Double.MAX_VALUE), Optional.of("-1.7976931348623157e308")),
                Arguments.of(FloatNode.valueOf(0.1f), Optional.of("0.1")),
                Arguments.of(FloatNode.valueOf(Float.NaN), Optional.empty()),
                Arguments.of(TextNode.valueOf(" 5 "), Optional.of("5")),
                Arguments.of(TextNode.valueOf("1e400"), Optional.empty()),
                Arguments.of(TextNode.valueOf("abc"), Optional.empty()),
                Arguments.of(TextNode.valueOf(""), Optional.empty()),
                Arguments.of(BooleanNode.TRUE, Optional.empty()),
                Arguments.of(NullNode.getInstance(), Optional.empty()),
                Arguments.of(MissingNode.getInstance(), Optional.empty()),
                Arguments.of(json.objectNode().put("a", 1), Optional.empty()),
                Arguments.of(json.arrayNode().add(1), Optional.empty()),
                Arguments.of(json.binaryNode(new byte[] {1}), Optional.empty()));
    }

    @ParameterizedTest
    @MethodSource("jsonValues")
    void readsJsonValues(JsonNode node, Optional<String> expected) {
        assertThat(NumericLiteral.fromJson(node).map(BigDecimal::stripTrailingZeros))
                .isEqualTo(expected.map(e -> new BigDecimal(e).stripTrailingZeros()));
    }

    @Test
    void readsNullAsNothing() {
        assertThat(NumericLiteral.fromJson(null)).isEmpty();
        assertThat(NumericLiteral.fromNumber(null)).isEmpty();
    }

    @Test
    void readsParsedJsonWhateverTheNumberRepresentation() throws Exception {
        ObjectMapper doubles = new ObjectMapper();
        ObjectMapper decimals = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
        for (ObjectMapper mapper : new ObjectMapper[] {doubles, decimals}) {
            assertThat(NumericLiteral.fromJson(mapper.readTree("1e400"))).isEmpty();
            assertThat(NumericLiteral.fromJson(mapper.readTree("-1e400"))).isEmpty();
            assertThat(NumericLiteral.fromJson(mapper.readTree("2.5"))).contains(new BigDecimal("2.5"));
            assertThat(NumericLiteral.fromJson(mapper.readTree("12345678901234567890123")))
                    .contains(new BigDecimal("12345678901234567890123"));
            assertThat(NumericLiteral.fromJson(mapper.readTree("\"5\""))).contains(BigDecimal.valueOf(5));
        }
        assertThat(NumericLiteral.fromJson(decimals.readTree("9007199254740993.0")))
                .hasValueSatisfying(v -> assertThat(v).isEqualByComparingTo("9007199254740993"));
    }

    static Stream<Arguments> javaNumbers() {
        return Stream.of(
                Arguments.of((byte) -3, Optional.of("-3")),
                Arguments.of((short) 300, Optional.of("300")),
                Arguments.of(70_000, Optional.of("70000")),
                Arguments.of(Long.MAX_VALUE, Optional.of(Long.toString(Long.MAX_VALUE))),
                Arguments.of(0.1d, Optional.of("0.1")),
                Arguments.of(0.1f, Optional.of("0.1")),
                Arguments.of(Double.NaN, Optional.empty()),
                Arguments.of(Float.NEGATIVE_INFINITY, Optional.empty()),
                Arguments.of(new BigDecimal("1e400"), Optional.empty()),
                Arguments.of(new BigDecimal("-12.50"), Optional.of("-12.5")),
                Arguments.of(BigInteger.TEN.pow(309), Optional.empty()),
                Arguments.of(BigInteger.TEN.pow(308), Optional.of("1e308")),
                Arguments.of(new AtomicLong(42), Optional.of("42")));
    }

    @ParameterizedTest
    @MethodSource("javaNumbers")
    void readsJavaNumbers(Number number, Optional<String> expected) {
        assertThat(NumericLiteral.fromNumber(number).map(BigDecimal::stripTrailingZeros))
                .isEqualTo(expected.map(e -> new BigDecimal(e).stripTrailingZeros()));
    }
}
