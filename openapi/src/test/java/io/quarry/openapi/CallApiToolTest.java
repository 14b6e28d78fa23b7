package io.quarry.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.Scope;
import io.quarry.tool.Limits;
import io.quarry.tool.ToolCall;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.Toolkit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** call_api and context_whoami end to end against a real HTTP API, through a toolkit as an agent calls them. */
class CallApiToolTest {
    private static final String TOKEN = "secret-token-of-ada-123";
    private static final ToolContext ACME =
            ToolContext.builder().scope(Scope.of("tenant", "acme")).user("ada").build();
    private static final ToolContext GLOBEX = ToolContext.builder()
            .scope(Scope.of("tenant", "globex"))
            .user("bob")
            .build();

    private TasksApi server;
    private final List<ToolCall> calls = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = new TasksApi();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private Toolkit toolkit(Consumer<OpenApiTools.Builder> configure) {
        OpenApiTools.Builder b = OpenApiTools.builder()
                .document("classpath:tasks-api/openapi.yaml")
                .baseUrl(server.baseUrl())
                .decorator(RequestDecorator.bearer(c -> TOKEN)
                        .andThen(RequestDecorator.scopeHeaders(Map.of("tenant", "X-Tenant"))))
                .claims(c -> Map.of("roles", List.of("member")))
                .features(c -> java.util.Set.of());
        configure.accept(b);
        return Toolkit.builder()
                .store(InMemoryObjectStore.of(List.of(), List.of()))
                .extensions(b.build().tools())
                .listener(calls::add)
                .build();
    }

    private static ToolResult call(Toolkit toolkit, String json, ToolContext context) {
        return toolkit.tool("call_api").orElseThrow().call(json, context);
    }

    @Test
    void theToolsAreListedAfterTheCatalogsAndReportedToListeners() {
        Toolkit toolkit = toolkit(b -> {});
        List<String> names = toolkit.tools().stream().map(t -> t.name()).toList();
        assertThat(names).endsWith("find_api", "call_api", "context_whoami");
        assertThat(toolkit.tool("call_api").orElseThrow().readOnly()).isTrue();
        assertThat(toolkit(b -> b.enable("createTask"))
                        .tool("call_api")
                        .orElseThrow()
                        .readOnly())
                .isFalse();
        toolkit.call("context_whoami", (String) null, ACME);
        assertThat(calls).extracting(ToolCall::tool).contains("context_whoami");
    }

    @Test
    void crudEndToEndWithScopeAndAuthOnEveryRequest() {
        Toolkit toolkit = toolkit(b -> b.enable("tag:tasks").guard(ApiCallGuard.allowAll()));
        ToolResult created = call(
                toolkit,
                "{\"method\": \"POST\", \"path\": \"/tasks\", \"body\": {\"title\": \"Write docs\", \"labels\": [\"doc\"]}}",
                ACME);
        assertThat(created.isError()).as(created.text()).isFalse();
        assertThat(created.json().path("status").asInt()).isEqualTo(201);
        long id = created.json().path("body").path("id").asLong();
        assertThat(created.json().path("body").path("tenant").asText()).isEqualTo("acme");

        ToolResult got = call(toolkit, "{\"method\": \"GET\", \"path\": \"/tasks/" + id + "\"}", ACME);
        assertThat(got.json().path("body").path("title").asText()).isEqualTo("Write docs");
        // another tenant does not see it: the tenant comes from the context, not the model
        ToolResult other = call(toolkit, "{\"method\": \"GET\", \"path\": \"/tasks/" + id + "\"}", GLOBEX);
        assertThat(other.isError()).isFalse();
        assertThat(other.json().path("status").asInt()).isEqualTo(404);
        assertThat(other.json().path("ok").asBoolean()).isFalse();
        assertThat(other.json().path("hint").asText()).contains("no such object");

        ToolResult patched = call(
                toolkit,
                "{\"method\": \"PATCH\", \"path\": \"/tasks/" + id + "\", \"body\": {\"status\": \"done\"}}",
                ACME);
        assertThat(patched.json().path("body").path("status").asText()).isEqualTo("done");
        ToolResult listed = call(
                toolkit,
                "{\"method\": \"GET\", \"path\": \"/tasks\", \"query\": {\"status\": \"done\", \"limit\": 5}}",
                ACME);
        assertThat(listed.json().path("body")).hasSize(1);
        assertThat(server.seen.get(server.seen.size() - 1).rawQuery()).isEqualTo("status=done&limit=5");
        ToolResult deleted = call(toolkit, "{\"method\": \"DELETE\", \"path\": \"/tasks/" + id + "\"}", ACME);
        assertThat(deleted.json().path("status").asInt()).isEqualTo(204);
        assertThat(call(toolkit, "{\"method\": \"GET\", \"path\": \"/tasks/" + id + "\"}", ACME)
                        .json()
                        .path("status")
                        .asInt())
                .isEqualTo(404);

        assertThat(server.seen).hasSize(7);
        for (TasksApi.Seen s : server.seen) {
            assertThat(s.headers()).containsEntry("authorization", "Bearer " + TOKEN);
            assertThat(s.rawPath()).startsWith("/api/tasks");
        }
        assertThat(server.seen)
                .extracting(s -> s.headers().get("x-tenant"))
                .containsExactly("acme", "acme", "globex", "acme", "acme", "acme", "acme");
    }

