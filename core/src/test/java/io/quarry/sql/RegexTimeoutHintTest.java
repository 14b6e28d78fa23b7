package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.FilterParser;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A timeout of a filter with {@code $regex}, wherever the regex stands, names the pattern in its hint. */
class RegexTimeoutHintTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"s\": {\"$regex\": \"a.*b\"}}                                    | true",
                "{\"$or\": [{\"n\": 1}, {\"s\": {\"$not\": {\"$regex\": \"x+\"}}}]}  | true",
                "{\"$nor\": [{\"s\": {\"$regex\": \"^a\", \"$ne\": \"b\"}}]}         | true",
                "{\"s\": {\"$contains\": \"a.*b\"}}                                  | false",
                "{\"s\": \"a.*b\", \"n\": {\"$gt\": 2}}                               | false",
                "{}                                                                  | false",
            })
    void theHintNamesThePatternOnlyWhenTheFilterHasOne(String json, boolean regex) {
        QueryException timeout = JdbcObjectStore.timedOut(Duration.ofSeconds(5));
        QueryException answered = JdbcObjectStore.regexTimeout(
                timeout, FilterParser.withDefaults().parse(json.strip()));

        assertThat(answered.first().code()).isEqualTo(ErrorCode.QUERY_TIMEOUT);
        assertThat(answered.first().message()).isEqualTo("The query ran longer than the 5 s limit.");
        assertThat(answered.first().hint().startsWith("Simplify the pattern")).isEqualTo(regex);
        if (!regex) {
            assertThat(answered).isSameAs(timeout);
        }
    }

    @ParameterizedTest
    @CsvSource({"UNKNOWN_FIELD", "LIMIT_EXCEEDED", "DATABASE_UNAVAILABLE"})
    void otherErrorsPass(ErrorCode code) {
        QueryException other = QueryException.of(code, "properties.s", "m.", "h.");

        assertThat(JdbcObjectStore.regexTimeout(
                        other, FilterParser.withDefaults().parse("{\"s\": {\"$regex\": \"a+\"}}")))
                .isSameAs(other);
    }
}
