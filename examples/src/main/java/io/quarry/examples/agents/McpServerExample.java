package io.quarry.examples.agents;

import io.quarry.mcp.QuarryMcpServer;
import io.quarry.store.Scope;
import io.quarry.tool.ToolContext;

/**
 * An MCP server over the demo database for tenant acme: one line after the toolkit. An MCP client
 * (Claude Desktop, an IDE, an agent) starts it and brings the model:
 *
 * <pre>
 * {"mcpServers": {"quarry": {"command": "java",
 *     "args": ["-cp", "/path/to/quarry-examples.jar", "io.quarry.examples.agents.McpServerExample"]}}}
 * </pre>
 *
 * <p>{@code java -jar quarry.jar mcp} does the same for any database and scope.
 */
public final class McpServerExample {
    private McpServerExample() {}

    /** Serves until the client closes standard input. */
    public static void main(String[] args) {
        // --- what a host writes ---
        QuarryMcpServer.serveStdio(
                DemoDatabase.toolkit(),
                ToolContext.builder().scope(Scope.of("org_id", "acme")).build());
        // --- end ---
        System.exit(0);
    }
}
