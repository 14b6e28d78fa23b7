package io.quarry.sql.guard;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.error.QueryError;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** The database's refusals as errors naming what to change, per dialect, without the driver's message. */
class RefusalsTest {
    private static QueryError explain(String dialect, String message, String state, int code) {
        return Refusals.explain(new SQLException(message, state, code), dialect).first();
    }

    @Test
    void aFunctionOfOtherArgumentTypesIsNamedWithTheTypesOnly() {
        QueryError e = explain(
                "postgres",
                "ERROR: function round(double precision, integer) does not exist\n  Hint: No function matches…"
                        + " Position: 8",
                "42883",
                0);
        assertThat(e.message()).contains("round", "double precision, integer").doesNotContain("ERROR", "Position");
        assertThat(e.hint()).contains("CAST");
    }

    @Test
    void aValueThatCannotBeReadIsNeverQuoted() {
        QueryError e = explain("postgres", "ERROR: invalid input syntax for type integer: \"acme secret\"", "22P02", 0);
        assertThat(e.message()).contains("integer").doesNotContain("acme", "secret");
    }

    @Test
    void eachDialectsCodesAreRead() {
        assertThat(explain("mysql", "Subquery returns more than 1 row", "21000", 1242)
                        .message())
                .contains("more than one row");
        assertThat(explain("mysql", "Invalid use of group function", "HY000", 1111)
                        .message())
                .contains("aggregate");
        assertThat(explain("sqlite", "[SQLITE_ERROR] SQL error or missing database (no such function: foo)", null, 1)
                        .message())
                .isEqualTo("This database has no function foo.");
        assertThat(explain("h2", "Division by zero: \"1\"; SQL statement: SELECT …", "22012", 22012)
                        .hint())
                .contains("NULLIF");
        QueryError other =
                explain("h2", "General error: \"java.lang.NullPointerException\"; SQL statement: …", "HY000", 50000);
        assertThat(other.message()).contains("HY000").doesNotContain("NullPointer", "SELECT");
    }
}
