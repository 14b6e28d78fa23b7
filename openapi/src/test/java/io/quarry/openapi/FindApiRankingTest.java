package io.quarry.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.embeddings.MiniLmEmbedder;
import io.quarry.search.Embedder;
import io.quarry.search.EmbeddingException;
import io.quarry.tool.Limits;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolSupport;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Ranking quality on a document we did not write: Asana's public OpenAPI document (167 operations,
 * Apache-2.0, see src/test/resources/asana/README.md), with questions a user might ask and the
 * operation that answers each. The floor guards against regressions; the numbers are in docs/openapi.md.
 */
class FindApiRankingTest {
    /** question → the operationId that answers it. */
    private static final String[][] QUESTIONS = {
        {"create a new task", "createTask"},
        {"delete a task", "deleteTask"},
        {"update a task", "updateTask"},
        {"get a task by id", "getTask"},
        {"list the tasks of a project", "getTasksForProject"},
        {"tasks in a section", "getTasksForSection"},
        {"subtasks of a task", "getSubtasksForTask"},
        {"add a comment to a task", "createStoryForTask"},
        {"comments on a task", "getStoriesForTask"},
        {"add a tag to a task", "addTagForTask"},
        {"remove tag from task", "removeTagForTask"},
        {"tasks with a tag", "getTasksForTag"},
        {"create a project", "createProject"},
        {"delete project", "deleteProject"},
        {"list projects in a workspace", "getProjectsForWorkspace"},
        {"duplicate a project", "duplicateProject"},
        {"project status updates", "getProjectStatusesForProject"},
        {"create a section in a project", "createSectionForProject"},
        {"move a section", "insertSectionForProject"},
        {"list sections of a project", "getSectionsForProject"},
        {"members of a team", "getTeamMembershipsForTeam"},
        {"add user to team", "addUserForTeam"},
        {"list teams in an organization", "getTeamsForWorkspace"},
        {"current user", "getUser"},
        {"users in a workspace", "getUsersForWorkspace"},
        {"list workspaces", "getWorkspaces"},
        {"upload an attachment", "createAttachmentForObject"},
        {"attachments of a task", "getAttachmentsForObject"},
        {"create a webhook", "createWebhook"},
        {"delete webhook", "deleteWebhook"},
        {"list custom fields in a workspace", "getCustomFieldsForWorkspace"},
        {"create custom field", "createCustomField"},
        {"portfolio items", "getItemsForPortfolio"},
        {"create a portfolio", "createPortfolio"},
        {"goals of a team", "getGoals"},
        {"search tasks in a workspace", "searchTasksForWorkspace"},
        {"typeahead search", "typeaheadForWorkspace"},
        {"events on a resource", "getEvents"},
        {"batch request", "createBatchRequest"},
        {"organization export", "createOrganizationExport"},
        {"project templates of a team", "getProjectTemplatesForTeam"},
        {"set parent of a task", "setParentForTask"},
        {"task dependencies", "getDependenciesForTask"},
        {"add followers to task", "addFollowersForTask"},
        {"user task list", "getUserTaskListForUser"},
        {"favorites of a user", "getFavoritesForUser"},
        {"audit log events", "getAuditLogEvents"},
        {"status of a job", "getJob"},
        {"instantiate a project template", "instantiateProject"},
        {"save project as a template", "projectSaveAsTemplate"},
    };

    /** top-1 and top-5 hits of a find_api over the questions, and the misses. */
    private record Hits(int top1, int top5, List<String> misses) {}

    private static Hits measure(FindApiTool find) {
        int top1 = 0;
        int top5 = 0;
        List<String> misses = new ArrayList<>();
        for (String[] q : QUESTIONS) {
            ObjectNode args = ToolSupport.object();
            args.put("query", q[0]);
            args.put("limit", 5);
            JsonNode result = find.handle(args, ToolContext.unrestricted(), Limits.DEFAULTS);
            List<String> ids = new ArrayList<>();
            result.path("endpoints").forEach(e -> ids.add(e.path("operation_id").asText()));
            if (!ids.isEmpty() && ids.get(0).equals(q[1])) {
                top1++;
            }
            if (ids.contains(q[1])) {
                top5++;
            } else {
                misses.add(q[0] + " -> " + ids);
            }
        }
        return new Hits(top1, top5, misses);
    }

