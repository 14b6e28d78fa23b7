package io.quarry.sql.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.internal.Json;
import io.quarry.schema.Field;
import io.quarry.tool.ToolResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The column types of a dialect beyond the common ones (samples/column_types.*.sql; issue 28 item
 * 1, docs/introspection.md's type table): each is served as the field type the table names, with
 * every tool agreeing with SQL and the evaluator (the sample contract), or left out and named, with
 * why, in {@code get_database_schema}'s answer.
 */
abstract class ColumnTypesContract extends SampleSchemaContract {
    @Override
    String sample() {
        return "column_types";
    }

    /** The fields of {@code Song} and their types, as the dialect's row of the table says. */
    abstract Map<String, String> served();

    /** The columns of {@code song} no field serves. */
    abstract List<String> leftOut();

    @Test
    void eachTypeIsServedAsTheTableSays() {
        Map<String, String> fields = new LinkedHashMap<>();
        for (Field f : schema().type("Song").orElseThrow().fields()) {
            if (f.exposed()) {
                fields.put(f.name(), f.type().jsonName());
            }
        }
        assertThat(fields).containsAllEntriesOf(served());
        assertThat(fields.keySet()).doesNotContainAnyElementsOf(leftOut());
    }

    @Test
    void theOthersAreNamedWithWhyInTheSchemaAnswer() {
        ToolResult r = call("get_database_schema", Json.object().put("detail", "summary"));
        assertThat(r.errorCode()).as(r.text()).isNull();
        JsonNode song = null;
        for (JsonNode t : r.json().get("types")) {
            if (t.get("name").asText().equals("Song")) {
                song = t;
            }
        }
        assertThat(song).isNotNull();
        JsonNode leftOut = song.path("left_out");
        for (String column : leftOut()) {
            JsonNode why =
                    leftOut.has(column) ? leftOut.get(column) : leftOut.path(column.toUpperCase(java.util.Locale.ROOT));
            assertThat(why.asText()).as(column + " in " + leftOut).isNotBlank();
        }
        assertThat(leftOut.size()).as(leftOut.toString()).isEqualTo(leftOut().size());
    }
}
