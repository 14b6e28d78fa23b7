package io.quarry.springai;

import static java.util.Objects.requireNonNull;

import io.quarry.tool.ToolContext;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Per-request identity for Quarry's tools served over MCP Streamable HTTP by the host's own web server
 * (Spring AI's MCP server starter, {@code spring-ai-starter-mcp-server-webmvc}): the host's {@link
 * Authenticator} maps each request's bearer token (or API-key header) to a tenant and the {@link
 * ToolContext} of its tool calls, as {@code QuarryMcpHttpServer} does on the JDK's server.
 *
 * <p>With an {@link Authenticator} bean, {@link QuarryMcpHttpAutoConfiguration} guards the MCP endpoint
 * ({@code spring.ai.mcp.server.streamable-http.mcp-endpoint}, default {@code /mcp}) with {@link
 * #filter}: no credential or an unknown one is HTTP 401, {@code /mcp/TENANT} with a credential of
 * another tenant HTTP 403, and the tools called in a request run in its caller's context. There is
 * never a default scope: a tool call that reaches the tools without a caller is refused.
 */
public final class QuarryMcpHttp {
    private static final ThreadLocal<Caller> CURRENT = new ThreadLocal<>();
    private static final com.fasterxml.jackson.databind.ObjectMapper MAPPER =
            new com.fasterxml.jackson.databind.ObjectMapper();

    private QuarryMcpHttp() {}

    /** Who sent a request: the tenant its credential belongs to and the context of its tool calls. */
    public record Caller(String tenant, ToolContext context) {
        /** Checks the arguments. */
        public Caller {
            requireNonNull(tenant, "tenant");
            requireNonNull(context, "context");
        }
    }

    /** The host's hook from a request's credential to its caller (a bean). */
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
     * The servlet filter that authenticates every request to the endpoint and its {@code /TENANT}
     * sub-paths (which it forwards to the endpoint) and lets other requests pass.
     *
     * @param authenticator the host's hook
     * @param endpoint the MCP endpoint's path, such as {@code /mcp}
     * @param apiKeyHeader a header that may carry the credential instead of {@code Authorization:
     *     Bearer}, or {@code null}
     */
    public static Filter filter(Authenticator authenticator, String endpoint, String apiKeyHeader) {
        return new AuthenticationFilter(
                requireNonNull(authenticator, "authenticator"), requireNonNull(endpoint, "endpoint"), apiKeyHeader);
    }

    /**
     * The caller of the request being served on this thread (Spring AI runs a servlet server's tool
     * calls on the request's thread), or empty outside such a request.
     */
    public static Optional<Caller> currentCaller() {
        return Optional.ofNullable(CURRENT.get());
    }

    /**
     * The context of a tool call: the current request's caller's when there is one; otherwise the
     * tool context map's ({@link QuarryToolCallbacks#SCOPE}, as a {@code ChatClient} in the same
     * application passes it). A call with neither is refused: with an {@link Authenticator}, a call
     * without an identity never runs unscoped.
     */
    static ToolContext context(Map<String, Object> map) {
        Caller caller = CURRENT.get();
        if (caller != null) {
            return caller.context();
        }
        if (map.get(QuarryToolCallbacks.SCOPE) == null) {
            throw new IllegalStateException("a Quarry tool was called with neither an authenticated MCP request"
                    + " nor " + QuarryToolCallbacks.SCOPE + " in the tool context: refused (no default scope)");
        }
        return QuarryToolCallbacks.context(map);
    }

    private static final class AuthenticationFilter implements Filter {
        private final Authenticator authenticator;
        private final String endpoint;
        private final String apiKeyHeader;

        AuthenticationFilter(Authenticator authenticator, String endpoint, String apiKeyHeader) {
            this.authenticator = authenticator;
            this.endpoint = endpoint.endsWith("/") ? endpoint.substring(0, endpoint.length() - 1) : endpoint;
            this.apiKeyHeader = apiKeyHeader == null || apiKeyHeader.isBlank() ? null : apiKeyHeader;
        }

        @Override
        public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
                throws IOException, ServletException {
            HttpServletRequest request = (HttpServletRequest) req;
            HttpServletResponse response = (HttpServletResponse) res;
            String path =
                    request.getRequestURI().substring(request.getContextPath().length());
            String tenant;
            if (path.equals(endpoint)) {
                tenant = null;
            } else if (path.startsWith(endpoint + "/") && path.indexOf('/', endpoint.length() + 1) < 0) {
                tenant = path.substring(endpoint.length() + 1);
            } else {
                chain.doFilter(req, res);
                return;
            }
            Map<String, List<String>> headers = headers(request);
            String credential = credential(headers);
            if (credential == null) {
                response.addHeader("WWW-Authenticate", "Bearer");
                refuse(
                        response,
                        401,
                        -32001,
                        "No credential: send Authorization: Bearer TOKEN"
                                + (apiKeyHeader == null ? "." : " or " + apiKeyHeader + ": KEY."));
                return;
            }
            Optional<Caller> caller = authenticator.authenticate(credential, headers);
            if (caller.isEmpty()) {
                response.addHeader("WWW-Authenticate", "Bearer error=\"invalid_token\"");
                refuse(response, 401, -32001, "Unknown credential.");
                return;
            }
            if (tenant != null
                    && !tenant.isEmpty()
                    && !tenant.equals(caller.get().tenant())) {
                refuse(response, 403, -32003, "This credential is not for tenant " + tenant + ".");
                return;
            }
            Caller previous = CURRENT.get();
            CURRENT.set(caller.get());
            try {
                if (tenant == null) {
                    chain.doFilter(req, res);
                } else {
                    request.getRequestDispatcher(endpoint).forward(req, res);
                }
            } finally {
                if (previous == null) {
                    CURRENT.remove();
                } else {
                    CURRENT.set(previous);
                }
            }
        }

        private String credential(Map<String, List<String>> headers) {
            String authorization = first(headers, "authorization");
            if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
                String token = authorization.substring(7).strip();
                if (!token.isEmpty()) {
                    return token;
                }
            }
            if (apiKeyHeader != null) {
                String key = first(headers, apiKeyHeader.toLowerCase(Locale.ROOT));
                if (key != null && !key.isBlank()) {
                    return key.strip();
                }
            }
            return null;
        }

        private static Map<String, List<String>> headers(HttpServletRequest request) {
            Map<String, List<String>> headers = new LinkedHashMap<>();
            for (String name : Collections.list(request.getHeaderNames())) {
                headers.computeIfAbsent(name.toLowerCase(Locale.ROOT), n -> new ArrayList<>())
                        .addAll(Collections.list(request.getHeaders(name)));
            }
            headers.replaceAll((k, v) -> List.copyOf(v));
            return Collections.unmodifiableMap(headers);
        }

        private static String first(Map<String, List<String>> headers, String name) {
            List<String> values = headers.get(name);
            return values == null || values.isEmpty() ? null : values.get(0);
        }

        /** A JSON-RPC error with no id, as MCP clients expect from a refused request. */
        private static void refuse(HttpServletResponse response, int status, int code, String message)
                throws IOException {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("jsonrpc", "2.0");
            body.put("id", null);
            body.put("error", Map.of("code", code, "message", message));
            String json = MAPPER.writeValueAsString(body);
            response.setStatus(status);
            response.setContentType("application/json");
            byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
            response.setContentLength(bytes.length);
            response.getOutputStream().write(bytes);
        }
    }
}
