package io.quarry.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import io.quarry.error.QueryException;
import io.quarry.schema.EntityType;
import io.quarry.schema.Schema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The error codes are API: their names are stable, and {@code FORBIDDEN_FIELD} never confirms a hidden field. */
class ErrorCodeTest {

    @Test
    void theCodesAreTheDocumentedOnes() {
        assertThat(Arrays.stream(ErrorCode.values()).map(Enum::name))
                .containsExactly(
                        "INVALID_JSON",
                        "UNKNOWN_TYPE",
                        "UNKNOWN_FIELD",
                        "UNKNOWN_OPERATOR",
                        "INVALID_OPERAND",
                        "TYPE_MISMATCH",
                        "INVALID_REGEX",
                        "LIMIT_EXCEEDED",
                        "FORBIDDEN_FIELD",
                        "NOT_FOUND",
                        "INVALID_CURSOR",
                        "QUERY_TIMEOUT",
                        "DATABASE_UNAVAILABLE",
                        "INVALID_SQL",
                        "SQL_NOT_ALLOWED",
                        "NOT_ALLOWED",
                        "NEEDS_CONFIRMATION",
                        "API_UNAVAILABLE",
                        "MODEL_UNAVAILABLE",
                        "INTERNAL");
    }

    /** Every code a model can receive has a row in the error table of docs/filter-language.md. */
    @Test
    void everyCodeAModelCanReceiveIsInTheErrorTable() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "filter-language.md"));
        for (ErrorCode code : ErrorCode.values()) {
            if (code != ErrorCode.FORBIDDEN_FIELD) { // reserved for raw SQL; decision 1 says why it is never sent
                assertThat(doc).as(code.name()).contains("\n| `" + code.name() + "` |");
            }
        }
    }

    /**
     * Decision 1 of docs/filter-language.md: a hidden field is {@code UNKNOWN_FIELD}, worded like a
     * field that does not exist; {@code FORBIDDEN_FIELD} (reserved for raw SQL) would confirm it exists.
     */
    @Test
    void aHiddenFieldIsUnknownNeverForbidden() {
        Schema schema = FilterCases.schema();
        EntityType task = schema.type("Task").orElseThrow();
        for (String filter : List.of(
                "{\"cost_code\": \"CC-1\"}",
                "{\"cost_code\": {\"$exists\": true}}",
                "{\"$or\": [{\"title\": \"x\"}, {\"cost_code\": {\"$regex\": \"^C\"}}]}")) {
            QueryException hidden = error(schema, task, filter);
            QueryException absent = error(schema, task, filter.replace("cost_code", "cost_codx"));
            for (QueryException e : List.of(hidden, absent)) {
                assertThat(e.errors()).extracting(QueryError::code).doesNotContain(ErrorCode.FORBIDDEN_FIELD);
                assertThat(e.first().code()).isEqualTo(ErrorCode.UNKNOWN_FIELD);
            }
            assertThat(hidden.first().message().replace("cost_code", "NAME"))
                    .isEqualTo(absent.first().message().replace("cost_codx", "NAME"));
            assertThat(String.valueOf(hidden.first().hint())).doesNotContain("cost_code");
        }
        // without a type, a name hidden on any type is refused the same way
        assertThat(error(schema, null, "{\"secret\": 1}").first().code()).isEqualTo(ErrorCode.UNKNOWN_FIELD);
    }

    private static QueryException error(Schema schema, EntityType type, String filter) {
        return catchThrowableOfType(QueryException.class, () -> new FilterValidator(schema)
                .validate(FilterParser.withDefaults().parse(filter), type));
    }
}
