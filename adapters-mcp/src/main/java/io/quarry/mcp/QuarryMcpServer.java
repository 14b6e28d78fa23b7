package io.quarry.mcp;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarry.tool.Tool;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.Toolkit;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Quarry's tools as an MCP server, on the MCP Java SDK: serve a {@link Toolkit} over stdio in one
 * line, or take the tool specifications into a server you build yourself (another transport, more
 * features).
 *
 * <pre>{@code
 * QuarryMcpServer.serveStdio(toolkit, ToolContext.builder().scope(Scope.of("org_id", "acme")).build());
 * }</pre>
 *
 * <p>Every tool is annotated read-only, idempotent and closed-world, and declares an {@code
 * outputSchema}. A tool's result is its JSON object twice: as {@code structuredContent} and as one text
 * content for clients older than structured results; a Quarry error object comes back as text only,
 * with {@code isError: true}, never as a protocol error, so the model can read the hint and try again. Quarry checks the arguments
 * itself (its messages name the nearest field and the allowed values), so the SDK's own input
 * validation is off. Over stdio there is no per-request identity: the scope and user are fixed when
 * the server starts, so a toolkit whose schema is inferred from the data lists the tools of that
 * scope ({@link Toolkit#forScope}): their descriptions and input schemas name only what the scope
 * holds. {@link #tools} serves sessions of different scopes, so it lists the toolkit's own tools,
 * which name no inferred type or field.
 */
public final class QuarryMcpServer {
    private static final Logger LOG = LoggerFactory.getLogger(QuarryMcpServer.class);
    static final String NAME = "quarry";
    static final String VERSION = BuildInfo.VERSION;
    static final String INSTRUCTIONS =
            "Read-only access to a database: call get_database_schema first to learn the types, "
                    + "fields and relationships, then query_graph_objects.";
    private static final TypeRef<Map<String, Object>> SCHEMA = new TypeRef<>() {};
    private static final com.fasterxml.jackson.core.type.TypeReference<Map<String, Object>> SCHEMA_MAP =
            new com.fasterxml.jackson.core.type.TypeReference<>() {};
    /** The largest stdio message, as the HTTP server's default body limit. */
    static final int MAX_MESSAGE_BYTES = 1 << 20;

    private static final java.time.Duration STDIO_TIMEOUT = java.time.Duration.ofMinutes(2);

    private QuarryMcpServer() {}

    /**
     * The MCP tool specifications of a toolkit, for a server you build yourself.
     *
     * @param toolkit the tools to serve
     * @param context the host's context for each call, from the client's session (scope, user);
     *     called once per call
     */
    public static List<SyncToolSpecification> tools(
            Toolkit toolkit, Function<McpSyncServerExchange, ToolContext> context) {
        requireNonNull(toolkit, "toolkit");
        requireNonNull(context, "context");
        return toolkit.tools().stream()
                .map(tool -> specification(tool, context))
                .toList();
    }

    /** The tool specifications of a toolkit for the SDK's stateless server, one context per request. */
    static List<McpStatelessServerFeatures.SyncToolSpecification> statelessTools(
            Toolkit toolkit, Function<McpTransportContext, ToolContext> context) {
        return toolkit.tools().stream()
                .map(tool -> McpStatelessServerFeatures.SyncToolSpecification.builder()
                        .tool(described(tool))
                        .callHandler(
                                (transport, request) -> result(call(tool, () -> context.apply(transport), request)))
                        .build())
                .toList();
    }

    /**
     * Starts a server on these streams and returns it; the SDK reads requests on its own threads.
     *
     * @param toolkit the tools to serve
     * @param context the scope and user of every call
     * @param in where requests arrive, one JSON-RPC message a line
     * @param out where responses go; nothing else may write to it
     */
    public static McpSyncServer start(Toolkit toolkit, ToolContext context, InputStream in, OutputStream out) {
        requireNonNull(context, "context");
        McpJsonMapper mapper = McpJsonDefaults.getMapper();
        return McpServer.sync(new StdioServerTransportProvider(mapper, in, out))
                .serverInfo(NAME, VERSION)
                .instructions(INSTRUCTIONS)
                .capabilities(
                        McpSchema.ServerCapabilities.builder().tools(false).build())
                .validateToolInputs(false)
                .tools(tools(toolkit.forScope(context.scope()), exchange -> context))
                .build();
    }

    /**
     * Serves a toolkit over this process's standard input and output until the client closes
     * standard input. Standard output carries the protocol only: the caller keeps logs on standard
     * error.
     *
     * @param toolkit the tools to serve
     * @param context the scope and user of every call
     */
    public static void serveStdio(Toolkit toolkit, ToolContext context) {
        serve(toolkit, context, System.in, System.out);
    }

    /**
     * Serves a toolkit on these streams until {@code in} ends, answering every message in order (the
     * ones read before the end included), then returns. A line over 1 MiB is answered with an error
     * and skipped.
     *
     * @param toolkit the tools to serve
     * @param context the scope and user of every call
     * @param in where requests arrive
     * @param out where responses go; nothing else may write to it
     */
    public static void serve(Toolkit toolkit, ToolContext context, InputStream in, OutputStream out) {
        requireNonNull(context, "context");
        requireNonNull(in, "in");
        requireNonNull(out, "out");
        try (Dispatcher dispatcher =
                Dispatcher.of(toolkit.forScope(context.scope()), transport -> context, STDIO_TIMEOUT)) {
            Lines lines = new Lines(in, MAX_MESSAGE_BYTES);
            // one message at a time, in order: everything read is answered before the end of input ends it
            for (Lines.Line line = lines.next(); line != null; line = lines.next()) {
                Optional<ObjectNode> answer = line.tooLong()
                        ? Optional.of(Dispatcher.error(
                                null,
                                Dispatcher.INVALID_REQUEST,
                                "The message is larger than " + MAX_MESSAGE_BYTES + " bytes."))
                        : line.text().isBlank()
                                ? Optional.empty()
                                : dispatcher.answer(line.text(), McpTransportContext.EMPTY);
                if (answer.isPresent()) {
                    out.write((answer.get().toString() + "\n").getBytes(StandardCharsets.UTF_8));
                    out.flush();
                }
            }
        } catch (IOException e) {
            LOG.debug("the stdio client has gone: {}", e.getMessage());
        }
    }

    /** The lines of a stream, each at most so many bytes (the rest of a longer line is skipped). */
    static final class Lines {
        record Line(String text, boolean tooLong) {}

        private final InputStream in;
        private final int max;

        Lines(InputStream in, int max) {
            this.in = in instanceof java.io.BufferedInputStream ? in : new java.io.BufferedInputStream(in);
            this.max = max;
        }

        /** The next line without its end, or null at the end of input. */
        Line next() throws IOException {
            java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
            boolean tooLong = false;
            int b;
            while ((b = in.read()) >= 0 && b != '\n') {
                if (line.size() < max) {
                    line.write(b);
                } else {
                    tooLong = true;
                }
            }
            if (b < 0 && line.size() == 0 && !tooLong) {
                return null;
            }
            String text = line.toString(StandardCharsets.UTF_8);
            return new Line(text.endsWith("\r") ? text.substring(0, text.length() - 1) : text, tooLong);
        }
    }

    private static SyncToolSpecification specification(
            Tool tool, Function<McpSyncServerExchange, ToolContext> context) {
        return SyncToolSpecification.builder()
                .tool(described(tool))
                .callHandler((exchange, request) -> result(call(tool, () -> context.apply(exchange), request)))
                .build();
    }

    private static McpSchema.Tool described(Tool tool) {
        return McpSchema.Tool.builder(tool.name(), schema(tool))
                .description(tool.description())
                .outputSchema(Dispatcher.JSON.convertValue(OutputSchemas.of(tool.name()), SCHEMA_MAP))
                .annotations(McpSchema.ToolAnnotations.builder()
                        .readOnlyHint(tool.readOnly())
                        .destructiveHint(!tool.readOnly())
                        .idempotentHint(tool.readOnly())
                        .openWorldHint(false)
                        .build())
                .build();
    }

    private static Map<String, Object> schema(Tool tool) {
        try {
            return McpJsonDefaults.getMapper().readValue(tool.inputSchemaJson(), SCHEMA);
        } catch (IOException e) {
            throw new UncheckedIOException("the input schema of " + tool.name() + " is not JSON", e);
        }
    }

    private static ToolResult call(Tool tool, Supplier<ToolContext> context, McpSchema.CallToolRequest request) {
        // a thrown exception would reach the client as a protocol error the model never reads
        try {
            // back to JSON text, so numbers are read as Quarry reads every input: exact decimals
            String arguments = McpJsonDefaults.getMapper().writeValueAsString(request.arguments());
            return tool.call(arguments, context.get());
        } catch (IOException | RuntimeException e) {
            LOG.error("tool {} failed in the MCP server", tool.name(), e);
            return ToolResult.internalError();
        }
    }

    /**
     * The result as MCP has it: the JSON as text for every client, and as structured content (the same
     * object) unless it is an error, which stays {@code isError} with the error object as its text.
     */
    static McpSchema.CallToolResult result(ToolResult result) {
        String text = result.text();
        McpSchema.CallToolResult.Builder out =
                McpSchema.CallToolResult.builder().addTextContent(text).isError(result.isError());
        if (!result.isError()) {
            // read back from the text, so both carry the same numbers in the same notation (10, not 1E+1)
            try {
                out.structuredContent(Dispatcher.JSON.readTree(text));
            } catch (IOException e) {
                throw new UncheckedIOException("a tool result is not JSON", e);
            }
        }
        return out.build();
    }
}