    @Test
    void mutationsAreOffUnlessEnabled() {
        Toolkit readOnly = toolkit(b -> b.guard(ApiCallGuard.allowAll()));
        for (String call : List.of(
                "{\"method\": \"POST\", \"path\": \"/tasks\", \"body\": {\"title\": \"x\"}}",
                "{\"method\": \"PATCH\", \"path\": \"/tasks/1\", \"body\": {\"title\": \"x\"}}",
                "{\"method\": \"DELETE\", \"path\": \"/tasks/1\"}")) {
            ToolResult r = call(readOnly, call, ACME);
            assertThat(r.errorCode()).as(call).isEqualTo("NOT_ALLOWED");
        }
        // enabled for one operation only
        Toolkit createOnly = toolkit(b -> b.enable("createTask").guard(ApiCallGuard.allowAll()));
        assertThat(call(createOnly, "{\"method\": \"DELETE\", \"path\": \"/tasks/1\"}", ACME)
                        .errorCode())
                .isEqualTo("NOT_ALLOWED");
        assertThat(server.seen).isEmpty();
        assertThat(call(createOnly, "{\"method\": \"POST\", \"path\": \"/tasks\", \"body\": {\"title\": \"x\"}}", ACME)
                        .isError())
                .isFalse();
        assertThat(server.seen).hasSize(1);
    }

    @Test
    void theDefaultGuardAsksForConfirmationOfMutations() {
        Toolkit toolkit = toolkit(b -> b.enable("tag:tasks"));
        ToolResult r = call(toolkit, "{\"method\": \"DELETE\", \"path\": \"/tasks/7\"}", ACME);
        assertThat(r.errorCode()).isEqualTo("NEEDS_CONFIRMATION");
        assertThat(r.json().path("error").path("message").asText()).contains("DELETE /tasks/7");
        assertThat(call(toolkit, "{\"method\": \"GET\", \"path\": \"/tasks\"}", ACME)
                        .isError())
                .isFalse();
        assertThat(server.seen).hasSize(1);
    }

