package io.quarry.regex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The portable subset in PostgreSQL's syntax, without a database (PostgresDialectIT runs them). */
class PostgresRegexTest {
    static Stream<Arguments> translations() {
        return Stream.of(
                Arguments.of("abc", false, "abc", true),
                Arguments.of("a.c", false, "a[^\\u000a]c", false),
                Arguments.of("^a\\.b$", false, "^a\\.b$", false),
                Arguments.of("x{300}", false, "x{255}x{45}", false),
                Arguments.of("x{2,600}", false, "x{2}x{0,255}x{0,255}x{0,88}", false),
                Arguments.of("x{256,}", false, "x{255}x{1}x*", false),
                Arguments.of("(?:ab|c)+", false, "(?:ab|c)+", false),
                Arguments.of("abc|d", false, "abc|d", false),
                Arguments.of("log", true, "[Ll][Oo][Gg]", true),
                Arguments.of("k", true, "[Kk\\u212a]", false),
                Arguments.of("é", false, "\\u00e9", false),
                Arguments.of("😀", false, "\\U0001f600", false),
                Arguments.of("\\d\\D", false, "[0-9][\\u0000-\\u002f\\u003a-\\U0010ffff]", false),
                Arguments.of("[^a-c\\-]", false, "[^\\u002da-c]", false));
    }

    @ParameterizedTest(name = "{0} i={1}")
    @MethodSource("translations")
    void translatesWithTheSameMeaning(String portable, boolean ignoreCase, String postgres, boolean trigrams) {
        PostgresRegex regex = PostgresRegex.of(portable, ignoreCase);
        assertThat(regex.pattern()).isEqualTo(postgres);
        assertThat(regex.trigrams()).isEqualTo(trigrams);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nonPortable")
    void refusesWhatIsNotPortable(String pattern) {
        assertThatThrownBy(() -> PostgresRegex.of(pattern, false)).isInstanceOf(IllegalArgumentException.class);
    }

    static Stream<String> nonPortable() {
        return Stream.of("(a)\\1", "(?=a)", "a*?", "\\bword", "(?i)a");
    }
}
