package io.quarry.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.tool.Limits;
import io.quarry.tool.Tool;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolSupport;
import io.quarry.tool.Toolkit;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
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
    private static final char REPLACEMENT = '\uFFFD';

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

    @Option(
            names = "--trace",
            description = "Print one line per tool call on standard error: the tool, ok or the error code, the"
                    + " objects returned and the time.")
    boolean trace;

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
        if (batch) {
            source.pool = 2; // one call at a time, many calls: reuse the connection
        }
        Toolkit toolkit = source.toolkit(source.source(), b -> {
            if (trace) {
                b.listener(new Trace(spec.commandLine().getErr()));
            }
        });
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
        if (json.indexOf(REPLACEMENT) >= 0) {
            // the JVM reads bytes of an argument that are not UTF-8 as U+FFFD: refuse, as a batch line
            return notUtf8("The tool input is not valid UTF-8 (it holds U+FFFD, what bytes that are not UTF-8 "
                    + "are read as).");
        }
        JsonNode args;
        try {
            args = ToolSupport.parse(json);
        } catch (JsonProcessingException e) {
            return invalidJson("The tool input is not valid JSON: " + ToolSupport.problem(e) + ".");
        }
        return toolkit.call(name, args, context).text();
    }

    /**
     * Answers every line of the input, in order. A line is read into memory up to {@link
     * Limits#MAX_INPUT_BYTES} only: the rest of a longer one is skipped to its newline unread and the
     * line answered {@code LIMIT_EXCEEDED}, so a line of any size costs 1 MiB and the next is answered.
     */
    static void batch(Toolkit toolkit, ToolContext context, InputStream input, PrintWriter out) {
        try (InputStream in = new BufferedInputStream(input, 1 << 16)) {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int b;
            boolean pending = false;
            boolean tooLong = false;
            while ((b = in.read()) >= 0) {
                if (b == '\n') {
                    if (tooLong) {
                        tooLong(out);
                    } else {
                        answer(toolkit, context, line, out);
                    }
                    line.reset();
                    pending = false;
                    tooLong = false;
                } else if (tooLong) {
                    continue;
                } else if (line.size() == Limits.MAX_INPUT_BYTES && !(b == '\r' && endsLine(in))) {
                    tooLong = true; // nothing more of this line is kept
                    line.reset();
                    pending = true;
                } else {
                    line.write(b);
                    pending = true;
                }
            }
            if (tooLong) {
                tooLong(out);
            } else if (pending) {
                answer(toolkit, context, line, out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether a {@code \r} ends its line: a newline or the end of input follows. */
    private static boolean endsLine(InputStream in) throws IOException {
        in.mark(1);
        int next = in.read();
        in.reset();
        return next < 0 || next == '\n';
    }

    private static void tooLong(PrintWriter out) {
        ObjectNode error = ToolSupport.object();
        ObjectNode body = error.putObject("error");
        body.put("code", "LIMIT_EXCEEDED");
        body.put("path", "");
        body.put(
                "message",
                "The line is larger than " + Limits.MAX_INPUT_BYTES + " bytes (the limit of one tool input);"
                        + " it was skipped unread.");
        body.put("hint", "Send a smaller request: shorter values, fewer conditions, or several calls.");
        out.println(ToolSupport.write(error));
        out.flush();
    }

    /** Answers one line of bytes, decoded strictly: bytes that are not UTF-8 get their own error line. */
    private static void answer(Toolkit toolkit, ToolContext context, ByteArrayOutputStream bytes, PrintWriter out) {
        byte[] raw = bytes.toByteArray();
        bytes.reset();
        int end = raw.length > 0 && raw[raw.length - 1] == '\r' ? raw.length - 1 : raw.length;
        String answer;
        try {
            String line = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(raw, 0, end))
                    .toString();
            answer = batchLine(toolkit, context, line);
        } catch (CharacterCodingException e) {
            answer = notUtf8("The line is not valid UTF-8.");
        }
        // every line gets exactly one answer line, a blank one too: clients count lines
        out.println(answer);
        out.flush();
    }

    private static String notUtf8(String message) {
        return invalidJson(message, "Send the input as UTF-8 text; fix the terminal's or the file's encoding.");
    }

    private static String batchLine(Toolkit toolkit, ToolContext context, String line) {
        if (line.isBlank()) {
            return invalidJson("The line is empty.");
        }
        JsonNode call;
        try {
            call = ToolSupport.parse(line);
        } catch (JsonProcessingException e) {
            return invalidJson("The line is not valid JSON: " + ToolSupport.problem(e) + ".");
        }
        if (!call.isObject() || !call.path("tool").isTextual()) {
            return invalidJson("Each line is {\"tool\": \"name\", \"arguments\": {...}}.");
        }
        return toolkit.call(call.get("tool").textValue(), call.get("arguments"), context)
                .text();
    }

    private static String invalidJson(String message) {
        return invalidJson(
                message, "Send one JSON object, such as {\"type\": \"Task\", \"properties\": {\"status\": \"Done\"}}.");
    }

    private static String invalidJson(String message, String hint) {
        ObjectNode error = ToolSupport.object();
        ObjectNode body = error.putObject("error");
        body.put("code", "INVALID_JSON");
        body.put("path", "");
        body.put("message", message);
        body.put("hint", hint);
        return ToolSupport.write(error);
    }
}
