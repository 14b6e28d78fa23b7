package io.quarry.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * MCP 2026-07-28, the stateless revision, as far as Quarry serves it: no {@code initialize}, every
 * request carrying its protocol version and client capabilities in {@code params._meta}, {@code
 * server/discover}, {@code resultType} on every result, {@code ttlMs}/{@code cacheScope} on list
 * results, the {@code Mcp-Method}/{@code Mcp-Name} headers and the errors -32020 to -32022. The MCP
 * Java SDK 2.x speaks 2025-11-25 and earlier only, so the {@link Dispatcher} routes a modern request
 * through these helpers around the SDK's stateless handler; a later SDK that speaks the revision can
 * take this class over. Field names and codes are those of the revision's {@code schema.ts}.
 */
final class ModernProtocol {
    private ModernProtocol() {}

    /** The stateless revision. */
    static final String VERSION = "2026-07-28";
    /** The handshake revisions, oldest first, served as before through {@code initialize}. */
    static final List<String> LEGACY = List.of("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25");
    /** Every revision this server speaks, newest first, as {@code server/discover} lists them. */
    static final List<String> SUPPORTED = supported();

    static final String META_VERSION = "io.modelcontextprotocol/protocolVersion";
    static final String META_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
    static final String META_SERVER = "io.modelcontextprotocol/serverInfo";
    static final String DISCOVER = "server/discover";

    static final int METHOD_NOT_FOUND = -32601;
    static final int HEADER_MISMATCH = -32020;
    static final int MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;
    static final int UNSUPPORTED_PROTOCOL_VERSION = -32022;

    /** How long a client may keep a list result: tools and the schema change with a deployment. */
    static final long LIST_TTL_MS = 300_000;
    /** How long a client may keep the discovery result. */
    static final long DISCOVER_TTL_MS = 3_600_000;

    /** The results the revision makes cacheable ({@code CacheableResult}). */
    private static final Set<String> CACHEABLE =
            Set.of("tools/list", "prompts/list", "resources/list", "resources/read", "resources/templates/list");
    /** Methods of the handshake revisions that 2026-07-28 removed. */
    private static final Set<String> REMOVED =
            Set.of("initialize", "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe");
    /** Methods whose {@code Mcp-Name} header mirrors a field of the params, and that field. */
    private static final Map<String, String> NAMED =
            Map.of("tools/call", "name", "prompts/get", "name", "resources/read", "uri");

    private static List<String> supported() {
        List<String> all = new ArrayList<>(List.of(VERSION));
        for (int i = LEGACY.size() - 1; i >= 0; i--) {
            all.add(LEGACY.get(i));
        }
        return List.copyOf(all);
    }

    /** The protocol version a request's {@code _meta} declares, or null when it declares none. */
    static JsonNode declaredVersion(JsonNode params) {
        if (params == null || !params.isObject()) {
            return null;
        }
        JsonNode meta = params.get("_meta");
        return meta != null && meta.isObject() ? meta.get(META_VERSION) : null;
    }

    /**
     * Whether a request is served by this revision: its {@code _meta} declares a version that is not
     * one of the handshake revisions (2026-07-28, or one this server does not speak, to be refused with
     * -32022), or it is {@code server/discover}, which only this revision has.
     */
    static boolean isModern(JsonNode message) {
        if (message == null || !message.isObject()) {
            return false;
        }
        if (DISCOVER.equals(message.path("method").textValue())) {
            return true;
        }
        JsonNode version = declaredVersion(message.get("params"));
        return version != null && !(version.isTextual() && LEGACY.contains(version.textValue()));
    }

    /** Why a modern request cannot be served before it reaches a handler, as an error response, or null. */
    static ObjectNode problem(Object id, String method, JsonNode params) {
        JsonNode version = declaredVersion(params);
        if (version == null && !DISCOVER.equals(method)) {
            return Dispatcher.error(
                    id, Dispatcher.INVALID_PARAMS, "Send params._meta[\"" + META_VERSION + "\"]: \"" + VERSION + "\".");
        }
        if (version != null && !(version.isTextual() && VERSION.equals(version.textValue()))) {
            return unsupported(id, version.isTextual() ? version.textValue() : version.toString());
        }
        JsonNode capabilities = params == null ? null : params.path("_meta").get(META_CAPABILITIES);
        if (capabilities != null && !capabilities.isObject()) {
            return Dispatcher.error(
                    id,
                    Dispatcher.INVALID_PARAMS,
                    "_meta[\"" + META_CAPABILITIES + "\"] must be an object ({} for none), not "
                            + Dispatcher.kind(capabilities) + ".");
        }
        if (REMOVED.contains(method)) {
            return Dispatcher.error(
                    id,
                    METHOD_NOT_FOUND,
                    method + " is not part of " + VERSION + ": send each request with its _meta (call " + DISCOVER
                            + " to learn what this server speaks).");
        }
        return null;
    }

    /** {@code UnsupportedProtocolVersionError}: the versions this server speaks and the one requested. */
    static ObjectNode unsupported(Object id, String requested) {
        return unsupported(id, requested, "protocol version");
    }

