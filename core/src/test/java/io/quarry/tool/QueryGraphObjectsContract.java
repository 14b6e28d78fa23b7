package io.quarry.tool;

import static io.quarry.tool.Fixture.acme;
import static io.quarry.tool.Fixture.call;
import static io.quarry.tool.Fixture.ids;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import io.quarry.store.Scope;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code query_graph_objects} on the tool fixture, on the store the subclass picks. */
abstract class QueryGraphObjectsContract extends ToolContract {

    static Stream<Arguments> seedScenarios() {
        return Stream.of(
                Arguments.of(
                        "all Tasks with status Done",
                        "{\"type\": \"Task\", \"properties\": {\"status\": \"Done\"}}",
                        List.of("127", "123")),
                Arguments.of(
                        "priority greater than 5 (numbers, numeric strings, 6.0; never 'high' or null)",
                        "{\"type\": \"Task\", \"properties\": {\"priority\": {\"$gt\": 5}}}",
                        List.of("127", "125", "123")),
                Arguments.of(
                        "status Open or In Progress",
                        "{\"type\": \"Task\", \"properties\": {\"status\": {\"$in\": [\"Open\", \"In Progress\"]}}}",
                        List.of("128", "125", "124")),
                Arguments.of(
                        "status Open or In Progress, with $or",
                        "{\"type\": \"Task\", \"properties\": {\"$or\": [{\"status\": \"Open\"}, {\"status\": \"In Progress\"}]}}",
                        List.of("128", "125", "124")),
                Arguments.of(
                        "documents related to object 123 (scope keeps the other tenant's out)",
                        "{\"type\": \"Document\", \"related_to_id\": \"123\"}",
                        List.of("d2", "d1")),
                Arguments.of(
                        "related to 123 by part_of",
                        "{\"related_to_id\": \"123\", \"relationship_type\": \"part_of\"}",
                        List.of("p1")),
                Arguments.of(
                        "related to 123, any type: undeclared types stay invisible",
                        "{\"related_to_id\": \"123\"}",
                        List.of("d2", "d1", "p1")),
                Arguments.of(
                        "tags contain auth (any element)",
                        "{\"type\": \"Task\", \"properties\": {\"tags\": \"auth\"}}",
                        List.of("123")),
                Arguments.of(
                        "literal % and _ in $contains",
                        "{\"type\": \"Task\", \"properties\": {\"notes\": {\"$contains\": \"100% path_of\"}}}",
                        List.of("124")),
                Arguments.of(
                        "case-insensitive contains",
                        "{\"type\": \"Task\", \"properties\": {\"title\": {\"$contains\": \"LOGIN\", \"$options\": \"i\"}}}",
                        List.of("123")),
                Arguments.of(
                        "due before April by instant, date-only counts as midnight UTC",
                        "{\"type\": \"Task\", \"properties\": {\"due_at\": {\"$lt\": \"2024-04-01T00:00:01Z\"}}}",
                        List.of("127", "125")),
                Arguments.of(
                        "missing priority via null",
                        "{\"type\": \"Task\", \"properties\": {\"priority\": null}}",
                        List.of("128")),
                Arguments.of(
                        "full text over title and body",
                        "{\"type\": \"Document\", \"query\": \"login FLOW\"}",
                        List.of("d1")),
                Arguments.of(
                        "nested object field",
                        "{\"type\": \"Project\", \"properties\": {\"budget.amount\": {\"$gte\": 100000}}}",
                        List.of("p1")),
                Arguments.of(
                        "updated_at is a system field",
                        "{\"type\": \"Task\", \"properties\": {\"updated_at\": {\"$gte\": \"2024-03-05\"}}}",
                        List.of("128", "127")),
                Arguments.of(
                        "sort by priority desc: numbers first, then the stray string, nulls last",
                        "{\"type\": \"Task\", \"sort\": [{\"field\": \"priority\", \"direction\": \"desc\"}]}",
                        List.of("123", "125", "127", "124", "126", "128")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("seedScenarios")
    void seedScenario(String question, String input, List<String> expectedIds) {
        ObjectNode result = call(fixture(), "query_graph_objects", input, acme());
        assertThat(result.has("error")).as(result.toString()).isFalse();
        assertThat(ids(result)).isEqualTo(expectedIds);
        assertThat(result.get("returned").asInt()).isEqualTo(expectedIds.size());
        assertThat(result.get("total").asLong()).isEqualTo(expectedIds.size());
        assertThat(result.get("has_more").asBoolean()).isFalse();
        assertThat(result.get("truncated").asBoolean()).isFalse();
    }

    static Stream<Arguments> mistakes() {
        return Stream.of(
                Arguments.of(
                        "{\"type\": \"Task\", \"properties\": {\"prority\": 5}}",
                        "UNKNOWN_FIELD",
                        "properties.prority",
                        "Did you mean 'priority'?"),
                Arguments.of(
                        "{\"type\": \"Task\", \"properties\": {\"status\": [\"Open\", \"Done\"]}}",
                        "INVALID_OPERAND",
                        "properties.status",
                        "{\"$in\": [\"Open\",\"Done\"]}"),
                Arguments.of(
                        "{\"type\": \"Task\", \"properties\": {\"status\": \"done\"}}",
                        "TYPE_MISMATCH",
                        "properties.status",
                        "Did you mean 'Done'?"),
                Arguments.of(
                        "{\"type\": \"Task\", \"properties\": {\"priority\": \"5\"}}",
                        "TYPE_MISMATCH",
                        "properties.priority",
                        "without quotes"),
                Arguments.of(
                        "{\"type\": \"Task\", \"properties\": {\"cost_code\": \"CC-1\"}}",
                        "UNKNOWN_FIELD",
                        "properties.cost_code",
                        "Task fields:"),
                Arguments.of("{\"type\": \"Tasks\"}", "UNKNOWN_TYPE", "type", "Did you mean 'Task'?"),
                Arguments.of(
                        "{\"type\": \"Task\", \"properties\": {\"$gt\": 5}}",
                        "UNKNOWN_OPERATOR",
                        "properties.$gt",
                        "inside a field"),
                Arguments.of(
                        "{\"type\": \"Task\", \"filter\": {\"status\": \"Done\"}}",
                        "INVALID_OPERAND",
                        "filter",
                        "Did you mean 'properties'?"),
                Arguments.of("{\"type\": \"Task\", \"limit\": 1000}", "LIMIT_EXCEEDED", "limit", "at most 100"),
                Arguments.of(
                        "{\"type\": \"Task\", \"cursor\": \"garbage\"}", "INVALID_CURSOR", "cursor", "next_cursor"),
                Arguments.of("{\"related_to_id\": \"129\"}", "NOT_FOUND", "related_to_id", "query_graph_objects"),
                Arguments.of("{\"relationship_type\": \"part_of\"}", "INVALID_OPERAND", "relationship_type", "id"),
                Arguments.of(
                        "{\"type\": \"Task\", \"sort\": [{\"field\": \"prio\"}]}",
                        "UNKNOWN_FIELD",
                        "sort[0].field",
                        "priority"),
                Arguments.of(
                        "{\"type\": \"Task\", \"properties\": {\"title\": {\"$regex\": \"(?=x)\"}}}",
                        "INVALID_REGEX",
                        "properties.title.$regex",
                        "$contains"),
                Arguments.of("[1, 2]", "INVALID_OPERAND", "", "Parameters:"),
                Arguments.of(
                        "{\"query\": \"" + "x".repeat(100_000) + "\"}", "LIMIT_EXCEEDED", "query", "longer than 256"));
    }

    @ParameterizedTest(name = "{1} at {2}")
    @MethodSource("mistakes")
    void mistakesGetActionableErrors(String input, String code, String path, String hintFragment) {
        ToolResult result = fixture().call("query_graph_objects", parse(input), acme());
        assertThat(result.isError()).isTrue();
        JsonNode error = result.json().get("error");
        assertThat(error.get("code").asText()).isEqualTo(code);
        assertThat(error.get("path").asText()).isEqualTo(path);
        assertThat(error.get("message").asText() + " " + error.path("hint").asText())
                .contains(hintFragment);
    }

    @Test
    void pagingWithCursorsVisitsEveryMatchOnceInOrder() {
        List<String> all = ids(call(fixture(), "query_graph_objects", "{\"limit\": 100}", acme()));
        assertThat(all).hasSize(9);
        List<String> paged = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            String input = "{\"limit\": 3" + (cursor == null ? "" : ", \"cursor\": \"" + cursor + "\"") + "}";
            ObjectNode page = call(fixture(), "query_graph_objects", input, acme());
            paged.addAll(ids(page));
            boolean more = page.get("has_more").asBoolean();
            assertThat(page.get("truncated").asBoolean()).isEqualTo(more);
            if (more) {
                assertThat(page.get("returned").asInt()).isEqualTo(3);
                assertThat(page.get("caps").toString()).contains("limit");
            }
            cursor = more ? page.get("next_cursor").asText() : null;
            pages++;
        } while (cursor != null);
        assertThat(paged).isEqualTo(all);
        assertThat(pages).isEqualTo(3);
    }

    @Test
    void aCursorFromAnotherQueryIsRefused() {
        ObjectNode first = call(fixture(), "query_graph_objects", "{\"type\": \"Task\", \"limit\": 1}", acme());
        String cursor = first.get("next_cursor").asText();
        ObjectNode other = call(
                fixture(), "query_graph_objects", "{\"type\": \"Document\", \"cursor\": \"" + cursor + "\"}", acme());
        assertThat(other.path("error").path("code").asText()).isEqualTo("INVALID_CURSOR");
    }

    @Test
    void scopeHidesOtherTenantsEverywhere() {
        ToolContext globex =
                ToolContext.builder().scope(Scope.of("org_id", "globex")).build();
        assertThat(ids(call(fixture(), "query_graph_objects", "{\"limit\": 100}", globex)))
                .containsExactly("129", "d3");
        assertThat(ids(call(fixture(), "query_graph_objects", "{\"query\": \"login\", \"limit\": 100}", acme())))
                .containsExactlyInAnyOrder("123", "d1", "d2");
        assertThat(call(fixture(), "query_graph_objects", "{\"related_to_id\": \"129\"}", acme())
                        .path("error")
                        .path("code")
                        .asText())
                .isEqualTo("NOT_FOUND");
    }

    @Test
    void aWrongChoiceIsEchoedCutToSixtyCharacters() {
        ObjectNode error = call(
                        fixture(),
                        "query_graph_objects",
                        "{\"type\": \"Task\", \"detail\": \"" + "x".repeat(100_000) + "\"}",
                        acme())
                .path("error")
                .deepCopy();
        assertThat(error.path("code").asText()).isEqualTo("INVALID_OPERAND");
        assertThat(error.path("path").asText()).isEqualTo("detail");
        assertThat(error.path("message").asText())
                .isEqualTo("'detail' must be one of light, full, not '" + "x".repeat(57) + "...'.");
    }

    @Test
    void hiddenFieldsAppearNowhere() {
        String everything = call(
                        fixture(),
                        "query_graph_objects",
                        "{\"type\": \"Task\", \"detail\": \"full\", \"limit\": 100}",
                        acme())
                .toString();
        assertThat(everything).doesNotContain("cost_code").doesNotContain("CC-1");
        for (Tool tool : fixture().tools()) {
            assertThat(tool.description()).doesNotContain("cost_code");
            assertThat(tool.inputSchema().toString()).doesNotContain("cost_code");
        }
        assertThat(call(fixture(), "get_database_schema", "{\"detail\": \"full\"}", acme())
                        .toString())
                .doesNotContain("cost_code");
        ObjectNode typo = call(
                fixture(), "query_graph_objects", "{\"type\": \"Task\", \"properties\": {\"cost_cod\": 1}}", acme());
        assertThat(typo.toString()).doesNotContain("cost_code");
    }

    @Test
    void sizeBudgetCutsWholeObjectsAndSaysSo() {
        Limits small = new Limits(20, 100, Limits.DEFAULTS.filter(), 1_000, Limits.DEFAULTS.statementTimeout());
        ToolContext context =
                ToolContext.builder().scope(Fixture.ACME).limits(small).build();
        ObjectNode result = call(fixture(), "query_graph_objects", "{\"limit\": 100, \"detail\": \"full\"}", context);
        assertThat(Json.write(result).length()).isLessThanOrEqualTo(1_000);
        int returned = result.get("returned").asInt();
        assertThat(returned)
                .isPositive()
                .isLessThan(9)
                .isEqualTo(result.get("objects").size());
        assertThat(result.get("truncated").asBoolean()).isTrue();
        assertThat(result.get("caps").toString()).contains("size_budget");
        String cursor = result.get("next_cursor").asText();
        ObjectNode rest =
                call(fixture(), "query_graph_objects", "{\"limit\": 100, \"cursor\": \"" + cursor + "\"}", acme());
        assertThat(returned + rest.get("returned").asInt()).isEqualTo(9);
    }

    @Test
    void lightDetailCutsLongStringsAndFullDoesNot() {
        String longText = "word ".repeat(100);
        ObjectNode data = Json.object();
        data.putArray("objects")
                .addObject()
                .put("id", "n1")
                .put("type", "Task")
                .putObject("properties")
                .put("notes", longText);
        Toolkit toolkit = Toolkit.builder()
                .schema(Fixture.schema())
                .store(io.quarry.store.InMemoryObjectStore.of(io.quarry.store.DataFile.read(data, "inline")))
                .build();
        JsonNode light = call(toolkit, "query_graph_objects", "{}", ToolContext.unrestricted())
                .get("objects")
                .get(0);
        JsonNode full = call(toolkit, "query_graph_objects", "{\"detail\": \"full\"}", ToolContext.unrestricted())
                .get("objects")
                .get(0);
        assertThat(light.at("/properties/notes").asText())
                .hasSizeLessThan(longText.length())
                .endsWith("…");
        assertThat(full.at("/properties/notes").asText()).isEqualTo(longText);
        assertThat(full.has("created_at")).isTrue();
    }

    @Test
    void listenersSeeEveryCall() {
        List<ToolCall> calls = new ArrayList<>();
        Toolkit toolkit = Toolkit.builder()
                .schema(Fixture.schema())
                .store(store("fixture-data.json"))
                .listener(calls::add)
                .build();
        call(toolkit, "query_graph_objects", "{\"type\": \"Task\", \"properties\": {\"status\": \"Done\"}}", acme());
        call(toolkit, "query_graph_objects", "{\"type\": \"Task\", \"properties\": {\"prority\": 1}}", acme());
        assertThat(calls).hasSize(2);
        assertThat(calls.get(0).tool()).isEqualTo("query_graph_objects");
        assertThat(calls.get(0).rows()).isEqualTo(2);
        assertThat(calls.get(0).errorCode()).isNull();
        assertThat(calls.get(0).scope()).isEqualTo(Fixture.ACME);
        assertThat(calls.get(1).errorCode()).isEqualTo("UNKNOWN_FIELD");
    }

    @Test
    void aFailingStoreGivesAnInternalErrorWithoutDetails() {
        io.quarry.store.ObjectStore broken = new io.quarry.store.ObjectStore() {
            @Override
            public io.quarry.store.Page search(io.quarry.store.ObjectQuery query) {
                throw new IllegalStateException("SELECT * FROM secret_table failed");
            }

            @Override
            public java.util.Optional<io.quarry.store.GraphObject> get(String id, Scope scope) {
                return java.util.Optional.empty();
            }

            @Override
            public List<io.quarry.store.GraphRelationship> relationships(String id, Scope scope) {
                return List.of();
            }

            @Override
            public java.util.Map<String, Long> countByType(Scope scope) {
                return java.util.Map.of();
            }
        };
        Toolkit toolkit =
                Toolkit.builder().schema(Fixture.schema()).store(broken).build();
        ToolResult result = toolkit.call("query_graph_objects", parse("{}"), acme());
        assertThat(result.errorCode()).isEqualTo("INTERNAL");
        assertThat(result.text())
                .doesNotContain("SELECT")
                .doesNotContain("secret_table")
                .doesNotContain("Exception");
    }

    private static JsonNode parse(String json) {
        try {
            return Json.parse(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
