package io.quarry.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * One JSON-RPC message in, its answer out, for every transport (stdio and HTTP): the one seam between
 * the wire and the MCP Java SDK's stateless server. A request of the stateless 2026-07-28 revision
 * (its version in {@code params._meta}, or {@code server/discover}) is served here around the SDK,
 * which speaks only the handshake revisions ({@link ModernProtocol}); every other message goes to the
 * SDK exactly as before. It checks what the SDK takes on trust (the shape of
 * a message and of the params of the methods Quarry serves), so a malformed request is a JSON-RPC
 * error naming what to send, never a Java exception's text and never no answer at all.
 */
final class Dispatcher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Dispatcher.class);
    static final ObjectMapper JSON = JsonMapper.builder().build();
    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int INVALID_PARAMS = -32602;
    static final int INTERNAL_ERROR = -32603;

    private final McpStatelessSyncServer server;
    private final ObjectNode capabilities;
    private final Duration timeout;
    private volatile McpStatelessServerHandler handler;

    private Dispatcher(Toolkit toolkit, Function<McpTransportContext, ToolContext> context, Duration timeout) {
        this.timeout = timeout;
        SchemaResources schema = new SchemaResources(toolkit, context);
        ContextPrompt prompt = new ContextPrompt(toolkit, context);
        McpSchema.ServerCapabilities.Builder capable =
                McpSchema.ServerCapabilities.builder().tools(false);
        if (schema.served()) {
            capable.resources(false, false).completions();
        }
        if (prompt.served()) {
            capable.prompts(false);
        }
        McpSchema.ServerCapabilities served = capable.build();
        this.capabilities = withoutNulls(JSON.valueToTree(served));
        var builder = McpServer.sync(new Transport())
                .serverInfo(QuarryMcpServer.NAME, QuarryMcpServer.VERSION)
                .instructions(QuarryMcpServer.INSTRUCTIONS)
                .capabilities(served)
                .validateToolInputs(false)
                .tools(QuarryMcpServer.statelessTools(toolkit, context));
        if (schema.served()) {
            builder.resources(schema.resources())
                    .resourceTemplates(schema.templates())
                    .completions(schema.completions());
        }
        if (prompt.served()) {
            builder.prompts(prompt.specification());
        }
        this.server = builder.build();
    }

    /**
     * A dispatcher of this toolkit's tools.
     *
     * @param context the context of a call from its transport's context (the caller of an HTTP request)
     * @param timeout how long one request may take
     */
    static Dispatcher of(Toolkit toolkit, Function<McpTransportContext, ToolContext> context, Duration timeout) {
        return new Dispatcher(toolkit, context, timeout);
    }

    /**
     * The answer to one message's text: a response, or empty for a notification or a client's response.
     */
    Optional<ObjectNode> answer(String text, McpTransportContext context) {
        JsonNode message;
        try {
            message = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            return Optional.of(error(null, PARSE_ERROR, "The message is not JSON."));
        }
        return answer(message, context);
    }

    /** The answer to one parsed message, or empty for a notification or a client's response. */
    Optional<ObjectNode> answer(JsonNode message, McpTransportContext context) {
        if (message == null || !message.isObject()) {
            return Optional.of(error(
                    null,
                    INVALID_REQUEST,
                    message != null && message.isArray()
                            ? "Send one JSON-RPC message at a time: batches are not part of MCP."
                            : "A JSON-RPC message is an object with \"jsonrpc\": \"2.0\" and a \"method\"."));
        }
        JsonNode id = message.get("id");
        boolean validId = id == null || id.isTextual() || id.isIntegralNumber();
        Object echoed = validId && id != null ? JSON.convertValue(id, Object.class) : null;
        if (!"2.0".equals(message.path("jsonrpc").textValue())) {
            return Optional.of(error(echoed, INVALID_REQUEST, "Set \"jsonrpc\": \"2.0\"."));
        }
        JsonNode method = message.get("method");
        if (method == null) {
            if (message.has("result") || message.has("error")) {
                return Optional.empty(); // a response to a request this server never sends
            }
            return Optional.of(error(echoed, INVALID_REQUEST, "A request needs a \"method\"."));
        }
        if (!method.isTextual()) {
            return Optional.of(error(echoed, INVALID_REQUEST, "\"method\" must be a string."));
        }
        if (!validId) {
            return Optional.of(error(null, INVALID_REQUEST, "\"id\" must be a string or an integer."));
        }
        JsonNode params = message.get("params");
        if (params != null && !params.isObject() && !params.isNull()) {
            return answerOrNot(id, error(echoed, INVALID_PARAMS, "\"params\" must be an object."));
        }
        // 2026-07-28: the version and capabilities come with each request, never from a handshake
        boolean modern = ModernProtocol.isModern(message);
        if (modern) {
            ObjectNode refused = ModernProtocol.problem(echoed, method.textValue(), params);
            if (refused != null) {
                return answerOrNot(id, refused);
            }
            if (id == null) {
                return Optional.empty(); // the revision's only client notification, cancellation, needs nothing here
            }
            if (ModernProtocol.DISCOVER.equals(method.textValue())) {
                return Optional.of(ModernProtocol.discover(echoed, capabilities.deepCopy()));
            }
        }
        String problem = paramsProblem(method.textValue(), params == null || params.isNull() ? null : params);
        if (problem != null && !problem.isEmpty()) {
            return answerOrNot(id, error(echoed, INVALID_PARAMS, problem));
        }
        ObjectNode plain = message.deepCopy();
        if (params != null && params.isNull()) {
            plain.remove("params");
        }
        try {
            if (id == null) {
                McpSchema.JSONRPCNotification notification =
                        JSON.treeToValue(plain, McpSchema.JSONRPCNotification.class);
                handler.handleNotification(context, notification).block(timeout);
                return Optional.empty();
            }
            McpSchema.JSONRPCRequest request = JSON.treeToValue(plain, McpSchema.JSONRPCRequest.class);
            McpSchema.JSONRPCResponse response =
                    handler.handleRequest(context, request).block(timeout);
            if (response == null) {
                return Optional.of(error(echoed, INTERNAL_ERROR, "The server gave no answer; retry the request."));
            }
            if (response.error() != null && response.error().code() == INTERNAL_ERROR) {
                LOG.error(
                        "MCP {} failed: {}",
                        method.textValue(),
                        response.error().message());
                return Optional.of(error(echoed, INTERNAL_ERROR, "The server failed; its log has the details."));
            }
            ObjectNode answer = JSON.valueToTree(response);
            if (McpSchema.METHOD_RESOURCES_LIST.equals(method.textValue())) {
                sortByUri(answer.path("result").path("resources")); // the SDK keeps them in a hash map
            }
            return Optional.of(modern ? ModernProtocol.modernize(answer, method.textValue()) : answer);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return answerOrNot(
                    id,
                    error(echoed, INVALID_PARAMS, "The params of " + method.textValue() + " are not of its shape."));
        } catch (RuntimeException e) {
            LOG.error("MCP {} failed", method.textValue(), e);
            return answerOrNot(
                    id,
                    error(
                            echoed,
                            INTERNAL_ERROR,
                            isTimeout(e)
                                    ? "The request took longer than " + timeout.toSeconds() + " s; retry it."
                                    : "The server failed; its log has the details."));
        }
    }

    private static boolean isTimeout(RuntimeException e) {
        return e instanceof IllegalStateException
                && e.getMessage() != null
                && e.getMessage().startsWith("Timeout");
    }

    private static Optional<ObjectNode> answerOrNot(JsonNode id, ObjectNode error) {
        return id == null ? Optional.empty() : Optional.of(error); // notifications get no answer
    }

    /** What is wrong with the params of a method Quarry serves, or null when nothing is. */
    static String paramsProblem(String method, JsonNode params) {
        return switch (method) {
            case McpSchema.METHOD_INITIALIZE -> {
                if (params == null || !params.path("protocolVersion").isTextual()) {
                    yield "initialize needs params {\"protocolVersion\": \"2025-11-25\", \"capabilities\": {},"
                            + " \"clientInfo\": {\"name\": ..., \"version\": ...}}.";
                }
                yield objectOrAbsent(params, "capabilities", "initialize")
                        + objectOrAbsent(params, "clientInfo", "initialize");
            }
            case McpSchema.METHOD_TOOLS_CALL -> {
                if (params == null || !params.path("name").isTextual()) {
                    yield "tools/call needs params {\"name\": TOOL, \"arguments\": {...}}.";
                }
                yield objectOrAbsent(params, "arguments", "tools/call") + objectOrAbsent(params, "_meta", "tools/call");
            }
            case McpSchema.METHOD_RESOURCES_READ ->
                params == null || !params.path("uri").isTextual()
                        ? "resources/read needs params {\"uri\": \"quarry://schema\"}."
                        : null;
            case McpSchema.METHOD_PROMPT_GET -> {
                if (params == null || !params.path("name").isTextual()) {
                    yield "prompts/get needs params {\"name\": \"project_context\", \"arguments\": {\"root_id\": ...}}.";
                }
                yield objectOrAbsent(params, "arguments", "prompts/get");
            }
            case McpSchema.METHOD_TOOLS_LIST ->
                params != null
                                && params.has("cursor")
                                && !params.get("cursor").isTextual()
                                && !params.get("cursor").isNull()
                        ? "tools/list takes \"cursor\" as a string."
                        : null;
            default -> null;
        };
    }

    private static String objectOrAbsent(JsonNode params, String field, String method) {
        JsonNode value = params.get(field);
        return value == null || value.isNull() || value.isObject()
                ? ""
                : "\"" + field + "\" of " + method + " must be an object, not " + kind(value) + ".";
    }

    static String kind(JsonNode value) {
        return switch (value.getNodeType()) {
            case ARRAY -> "an array";
            case STRING -> "a string";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case OBJECT -> "an object";
            default -> "null";
        };
    }

    /** Puts a list of resources in the order of their URIs, the same on every call and instance. */
    private static void sortByUri(JsonNode resources) {
        if (resources instanceof com.fasterxml.jackson.databind.node.ArrayNode list) {
            java.util.List<JsonNode> sorted = new java.util.ArrayList<>();
            list.forEach(sorted::add);
            sorted.sort(java.util.Comparator.comparing(r -> r.path("uri").asText()));
            list.removeAll();
            list.addAll(sorted);
        }
    }

    private static ObjectNode withoutNulls(ObjectNode node) {
        node.properties().removeIf(e -> e.getValue().isNull());
        node.properties().forEach(e -> {
            if (e.getValue() instanceof ObjectNode inner) {
                withoutNulls(inner);
            }
        });
        return node;
    }

    /** A JSON-RPC error response. */
    static ObjectNode error(Object id, int code, String message) {
        ObjectNode out = JSON.createObjectNode();
        out.put("jsonrpc", "2.0");
        out.set("id", JSON.valueToTree(id));
        out.putObject("error").put("code", code).put("message", message);
        return out;
    }

    @Override
    public void close() {
        server.close();
    }

    /** Hands the SDK's stateless server its handler; the wire is the caller's. */
    private final class Transport implements McpStatelessServerTransport {
        @Override
        public void setMcpHandler(McpStatelessServerHandler mcpHandler) {
            handler = mcpHandler;
        }

        @Override
        public Mono<Void> closeGracefully() {
            return Mono.empty();
        }
    }
}
