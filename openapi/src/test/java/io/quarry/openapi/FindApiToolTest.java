package io.quarry.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.tool.Limits;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolSupport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The index of a document and find_api's ranking over the example API. */
class FindApiToolTest {
    private static OpenApiTools api;

    @BeforeAll
    static void load() {
        api = OpenApiTools.builder()
                .document("classpath:tasks-api/openapi.yaml")
                .baseUrl("http://127.0.0.1:1/api")
                .features(c -> Set.of("reports"))
                .build();
    }

    private static JsonNode find(String arguments) throws Exception {
        return new FindApiTool(api)
                .handle(
                        (com.fasterxml.jackson.databind.node.ObjectNode) ToolSupport.parse(arguments),
                        ToolContext.unrestricted(),
                        Limits.DEFAULTS);
    }

    private static List<String> ids(JsonNode result) {
        List<String> out = new ArrayList<>();
        result.path("endpoints").forEach(e -> out.add(e.path("operation_id").asText()));
        return out;
    }

    @Test
    void theIndexResolvesRefsAndReadsEveryPart() {
        ApiOperation create = api.operations().stream()
                .filter(o -> o.operationId().equals("createTask"))
                .findFirst()
                .orElseThrow();
        assertThat(create.method()).isEqualTo("POST");
        assertThat(create.bodyRequired()).isTrue();
        assertThat(create.body()
                        .path("properties")
                        .path("title")
                        .path("maxLength")
                        .asInt())
                .isEqualTo(200);
        // a recursive $ref ends in an open schema instead of looping
        assertThat(create.body()
                        .path("properties")
                        .path("assignee")
                        .path("properties")
                        .path("manager")
                        .path("description")
                        .asText())
                .contains("not expanded");
        ApiOperation list = api.operations().stream()
                .filter(o -> o.operationId().equals("listTasks"))
                .findFirst()
                .orElseThrow();
        assertThat(list.parameters()).extracting(ApiOperation.Parameter::name).containsExactly("status", "limit");
        ApiOperation get = api.operations().stream()
                .filter(o -> o.operationId().equals("getTask"))
                .findFirst()
                .orElseThrow();
        assertThat(get.parameters())
                .extracting(ApiOperation.Parameter::name)
                .containsExactly("taskId"); // from the path item
        ApiOperation reset = api.operations().stream()
                .filter(o -> o.operationId().equals("resetTenant"))
                .findFirst()
                .orElseThrow();
        assertThat(reset.features()).containsExactly("admin.reset");
        assertThat(api.operations())
                .filteredOn(ApiOperation::deprecated)
                .extracting(ApiOperation::operationId)
                .containsExactly("listTasksLegacy");
    }

    @Test
    void deprecatedAndUngrantedOperationsAreHiddenByDefault() {
        List<String> visible = api.visible(ToolContext.unrestricted()).stream()
                .map(ApiOperation::operationId)
                .toList();
        assertThat(visible).doesNotContain("listTasksLegacy", "resetTenant").contains("overdueReport", "listTasks");
        OpenApiTools withDeprecated = OpenApiTools.builder()
                .document("classpath:tasks-api/openapi.yaml")
                .baseUrl("http://127.0.0.1:1/api")
                .includeDeprecated(true)
                .deny("tag:projects")
                .build();
        List<String> all = withDeprecated.visible(ToolContext.unrestricted()).stream()
                .map(ApiOperation::operationId)
                .toList();
        assertThat(all).contains("listTasksLegacy", "resetTenant").doesNotContain("listProjects", "listProjectTasks");
    }

