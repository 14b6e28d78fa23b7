package io.quarry.sql.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** What {@link PostgresDialect} writes without a database (PostgresDialectIT runs the rest). */
class PostgresDialectTest {
    @ParameterizedTest(name = "{0}")
    @MethodSource("likes")
    void likeMetacharactersAreEscaped(String literal, String escaped) {
        assertThat(PostgresDialect.likeEscape(literal)).isEqualTo(escaped);
    }

    static Stream<Arguments> likes() {
        return Stream.of(
                Arguments.of("100%", "100\\%"),
                Arguments.of("a_b", "a\\_b"),
                Arguments.of("back\\slash", "back\\\\slash"),
                Arguments.of("plain", "plain"));
    }
}
