package io.quarry.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class JsonTest {
    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @ParameterizedTest
    @ValueSource(strings = {"{\"n\": 1E+2147483648}", "{\"n\": 1e-2147483649}", "[1e99999999999]"})
    void numbersNoDecimalCanHoldAreMalformedJson(String text) {
        assertThatThrownBy(() -> Json.parse(text))
                .isInstanceOf(JsonProcessingException.class)
                .hasMessageContaining("a number is too large to read");
        assertThatThrownBy(() -> Json.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8))))
                .isInstanceOf(JsonProcessingException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"a\": 1} x", "{\"a\": 1}{\"a\": 2}", "[1] [2]", "1 2", "{\"a\": 1}}"})
    void trailingTokensAreMalformedJson(String text) {
        assertThatThrownBy(() -> Json.parse(text)).isInstanceOf(JsonProcessingException.class);
        assertThatThrownBy(() -> Json.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8))))
                .isInstanceOf(JsonProcessingException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\n\t "})
    void emptyTextIsMalformedJson(String text) {
        assertThatThrownBy(() -> Json.parse(text))
                .isInstanceOf(JsonProcessingException.class)
                .hasMessageContaining("the text is empty");
        assertThatThrownBy(() -> Json.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8))))
                .isInstanceOf(JsonProcessingException.class);
    }

    @Test
    void whiteSpaceAroundTheValueIsFine() throws Exception {
        assertThat(Json.parse(" \n{\"a\": 1}\n ")).hasToString("{\"a\":1}");
    }

    static Stream<Arguments> decimals() {
        return Stream.of(
                Arguments.of(NODES.numberNode(Double.MIN_VALUE), "4.9E-324"),
                Arguments.of(NODES.numberNode(-Double.MIN_VALUE), "-4.9E-324"),
                Arguments.of(NODES.numberNode(Double.MAX_VALUE), "1.7976931348623157E+308"),
                Arguments.of(NODES.numberNode(0.1), "0.1"),
                Arguments.of(NODES.numberNode(-0.0), "0"),
                Arguments.of(NODES.numberNode(0.1f), "0.1"),
                Arguments.of(NODES.numberNode(16777217f), "16777216"),
                Arguments.of(NODES.numberNode(Float.MIN_VALUE), "1.4E-45"),
                Arguments.of(NODES.numberNode(Float.MAX_VALUE), "3.4028235E+38"),
                Arguments.of(NODES.numberNode(9007199254740993L), "9007199254740993"),
                Arguments.of(NODES.numberNode(new BigDecimal("2.50")), "2.50"),
                Arguments.of(NODES.numberNode(new BigDecimal("4.9e-324")), "4.9E-324"),
                Arguments.of(
                        NODES.numberNode(BigInteger.TWO.pow(1000)),
                        BigInteger.TWO.pow(1000).toString()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("decimals")
    void decimalsFollowTheNumericLiteralRules(JsonNode node, String expected) {
        assertThat(Json.decimal(node)).hasValueSatisfying(d -> assertThat(d).isEqualByComparingTo(expected));
        assertThat(Json.decimal(node)).isEqualTo(NumericLiteral.fromJson(node));
    }

    static Stream<JsonNode> notDecimals() {
        return Stream.of(
                NODES.numberNode(Double.NaN),
                NODES.numberNode(Double.POSITIVE_INFINITY),
                NODES.numberNode(Float.NEGATIVE_INFINITY),
                NODES.numberNode(new BigDecimal("1e400")),
                NODES.numberNode(new BigDecimal("1e-400")),
                NODES.numberNode(BigInteger.TWO.pow(1100)),
                NODES.textNode("5"),
                NODES.booleanNode(true),
                NODES.nullNode(),
                NODES.arrayNode());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("notDecimals")
    void notDecimals(JsonNode node) {
        assertThat(Json.decimal(node)).isEmpty();
        assertThat(Json.decimal(null)).isEmpty();
    }

    @Test
    void previewIsCompactAndCut() throws Exception {
        assertThat(Json.preview(Json.parse("[1, \"a\", {\"b\": null}]"), 60)).isEqualTo("[1,\"a\",{\"b\":null}]");
        assertThat(Json.preview(NODES.textNode("x".repeat(100)), 20))
                .isEqualTo("\"xxxxxxxxxxxxxxxx...")
                .hasSize(20);
        assertThat(Json.preview(Json.parse("[1,2,3,4,5,6,7,8,9]"), 10))
                .isEqualTo("[1,2,3,...")
                .hasSize(10);
        assertThat(Json.preview(Json.parse("{\"a\\\"b\": 1}"), 60)).isEqualTo("{\"a\\\"b\":1}");
    }

    @Test
    void previewOfATreeDeeperThanJacksonWrites() {
        JsonNode node = NODES.numberNode(1);
        for (int i = 0; i < 100_000; i++) {
            ArrayNode a = NODES.arrayNode();
            a.add(node);
            node = a;
        }
        assertThat(Json.preview(node, 60)).hasSize(60).startsWith("[[[[").endsWith("...");
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
                Arguments.of(
                        "{\"a\": 1, \"a\": 2}",
                        "the key 'a' appears twice in one object; write each key once (line 1, column"),
                Arguments.of("{\"a\": 1} x", "'x' is not a JSON value; text goes in double quotes (line 1, column"),
                Arguments.of("{\"a\": tru}", "'tru' is not a JSON value; text goes in double quotes"),
                Arguments.of("{\"a\": NaN}", "'NaN' is not a JSON value; write a number, or text in double quotes"),
                Arguments.of("{a: 1}", "unexpected 'a': was expecting double-quote to start field name"),
                Arguments.of("[1,]", "unexpected ']': expected a value (line 1, column"),
                Arguments.of("{\"a\":", "the text ends before the JSON is complete"),
                Arguments.of("{\"a\": 01}", "invalid numeric value: Leading zeroes not allowed"),
                Arguments.of("\"\\q\"", "unrecognized character escape 'q' (code 113)"),
                // Jackson names its setting: "(1000, from `StreamReadConstraints.getMaxNestingDepth()`)"
                Arguments.of(
                        "[".repeat(1_001) + "]".repeat(1_001),
                        "document nesting depth (1001) exceeds the maximum allowed (1000)"));
    }

    /** Issue 16, item 11: a model reads these; Jackson's class and setting names mean nothing to it. */
    @ParameterizedTest
    @MethodSource("malformed")
    void malformedJsonIsExplainedInPlainWords(String text, String expected) {
        JsonProcessingException e = org.assertj.core.api.Assertions.catchThrowableOfType(
                JsonProcessingException.class, () -> Json.parse(text));
        String problem = Json.problem(e);
        assertThat(problem).startsWith(expected).doesNotContain("`", "Feature", "ObjectNode", "\n", "from )");
    }

    @Test
    void aLongUnrecognizedTokenIsShortenedInTheProblem() {
        JsonProcessingException e = org.assertj.core.api.Assertions.catchThrowableOfType(
                JsonProcessingException.class, () -> Json.parse("{\"a\": " + "x".repeat(5000) + "}"));
        assertThat(Json.problem(e)).hasSizeLessThan(150);
    }
}
