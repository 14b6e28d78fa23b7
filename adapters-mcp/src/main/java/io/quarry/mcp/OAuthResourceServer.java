package io.quarry.mcp;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import io.quarry.mcp.QuarryMcpHttpServer.Authenticator;
import io.quarry.mcp.QuarryMcpHttpServer.Caller;
import io.quarry.store.Scope;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.ToolSupport;
import io.quarry.tool.Toolkit;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.nio.file.Path;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@link QuarryMcpHttpServer} as an OAuth 2.1 resource server: each request's bearer token is a JWT
 * access token of an authorization server, its signature checked against that server's keys (its
 * JWKS, fetched and cached by Nimbus JOSE + JWT), its issuer, audience (this resource), expiry and
 * not-before checked, and its claims mapped to the caller by configuration: one claim names the
 * tenant, one claim per scope key gives that key's value (so the tenant scope comes from the identity
 * provider and nothing a model sends can change it), one claim the user. The server then serves the
 * RFC 9728 protected-resource metadata at {@code /.well-known/oauth-protected-resource}, names it in
 * every 401's {@code WWW-Authenticate}, and answers a request whose token lacks a required scope, or a
 * {@code tools/call} of a tool whose scope the token lacks, with 403 {@code insufficient_scope}.
 *
 * <pre>{@code
 * OAuthResourceServer oauth = OAuthResourceServer.builder(
 *                 URI.create("https://quarry.example.com/mcp"),
 *                 "https://login.example.com/realms/agents",
 *                 URI.create("https://login.example.com/realms/agents/protocol/openid-connect/certs"))
 *         .tenantClaim("org")
 *         .scopeClaim("org_id", "org")
 *         .requiredScopes(List.of("quarry.read"))
 *         .toolScope("run_readonly_sql", "quarry.sql")
 *         .build();
 * QuarryMcpHttpServer server = QuarryMcpHttpServer.builder(toolkit, oauth).port(8080).build().start();
 * }</pre>
 *
 * <p>{@link #read(Path)} reads the same settings from a YAML file ({@code quarry mcp --oauth FILE});
 * docs/deployment.md lists its keys.
 */
public final class OAuthResourceServer implements Authenticator {
    /** The well-known path of RFC 9728's metadata; the resource's own path is appended to it. */
    static final String METADATA_PATH = "/.well-known/oauth-protected-resource";

    private static final Set<JWSAlgorithm> DEFAULT_ALGORITHMS = Set.of(
            JWSAlgorithm.RS256,
            JWSAlgorithm.RS384,
            JWSAlgorithm.RS512,
            JWSAlgorithm.PS256,
            JWSAlgorithm.PS384,
            JWSAlgorithm.PS512,
            JWSAlgorithm.ES256,
            JWSAlgorithm.ES384,
            JWSAlgorithm.ES512);
    /** The keys of the YAML file, in the order docs/deployment.md lists them. */
    static final List<String> KEYS = List.of(
            "resource",
            "issuer",
            "jwks-uri",
            "authorization-servers",
            "tenant-claim",
            "scope-claims",
            "user-claim",
            "required-scopes",
            "tool-scopes",
            "algorithms",
            "clock-skew-seconds");

    private final String resource;
    private final String issuer;
    private final List<String> authorizationServers;
    private final String tenantClaim;
    private final Map<String, String> scopeClaims;
    private final String userClaim;
    private final Set<String> requiredScopes;
    private final Map<String, Set<String>> toolScopes;
    private final Duration clockSkew;
    private final Clock clock;
    private final DefaultJWTProcessor<SecurityContext> processor;

    private OAuthResourceServer(Builder b, JWKSource<SecurityContext> keys) {
        this.resource = b.resource;
        this.issuer = b.issuer;
        this.authorizationServers =
                List.copyOf(b.authorizationServers.isEmpty() ? List.of(b.issuer) : b.authorizationServers);
        this.tenantClaim = b.tenantClaim;
        this.scopeClaims = Map.copyOf(b.scopeClaims);
        this.userClaim = b.userClaim;
        this.requiredScopes = Set.copyOf(b.requiredScopes);
        Map<String, Set<String>> tools = new LinkedHashMap<>();
        b.toolScopes.forEach((tool, scopes) -> tools.put(tool, Set.copyOf(scopes)));
        this.toolScopes = Map.copyOf(tools);
        this.clockSkew = b.clockSkew;
        this.clock = b.clock;
        DefaultJWTProcessor<SecurityContext> p = new DefaultJWTProcessor<>();
        // RFC 9068's at+jwt, plain JWT, or none: never an ID token's confusion with an encrypted one
        p.setJWSTypeVerifier(
                new DefaultJOSEObjectTypeVerifier<>(JOSEObjectType.JWT, new JOSEObjectType("at+jwt"), null));
        p.setJWSKeySelector(new JWSVerificationKeySelector<>(Set.copyOf(b.algorithms), keys));
        p.setJWTClaimsSetVerifier((claims, context) -> {}); // checked in claimsProblem, with messages of ours
        this.processor = p;
    }

    /**
     * A builder.
     *
     * @param resource this server's public URL (such as {@code https://quarry.example.com/mcp}): the
     *     audience every token must name, and the {@code resource} of the metadata
     * @param issuer the authorization server's issuer, which every token's {@code iss} must equal
     * @param jwksUri where the authorization server publishes its signing keys
     */
    public static Builder builder(URI resource, String issuer, URI jwksUri) {
        return new Builder(
                requireNonNull(resource, "resource").toString(),
                requireNonNull(issuer, "issuer"),
                requireNonNull(jwksUri, "jwksUri"));
    }

    /**
     * The settings of a YAML (or JSON) file; docs/deployment.md lists the keys.
     *
     * @throws IllegalArgumentException when the file cannot be read or a key is missing, unknown or of
     *     the wrong kind; the message names the file and the key
     */
    public static OAuthResourceServer read(Path file) {
        return read(file, Clock.systemUTC());
    }

    /** {@link #read(Path)} with the clock that checks expiry (for tests). */
    static OAuthResourceServer read(Path file, Clock clock) {
        JsonNode root;
        try {
            root = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
        } catch (IOException e) {
            String message = String.valueOf(e.getMessage());
            throw new IllegalArgumentException("cannot read the OAuth file " + file + ": "
                    + message.lines().findFirst().orElse(message));
        }
        String where = "the OAuth file " + file;
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(where + " must be a map of " + String.join(", ", KEYS));
        }
        for (Map.Entry<String, JsonNode> field : root.properties()) {
            if (!KEYS.contains(field.getKey())) {
                List<String> near = ToolSupport.nearest(field.getKey(), KEYS, 1);
                throw new IllegalArgumentException(where + ": unknown key '" + field.getKey() + "'"
                        + (near.isEmpty() ? "" : " (did you mean '" + near.get(0) + "'?)")
                        + "; the keys are " + String.join(", ", KEYS));
            }
        }
        Builder b =
                builder(uri(root, "resource", where), text(root, "issuer", where, true), uri(root, "jwks-uri", where));
        b.authorizationServers(texts(root, "authorization-servers", where));
        b.tenantClaim(text(root, "tenant-claim", where, true));
        JsonNode claims = root.get("scope-claims");
        if (claims == null || !claims.isObject() || claims.isEmpty()) {
            throw new IllegalArgumentException(where + ": 'scope-claims' must be a non-empty map from each scope"
                    + " key to the claim that gives its value, such as {org_id: org}");
        }
        claims.properties().forEach(e -> {
            if (!e.getValue().isTextual() || e.getValue().asText().isBlank()) {
                throw new IllegalArgumentException(where + ": scope-claims." + e.getKey() + " must name a claim, not "
                        + Dispatcher.kind(e.getValue()));
            }
            b.scopeClaim(e.getKey(), e.getValue().asText());
        });
        String user = text(root, "user-claim", where, false);
        if (user != null) {
            b.userClaim(user);
        }
        b.requiredScopes(texts(root, "required-scopes", where));
        JsonNode tools = root.get("tool-scopes");
        if (tools != null && !tools.isNull()) {
            if (!tools.isObject()) {
                throw new IllegalArgumentException(where + ": 'tool-scopes' must be a map from a tool's name to"
                        + " the scope (or list of scopes) a call of it needs");
            }
            for (Map.Entry<String, JsonNode> e : tools.properties()) {
                JsonNode v = e.getValue();
                List<String> scopes =
                        v.isTextual() ? List.of(v.asText()) : texts(tools, e.getKey(), where + ": tool-scopes");
                if (scopes.isEmpty() || scopes.stream().anyMatch(String::isBlank)) {
                    throw new IllegalArgumentException(
                            where + ": tool-scopes." + e.getKey() + " must be a scope or a non-empty list of scopes");
                }
                scopes.forEach(s -> b.toolScope(e.getKey(), s));
            }
        }
        List<String> algorithms = texts(root, "algorithms", where);
        if (!algorithms.isEmpty()) {
            try {
                b.algorithms(algorithms);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": " + e.getMessage());
            }
        }
        JsonNode skew = root.get("clock-skew-seconds");
        if (skew != null && !skew.isNull()) {
            if (!skew.isIntegralNumber() || skew.asLong() < 0 || skew.asLong() > 600) {
                throw new IllegalArgumentException(
                        where + ": 'clock-skew-seconds' must be a whole number of" + " seconds from 0 to 600");
            }
            b.clockSkew(Duration.ofSeconds(skew.asLong()));
        }
        b.clock(clock);
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage());
        }
    }

    private static URI uri(JsonNode root, String key, String where) {
        String text = text(root, key, where, true);
        try {
            URI uri = new URI(text);
            if (uri.getScheme() == null || uri.getHost() == null) {
                throw new java.net.URISyntaxException(text, "not an absolute http(s) URL");
            }
            return uri;
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException(where + ": '" + key + "' must be an absolute URL, not " + text);
        }
    }

    private static String text(JsonNode root, String key, String where, boolean required) {
        JsonNode v = root.get(key);
        if (v == null || v.isNull()) {
            if (required) {
                throw new IllegalArgumentException(where + " needs '" + key + "'");
            }
            return null;
        }
        if (!v.isTextual() || v.asText().isBlank()) {
            throw new IllegalArgumentException(
                    where + ": '" + key + "' must be a non-empty text, not " + Dispatcher.kind(v));
        }
        return v.asText().strip();
    }

    private static List<String> texts(JsonNode root, String key, String where) {
        JsonNode v = root.get(key);
        if (v == null || v.isNull()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        if (v.isArray()) {
            for (JsonNode item : v) {
                if (!item.isTextual() || item.asText().isBlank()) {
                    out = null;
                    break;
                }
                out.add(item.asText().strip());
            }
        } else {
            out = null;
        }
        if (out == null) {
            throw new IllegalArgumentException(where + ": '" + key + "' must be a list of non-empty texts");
        }
        return out;
    }

    /** The resource (this server's public URL) tokens must name as their audience. */
    public String resource() {
        return resource;
    }

    /** Where this resource's RFC 9728 metadata is: the well-known path, then the resource's path. */
    String metadataUrl() {
        URI uri = URI.create(resource);
        String path = uri.getRawPath() == null || uri.getRawPath().equals("/") ? "" : uri.getRawPath();
        return uri.getScheme() + "://" + uri.getRawAuthority() + METADATA_PATH + path;
    }

    /** RFC 9728's protected-resource metadata of this resource. */
    ObjectNode metadata() {
        ObjectNode out = Dispatcher.JSON.createObjectNode();
        out.put("resource", resource);
        ArrayNode servers = out.putArray("authorization_servers");
        authorizationServers.forEach(servers::add);
        Set<String> scopes = new TreeSet<>(requiredScopes);
        toolScopes.values().forEach(scopes::addAll);
        ArrayNode supported = out.putArray("scopes_supported");
        scopes.forEach(supported::add);
        out.putArray("bearer_methods_supported").add("header");
        out.put("resource_name", "Quarry");
        return out;
    }

    /** The scopes a request must carry (every request), sorted. */
    Set<String> requiredScopes() {
        return new TreeSet<>(requiredScopes);
    }

    /** The scopes this caller lacks to call the tool, empty when it may (or the tool needs none). */
    Set<String> missingForTool(Caller caller, String tool) {
        Set<String> missing = new TreeSet<>(toolScopes.getOrDefault(tool, Set.of()));
        missing.removeAll(caller.grants());
        return missing;
    }

    /**
     * Every scope a call of this tool needs (the required ones and the tool's own), sorted: what a 403
     * asks the client to request, so a token for it keeps what the client had (MCP's scope challenge).
     */
    Set<String> scopesForTool(String tool) {
        Set<String> all = new TreeSet<>(requiredScopes);
        all.addAll(toolScopes.getOrDefault(tool, Set.of()));
        return all;
    }

    /** The scopes this caller lacks to send any request. */
    Set<String> missingForRequest(Caller caller) {
        Set<String> missing = new TreeSet<>(requiredScopes);
        missing.removeAll(caller.grants());
        return missing;
    }

    @Override
    public Optional<Caller> authenticate(String credential, Map<String, List<String>> headers) {
        return verify(credential).caller();
    }

    /** What a token's check found: its caller, or why it was refused and whether to retry later. */
    record Verdict(Optional<Caller> caller, String problem, boolean unavailable) {
        static Verdict refused(String problem) {
            return new Verdict(Optional.empty(), problem, false);
        }
    }

    /** Checks a bearer token; never throws for anything the token holds. */
    Verdict verify(String token) {
        if (token.chars().filter(c -> c == '.').count() != 2) {
            return Verdict.refused("the token is not a signed JWT");
        }
        JWTClaimsSet claims;
        try {
            claims = processor.process(token, null);
        } catch (com.nimbusds.jose.jwk.source.RateLimitReachedException e) {
            // an unknown key id asked for the keys again within 30 s: no key of the issuer signed it
            return Verdict.refused("the token's signature does not verify with the issuer's keys");
        } catch (KeySourceException e) {
            return new Verdict(Optional.empty(), "the issuer's keys cannot be read now; retry later", true);
        } catch (ParseException e) {
            return Verdict.refused("the token is not a signed JWT");
        } catch (BadJOSEException e) {
            return Verdict.refused(badSignature(e));
        } catch (com.nimbusds.jose.JOSEException | RuntimeException e) {
            return Verdict.refused("the token's signature cannot be checked");
        }
        String problem = claimsProblem(claims);
        if (problem != null) {
            return Verdict.refused(problem);
        }
        Object tenant = claims.getClaim(tenantClaim);
        String tenantText = scalar(tenant);
        if (tenantText == null) {
            return Verdict.refused("the token's claim '" + tenantClaim + "' (the tenant) must be one text or number");
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : new java.util.TreeMap<>(scopeClaims).entrySet()) {
            String value = scalar(claims.getClaim(e.getValue()));
            if (value == null) {
                return Verdict.refused("the token's claim '" + e.getValue() + "' (scope " + e.getKey()
                        + ") must be one text or number");
            }
            values.put(e.getKey(), value);
        }
        String user = scalar(claims.getClaim(userClaim));
        ToolContext context = ToolContext.builder()
                .scope(new Scope(values))
                .user(user)
                .clock(clock)
                .build();
        return new Verdict(Optional.of(new Caller(tenantText, context, grants(claims))), null, false);
    }

    private static String badSignature(BadJOSEException e) {
        String message = String.valueOf(e.getMessage());
        if (message.contains("type")) {
            return "the token's typ is not JWT or at+jwt";
        }
        if (message.contains("key") || message.contains("Signed JWT rejected")) {
            return "the token's signature does not verify with the issuer's keys (or its alg is not accepted)";
        }
        return "the token was refused";
    }

    /** What is wrong with the claims every token must have right, or null. */
    private String claimsProblem(JWTClaimsSet claims) {
        if (!issuer.equals(claims.getIssuer())) {
            return "the token's issuer (iss) is not " + issuer;
        }
        List<String> audience = claims.getAudience();
        if (audience == null || !audience.contains(resource)) {
            return "the token is not for this resource: its audience (aud) must include " + resource;
        }
        Instant now = clock.instant();
        Date exp = claims.getExpirationTime();
        if (exp == null) {
            return "the token has no expiry (exp)";
        }
        if (!exp.toInstant().plus(clockSkew).isAfter(now)) {
            return "the token expired at " + exp.toInstant();
        }
        Date nbf = claims.getNotBeforeTime();
        if (nbf != null && nbf.toInstant().minus(clockSkew).isAfter(now)) {
            return "the token is not valid before " + nbf.toInstant();
        }
        return null;
    }

    /** One text or whole number as text, else null (no list, map, blank or wildcard). */
    private static String scalar(Object value) {
        if (value instanceof String s) {
            return s.isBlank() || s.strip().equals("*") ? null : s;
        }
        if (value instanceof Long || value instanceof Integer) {
            return value.toString();
        }
        return null;
    }

    /** The OAuth scopes of a token: {@code scope} (space-separated, RFC 9068) or {@code scp}. */
    private static Set<String> grants(JWTClaimsSet claims) {
        Set<String> out = new LinkedHashSet<>();
        for (String name : List.of("scope", "scp")) {
            Object v = claims.getClaim(name);
            if (v instanceof String s) {
                for (String part : s.strip().split("\\s+")) {
                    if (!part.isEmpty()) {
                        out.add(part);
                    }
                }
            } else if (v instanceof Collection<?> list) {
                list.forEach(item -> {
                    if (item instanceof String s && !s.isBlank()) {
                        out.add(s.strip());
                    }
                });
            }
        }
        return out;
    }

    /**
     * Refuses at start what this toolkit cannot serve: a tool in {@code tool-scopes} it does not have,
     * or a scope key its store has no column for.
     *
     * @throws IllegalArgumentException naming the key
     */
    void check(Toolkit toolkit) {
        List<String> names =
                toolkit.tools().stream().map(io.quarry.tool.Tool::name).toList();
        for (String tool : new TreeSet<>(toolScopes.keySet())) {
            if (!names.contains(tool)) {
                List<String> near = ToolSupport.nearest(tool, names, 1);
                throw new IllegalArgumentException("tool-scopes: no tool '" + tool + "'"
                        + (near.isEmpty() ? "" : " (did you mean '" + near.get(0) + "'?)")
                        + "; the tools are " + String.join(", ", names));
            }
        }
        if (!names.contains("get_database_schema")) {
            return;
        }
        Map<String, String> placeholder = new LinkedHashMap<>();
        scopeClaims.keySet().forEach(k -> placeholder.put(k, "quarry-start-check"));
        ToolResult result;
        try {
            result = toolkit.call(
                    "get_database_schema",
                    Dispatcher.JSON.createObjectNode(),
                    ToolContext.builder().scope(new Scope(placeholder)).build());
        } catch (RuntimeException e) {
            result = ToolResult.internalError();
        }
        if (result.isError() && result.json().at("/error/code").asText().equals("INTERNAL")) {
            throw new IllegalArgumentException("scope-claims: the scope keys " + new TreeSet<>(scopeClaims.keySet())
                    + " cannot be read (does every scope key name a column of the store?)");
        }
    }

    /** Settings of an {@link OAuthResourceServer}. */
    public static final class Builder {
        private final String resource;
        private final String issuer;
        private final URI jwksUri;
        private List<String> authorizationServers = List.of();
        private String tenantClaim;
        private final Map<String, String> scopeClaims = new LinkedHashMap<>();
        private String userClaim = "sub";
        private Set<String> requiredScopes = Set.of();
        private final Map<String, Set<String>> toolScopes = new LinkedHashMap<>();
        private Set<JWSAlgorithm> algorithms = DEFAULT_ALGORITHMS;
        private Duration clockSkew = Duration.ofSeconds(60);
        private Clock clock = Clock.systemUTC();

        private Builder(String resource, String issuer, URI jwksUri) {
            this.resource = resource;
            this.issuer = issuer;
            this.jwksUri = jwksUri;
        }

        /** The authorization servers the metadata names; default the issuer alone. */
        public Builder authorizationServers(List<String> servers) {
            this.authorizationServers = List.copyOf(servers);
            return this;
        }

        /** The claim whose value is the caller's tenant (required). */
        public Builder tenantClaim(String claim) {
            this.tenantClaim = requireNonNull(claim, "claim");
            return this;
        }

        /** The claim whose value is this scope key's value in every call (at least one is required). */
        public Builder scopeClaim(String scopeKey, String claim) {
            scopeClaims.put(requireNonNull(scopeKey, "scopeKey"), requireNonNull(claim, "claim"));
            return this;
        }

        /** The claim whose value is the caller's user; default {@code sub}. */
        public Builder userClaim(String claim) {
            this.userClaim = requireNonNull(claim, "claim");
            return this;
        }

        /** Scopes every request's token must carry (else 403 {@code insufficient_scope}); default none. */
        public Builder requiredScopes(Collection<String> scopes) {
            this.requiredScopes = Set.copyOf(scopes);
            return this;
        }

        /** A scope a token must carry to call this tool (else 403 {@code insufficient_scope}). */
        public Builder toolScope(String tool, String scope) {
            toolScopes
                    .computeIfAbsent(requireNonNull(tool, "tool"), t -> new LinkedHashSet<>())
                    .add(requireNonNull(scope, "scope"));
            return this;
        }

        /** The signature algorithms accepted (JWS names); default the RSA, RSA-PSS and EC ones. */
        public Builder algorithms(Collection<String> names) {
            Set<JWSAlgorithm> parsed = new LinkedHashSet<>();
            for (String name : names) {
                JWSAlgorithm alg = JWSAlgorithm.parse(name.toUpperCase(Locale.ROOT));
                if (!DEFAULT_ALGORITHMS.contains(alg)) { // no HMAC: the key would be a shared secret
                    throw new IllegalArgumentException("algorithms: " + name + " is not accepted; use "
                            + new TreeSet<>(DEFAULT_ALGORITHMS.stream()
                                    .map(JWSAlgorithm::getName)
                                    .toList()));
                }
                parsed.add(alg);
            }
            this.algorithms = Set.copyOf(parsed);
            return this;
        }

        /** How far expiry and not-before may be off; default 60 s. */
        public Builder clockSkew(Duration skew) {
            this.clockSkew = requireNonNull(skew, "skew");
            return this;
        }

        /** The clock expiry is checked with, and of every call's {@link ToolContext} (for tests). */
        public Builder clock(Clock clock) {
            this.clock = requireNonNull(clock, "clock");
            return this;
        }

        /** Builds it; the keys are fetched at the first token and cached (a new key id fetches again). */
        public OAuthResourceServer build() {
            if (tenantClaim == null || tenantClaim.isBlank()) {
                throw new IllegalArgumentException("needs 'tenant-claim': the claim that names the caller's tenant");
            }
            if (scopeClaims.isEmpty()) {
                throw new IllegalArgumentException(
                        "needs 'scope-claims': a scope key and the claim of its value (a token never reads unscoped)");
            }
            URI uri = URI.create(resource);
            if (uri.getScheme() == null || uri.getHost() == null || uri.getRawFragment() != null) {
                throw new IllegalArgumentException(
                        "resource must be an absolute URL without a fragment, was " + resource);
            }
            JWKSource<SecurityContext> source;
            try {
                source = JWKSourceBuilder.<SecurityContext>create(jwksUri.toURL())
                        .retrying(true)
                        .build();
            } catch (MalformedURLException | IllegalArgumentException e) {
                throw new IllegalArgumentException("jwks-uri must be an http(s) URL, was " + jwksUri);
            }
            return new OAuthResourceServer(this, source);
        }
    }
}
