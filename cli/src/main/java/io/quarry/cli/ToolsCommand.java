package io.quarry.cli;

import io.quarry.tool.Tool;
import io.quarry.tool.ToolSupport;
import io.quarry.tool.Toolkit;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code quarry tools}: list the tools a model would be given, with their descriptions. */
@Command(name = "tools", mixinStandardHelpOptions = true, description = "List the tools with their descriptions.")
final class ToolsCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--schemas", description = "Also print each tool's input JSON Schema.")
    boolean schemas;

    @Mixin
    SourceOptions source;

    @Override
    public Integer call() {
        Toolkit toolkit = source.toolkit();
        PrintWriter out = spec.commandLine().getOut();
        for (Tool tool : toolkit.tools()) {
            out.println(tool.name());
            out.println("  " + tool.description());
            if (schemas) {
                out.println("  " + ToolSupport.write(tool.inputSchema()));
            }
        }
        return 0;
    }
}