    @Test
    void theDocumentIsReadFromAFileAnd31AndJsonWork() throws Exception {
        OpenApiTools fromFile = OpenApiTools.builder()
                .document(Path.of("src/test/resources/tasks-api/openapi.yaml").toString())
                .baseUrl("http://127.0.0.1:1/api")
                .build();
        assertThat(fromFile.operations()).hasSize(api.operations().size());
        String v31 = """
                {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
                 "paths": {"/notes/{id}": {"put": {"operationId": "putNote", "summary": "Replace a note",
                   "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
                   "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Note"}}}}}}},
                 "components": {"schemas": {"Note": {"type": "object", "required": ["text"],
                   "properties": {"text": {"type": ["string", "null"]}, "pinned": {"type": "boolean"}}}}}}""";
        OpenApiTools notes = OpenApiTools.builder()
                .documentText(v31)
                .baseUrl("http://127.0.0.1:1")
                .build();
        ApiOperation put = notes.operations().get(0);
        assertThat(put.operationId()).isEqualTo("putNote");
        assertThat(put.body().path("properties").path("text").path("type").toString())
                .contains("null");
        assertThat(Schemas.validate(ToolSupport.parse("{\"text\": null}"), put.body(), "body"))
                .isEmpty();
        assertThat(Schemas.validate(ToolSupport.parse("{\"pinned\": true}"), put.body(), "body"))
                .hasSize(1);
    }

    @Test
    void aBadDocumentOrBaseUrlIsRefusedWhenBuilt() {
        assertThatThrownBy(() -> OpenApiTools.builder()
                        .documentText("not: [an, api")
                        .baseUrl("http://h")
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot be read");
        for (String base : List.of("ftp://h/api", "/api", "http://user:pw@h/api", "http://h/api?x=1")) {
            assertThatThrownBy(() -> OpenApiTools.builder()
                            .document("classpath:tasks-api/openapi.yaml")
                            .baseUrl(base)
                            .build())
                    .as(base)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("baseUrl");
        }
    }

    @ParameterizedTest
    @CsvSource({
        "create a task, createTask",
        "add new tasks, createTask",
        "delete task, deleteTask",
        "remove a task, deleteTask",
        "mark task as done, updateTask",
        "list open tasks, listTasks",
        "TASKS, listTasks",
        "taks, listTasks",
        "projects, listProjects",
        "tasks of a project, listProjectTasks",
        "overdue report, overdueReport",
        "audit events, listEvents",
        "download export, latestExport"
    })
    void theBestEndpointComesFirst(String query, String expected) throws Exception {
        assertThat(ids(find("{\"query\": \"" + query + "\"}"))).first().isEqualTo(expected);
    }

    @Test
    void methodLimitAndShape() throws Exception {
        JsonNode posts = find("{\"query\": \"task\", \"method\": \"post\", \"limit\": 1}");
        assertThat(ids(posts)).containsExactly("createTask");
        assertThat(posts.path("truncated").asBoolean()).isFalse();
        JsonNode create = posts.path("endpoints").get(0);
        assertThat(create.path("body").path("title").asText()).isEqualTo("string, required");
        assertThat(create.path("body").path("status").asText()).isEqualTo("string: open|done");
        assertThat(create.path("body").path("labels").get(0).asText()).isEqualTo("string");
        assertThat(posts.path("endpoints").get(0).path("score").toString()).doesNotContain("E");
        assertThat(create.path("enabled").asBoolean(true)).isFalse();
        assertThat(posts.path("hint").asText()).contains("call_api").contains("\"path\": \"/tasks\"");
        JsonNode get = find("{\"query\": \"get one task by id\", \"limit\": 2}");
        assertThat(get.path("endpoints")
                        .get(0)
                        .path("parameters")
                        .path("taskId")
                        .asText())
                .isEqualTo("integer, path, required");
        assertThat(get.path("returned").asInt()).isEqualTo(2);
        assertThat(get.path("truncated").asBoolean()).isTrue();
        assertThat(ids(find("{\"query\": \"xyzzy\"}"))).isEmpty();
        assertThatThrownBy(() -> find("{\"query\": \"task\", \"method\": \"TRACE\"}"))
                .hasMessageContaining("method");
        assertThatThrownBy(() -> find("{\"query\": \"the of\"}")).hasMessageContaining("no words");
    }
}