    /** {@link #unsupported(Object, String)} naming where the version came from (such as the header). */
    static ObjectNode unsupported(Object id, String requested, String what) {
        ObjectNode error = Dispatcher.error(
                id,
                UNSUPPORTED_PROTOCOL_VERSION,
                "Unsupported " + what + " " + shorten(requested) + ": this server speaks "
                        + String.join(", ", SUPPORTED) + ".");
        ObjectNode data = ((ObjectNode) error.get("error")).putObject("data");
        ArrayNode supported = data.putArray("supported");
        SUPPORTED.forEach(supported::add);
        data.put("requested", requested);
        return error;
    }

    /** The {@code server/discover} result. */
    static ObjectNode discover(Object id, ObjectNode capabilities) {
        ObjectNode result = Dispatcher.JSON.createObjectNode();
        ArrayNode versions = result.putArray("supportedVersions");
        SUPPORTED.forEach(versions::add);
        result.set("capabilities", capabilities);
        result.put("instructions", QuarryMcpServer.INSTRUCTIONS);
        result.put("ttlMs", DISCOVER_TTL_MS);
        // nothing in it depends on the caller
        result.put("cacheScope", "public");
        return response(id, complete(result));
    }

    /** A successful response of the SDK made a result of this revision: resultType, serverInfo, caching. */
    static ObjectNode modernize(ObjectNode response, String method) {
        JsonNode result = response.get("result");
        if (result instanceof ObjectNode out) {
            complete(out);
            if (CACHEABLE.contains(method)) {
                out.put("ttlMs", LIST_TTL_MS);
                // the lists are the same for every caller of an instance, but resources and prompts
                // answer in the caller's scope: never shared across credentials
                out.put("cacheScope", "private");
            }
        }
        JsonNode error = response.get("error");
        if (error instanceof ObjectNode e && e.path("code").asInt() == -32002) {
            e.put("code", Dispatcher.INVALID_PARAMS); // resource not found is -32602 in this revision
        }
        return response;
    }

    private static ObjectNode complete(ObjectNode result) {
        result.put("resultType", "complete");
        JsonNode meta = result.get("_meta");
        ObjectNode own = meta instanceof ObjectNode m ? m : result.putObject("_meta");
        own.putObject(META_SERVER).put("name", QuarryMcpServer.NAME).put("version", QuarryMcpServer.VERSION);
        return result;
    }

    private static ObjectNode response(Object id, ObjectNode result) {
        ObjectNode out = Dispatcher.JSON.createObjectNode();
        out.put("jsonrpc", "2.0");
        out.set("id", Dispatcher.JSON.valueToTree(id));
        out.set("result", result);
        return out;
    }

    /**
     * Why the standard headers of a modern HTTP request do not match its body, or null when they do:
     * {@code MCP-Protocol-Version} as the body's {@code _meta} version, {@code Mcp-Method} as its method,
     * {@code Mcp-Name} as the tool's or prompt's name or the resource's URI (decoded from the {@code
     * =?base64?…?=} form).
     *
     * @param header the value of a request header by its lower-case name, or null when absent
     */
    static String headerProblem(JsonNode message, java.util.function.Function<String, String> header) {
        String method = message.path("method").textValue();
        JsonNode params = message.get("params");
        JsonNode declared = declaredVersion(params);
        String version = header.apply("mcp-protocol-version");
        String body = declared != null && declared.isTextual() ? declared.textValue() : null;
        if (version == null && body != null) {
            return "Send the MCP-Protocol-Version header: " + shorten(body) + ", as in _meta.";
        }
        if (version != null && body != null && !version.strip().equals(body)) {
            return "Header mismatch: MCP-Protocol-Version " + shorten(version) + " is not the _meta version "
                    + shorten(body) + ".";
        }
        String sentMethod = header.apply("mcp-method");
        if (sentMethod == null) {
            return "Send the Mcp-Method header: " + shorten(method) + ".";
        }
        if (!sentMethod.strip().equals(method)) {
            return "Header mismatch: Mcp-Method " + shorten(sentMethod) + " is not the body's method " + shorten(method)
                    + ".";
        }
        String field = NAMED.get(method);
        if (field != null) {
            String name = params == null ? null : params.path(field).textValue();
            String sentName = header.apply("mcp-name");
            if (sentName == null) {
                return "Send the Mcp-Name header: the params' " + field + ".";
            }
            String decoded = decode(sentName.strip());
            if (decoded == null || !decoded.equals(name)) {
                return "Header mismatch: Mcp-Name " + shorten(sentName) + " is not the params' " + field + ".";
            }
        }
        return null;
    }

    /** A header value in the {@code =?base64?…?=} form decoded, a plain one as it is, or null if malformed. */
    static String decode(String value) {
        if (value.startsWith("=?base64?") && value.endsWith("?=") && value.length() >= 11) {
            try {
                return new String(
                        Base64.getDecoder().decode(value.substring(9, value.length() - 2)), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
        return value;
    }

    static String shorten(String text) {
        String one = text == null ? "" : text.strip();
        return one.length() <= 40 ? one : one.substring(0, 40) + "…";
    }
}
