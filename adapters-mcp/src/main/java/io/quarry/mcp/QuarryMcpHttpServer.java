package io.quarry.mcp;

import static java.util.Objects.requireNonNull;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * Quarry's tools as an MCP server over Streamable HTTP, on the JDK's own HTTP server ({@code
 * jdk.httpserver}): no servlet container in the command line's jar. Every request carries its own
 * identity: the {@link Authenticator} maps the request's bearer token (or API-key header) to a tenant
 * and the {@link ToolContext} of its calls. No credential or an unknown one is HTTP 401; a request to
 * another tenant's endpoint ({@code /mcp/OTHER}) is HTTP 403; there is never a default scope.
 *
 * <pre>{@code
 * QuarryMcpHttpServer server = QuarryMcpHttpServer.builder(toolkit, QuarryMcpHttpServer.tokenFile(path))
 *         .port(8080)
 *         .build()
 *         .start();
 * }</pre>
 *
 * <p>The server keeps nothing between requests (the SDK's stateless server): it answers each JSON-RPC
 * request with one JSON response, so any number of instances behind a load balancer serve the same
 * clients. The session id it hands out at {@code initialize} is self-contained: it names the
 * credential it was issued to and when it ends, signed with the session key, so another instance with
 * the same key accepts it; after {@link Builder#sessionTimeout} it is refused with HTTP 404 and the
 * client starts a new session. A request body over {@link Builder#maxRequestBytes} is HTTP 413; more
 * than {@link Builder#requestsPerMinute} requests of one credential in a minute are HTTP 429 with
 * {@code Retry-After} (counted per instance).
 */
public final class QuarryMcpHttpServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(QuarryMcpHttpServer.class);
    private static final String CALLER = "io.quarry.mcp.caller";
    private static final String SESSION_HEADER = "Mcp-Session-Id";

    private final Builder options;
    private final McpJsonMapper mapper = McpJsonDefaults.getMapper();
    private final Map<String, Window> windows = new ConcurrentHashMap<>();
    private HttpServer http;
    private ExecutorService executor;
    private McpStatelessSyncServer mcp;
    private volatile McpStatelessServerHandler handler;

    private QuarryMcpHttpServer(Builder options) {
        this.options = options;
    }

    /**
     * A builder for a server of this toolkit.
     *
     * @param toolkit the tools to serve; each call runs in the context the authenticator gives
     * @param authenticator maps a request's credential to its caller
     */
    public static Builder builder(Toolkit toolkit, Authenticator authenticator) {
        return new Builder(requireNonNull(toolkit, "toolkit"), requireNonNull(authenticator, "authenticator"));
    }

    /**
     * The authenticator of a token file, for simple deployments: see {@link TokenFile} for its format.
     *
     * @throws IllegalArgumentException when the file cannot be read or is not a token file; the
     *     message names the file and the entry
     */
    public static Authenticator tokenFile(java.nio.file.Path file) {
        return TokenFile.read(file);
    }

    /** Who sent a request: the tenant its credential belongs to and the context of its tool calls. */
    public record Caller(String tenant, ToolContext context) {
        /** Checks the arguments. */
        public Caller {
            requireNonNull(tenant, "tenant");
            requireNonNull(context, "context");
        }
    }

    /** The host's hook from a request's credential to its caller. */
    @FunctionalInterface
    public interface Authenticator {
        /**
         * The caller this credential belongs to, or empty when it belongs to no one (HTTP 401).
         *
         * @param credential the bearer token, or the API-key header's value; never blank
         * @param headers the request's headers (names in lower case), for hosts that need more
         */
        Optional<Caller> authenticate(String credential, Map<String, List<String>> headers);
    }

    /** Starts listening; returns this server. */
    public QuarryMcpHttpServer start() throws IOException {
        Transport transport = new Transport();
        mcp = McpServer.sync(transport)
                .serverInfo(QuarryMcpServer.NAME, QuarryMcpServer.VERSION)
                .instructions(QuarryMcpServer.INSTRUCTIONS)
                .capabilities(
                        McpSchema.ServerCapabilities.builder().tools(false).build())
                .validateToolInputs(false)
                .tools(QuarryMcpServer.statelessTools(
                        options.toolkit, context -> ((Caller) context.get(CALLER)).context()))
                .build();
        http = HttpServer.create(new InetSocketAddress(options.host, options.port), 64);
        executor = Executors.newFixedThreadPool(options.threads, r -> {
            Thread t = new Thread(r, "quarry-mcp-http");
            t.setDaemon(true);
            return t;
        });
        http.setExecutor(executor);
        http.createContext(options.path, this::handle);
        http.start();
        LOG.info("MCP over HTTP on http://{}:{}{}", options.host, port(), options.path);
        return this;
    }

    /** The port it listens on (the one the system chose for port 0). */
    public int port() {
        return http.getAddress().getPort();
    }

    /** Stops listening, waiting up to a second for calls in flight. */
    @Override
    public void close() {
        if (http != null) {
            http.stop(1);
            executor.shutdownNow();
            mcp.close();
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            serve(exchange);
        } catch (RuntimeException e) {
            LOG.error("MCP request failed", e);
            refuse(exchange, 500, -32603, "The server failed; its log has the details.");
        }
    }

    private void serve(HttpExchange exchange) throws IOException {
        Map<String, List<String>> headers = lowerCase(exchange);
        String credential = credential(headers);
        if (credential == null) {
            exchange.getResponseHeaders().add("WWW-Authenticate", "Bearer");
            refuse(
                    exchange,
                    401,
                    -32001,
                    "No credential: send Authorization: Bearer TOKEN"
                            + (options.apiKeyHeader == null ? "." : " or " + options.apiKeyHeader + ": KEY."));
            return;
        }
        Optional<Caller> caller = options.authenticator.authenticate(credential, headers);
        if (caller.isEmpty()) {
            exchange.getResponseHeaders().add("WWW-Authenticate", "Bearer error=\"invalid_token\"");
            refuse(exchange, 401, -32001, "Unknown credential.");
            return;
        }
        String tenant = tenantOfPath(exchange.getRequestURI().getPath());
        if (tenant != null && !tenant.equals(caller.get().tenant())) {
            refuse(exchange, 403, -32003, "This credential is not for tenant " + tenant + ".");
            return;
        }
        String key = digest(credential);
        long retryAfter = admit(key);
        if (retryAfter > 0) {
            exchange.getResponseHeaders().add("Retry-After", Long.toString(retryAfter));
            refuse(
                    exchange,
                    429,
                    -32029,
                    "More than " + options.requestsPerMinute + " requests a minute with this credential; retry after "
                            + retryAfter + " s.");
            return;
        }
        switch (exchange.getRequestMethod()) {
            case "POST" -> post(exchange, headers, key, caller.get());
            case "DELETE" -> respond(exchange, 204, null);
            default -> {
                // no server-initiated stream: every answer comes with its request
                exchange.getResponseHeaders().add("Allow", "POST, DELETE");
                refuse(exchange, 405, -32000, "Use POST: this server answers each request in its response.");
            }
        }
    }

    private void post(HttpExchange exchange, Map<String, List<String>> headers, String key, Caller caller)
            throws IOException {
        String declared = first(headers, "content-length");
        if (declared != null && parseLong(declared) > options.maxRequestBytes) {
            refuse(exchange, 413, -32600, tooLarge());
            return;
        }
        byte[] body = readAtMost(exchange.getRequestBody(), options.maxRequestBytes);
        if (body == null) {
            refuse(exchange, 413, -32600, tooLarge());
            return;
        }
        McpSchema.JSONRPCMessage message;
        try {
            message = McpSchema.deserializeJsonRpcMessage(mapper, new String(body, StandardCharsets.UTF_8));
        } catch (IOException | IllegalArgumentException e) {
            refuse(exchange, 400, -32700, "The body is not one JSON-RPC message.");
            return;
        }
        McpTransportContext context = McpTransportContext.create(Map.of(CALLER, caller));
        if (message instanceof McpSchema.JSONRPCRequest request) {
            boolean initialize = McpSchema.METHOD_INITIALIZE.equals(request.method());
            if (!initialize && !sessionValid(first(headers, "mcp-session-id"), key)) {
                refuse(exchange, 404, -32001, "The session has ended or is not this credential's: initialize again.");
                return;
            }
            McpSchema.JSONRPCResponse response =
                    handler.handleRequest(context, request).block(options.requestTimeout);
            if (initialize) {
                exchange.getResponseHeaders().add(SESSION_HEADER, newSession(key));
            }
            respond(exchange, 200, mapper.writeValueAsString(response));
        } else if (message instanceof McpSchema.JSONRPCNotification notification) {
            handler.handleNotification(context, notification).block(options.requestTimeout);
            respond(exchange, 202, null);
        } else {
            respond(exchange, 202, null);
        }
    }

    private String tooLarge() {
        return "The request is larger than " + options.maxRequestBytes + " bytes.";
    }

    private String tenantOfPath(String path) {
        String rest = path.substring(Math.min(path.length(), options.path.length()));
        while (rest.startsWith("/")) {
            rest = rest.substring(1);
        }
        while (rest.endsWith("/")) {
            rest = rest.substring(0, rest.length() - 1);
        }
        return rest.isEmpty() ? null : rest;
    }

    private String credential(Map<String, List<String>> headers) {
        String authorization = first(headers, "authorization");
        if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            String token = authorization.substring(7).strip();
            if (!token.isEmpty()) {
                return token;
            }
        }
        if (options.apiKeyHeader != null) {
            String key = first(headers, options.apiKeyHeader.toLowerCase(Locale.ROOT));
            if (key != null && !key.isBlank()) {
                return key.strip();
            }
        }
        return null;
    }

    /** A fixed one-minute window per credential; returns 0 to admit, or the seconds until the next. */
    private long admit(String key) {
        long minute = options.clock.millis() / 60_000;
        Window w = windows.compute(
                key,
                (k, old) -> old == null || old.minute != minute
                        ? new Window(minute, 1)
                        : new Window(minute, old.count + 1));
        if (windows.size() > 10_000) {
            windows.entrySet().removeIf(e -> e.getValue().minute != minute);
        }
        if (w.count <= options.requestsPerMinute) {
            return 0;
        }
        return Math.max(1, ((minute + 1) * 60_000 - options.clock.millis() + 999) / 1000);
    }

    private record Window(long minute, int count) {}

    private String newSession(String key) {
        long until = options.clock.millis() + options.sessionTimeout.toMillis();
        String payload = Long.toString(until, 36) + "." + key.substring(0, 16);
        return payload + "." + sign(payload);
    }

    private boolean sessionValid(String session, String key) {
        if (session == null) {
            return false;
        }
        int dot = session.lastIndexOf('.');
        if (dot < 0) {
            return false;
        }
        String payload = session.substring(0, dot);
        if (!MessageDigest.isEqual(
                sign(payload).getBytes(StandardCharsets.US_ASCII),
                session.substring(dot + 1).getBytes(StandardCharsets.US_ASCII))) {
            return false;
        }
        String[] parts = payload.split("\\.");
        if (parts.length != 2 || !parts[1].equals(key.substring(0, 16))) {
            return false;
        }
        try {
            return Long.parseLong(parts[0], 36) > options.clock.millis();
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private String sign(String payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(options.sessionKey, "HmacSHA256"));
            return Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(mac.doFinal(payload.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }

    /** The credential's SHA-256, so neither the rate windows nor the session ids hold the token. */
    private static String digest(String credential) {
        try {
            return Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(
                            MessageDigest.getInstance("SHA-256").digest(credential.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    private static byte[] readAtMost(InputStream in, int max) throws IOException {
        byte[] body = in.readNBytes(max + 1);
        return body.length > max ? null : body;
    }

    private static long parseLong(String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static Map<String, List<String>> lowerCase(HttpExchange exchange) {
        Map<String, List<String>> headers = new java.util.HashMap<>();
        exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), List.copyOf(v)));
        return Map.copyOf(headers);
    }

    private static String first(Map<String, List<String>> headers, String name) {
        List<String> values = headers.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    private void refuse(HttpExchange exchange, int status, int code, String message) throws IOException {
        Map<String, Object> error = Map.of("code", code, "message", message);
        Map<String, Object> body = new java.util.LinkedHashMap<>();
        body.put("jsonrpc", "2.0");
        body.put("id", null);
        body.put("error", error);
        respond(exchange, status, mapper.writeValueAsString(body));
    }

    private static void respond(HttpExchange exchange, int status, String json) throws IOException {
        if (json == null) {
            exchange.sendResponseHeaders(status, -1);
            return;
        }
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** Hands the SDK's stateless server its handler; the HTTP side is this class's. */
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

    /** Options of a {@link QuarryMcpHttpServer}. */
    public static final class Builder {
        private final Toolkit toolkit;
        private final Authenticator authenticator;
        private String host = "127.0.0.1";
        private int port = 8080;
        private String path = "/mcp";
        private String apiKeyHeader;
        private int maxRequestBytes = 1 << 20;
        private int requestsPerMinute = 600;
        private Duration sessionTimeout = Duration.ofHours(1);
        private Duration requestTimeout = Duration.ofMinutes(2);
        private byte[] sessionKey;
        private int threads = 16;
        private Clock clock = Clock.systemUTC();

        private Builder(Toolkit toolkit, Authenticator authenticator) {
            this.toolkit = toolkit;
            this.authenticator = authenticator;
        }

        /** The address to listen on; default {@code 127.0.0.1} (use {@code 0.0.0.0} behind a proxy). */
        public Builder host(String host) {
            this.host = requireNonNull(host, "host");
            return this;
        }

        /** The port; 0 lets the system choose ({@link #port()} tells). Default 8080. */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /** The endpoint's path; default {@code /mcp}, and {@code /mcp/TENANT} checks the tenant. */
        public Builder path(String path) {
            this.path = requireNonNull(path, "path");
            return this;
        }

        /** A header that may carry the credential instead of {@code Authorization: Bearer}. */
        public Builder apiKeyHeader(String header) {
            this.apiKeyHeader = header;
            return this;
        }

        /** The largest request body; default 1 MiB. */
        public Builder maxRequestBytes(int bytes) {
            this.maxRequestBytes = bytes;
            return this;
        }

        /** Requests one credential may send a minute to this instance; default 600. */
        public Builder requestsPerMinute(int requests) {
            this.requestsPerMinute = requests;
            return this;
        }

        /** How long a session lasts from its {@code initialize}; default an hour. */
        public Builder sessionTimeout(Duration timeout) {
            this.sessionTimeout = requireNonNull(timeout, "timeout");
            return this;
        }

        /** How long a request may run before the client gets an error; default two minutes. */
        public Builder requestTimeout(Duration timeout) {
            this.requestTimeout = requireNonNull(timeout, "timeout");
            return this;
        }

        /**
         * The key session ids are signed with; instances that share it accept each other's sessions.
         * Default: a random key, so sessions end with the process.
         */
        public Builder sessionKey(byte[] key) {
            this.sessionKey = key.clone();
            return this;
        }

        /** Threads serving requests (so at most this many tool calls at once); default 16. */
        public Builder threads(int threads) {
            this.threads = threads;
            return this;
        }

        /** The clock of sessions and rate windows (for tests). */
        public Builder clock(Clock clock) {
            this.clock = requireNonNull(clock, "clock");
            return this;
        }

        /** Builds the server; {@link QuarryMcpHttpServer#start()} starts it. */
        public QuarryMcpHttpServer build() {
            if (!path.startsWith("/") || path.length() > 1 && path.endsWith("/")) {
                throw new IllegalArgumentException("path must start with / and not end with one, was " + path);
            }
            if (maxRequestBytes < 1024 || requestsPerMinute < 1 || threads < 1 || port < 0 || port > 65535) {
                throw new IllegalArgumentException("maxRequestBytes must be at least 1024, requestsPerMinute and"
                        + " threads at least 1, and port 0 to 65535");
            }
            if (sessionTimeout.isNegative() || sessionTimeout.isZero()) {
                throw new IllegalArgumentException("sessionTimeout must be positive");
            }
            if (sessionKey == null) {
                sessionKey = new byte[32];
                new SecureRandom().nextBytes(sessionKey);
            } else if (sessionKey.length < 16) {
                throw new IllegalArgumentException("sessionKey must have at least 16 bytes");
            }
            return new QuarryMcpHttpServer(this);
        }
    }
}
