package io.quarry.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import io.quarry.tool.Tool;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code quarry call}: run one tool, or a batch of calls from standard input, and print JSON results. */
@Command(
        name = "call",
        mixinStandardHelpOptions = true,
        description = {
            "Call a tool and print its result as one line of JSON.",
            "Exit code 0 also when the result is an error object; 2 for a bad command line.",
            "Example: quarry call query_graph_objects '{\"type\": \"Task\", \"properties\": {\"status\": \"Done\"}}'"
        })
final class CallCommand implements Callable<Integer> {
    @CommandLine.ParentCommand
    QuarryCli parent;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "TOOL", description = "The tool, e.g. query_graph_objects.")
    String tool;

    @Parameters(index = "1", arity = "0..1", paramLabel = "JSON", description = "The tool's input object. Default: {}.")
    String arguments;

    @Option(
            names = "--batch",
            description =
                    "Read JSON Lines {\"tool\": ..., \"arguments\": {...}} from standard input; write one result line per input line.")
    boolean batch;

    @Mixin
    SourceOptions source;

    @Override
    public Integer call() {
        if (batch == (tool != null)) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    batch
                            ? "--batch reads the calls from standard input: give no TOOL."
                            : "Missing TOOL (or use --batch).");
        }
        Toolkit toolkit = source.toolkit();
        ToolContext context = source.context();
        PrintWriter out = spec.commandLine().getOut();
        if (batch) {
            batch(toolkit, context, parent.in, out);
            return 0;
        }
        if (toolkit.tool(tool).isEmpty()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "Unknown tool '" + tool + "'. Tools: "
                            + String.join(
                                    ", ",
                                    toolkit.tools().stream().map(Tool::name).toList()) + ".");
        }
        out.println(callOne(toolkit, context, tool, arguments == null ? "{}" : arguments));
        return 0;
    }

    private static String callOne(Toolkit toolkit, ToolContext context, String name, String json) {
        JsonNode args;
        try {
            args = Json.parse(json);
        } catch (JsonProcessingException e) {
            return invalidJson("The tool input is not valid JSON: " + Json.problem(e) + ".");
        }
        return toolkit.call(name, args, context).text();
    }

    private static void batch(Toolkit toolkit, ToolContext context, InputStream input, PrintWriter out) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(input, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                // every line gets exactly one answer line, a blank one too: clients count lines
                out.println(batchLine(toolkit, context, line));
                out.flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String batchLine(Toolkit toolkit, ToolContext context, String line) {
        if (line.isBlank()) {
            return invalidJson("The line is empty.");
        }
        JsonNode call;
        try {
            call = Json.parse(line);
        } catch (JsonProcessingException e) {
            return invalidJson("The line is not valid JSON: " + Json.problem(e) + ".");
        }
        if (!call.isObject() || !call.path("tool").isTextual()) {
            return invalidJson("Each line is {\"tool\": \"name\", \"arguments\": {...}}.");
        }
        return toolkit.call(call.get("tool").textValue(), call.get("arguments"), context)
                .text();
    }

    private static String invalidJson(String message) {
        ObjectNode error = Json.object();
        ObjectNode body = error.putObject("error");
        body.put("code", "INVALID_JSON");
        body.put("path", "");
        body.put("message", message);
        body.put("hint", "Send one JSON object, such as {\"type\": \"Task\", \"properties\": {\"status\": \"Done\"}}.");
        return Json.write(error);
    }
}
