package io.quarry.tool;

import static io.quarry.tool.Fixture.acme;
import static io.quarry.tool.Fixture.call;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code get_database_schema} on the tool fixture, on the store the subclass picks. */
abstract class GetDatabaseSchemaContract extends ToolContract {

    @Test
    void namesListsTypesWithCountsInScope() {
        ObjectNode result = call(fixture(), "get_database_schema", "{\"detail\": \"names\"}", acme());
        assertThat(result.toString())
                .isEqualTo(
                        "{\"types\":[{\"name\":\"Task\",\"count\":6},{\"name\":\"Project\",\"count\":1},{\"name\":\"Document\",\"count\":2}],"
                                + "\"returned\":3,\"total\":3,\"truncated\":false,\"caps\":[]}");
    }

    @Test
    void summaryHasFieldsEnumsAndRelationshipsButNoFieldDescriptions() {
        ObjectNode result = call(fixture(), "get_database_schema", "{\"types\": [\"Task\"]}", acme());
        JsonNode task = result.get("types").get(0);
        assertThat(task.get("description").asText()).isEqualTo("A unit of work.");
        assertThat(task.at("/properties/status/enum").toString())
                .isEqualTo("[\"Open\",\"In Progress\",\"Blocked\",\"Done\"]");
        assertThat(task.at("/properties/tags/items").asText()).isEqualTo("string");
        assertThat(task.at("/properties/title/description").isMissingNode()).isTrue();
        assertThat(task.at("/relationships/0").toString())
                .isEqualTo("{\"name\":\"part_of\",\"target\":\"Project\",\"direction\":\"out\"}");
        assertThat(result.at("/system_fields/updated_at").asText()).isEqualTo("datetime");
        assertThat(fieldNames(task.get("properties")))
                .containsExactly("title", "status", "priority", "due_at", "tags", "notes");
    }

    @Test
    void fullAddsDescriptionsAndFormats() {
        JsonNode task = call(fixture(), "get_database_schema", "{\"types\": [\"Task\"], \"detail\": \"full\"}", acme())
                .get("types")
                .get(0);
        assertThat(task.at("/properties/title/description").asText()).isEqualTo("Short name.");
        assertThat(task.at("/properties/due_at/format").asText()).contains("ISO-8601");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"types\": [\"Tsk\"]}|UNKNOWN_TYPE|types[0]|Did you mean 'Task'?",
                "{\"types\": \"Task\"}|INVALID_OPERAND|types|[\"Task\"]",
                "{\"detail\": \"everything\"}|INVALID_OPERAND|detail|names, summary, full",
                "{\"type\": \"Task\"}|INVALID_OPERAND|type|Did you mean 'types'?"
            })
    void mistakes(String input, String code, String path, String fragment) {
        JsonNode error = call(fixture(), "get_database_schema", input, acme()).get("error");
        assertThat(error.get("code").asText()).isEqualTo(code);
        assertThat(error.get("path").asText()).isEqualTo(path);
        assertThat(error.get("message").asText() + " " + error.path("hint").asText())
                .contains(fragment);
    }

    @ParameterizedTest(name = "{0} types over a 1000-character budget")
    @org.junit.jupiter.params.provider.ValueSource(ints = {3, 40, 400})
    void overTheBudgetItShowsLessAndSaysSo(int typeCount) {
        io.quarry.schema.Schema.Builder builder = io.quarry.schema.Schema.builder();
        for (int t = 0; t < typeCount; t++) {
            List<io.quarry.schema.Field> fields = new ArrayList<>();
            for (int f = 0; f < 12; f++) {
                fields.add(io.quarry.schema.Field.of("field_number_" + f, io.quarry.schema.FieldType.STRING)
                        .describedAs("A field."));
            }
            builder.type(new io.quarry.schema.EntityType(
                    "Type" + t,
                    "A type with a long description to fill the budget.",
                    fields,
                    List.of(),
                    io.quarry.schema.EntityType.Origin.DECLARED));
        }
        Toolkit toolkit = Toolkit.builder()
                .schema(builder.build())
                .store(store("fixture-data.json"))
                .build();
        Limits small = new Limits(20, 100, Limits.DEFAULTS.filter(), 1_000, Limits.DEFAULTS.statementTimeout());
        ObjectNode result = call(
                toolkit,
                "get_database_schema",
                "{\"detail\": \"full\"}",
                ToolContext.builder().limits(small).build());
        assertThat(Json.write(result).length()).isLessThanOrEqualTo(1_000);
        assertThat(result.get("truncated").asBoolean()).isTrue();
        assertThat(result.get("caps").toString()).contains("size_budget");
        assertThat(result.get("hint").asText()).contains("\"types\"");
        int shown = result.get("types").size();
        assertThat(shown + result.path("omitted").asInt(0)).isEqualTo(typeCount);
        if (typeCount == 3) {
            assertThat(result.at("/types/0/fields").toString()).contains("field_number_11");
        }
    }

    /** Over the budget, full falls back to what summary shows when that fits, never to less. */
    @Test
    void fullOverTheBudgetAnswersAtLeastWhatSummaryAnswers() {
        io.quarry.schema.Schema.Builder builder = io.quarry.schema.Schema.builder();
        for (int t = 0; t < 8; t++) {
            List<io.quarry.schema.Field> fields = new ArrayList<>();
            for (int f = 0; f < 10; f++) {
                fields.add(io.quarry.schema.Field.of("field_" + f, io.quarry.schema.FieldType.STRING)
                        .describedAs("What field " + f + " of this type holds, in a sentence for the model."));
            }
            builder.type(new io.quarry.schema.EntityType(
                    "Type" + t, "A type.", fields, List.of(), io.quarry.schema.EntityType.Origin.DECLARED));
        }
        Toolkit toolkit = Toolkit.builder()
                .schema(builder.build())
                .store(store("fixture-data.json"))
                .build();
        ObjectNode summary = call(toolkit, "get_database_schema", "{}", acme());
        assertThat(summary.get("truncated").asBoolean()).isFalse();
        ObjectNode full = call(toolkit, "get_database_schema", "{\"detail\": \"full\"}", acme());
        int between = (Json.write(summary).length() + Json.write(full).length()) / 2;
        assertThat(Json.write(full).length()).as("full is larger than summary").isGreaterThan(between);
        Limits budget = new Limits(
                Limits.DEFAULTS.defaultLimit(),
                Limits.DEFAULTS.maxLimit(),
                Limits.DEFAULTS.filter(),
                between,
                Limits.DEFAULTS.statementTimeout());
        ObjectNode capped = call(
                toolkit,
                "get_database_schema",
                "{\"detail\": \"full\"}",
                ToolContext.builder().scope(Fixture.ACME).limits(budget).build());
        assertThat(capped.get("truncated").asBoolean()).isTrue();
        assertThat(capped.get("types")).as("the summary's types and fields").isEqualTo(summary.get("types"));
    }

    @Test
    void inputSchemaEnumeratesTheTypes() {
        ObjectNode schema = fixture().tool("get_database_schema").orElseThrow().inputSchema();
        assertThat(schema.at("/properties/types/items/enum").toString())
                .isEqualTo("[\"Task\",\"Project\",\"Document\"]");
        assertThat(schema.get("additionalProperties").asBoolean()).isFalse();
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
