package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.error.QueryException;
import io.quarry.filter.FieldPath;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The expressions of computed metrics: what parses, how it is named, and where a mistake is. */
class MetricExpressionTest {

    private static String text(String expr) {
        return MetricExpression.text(
                MetricExpression.parse(expr, "metrics[0].expr", name -> FieldPath.property(name.split("\\."))));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "unit_price*quantity*(1-discount) | unit_price * quantity * (1 - discount)",
                "a - (b - c)                      | a - (b - c)",
                "(a - b) - c                      | a - b - c",
                "a / 2 / 3                        | a / 2 / 3",
                "a / (2 / 3)                      | a / (2 / 3)",
                "2 * 3 + a                        | 6 + a",
                "-(a - 1.50)                      | -(a - 1.50)",
                "- - a                            | --a",
                "a × 2 ÷ b − 1                    | a * 2 / b - 1",
                "+a * -2                          | a * -2",
                "meta.cost * .5                   | meta.cost * 0.5",
            })
    void parsesAndNames(String expr, String named) {
        assertThat(text(expr)).isEqualTo(named);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "a * (b + 1        | Missing ')' at character 11",
                "a * b)            | Unmatched ')' at character 6",
                "a ** b            | at character 4",
                "a * 1.2.3         | '1.2.3' is no number at character 5",
                "a +               | The expression ends",
                "round(a)          | Functions such as 'round(...)'",
                "2 * 3             | reads no field",
                "a % 2             | Unexpected '%' at character 3",
            })
    void mistakesSayWhere(String expr, String message) {
        assertThatThrownBy(() -> text(expr)).isInstanceOf(QueryException.class).hasMessageContaining(message);
    }
}
