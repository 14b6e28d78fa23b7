package io.quarry.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.store.InMemoryObjectStore;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.Toolkit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A document and base URL known only later (a host serving its own document): read on first use, once. */
class DeferredDocumentTest {
    private TasksApi server;

    @BeforeEach
    void start() throws Exception {
        server = new TasksApi();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static Toolkit toolkit(OpenApiTools api) {
        return Toolkit.builder()
                .store(InMemoryObjectStore.of(List.of(), List.of()))
                .extensions(api.tools())
                .build();
    }

    @Test
    void notReadByBuildAnUnavailableDocumentIsARetryableToolErrorThenReadOnceForAllThreads() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        AtomicInteger baseAsked = new AtomicInteger();
        String[] location = {null};
        OpenApiTools api = OpenApiTools.builder()
                .documentLater(() -> {
                    asked.incrementAndGet();
                    if (location[0] == null) {
                        throw new IllegalStateException("the web server is not up yet");
                    }
                    return location[0];
                })
                .baseUrlLater(() -> {
                    baseAsked.incrementAndGet();
                    return server.baseUrl();
                })
                .build();
        assertThat(asked).hasValue(0); // build() reads nothing
        Toolkit toolkit = toolkit(api);
        assertThat(toolkit.tools()).extracting(t -> t.name()).contains("find_api", "call_api", "context_whoami");

        ToolResult early =
                toolkit.tool("find_api").orElseThrow().call("{\"query\": \"tasks\"}", ToolContext.unrestricted());
        assertThat(early.isError()).isTrue();
        assertThat(early.json().path("error").path("code").asText()).isEqualTo("API_UNAVAILABLE");
        assertThat(early.json().path("error").path("hint").asText()).contains("Try again");
        assertThat(early.text()).doesNotContain("web server").doesNotContain("Exception");
        ToolResult earlyCall = toolkit.tool("call_api")
                .orElseThrow()
                .call("{\"method\": \"GET\", \"path\": \"/tasks\"}", ToolContext.unrestricted());
        assertThat(earlyCall.json().path("error").path("code").asText()).isEqualTo("API_UNAVAILABLE");
        assertThat(server.seen).isEmpty();

        location[0] = "classpath:tasks-api/openapi.yaml";
        int before = asked.get();
        int baseBefore = baseAsked.get();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<ToolResult>> calls = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                calls.add(() -> toolkit.tool("find_api")
                        .orElseThrow()
                        .call("{\"query\": \"create a task\"}", ToolContext.unrestricted()));
            }
            for (Future<ToolResult> f : pool.invokeAll(calls)) {
                ToolResult r = f.get();
                assertThat(r.isError()).as(r.text()).isFalse();
                assertThat(r.json()
                                .path("endpoints")
                                .get(0)
                                .path("operation_id")
                                .asText())
                        .isEqualTo("createTask");
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(asked.get() - before).isEqualTo(1);
        assertThat(baseAsked.get() - baseBefore).isEqualTo(1);
        ToolResult refused = toolkit.tool("call_api")
                .orElseThrow()
                .call("{\"method\": \"GET\", \"path\": \"/nowhere\"}", ToolContext.unrestricted());
        assertThat(refused.json().path("error").path("code").asText()).isEqualTo("NOT_FOUND");
    }

    @Test
    void aDocumentUrlThatAnswersAnErrorIsUnavailableNotAStartupFailure() {
        OpenApiTools api = OpenApiTools.builder()
                .documentLater(() -> server.baseUrl() + "/no-such-document")
                .baseUrl(server.baseUrl())
                .build();
        ToolResult r =
                toolkit(api).tool("find_api").orElseThrow().call("{\"query\": \"tasks\"}", ToolContext.unrestricted());
        assertThat(r.json().path("error").path("code").asText()).isEqualTo("API_UNAVAILABLE");
        assertThat(r.text()).doesNotContain("127.0.0.1");
    }
}
