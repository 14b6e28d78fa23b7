package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.filter.FieldPath;
import io.quarry.filter.Filter;
import io.quarry.filter.FilterEvaluator;
import io.quarry.filter.FilterParser;
import io.quarry.internal.Json;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A value the same for every row of a type table (its type, a missing timestamp) is decided in the
 * compiler: it must agree with the evaluator on that value stored as a string.
 */
class ColumnTargetsTest {
    private static final List<String> VALUES =
            List.of("Task", "task", "2024-01-31T00:00:00Z", "1970-01-01T00:00:00Z", "5", "10", "ÄÖ", "a\u0000b", "");

    private static final List<String> PREDICATES = List.of(
            "{\"$eq\": \"Task\"}",
            "{\"$gt\": \"Sa\"}",
            "{\"$lt\": \"task\"}",
            "{\"$lte\": \"a\"}",
            "{\"$gte\": \"2024-01-01\"}",
            "{\"$lt\": \"2024-02-01T00:00:00+01:00\"}",
            "{\"$eq\": \"1970-01-01T00:00:00Z\"}",
            "{\"$gt\": 7}",
            "{\"$eq\": 5}",
            "{\"$eq\": true}",
            "{\"$regex\": \"^t\"}",
            "{\"$regex\": \"^t\", \"$options\": \"i\"}",
            "{\"$regex\": \"^\\\\d+$\"}",
            "{\"$contains\": \"as\"}",
            "{\"$contains\": \"\\u0000\"}",
            "{\"$startsWith\": \"TA\", \"$options\": \"i\"}",
            "{\"$endsWith\": \"Z\"}",
            "{\"$endsWith\": \"öÄ\", \"$options\": \"i\"}");

    static Stream<Arguments> cases() {
        return VALUES.stream().flatMap(v -> PREDICATES.stream().map(p -> Arguments.of(v, p)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void aConstantPassesATestAsTheEvaluatorSays(String value, String predicate) {
        Filter filter = FilterParser.withDefaults().parse("{\"v\": " + predicate + "}");
        Filter.Condition condition = filter instanceof Filter.Condition c
                ? c
                : (Filter.Condition) ((Filter.And) filter).filters().get(0);
        ObjectNode document = Json.object();
        document.putObject(FieldPath.PROPERTIES).put("v", value);

        SqlWriter w = new SqlWriter();
        condition
                .predicate()
                .accept(new PredicateWriter(
                        new io.quarry.sql.dialect.H2Dialect(), w, new ColumnTargets.Constant(value)));

        String expected = FilterEvaluator.matches(condition, document) ? "(1 = 1)" : "(1 = 0)";
        assertThat(w.toSql().text()).isEqualTo(expected);
        assertThat(w.toSql().binds()).isEmpty();
    }
}