    @Test
    void aGuardRefusesOrRewritesAndARewriteIsCheckedAgain() {
        Toolkit refusing = toolkit(b -> b.guard((req, ctx) -> ApiCallGuard.Decision.refuse("no exports on Fridays")));
        ToolResult refused = call(refusing, "{\"method\": \"GET\", \"path\": \"/tasks\"}", ACME);
        assertThat(refused.errorCode()).isEqualTo("NOT_ALLOWED");
        assertThat(refused.json().path("error").path("message").asText()).contains("no exports on Fridays");
        Toolkit rewriting = toolkit(b -> b.guard((req, ctx) -> ApiCallGuard.Decision.rewrite(
                new ApiRequest(req.operation(), "/tasks", Map.of("status", List.of("open")), Map.of(), null))));
        assertThat(call(rewriting, "{\"method\": \"GET\", \"path\": \"/tasks\"}", ACME)
                        .isError())
                .isFalse();
        assertThat(server.seen.get(0).rawQuery()).isEqualTo("status=open");
        Toolkit escaping = toolkit(b -> b.guard((req, ctx) -> ApiCallGuard.Decision.rewrite(
                new ApiRequest(req.operation(), "/../../admin", Map.of(), Map.of(), null))));
        assertThat(call(escaping, "{\"method\": \"GET\", \"path\": \"/tasks\"}", ACME)
                        .errorCode())
                .isEqualTo("INVALID_OPERAND");
        assertThat(server.seen).hasSize(1);
    }

    @Test
    void theBodyIsCheckedAgainstItsSchemaBeforeSending() {
        Toolkit toolkit = toolkit(b -> b.enable("tag:tasks").guard(ApiCallGuard.allowAll()));
        ToolResult missing =
                call(toolkit, "{\"method\": \"POST\", \"path\": \"/tasks\", \"body\": {\"status\": \"open\"}}", ACME);
        assertThat(missing.errorCode()).isEqualTo("INVALID_OPERAND");
        assertThat(missing.json().path("error").path("path").asText()).isEqualTo("body.title");
        ToolResult typo = call(
                toolkit,
                "{\"method\": \"POST\", \"path\": \"/tasks\", \"body\": {\"titel\": \"x\", \"title\": \"y\"}}",
                ACME);
        assertThat(typo.errorCode()).isEqualTo("UNKNOWN_FIELD");
        assertThat(typo.json().path("error").path("hint").asText()).startsWith("Did you mean 'title'?");
        ToolResult type = call(toolkit, "{\"method\": \"POST\", \"path\": \"/tasks\", \"body\": {\"title\": 5}}", ACME);
        assertThat(type.errorCode()).isEqualTo("TYPE_MISMATCH");
        ToolResult value = call(
                toolkit,
                "{\"method\": \"POST\", \"path\": \"/tasks\", \"body\": {\"title\": \"x\", \"status\": \"dne\"}}",
                ACME);
        assertThat(value.json().path("error").path("hint").asText()).startsWith("Did you mean 'done'?");
        ToolResult nested = call(
                toolkit,
                "{\"method\": \"POST\", \"path\": \"/tasks\", \"body\": {\"title\": \"x\", \"assignee\": {}}}",
                ACME);
        assertThat(nested.json().path("error").path("path").asText()).isEqualTo("body.assignee.name");
        ToolResult noBody = call(toolkit, "{\"method\": \"POST\", \"path\": \"/tasks\"}", ACME);
        assertThat(noBody.json().path("error").path("path").asText()).isEqualTo("body");
        ToolResult pathType = call(toolkit, "{\"method\": \"GET\", \"path\": \"/tasks/abc\"}", ACME);
        assertThat(pathType.errorCode()).isEqualTo("TYPE_MISMATCH");
        assertThat(pathType.json().path("error").path("path").asText()).isEqualTo("path.taskId");
        ToolResult queryRange =
                call(toolkit, "{\"method\": \"GET\", \"path\": \"/tasks\", \"query\": {\"limit\": 1000}}", ACME);
        assertThat(queryRange.json().path("error").path("path").asText()).isEqualTo("query.limit");
        assertThat(server.seen).isEmpty();
    }

