package io.quarry.cli;

import io.quarry.mcp.QuarryMcpServer;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code quarry mcp}: serve the tools to an MCP client over standard input and output. */
@Command(
        name = "mcp",
        mixinStandardHelpOptions = true,
        description = {
            "Serve the tools as an MCP server over stdio (the built-in demo by default) until the client closes stdin.",
            "Standard output carries the protocol only; logs go to standard error.",
            "Example: quarry mcp --scope org_id=acme"
        })
final class McpCommand implements Callable<Integer> {
    @CommandLine.ParentCommand
    QuarryCli parent;

    @Mixin
    SourceOptions source;

    @Override
    public Integer call() {
        var toolkit = source.toolkit();
        var context = source.context();
        PrintStream stdout = System.out;
        // whatever prints to System.out by mistake must not break the protocol
        System.setOut(System.err);
        try {
            QuarryMcpServer.serve(toolkit, context, parent.in, parent.out);
        } finally {
            System.setOut(stdout);
        }
        return 0;
    }
}
