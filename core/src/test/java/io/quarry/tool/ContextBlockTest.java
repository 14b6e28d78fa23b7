package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import io.quarry.error.QueryException;
import io.quarry.store.Scope;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link Toolkit#contextBlock}: the caller's scope and the tools' types, the budget, mistakes with a path. */
class ContextBlockTest {
    private static final Toolkit TOOLKIT = Fixture.toolkit();

    @Test
    void theBlockShowsWhatGetProjectGraphShowsTheCaller() {
        String block = TOOLKIT.contextBlock("p1", 4_000, Fixture.acme());
        assertThat(block).startsWith("## Project context: p1\n").contains("### Graph", "### Coverage");
        assertThat(block.length()).isLessThanOrEqualTo(4_000);
        // d3 is another org's document and x1 an undeclared type: neither shows, as in get_project_graph
        assertThat(block).contains("\"d1\"", "\"d2\"", "\"123\"").doesNotContain("\"d3\"", "\"x1\"");
        // a hidden field (exposed: false) never shows
        assertThat(block).doesNotContain("cost_code").doesNotContain("CC-1");
        assertThat(TOOLKIT.contextBlock("p1", 4_000, Fixture.acme())).isEqualTo(block);
    }

    @ParameterizedTest
    @CsvSource({
        "nope, 4000, NOT_FOUND, root_id",
        "129, 4000, NOT_FOUND, root_id",
        "x1, 4000, NOT_FOUND, root_id",
        "'', 4000, INVALID_OPERAND, root_id",
        "p1, 999, INVALID_OPERAND, budget",
        "p1, 16001, INVALID_OPERAND, budget"
    })
    void aMistakeIsAQueryErrorWithItsPathAndAHint(String root, int budget, ErrorCode code, String path) {
        QueryException e = refused(root, budget, Fixture.acme());
        QueryError error = e.errors().get(0);
        assertThat(error.code()).isEqualTo(code);
        assertThat(error.path()).isEqualTo(path);
        assertThat(error.hint()).isNotBlank();
    }

    @Test
    void anotherScopeDoesNotSeeTheRoot() {
        ToolContext other =
                ToolContext.builder().scope(Scope.of("org_id", "globex")).build();
        QueryException e = refused("p1", 4_000, other);
        assertThat(e.errors().get(0).code()).isEqualTo(ErrorCode.NOT_FOUND);
    }

    private static QueryException refused(String root, int budget, ToolContext context) {
        try {
            TOOLKIT.contextBlock(root, budget, context);
        } catch (QueryException e) {
            return e;
        }
        throw new AssertionError("not refused: " + root + ", " + budget);
    }
}