    /**
     * The hybrid ranking (keywords fused with the default model's) against keywords alone on the same
     * questions: it may not lose on either count. The numbers are in docs/openapi.md.
     */
    @Test
    void hybridRankingIsNoWorseThanKeywordsOnAsana() {
        OpenApiTools api = OpenApiTools.builder()
                .document("classpath:asana/asana_oas.yaml")
                .baseUrl("https://app.asana.com/api/1.0")
                .build();
        Hits keyword = measure(new FindApiTool(api, null));
        Hits hybrid = measure(new FindApiTool(api, new MiniLmEmbedder()));
        System.out.printf(
                "find_api on Asana: keyword top-1 %d/%d top-5 %d/%d; hybrid top-1 %d/%d top-5 %d/%d%n hybrid misses: %s%n",
                keyword.top1(),
                QUESTIONS.length,
                keyword.top5(),
                QUESTIONS.length,
                hybrid.top1(),
                QUESTIONS.length,
                hybrid.top5(),
                QUESTIONS.length,
                hybrid.misses());
        assertThat(hybrid.top5()).as("hybrid top-5 " + hybrid.misses()).isGreaterThanOrEqualTo(keyword.top5());
        assertThat(hybrid.top1()).as("hybrid top-1").isGreaterThanOrEqualTo(keyword.top1());
    }

    @Test
    void aFailingModelFallsBackToKeywordsWithAWarning() {
        OpenApiTools api = OpenApiTools.builder()
                .document("classpath:asana/asana_oas.yaml")
                .baseUrl("https://app.asana.com/api/1.0")
                .build();
        Embedder down = new Embedder() {
            @Override
            public String model() {
                return "down";
            }

            @Override
            public int dimension() {
                return 3;
            }

            @Override
            public List<float[]> embed(List<String> texts) {
                throw new EmbeddingException("the model service is down");
            }
        };
        ObjectNode args = ToolSupport.object();
        args.put("query", "create a new task");
        args.put("limit", 3);
        JsonNode fallback = new FindApiTool(api, down).handle(args, ToolContext.unrestricted(), Limits.DEFAULTS);
        JsonNode keyword = new FindApiTool(api, null).handle(args, ToolContext.unrestricted(), Limits.DEFAULTS);
        assertThat(fallback.path("endpoints")).isEqualTo(keyword.path("endpoints"));
        assertThat(fallback.path("warnings").get(0).path("code").asText()).isEqualTo("MODEL_UNAVAILABLE");
        assertThat(keyword.has("warnings")).isFalse();
    }

    @Test
    void topOneAndTopFiveOnAsana() throws Exception {
        long start = System.nanoTime();
        OpenApiTools api = OpenApiTools.builder()
                .document("classpath:asana/asana_oas.yaml")
                .baseUrl("https://app.asana.com/api/1.0")
                .build();
        long indexed = System.nanoTime();
        assertThat(api.operations()).hasSizeGreaterThan(150);
        List<String> known =
                api.operations().stream().map(ApiOperation::operationId).toList();
        FindApiTool find = new FindApiTool(api);
        int top1 = 0;
        int top5 = 0;
        List<String> misses = new ArrayList<>();
        for (String[] q : QUESTIONS) {
            assertThat(known).as("expected operation of '" + q[0] + "'").contains(q[1]);
            ObjectNode args = ToolSupport.object();
            args.put("query", q[0]);
            args.put("limit", 5);
            JsonNode result = find.handle(args, ToolContext.unrestricted(), Limits.DEFAULTS);
            List<String> ids = new ArrayList<>();
            result.path("endpoints").forEach(e -> ids.add(e.path("operation_id").asText()));
            if (!ids.isEmpty() && ids.get(0).equals(q[1])) {
                top1++;
            }
            if (ids.contains(q[1])) {
                top5++;
            } else {
                misses.add(q[0] + " -> " + ids);
            }
        }
        long done = System.nanoTime();
        System.out.printf(
                "find_api on Asana (%d operations): top-1 %d/%d, top-5 %d/%d; index %d ms, %d questions %d ms%n misses: %s%n",
                api.operations().size(),
                top1,
                QUESTIONS.length,
                top5,
                QUESTIONS.length,
                (indexed - start) / 1_000_000,
                QUESTIONS.length,
                (done - indexed) / 1_000_000,
                misses);
        assertThat(top5).as("top-5 " + misses).isGreaterThanOrEqualTo(QUESTIONS.length * 8 / 10);
        assertThat(top1).isGreaterThanOrEqualTo(QUESTIONS.length / 2);
    }
}
