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

    /** A literal or NULL of unknown type (issue 25.6): the message says which part, the hint the CAST. */
    @Test
    void aLiteralOfUnknownTypeAsksForACast() {
        for (QueryError e : java.util.List.of(
                explain("h2", "Unknown data type: \"?\"; SQL statement: SELECT COALESCE(?, ?)", "HY004", 50004),
                explain("h2", "Unknown data type: \"X\"; SQL statement: …", "HY004", 50004),
                explain("postgres", "ERROR: could not determine data type of parameter $1", "42P18", 0),
                explain("postgres", "ERROR: function sum(unknown) is not unique\n  Hint: …", "42725", 0),
                explain("postgres", "ERROR: operator is not unique: - unknown", "42725", 0))) {
            assertThat(e.message()).contains("cannot tell the type").doesNotContain("ERROR", "SQL statement");
            assertThat(e.hint()).contains("CAST(NULL AS integer)");
        }
    }

    @Test
    void branchesOfOtherTypesAreNamedWithTheirTypes() {
        QueryError e =
                explain("postgres", "ERROR: CASE types character varying and integer cannot be matched", "42804", 0);
        assertThat(e.message()).contains("branches of a CASE", "character varying and integer");
        assertThat(e.hint()).contains("CAST");
        assertThat(explain("postgres", "ERROR: COALESCE types numeric and text cannot be matched", "42804", 0)
                        .message())
                .contains("arguments of coalesce", "numeric and text");
        assertThat(explain("postgres", "ERROR: argument of WHERE must be type boolean, not type integer", "42804", 0)
                        .hint())
                .contains("comparison");
        assertThat(explain("h2", "SUM or AVG on wrong data type for \"SUM(NULL)\"; SQL statement:", "90015", 90015)
                        .message())
                .contains("not a number")
                .doesNotContain("SUM(NULL)");
    }
}
