package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class JdbcObjectStoreTest {

    static Stream<Arguments> timeouts() {
        return Stream.of(
                Arguments.of(Duration.ofMillis(250), "The query ran longer than the 250 ms limit."),
                Arguments.of(Duration.ofMillis(1), "The query ran longer than the 1 ms limit."),
                Arguments.of(Duration.ofMillis(1_500), "The query ran longer than the 1500 ms limit."),
                Arguments.of(Duration.ofSeconds(1), "The query ran longer than the 1 s limit."),
                Arguments.of(Duration.ofSeconds(5), "The query ran longer than the 5 s limit."));
    }

    @ParameterizedTest
    @MethodSource("timeouts")
    void theTimeoutMessageNeverSaysZeroSeconds(Duration timeout, String message) {
        QueryException e = JdbcObjectStore.timedOut(timeout);
        assertThat(e.first().code()).isEqualTo(ErrorCode.QUERY_TIMEOUT);
        assertThat(e.first().path()).isEmpty();
        assertThat(e.first().message()).isEqualTo(message);
        assertThat(e.first().hint()).contains("Narrow the filter");
    }
}
