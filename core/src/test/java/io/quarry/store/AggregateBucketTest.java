package io.quarry.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.quarry.store.AggregateQuery.Bucket;
import io.quarry.store.AggregateQuery.Bucket.Unit;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The labels of date buckets: the evaluator's semantics every store follows. */
class AggregateBucketTest {

    @ParameterizedTest(name = "{0} {1} at {2} -> {3}")
    @CsvSource(
            delimiter = '|',
            nullValues = "-",
            value = {
                "2024-03-05T10:00:00Z       | YEAR    | Z      | 2024",
                "2024-03-05T10:00:00Z       | QUARTER | Z      | 2024-Q1",
                "2024-04-01T00:00:00Z       | QUARTER | Z      | 2024-Q2",
                "2024-04-01T00:00:00Z       | QUARTER | -00:30 | 2024-Q1",
                "2024-12-31T12:00:00Z       | YEAR    | +14:00 | 2025",
                "2024-03-05T10:00:00Z       | MONTH   | Z      | 2024-03",
                "2024-03-31T23:30:00-01:00  | MONTH   | Z      | 2024-04",
                "2024-03-31T23:30:00-01:00  | MONTH   | -01:00 | 2024-03",
                "2024-12-30T00:00:00Z       | WEEK    | Z      | 2025-W01",
                "2021-01-03T12:00:00Z       | WEEK    | Z      | 2020-W53",
                "2024-03-04T00:00:00Z       | WEEK    | Z      | 2024-W10",
                "2024-03-04T00:00:00Z       | WEEK    | -00:01 | 2024-W09",
                "2024-03-05T23:59:59.999Z   | DAY     | Z      | 2024-03-05",
                "2024-03-05T20:00:00Z       | DAY     | +05:30 | 2024-03-06",
                "2024-03-05T10:00           | DAY     | -11:00 | 2024-03-04",
                // a date alone is a calendar day: the offset does not move it
                "2024-03-05                 | DAY     | -11:00 | 2024-03-05",
                "2024-01-01                 | YEAR    | -05:00 | 2024",
                // no date: the missing group
                "2024-02-30                 | DAY     | Z      | -",
                "2024/01/05                 | DAY     | Z      | -",
                "yesterday                  | MONTH   | Z      | -",
            })
    void labels(String value, Unit unit, String offset, String label) {
        Bucket bucket = new Bucket(unit, ZoneOffset.of(offset));
        assertThat(bucket.label(JsonNodeFactory.instance.textNode(value))).isEqualTo(Optional.ofNullable(label));
    }

    @ParameterizedTest
    @CsvSource({"20240105", "true"})
    void numbersAndBooleansAreNoDates(String json) throws Exception {
        JsonNode v = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
        assertThat(new Bucket(Unit.YEAR, ZoneOffset.UTC).label(v)).isEmpty();
        assertThat(Aggregator.groupKey(v, new Bucket(Unit.YEAR, ZoneOffset.UTC)))
                .isNull();
    }
}
