package io.quarry.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CodePointsTest {

    static Stream<Arguments> orders() {
        return Stream.of(
                Arguments.of("", "", 0),
                Arguments.of("", "a", -1),
                Arguments.of("a", "b", -1),
                Arguments.of("abc", "ab", 1),
                Arguments.of("abc", "abd", -1),
                Arguments.of("B", "a", -1),
                // UTF-16 order puts U+1F600 (surrogates D83D DE00) below U+FFFF; code-point order does not.
                Arguments.of("\uFFFF", "\uD83D\uDE00", -1),
                Arguments.of("\uE000", "\uD800\uDC00", -1),
                Arguments.of("x\uFB01", "x\uD83D\uDE00y", -1),
                Arguments.of("\uD83D\uDE00", "\uD83D\uDE01", -1),
                Arguments.of("\uD83D\uDE00", "\uD83D\uDE00", 0),
                Arguments.of("\uD83D\uDE00", "\uD83E\uDD00", -1),
                Arguments.of("\uD7FF", "\uD83D\uDE00", -1),
                // Unpaired surrogates count as code points with their own value.
                Arguments.of("\uD800", "\uD800\uDC00", -1),
                Arguments.of("x\uD800", "x\uD800\uDC00", -1),
                Arguments.of("\uD800x", "\uD800\uDC00", -1),
                Arguments.of("\uD800\uD800", "\uD800\uDC00", -1),
                Arguments.of("\uD800a", "\uD800b", -1),
                Arguments.of("\uD800\uE000", "\uD800\uDC00", -1),
                Arguments.of("\uDC00", "\uE000", -1),
                Arguments.of("\uDC00", "\uD83D\uDE00", -1),
                Arguments.of("\uDBFF", "\uDC00", -1),
                Arguments.of("\uD800", "\uD800", 0));
    }

    @ParameterizedTest
    @MethodSource("orders")
    void ordersByCodePoint(String a, String b, int sign) {
        assertThat(Integer.signum(CodePoints.compare(a, b))).isEqualTo(sign);
        assertThat(Integer.signum(CodePoints.compare(b, a))).isEqualTo(-sign);
    }

    @Test
    void differsFromUtf16OrderAboveTheBmp() {
        assertThat("\uFFFF".compareTo("\uD83D\uDE00")).isPositive();
        assertThat(CodePoints.compare("\uFFFF", "\uD83D\uDE00")).isNegative();
    }

    static Stream<Arguments> lengths() {
        return Stream.of(
                Arguments.of("", 0),
                Arguments.of("abc", 3),
                Arguments.of("\uD83D\uDE00", 1),
                Arguments.of("a\uD83D\uDE00b", 3),
                Arguments.of("\uD800", 1),
                Arguments.of("\uDC00\uD800", 2),
                Arguments.of("e\u0301", 2));
    }

    @ParameterizedTest
    @MethodSource("lengths")
    void countsCodePoints(String s, int length) {
        assertThat(CodePoints.length(s)).isEqualTo(length);
    }

    static Stream<Arguments> abbreviations() {
        return Stream.of(
                Arguments.of("short", 10, "short"),
                Arguments.of("x".repeat(10), 10, "x".repeat(10)),
                Arguments.of("x".repeat(11), 10, "xxxxxxx..."),
                // an astral code point counts once and is never split
                Arguments.of("\uD83D\uDE00".repeat(11), 10, "\uD83D\uDE00".repeat(7) + "..."),
                Arguments.of("x".repeat(100_000), 60, "x".repeat(57) + "..."));
    }

    @ParameterizedTest
    @MethodSource("abbreviations")
    void abbreviateCutsByCodePoint(String text, int max, String expected) {
        assertThat(CodePoints.abbreviate(text, max)).isEqualTo(expected);
        assertThat(CodePoints.length(CodePoints.abbreviate(text, max))).isLessThanOrEqualTo(max);
    }
}
