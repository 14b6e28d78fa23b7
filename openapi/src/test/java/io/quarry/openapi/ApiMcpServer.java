package io.quarry.openapi;

import io.quarry.mcp.QuarryMcpServer;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.Scope;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * An MCP server on stdio with the API tools over the example API ({@link TasksApi}, started in the
 * same process), for the TypeScript client: tenant {@code acme}, {@code createTask} enabled, the
 * default guard.
 */
public final class ApiMcpServer {
    private ApiMcpServer() {}

    /** Serves until the client closes standard input; anything printed by mistake goes to stderr. */
    public static void main(String[] args) throws Exception {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
        System.setOut(System.err);
        try (TasksApi api = new TasksApi()) {
            OpenApiTools tools = OpenApiTools.builder()
                    .document("classpath:tasks-api/openapi.yaml")
                    .baseUrl(api.baseUrl())
                    .decorator(RequestDecorator.scopeHeaders(Map.of("tenant", "X-Tenant")))
                    .enable("createTask")
                    .build();
            Toolkit toolkit = Toolkit.builder()
                    .store(InMemoryObjectStore.of(List.of(), List.of()))
                    .extensions(tools.tools())
                    .build();
            QuarryMcpServer.serve(
                    toolkit,
                    ToolContext.builder().scope(Scope.of("tenant", "acme")).build(),
                    System.in,
                    protocol);
        }
        System.exit(0);
    }
}
