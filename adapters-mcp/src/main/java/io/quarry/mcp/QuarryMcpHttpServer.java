package io.quarry.mcp;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.MimeTypes;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Quarry's tools as an MCP server over Streamable HTTP, on Jetty 12's core server (no servlet API).
 * Every request carries its own identity: the {@link Authenticator} maps the request's bearer token
 * (or API-key header) to a tenant and the {@link ToolContext} of its calls. No credential or an
 * unknown one is HTTP 401; a request to another tenant's endpoint ({@code /mcp/OTHER}) is HTTP 403;
 * there is never a default scope.
 *
 * <pre>{@code
 * QuarryMcpHttpServer server = QuarryMcpHttpServer.builder(toolkit, QuarryMcpHttpServer.tokenFile(path))
 *         .port(8080)
 *         .build()
 *         .start();
 * }</pre>
 *
 * <p>The server keeps nothing between requests (the SDK's stateless server behind one dispatcher):
 * it answers each JSON-RPC request with one JSON response, so any number of instances behind a load
 * balancer serve the same clients. The session id it hands out at {@code initialize} is
 * self-contained and carries no identity (an expiry and a random nonce, signed with the session key):
 * every request is authorized by its own credential, another instance with the same key accepts the
 * id, and after {@link Builder#sessionTimeout} or a {@code DELETE} it is refused with HTTP 404.
 * A client of the stateless 2026-07-28 revision (its version in each request's {@code _meta}) needs
 * no session at all: its {@code MCP-Protocol-Version}, {@code Mcp-Method} and {@code Mcp-Name} headers
 * are checked against the body (400 with {@code -32020} when they differ) and its results carry that
 * revision's fields ({@link ModernProtocol}).
 *
 * <p>Every refusal is JSON (a JSON-RPC error object), never an HTML page: a body over {@link
 * Builder#maxRequestBytes} is 413, a foreign {@code Origin} 403, an unknown {@code
 * MCP-Protocol-Version} 400, a body that is not {@code application/json} 415, an {@code Accept} without
 * JSON 406, more than {@link Builder#requestsPerMinute} requests of one credential in a minute 429 with
 * {@code Retry-After} (counted per instance). Connections that send nothing hold no thread and are
 * closed after {@link Builder#idleTimeout}; at most {@link Builder#maxConnections} are open at once.
 */
public final class QuarryMcpHttpServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(QuarryMcpHttpServer.class);
    private static final String CALLER = "io.quarry.mcp.caller";
    private static final String SESSION_HEADER = "Mcp-Session-Id";
    private static final String BODY_READ = "io.quarry.mcp.bodyRead";
    /** The revisions whose {@code MCP-Protocol-Version} header this server accepts, newest first. */
    static final List<String> PROTOCOL_VERSIONS = ModernProtocol.SUPPORTED;

    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

    private final Builder options;
    private final Map<String, Window> windows = new ConcurrentHashMap<>();
    private final Map<String, Long> ended = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();
    private final Semaphore calls;
    private Server http;
    private ServerConnector connector;
    private Dispatcher dispatcher;

    private QuarryMcpHttpServer(Builder options) {
        this.options = options;
        this.calls = new Semaphore(options.threads, true);
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
     * {@link #start()} checks each entry's scope against the toolkit and refuses to start when one
     * cannot be used, naming its line.
     *
     * @throws IllegalArgumentException when the file cannot be read or is not a token file; the
     *     message names the file, the entry and its line
     */
    public static Authenticator tokenFile(java.nio.file.Path file) {
        return TokenFile.read(file, Clock.systemUTC());
    }

    /**
     * {@link #tokenFile(java.nio.file.Path)} with the clock of every call's {@link ToolContext}.
     *
     * @throws IllegalArgumentException when the file cannot be read or is not a token file
     */
    public static Authenticator tokenFile(java.nio.file.Path file, Clock clock) {
        return TokenFile.read(file, requireNonNull(clock, "clock"));
    }

    /**
     * Who sent a request: the tenant its credential belongs to, the context of its tool calls, and the
     * OAuth scopes its credential grants (which {@link OAuthResourceServer}'s required and tool scopes
     * are checked against; empty for a token file's credential).
     */
    public record Caller(String tenant, ToolContext context, Set<String> grants) {
        /** Checks the arguments. */
        public Caller {
            requireNonNull(tenant, "tenant");
            requireNonNull(context, "context");
            grants = Set.copyOf(grants);
        }

        /** A caller whose credential grants no OAuth scope (a token file's, an API key's). */
        public Caller(String tenant, ToolContext context) {
            this(tenant, context, Set.of());
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

    /**
     * Starts listening; returns this server.
     *
     * @throws IllegalArgumentException when an entry of the token file has a scope the toolkit cannot
     *     serve (a key no table has), naming the entry's line
     * @throws IOException when the address cannot be bound
     */
    public QuarryMcpHttpServer start() throws IOException {
        if (options.authenticator instanceof TokenFile file) {
            file.check(options.toolkit);
        }
        if (options.authenticator instanceof OAuthResourceServer oauth) {
            oauth.check(options.toolkit);
        }
        dispatcher = Dispatcher.of(
                options.toolkit, context -> ((Caller) context.get(CALLER)).context(), options.requestTimeout);
        QueuedThreadPool pool = new QueuedThreadPool(options.threads + 8, 4);
        pool.setName("quarry-mcp-http");
        pool.setDaemon(true);
        http = new Server(pool);
        HttpConfiguration config = new HttpConfiguration();
        config.setSendServerVersion(false);
        config.setSendXPoweredBy(false);
        config.setRequestHeaderSize(options.maxHeaderBytes);
        config.setIdleTimeout(options.idleTimeout.toMillis());
        connector = new ServerConnector(http, 1, 1, new HttpConnectionFactory(config));
        connector.setHost(options.host);
        connector.setPort(options.port);
        connector.setIdleTimeout(options.idleTimeout.toMillis());
        connector.setAcceptQueueSize(128);
        http.addConnector(connector);
        http.addBean(new NetworkConnectionLimit(options.maxConnections, connector));
        http.setErrorHandler(new JsonErrors());
        http.setHandler(new Endpoint());
        http.setStopTimeout(1000);
        try {
            http.start();
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        } catch (Exception e) {
            close();
            throw new IOException("cannot start the MCP HTTP server on " + options.host + ":" + options.port, e);
        }
        LOG.info("MCP over HTTP on http://{}:{}{}", options.host, port(), options.path);
        return this;
    }

    /** The port it listens on (the one the system chose for port 0). */
    public int port() {
        return connector.getLocalPort();
    }

    /** Stops listening, waiting up to a second for calls in flight. */
    @Override
    public void close() {
        if (http != null) {
            try {
                http.stop();
            } catch (Exception e) {
                LOG.warn("the MCP HTTP server did not stop cleanly", e);
            }
        }
        if (dispatcher != null) {
            dispatcher.close();
        }
    }

    /** A status, headers and a JSON body (or none). */
    private record Reply(int status, Map<String, String> headers, String json) {
        static Reply of(int status, String json) {
            return new Reply(status, Map.of(), json);
        }

        Reply with(String header, String value) {
            Map<String, String> more = new LinkedHashMap<>(headers);
            more.put(header, value);
            return new Reply(status, more, json);
        }
    }

    /** The one handler: every path, method and failure is answered here, in JSON. */
    private final class Endpoint extends Handler.Abstract {
        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            Reply reply;
            try {
                reply = serve(request);
            } catch (RuntimeException | IOException e) {
                LOG.error("MCP request failed", e);
                reply = refuse(500, Dispatcher.INTERNAL_ERROR, "The server failed; its log has the details.");
            }
            if (reply.status() >= 400 && request.getAttribute(BODY_READ) == null) {
                // refused before its body was read: the connection cannot carry another request reliably
                reply = reply.with("Connection", "close");
            }
            write(response, callback, reply);
            return true;
        }
    }

    private static void write(Response response, Callback callback, Reply reply) {
        response.setStatus(reply.status());
        reply.headers().forEach((k, v) -> response.getHeaders().put(k, v));
        if (reply.json() == null) {
            response.write(true, null, callback);
            return;
        }
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.write(true, ByteBuffer.wrap(reply.json().getBytes(StandardCharsets.UTF_8)), callback);
    }

    private Reply serve(Request request) throws IOException {
        String path = request.getHttpURI().getPath();
        OAuthResourceServer oauth = options.authenticator instanceof OAuthResourceServer o ? o : null;
        if (path != null
                && oauth != null
                && (path.equals(OAuthResourceServer.METADATA_PATH)
                        || path.startsWith(OAuthResourceServer.METADATA_PATH + "/"))) {
            return metadata(request.getMethod(), oauth);
        }
        String tenant;
        if (path == null || !(path.equals(options.path) || path.startsWith(options.path + "/"))) {
            return refuse(404, -32601, "Nothing here: the MCP endpoint is " + options.path + ".");
        } else {
            tenant = tenantOfPath(path);
        }
        String method = request.getMethod();
        if (!method.equals("POST") && !method.equals("DELETE")) {
            // no server-initiated stream: every answer comes with its request
            return refuse(405, -32000, "Use POST: this server answers each request in its response.")
                    .with("Allow", "POST, DELETE");
        }
        HttpFields fields = request.getHeaders();
        String origin = fields.get(HttpHeader.ORIGIN);
        if (origin != null && !originAllowed(origin)) {
            return refuse(403, -32000, "Origin " + origin + " is not allowed.");
        }
        Map<String, List<String>> headers = lowerCase(fields);
        String credential = credential(headers);
        if (credential == null) {
            return refuse(
                            401,
                            -32001,
                            "No credential: send Authorization: Bearer TOKEN"
                                    + (options.apiKeyHeader == null ? "." : " or " + options.apiKeyHeader + ": KEY."))
                    .with(
                            "WWW-Authenticate",
                            oauth == null ? "Bearer" : challenge(oauth, null, null, oauth.requiredScopes()));
        }
        Optional<Caller> caller;
        if (oauth != null) {
            OAuthResourceServer.Verdict verdict = oauth.verify(credential);
            if (verdict.unavailable()) {
                LOG.warn("MCP request refused: {}", verdict.problem());
                return refuse(503, -32000, "The access token cannot be checked now (" + verdict.problem() + ").")
                        .with("Retry-After", "5");
            }
            if (verdict.caller().isEmpty()) {
                return refuse(401, -32001, "The access token was refused: " + verdict.problem() + ".")
                        .with("WWW-Authenticate", challenge(oauth, "invalid_token", verdict.problem(), Set.of()));
            }
            caller = verdict.caller();
        } else {
            caller = options.authenticator.authenticate(credential, headers);
        }
        if (caller.isEmpty()) {
            return refuse(401, -32001, "Unknown credential.")
                    .with("WWW-Authenticate", "Bearer error=\"invalid_token\"");
        }
        if (tenant != null && !tenant.equals(caller.get().tenant())) {
            return refuse(403, -32003, "This credential is not for tenant " + tenant + ".");
        }
        if (oauth != null) {
            Set<String> missing = oauth.missingForRequest(caller.get());
            if (!missing.isEmpty()) {
                return insufficientScope(oauth, null, missing, oauth.requiredScopes(), "This server needs the scope");
            }
        }
        long retryAfter = admit(digest(credential));
        if (retryAfter > 0) {
            return refuse(
                            429,
                            -32029,
                            "More than " + options.requestsPerMinute
                                    + " requests a minute with this credential; retry after " + retryAfter + " s.")
                    .with("Retry-After", Long.toString(retryAfter));
        }
        String version = first(headers, "mcp-protocol-version");
        if (version != null && !PROTOCOL_VERSIONS.contains(version.strip())) {
            return Reply.of(
                    400,
                    ModernProtocol.unsupported(null, version.strip(), "MCP-Protocol-Version")
                            .toString());
        }
        if (method.equals("DELETE")) {
            return endSession(first(headers, "mcp-session-id"));
        }
        return post(request, headers, caller.get(), oauth);
    }

    /** RFC 9728's metadata document, for anyone (no credential: it is how a client learns where to get one). */
    private static Reply metadata(String method, OAuthResourceServer oauth) {
        if (!method.equals("GET") && !method.equals("HEAD")) {
            return refuse(405, -32000, "Use GET for the protected-resource metadata.")
                    .with("Allow", "GET");
        }
        return Reply.of(200, oauth.metadata().toString())
                .with("Cache-Control", "max-age=3600")
                .with("Access-Control-Allow-Origin", "*");
    }

    /** A {@code WWW-Authenticate} challenge naming the metadata, and the error and scopes when given. */
    private static String challenge(OAuthResourceServer oauth, String error, String description, Set<String> scopes) {
        StringBuilder out = new StringBuilder("Bearer resource_metadata=\"")
                .append(oauth.metadataUrl())
                .append('"');
        if (error != null) {
            out.append(", error=\"").append(error).append('"');
        }
        if (description != null) {
            out.append(", error_description=\"")
                    .append(description.replace('"', '\'').replace('\\', '/'))
                    .append('"');
        }
        if (!scopes.isEmpty()) {
            out.append(", scope=\"").append(String.join(" ", scopes)).append('"');
        }
        return out.toString();
    }

    /** 403 {@code insufficient_scope}, naming the scopes to ask the authorization server for. */
    private static Reply insufficientScope(
            OAuthResourceServer oauth, Object id, Set<String> missing, Set<String> ask, String what) {
        String names = String.join(" ", missing);
        String message = what + (missing.size() == 1 ? " " : "s ") + names + ", which the access token does not grant.";
        return Reply.of(403, Dispatcher.error(id, -32003, message).toString())
                .with("WWW-Authenticate", challenge(oauth, "insufficient_scope", message, ask));
    }

    private Reply post(Request request, Map<String, List<String>> headers, Caller caller, OAuthResourceServer oauth)
            throws IOException {
        String type = first(headers, "content-type");
        if (type == null
                || !MimeTypes.getContentTypeWithoutCharset(type)
                        .strip()
                        .toLowerCase(Locale.ROOT)
                        .equals("application/json")) {
            return refuse(415, -32600, "Send the JSON-RPC message as Content-Type: application/json.");
        }
        if (!acceptsJson(headers.getOrDefault("accept", List.of()))) {
            return refuse(
                    406,
                    -32600,
                    "This server answers in application/json: accept it (Accept: application/json,"
                            + " text/event-stream).");
        }
        long declared = request.getLength();
        if (declared > options.maxRequestBytes) {
            return refuse(413, -32600, tooLarge());
        }
        byte[] body;
        try (InputStream in = Request.asInputStream(request)) {
            body = in.readNBytes(options.maxRequestBytes + 1);
        }
        request.setAttribute(BODY_READ, Boolean.TRUE);
        if (body.length > options.maxRequestBytes) {
            return refuse(413, -32600, tooLarge());
        }
        JsonNode message;
        try {
            message = Dispatcher.JSON.readTree(body);
        } catch (IOException e) {
            return refuse(400, Dispatcher.PARSE_ERROR, "The body is not JSON.");
        }
        if (message == null || message.isMissingNode()) {
            return refuse(400, Dispatcher.PARSE_ERROR, "The body is empty: send one JSON-RPC message.");
        }
        boolean isRequest = message.isObject() && message.has("method") && message.has("id");
        if (oauth != null
                && isRequest
                && McpSchema.METHOD_TOOLS_CALL.equals(message.path("method").asText())
                && message.path("params").path("name").isTextual()) {
            String tool = message.path("params").path("name").asText();
            Set<String> missing = oauth.missingForTool(caller, tool);
            if (!missing.isEmpty()) {
                return insufficientScope(
                        oauth,
                        Dispatcher.JSON.convertValue(message.get("id"), Object.class),
                        missing,
                        oauth.scopesForTool(tool),
                        "The tool " + tool + " needs the scope");
            }
        }
        boolean initialize = isRequest
                && McpSchema.METHOD_INITIALIZE.equals(message.path("method").asText());
        // 2026-07-28: no session; the standard headers must say what the body says
        boolean modern = isRequest && ModernProtocol.isModern(message);
        if (modern) {
            String mismatch = ModernProtocol.headerProblem(message, name -> first(headers, name));
            if (mismatch != null) {
                return Reply.of(
                        400,
                        Dispatcher.error(
                                        Dispatcher.JSON.convertValue(message.get("id"), Object.class),
                                        ModernProtocol.HEADER_MISMATCH,
                                        mismatch)
                                .toString());
            }
        } else if (isRequest
                && ModernProtocol.VERSION.equals(Optional.ofNullable(first(headers, "mcp-protocol-version"))
                        .map(String::strip)
                        .orElse(null))) {
            return refuse(
                    400,
                    ModernProtocol.HEADER_MISMATCH,
                    "Header mismatch: MCP-Protocol-Version is " + ModernProtocol.VERSION + " but params._meta does"
                            + " not declare it.");
        }
        if (isRequest && !initialize && !modern) {
            String problem = sessionProblem(first(headers, "mcp-session-id"));
            if (problem != null) {
                return refuse(problem.startsWith("No") ? 400 : 404, -32001, problem);
            }
        }
        McpTransportContext context = McpTransportContext.create(Map.of(CALLER, caller));
        Optional<ObjectNode> answer;
        try {
            if (!calls.tryAcquire(options.requestTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return refuse(503, -32000, "Every worker is busy; retry in a few seconds.")
                        .with("Retry-After", "5");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return refuse(503, -32000, "The server is stopping; retry on another instance.");
        }
        try {
            answer = dispatcher.answer(message, context);
        } finally {
            calls.release();
        }
        if (answer.isEmpty()) {
            return Reply.of(202, null);
        }
        ObjectNode response = answer.get();
        if (modern) {
            return Reply.of(modernStatus(response), response.toString());
        }
        Reply reply = Reply.of(response.has("id") && response.get("id").isNull() ? 400 : 200, response.toString());
        return initialize && response.has("result") ? reply.with(SESSION_HEADER, newSession()) : reply;
    }

    /** 2026-07-28's statuses: 400 for its protocol errors, 404 for an unknown method, else 200. */
    private static int modernStatus(ObjectNode response) {
        int code = response.path("error").path("code").asInt(0);
        if (code == ModernProtocol.HEADER_MISMATCH
                || code == ModernProtocol.MISSING_REQUIRED_CLIENT_CAPABILITY
                || code == ModernProtocol.UNSUPPORTED_PROTOCOL_VERSION
                || code == Dispatcher.INVALID_REQUEST) {
            return 400;
        }
        return code == ModernProtocol.METHOD_NOT_FOUND ? 404 : 200;
    }

    private static boolean acceptsJson(List<String> accept) {
        if (accept.isEmpty()) {
            return true;
        }
        for (String header : accept) {
            for (String range : header.split(",")) {
                String media = range.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
                if (media.equals("application/json") || media.equals("application/*") || media.equals("*/*")) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean originAllowed(String origin) {
        String normal = origin.strip().toLowerCase(Locale.ROOT);
        while (normal.endsWith("/")) {
            normal = normal.substring(0, normal.length() - 1);
        }
        if (options.allowedOrigins.contains(normal)) {
            return true;
        }
        try {
            URI uri = new URI(normal);
            return uri.getHost() != null
                    && LOOPBACK.contains(uri.getHost())
                    && ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()));
        } catch (java.net.URISyntaxException e) {
            return false;
        }
    }

    private String tooLarge() {
        return "The request is larger than " + options.maxRequestBytes + " bytes.";
    }

    private static String shorten(String text) {
        String one = text.strip();
        return one.length() <= 40 ? one : one.substring(0, 40) + "…";
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

    /** An expiry and a random nonce, signed: nothing in it depends on the credential. */
    private String newSession() {
        long until = options.clock.millis() + options.sessionTimeout.toMillis();
        byte[] nonce = new byte[16];
        random.nextBytes(nonce);
        String payload = Long.toString(until, 36) + "."
                + Base64.getUrlEncoder().withoutPadding().encodeToString(nonce);
        return payload + "." + sign(payload);
    }

    /** Why a session id is not usable, or null when it is. */
    private String sessionProblem(String session) {
        if (session == null || session.isBlank()) {
            return "No Mcp-Session-Id: send initialize first and then the session id it returned.";
        }
        long until = sessionEnd(session.strip());
        if (until <= options.clock.millis() || ended.containsKey(session.strip())) {
            return "The session has ended: initialize again.";
        }
        return null;
    }

    /** When a well-signed session id ends, or 0 for any other text. */
    private long sessionEnd(String session) {
        int dot = session.lastIndexOf('.');
        if (dot < 0) {
            return 0;
        }
        String payload = session.substring(0, dot);
        if (!MessageDigest.isEqual(
                sign(payload).getBytes(StandardCharsets.US_ASCII),
                session.substring(dot + 1).getBytes(StandardCharsets.US_ASCII))) {
            return 0;
        }
        String[] parts = payload.split("\\.");
        if (parts.length != 2) {
            return 0;
        }
        try {
            return Long.parseLong(parts[0], 36);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** DELETE: this instance refuses the session from now on, until it would have ended anyway. */
    private Reply endSession(String session) {
        String problem = sessionProblem(session);
        if (problem != null) {
            return refuse(problem.startsWith("No") ? 400 : 404, -32001, problem);
        }
        long now = options.clock.millis();
        if (ended.size() > 10_000) {
            ended.values().removeIf(until -> until <= now);
        }
        ended.put(session.strip(), sessionEnd(session.strip()));
        return Reply.of(204, null);
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

    /** The credential's SHA-256, so the rate windows do not hold the token. */
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

    private static Map<String, List<String>> lowerCase(HttpFields fields) {
        Map<String, List<String>> headers = new HashMap<>();
        for (HttpField field : fields) {
            headers.computeIfAbsent(field.getLowerCaseName(), k -> new ArrayList<>())
                    .add(field.getValue());
        }
        Map<String, List<String>> copy = new HashMap<>();
        headers.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        return Map.copyOf(copy);
    }

    private static String first(Map<String, List<String>> headers, String name) {
        List<String> values = headers.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    private static Reply refuse(int status, int code, String message) {
        return Reply.of(status, Dispatcher.error(null, code, message).toString());
    }

    /** Jetty's own refusals (a malformed request line, headers over the limit) in JSON, never HTML. */
    private static final class JsonErrors extends ErrorHandler {
        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            Object status = request.getAttribute(ERROR_STATUS);
            int code = status instanceof Integer s ? s : response.getStatus() > 0 ? response.getStatus() : 500;
            QuarryMcpHttpServer.write(
                    response, callback, refuse(code, -32600, "The HTTP request was refused (" + code + ")."));
            return true;
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
        private Duration idleTimeout = Duration.ofSeconds(30);
        private int maxConnections = 256;
        private int maxHeaderBytes = 16 * 1024;
        private Set<String> allowedOrigins = Set.of();
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

        /**
         * How long a connection may send nothing (half a request header, a body that stalls, a kept-alive
         * idle connection) before it is closed; default 30 s. A waiting connection holds no thread.
         */
        public Builder idleTimeout(Duration timeout) {
            this.idleTimeout = requireNonNull(timeout, "timeout");
            return this;
        }

        /** Connections open at once; more wait in the accept queue. Default 256. */
        public Builder maxConnections(int connections) {
            this.maxConnections = connections;
            return this;
        }

        /**
         * Browser origins (such as {@code https://agents.example.com}) whose requests are served; a request
         * with another {@code Origin} header is 403. Origins on a loopback host are always allowed, and a
         * request without {@code Origin} (not from a browser) is not checked. Default: none.
         */
        public Builder allowedOrigins(java.util.Collection<String> origins) {
            Set<String> normal = new java.util.HashSet<>();
            for (String origin : origins) {
                String o = origin.strip().toLowerCase(Locale.ROOT);
                while (o.endsWith("/")) {
                    o = o.substring(0, o.length() - 1);
                }
                normal.add(o);
            }
            this.allowedOrigins = Set.copyOf(normal);
            return this;
        }

        /** Requests served at once (so at most this many tool calls at once); default 16. */
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
            if (idleTimeout.toMillis() < 1 || requestTimeout.toMillis() < 1 || maxConnections < 1) {
                throw new IllegalArgumentException(
                        "idleTimeout and requestTimeout must be positive, maxConnections at least 1");
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