    /** Hostile input: each refused with an error, and the server sees nothing. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"method\": \"GET\", \"path\": \"http://169.254.169.254/latest/meta-data\"}",
                "{\"method\": \"GET\", \"path\": \"https://evil.example/tasks\"}",
                "{\"method\": \"GET\", \"path\": \"//evil.example/tasks\"}",
                "{\"method\": \"GET\", \"path\": \"tasks\"}",
                "{\"method\": \"GET\", \"path\": \"@evil.example/tasks\"}",
                "{\"method\": \"GET\", \"path\": \"/tasks/../admin/reset\"}",
                "{\"method\": \"GET\", \"path\": \"/tasks/1/../../../etc/passwd\"}",
                "{\"method\": \"GET\", \"path\": \"/tasks/%2e%2e/admin/reset\"}",
                "{\"method\": \"GET\", \"path\": \"/tasks/%2F..%2Fadmin\"}",
                "{\"method\": \"GET\", \"path\": \"/tasks/1%00\"}",
                "{\"method\": \"GET\", \"path\": \"/tasks\\\\..\\\\admin\"}",
                "{\"method\": \"GET\", \"path\": \"/tasks/./1\"}",
                "{\"method\": \"GET\", \"path\": \"/tasks//1\"}",
                "{\"method\": \"GET\", \"path\": \"/tasks?tenant=globex\"}",
                "{\"method\": \"GET\", \"path\": \"/tasks#x\"}",
                "{\"method\": \"GET\", \"path\": \"/tasks/1\\r\\nX-Tenant: globex\"}",
                "{\"method\": \"GET\", \"path\": \"/tasks/1 HTTP/1.1\\r\\nHost: evil\"}",
                "{\"method\": \"GET\", \"path\": \"/tasks/\\u2028\"}",
                "{\"method\": \"GET\", \"path\": \"/admin/reset\"}",
                "{\"method\": \"GET\", \"path\": \"/nowhere\"}",
                "{\"method\": \"GET\", \"path\": \"/legacy/tasks\"}",
                "{\"method\": \"GET\", \"path\": \"/reports/overdue\"}",
                "{\"method\": \"GET\", \"path\": \"/tasks\", \"query\": {\"tenant\": \"globex\"}}",
                "{\"method\": \"GET\", \"path\": \"/tasks\", \"query\": {\"status\": {\"$ne\": 1}}}",
                "{\"method\": \"GET\", \"path\": \"/tasks\", \"headers\": {\"X-Tenant\": \"globex\"}}",
                "{\"method\": \"GET\", \"path\": \"/projects\", \"headers\": {\"Authorization\": \"Bearer stolen\"}}",
                "{\"method\": \"GET\", \"path\": \"/projects\", \"headers\": {\"X-Request-Label\": \"a\\r\\nX-Tenant: globex\"}}",
                "{\"method\": \"GET\", \"path\": \"/projects\", \"headers\": {\"Host\": \"evil.example\"}}",
                "{\"method\": \"GET\", \"path\": \"/projects\", \"headers\": {\"X-HTTP-Method-Override\": \"DELETE\"}}",
                "{\"method\": \"GET /tasks HTTP/1.1\\r\\n\", \"path\": \"/tasks\"}",
                "{\"method\": \"TRACE\", \"path\": \"/tasks\"}",
                "{\"method\": \"CONNECT\", \"path\": \"/tasks\"}",
                "{\"method\": \"HEAD\", \"path\": \"/tasks\"}",
                "{\"method\": \"DELETE\", \"path\": \"/tasks/1\"}",
                "{\"method\": \"POST\", \"path\": \"/admin/reset\"}",
                "{\"method\": \"GET\", \"path\": \"/tasks\", \"body\": {\"title\": \"x\"}}",
                "{\"method\": \"GET\", \"path\": \"/tasks\", \"url\": \"http://evil.example\"}",
                "{\"method\": \"GET\"}",
                "[\"GET\", \"/tasks\"]"
            })
    void hostileInputIsRefusedAndNothingIsSent(String call) {
        Toolkit toolkit = toolkit(b -> b.enable("createTask").guard(ApiCallGuard.allowAll()));
        ToolResult r = call(toolkit, call, ACME);
        assertThat(r.isError()).as(r.text()).isTrue();
        assertThat(r.text()).doesNotContain(TOKEN).doesNotContain("127.0.0.1");
        assertThat(server.seen).isEmpty();
    }

    @Test
    void anOversizedBodyIsRefusedBeforeSending() {
        Toolkit toolkit = toolkit(
                b -> b.enable("createTask").guard(ApiCallGuard.allowAll()).maxRequestBody(1_000));
        String title = "x".repeat(5_000);
        ToolResult r = call(
                toolkit,
                "{\"method\": \"POST\", \"path\": \"/tasks\", \"body\": {\"title\": \"" + title + "\"}}",
                ACME);
        assertThat(r.errorCode()).isEqualTo("LIMIT_EXCEEDED");
        assertThat(r.json().path("error").path("path").asText()).isEqualTo("body");
        assertThat(server.seen).isEmpty();
    }

    @Test
    void aRedirectOutsideTheBaseUrlIsNotFollowed() {
        Toolkit toolkit = toolkit(b -> {});
        ToolResult r = call(toolkit, "{\"method\": \"GET\", \"path\": \"/exports/latest\"}", ACME);
        assertThat(r.isError()).isFalse();
        assertThat(r.json().path("status").asInt()).isEqualTo(302);
        assertThat(r.json().path("hint").asText()).contains("not followed");
        assertThat(r.text()).doesNotContain("169.254");
        assertThat(server.seen).hasSize(1);
    }

    @Test
    void aLargeAnswerIsCutToTheSizeBudgetWithAHint() {
        Toolkit toolkit = toolkit(b -> {});
        ToolContext small = ToolContext.builder()
                .scope(Scope.of("tenant", "acme"))
                .limits(Limits.builder().sizeBudget(4_000).build())
                .build();
        ToolResult r = call(toolkit, "{\"method\": \"GET\", \"path\": \"/events\"}", small);
        assertThat(r.isError()).as(r.text()).isFalse();
        assertThat(r.text().length()).isLessThanOrEqualTo(4_000);
        assertThat(r.json().path("truncated").asBoolean()).isTrue();
        assertThat(r.json().path("body").size()).isBetween(1, 100);
        assertThat(r.json().path("hint").asText()).contains("$").contains("limit");
    }

    @Test
    void nothingSecretIsEchoed() {
        Toolkit toolkit = toolkit(b -> {});
        ToolResult r = call(
                toolkit,
                "{\"method\": \"GET\", \"path\": \"/projects\", \"headers\": {\"X-Request-Label\": \"mine\"}}",
                ACME);
        assertThat(r.isError()).isFalse();
        assertThat(r.text()).doesNotContain(TOKEN).contains("[redacted]");
        assertThat(server.seen.get(0).headers()).containsEntry("x-request-label", "mine");
    }

    @Test
    void anUnreachableApiIsRetryable() {
        server.close();
        Toolkit toolkit = toolkit(b -> {});
        ToolResult r = call(toolkit, "{\"method\": \"GET\", \"path\": \"/tasks\"}", ACME);
        assertThat(r.errorCode()).isEqualTo("API_UNAVAILABLE");
        assertThat(r.text()).doesNotContain("127.0.0.1");
    }

    @Test
    void aBodyThatDripsPastTheTimeoutIsAbandoned() {
        Toolkit toolkit = toolkit(b -> b.timeout(java.time.Duration.ofMillis(500)));
        long start = System.nanoTime();
        ToolResult r = call(toolkit, "{\"method\": \"GET\", \"path\": \"/exports/slow\"}", ACME);
        assertThat(r.errorCode()).isEqualTo("API_UNAVAILABLE");
        assertThat(java.time.Duration.ofNanos(System.nanoTime() - start))
                .isLessThan(java.time.Duration.ofMillis(2_500));
    }

    @Test
    void whoamiShowsTheContextTheHostSet() {
        Toolkit toolkit = toolkit(b -> {});
        JsonNode me = toolkit.call("context_whoami", (String) null, ACME).json();
        assertThat(me.path("user").asText()).isEqualTo("ada");
        assertThat(me.path("scope").path("tenant").asText()).isEqualTo("acme");
        assertThat(me.path("claims").path("roles").get(0).asText()).isEqualTo("member");
        assertThat(toolkit.call("context_whoami", TasksApi.json("{\"user\": \"root\"}"), ACME)
                        .errorCode())
                .isEqualTo("INVALID_OPERAND");
    }
}
