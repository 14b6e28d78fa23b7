package io.quarry.mcp;

import io.quarry.store.Scope;
import io.quarry.testing.Demo;
import io.quarry.tool.ToolContext;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;

/** An MCP server over the demo on stdio, for the tests' clients: {@code DemoServer [orgId]}. */
public final class DemoServer {
    private DemoServer() {}

    /** Serves until the client closes standard input; anything printed by mistake goes to stderr. */
    public static void main(String[] args) {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
        System.setOut(System.err);
        ToolContext context = args.length == 0
                ? ToolContext.unrestricted()
                : ToolContext.builder().scope(Scope.of("org_id", args[0])).build();
        QuarryMcpServer.serve(Demo.toolkit("mcp-demo"), context, System.in, protocol);
        System.exit(0);
    }
}
