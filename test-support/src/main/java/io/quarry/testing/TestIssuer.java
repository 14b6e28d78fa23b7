package io.quarry.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * An authorization server for tests, on loopback: RSA keys generated here, its JWKS at {@code /jwks},
 * RFC 8414 metadata at {@code /.well-known/oauth-authorization-server}, and a {@code /token} endpoint
 * for the client-credentials grant (client_secret_basic) that grants the requested scopes a client is
 * allowed (all it is allowed when it asks for none; {@code invalid_scope} for more) and signs a JWT
 * access token for the requested resource. {@link #token} mints tokens
 * directly, with any claims and header, for the refusal tests. Shared by quarry-mcp's OAuth tests and
 * the Spring Boot 3.5 and 4 resource-server tests.
 */
public final class TestIssuer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A registered client: its secret, the tenant its tokens name and the scopes it may be granted. */
    public record Client(String secret, String tenant, Set<String> allowed) {}

    private final HttpServer http;
    private final Map<String, Client> clients = new LinkedHashMap<>();
    private volatile RSAKey key;
    private final AtomicInteger keyFetches = new AtomicInteger();
    private final AtomicInteger tokensIssued = new AtomicInteger();

    public TestIssuer() throws IOException {
        key = newKey("k1");
        http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.createContext("/jwks", exchange -> {
            keyFetches.incrementAndGet();
            send(exchange, 200, new JWKSet(key.toPublicJWK()).toString());
        });
        http.createContext("/.well-known/oauth-authorization-server", exchange -> {
            ObjectNode meta = JSON.createObjectNode();
            meta.put("issuer", issuer());
            meta.put("authorization_endpoint", issuer() + "/authorize"); // required by RFC 8414; never used here
            meta.put("token_endpoint", issuer() + "/token");
            meta.put("jwks_uri", jwks().toString());
            meta.putArray("grant_types_supported").add("client_credentials");
            meta.putArray("token_endpoint_auth_methods_supported").add("client_secret_basic");
            meta.putArray("response_types_supported").add("code");
            send(exchange, 200, meta.toString());
        });
        http.createContext("/token", this::token);
        http.start();
    }

    public static RSAKey newKey(String id) {
        try {
            return new RSAKeyGenerator(2048).keyID(id).generate();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    public String issuer() {
        return "http://127.0.0.1:" + http.getAddress().getPort();
    }

    public URI jwks() {
        return URI.create(issuer() + "/jwks");
    }

    /** The key it signs with now. */
    public RSAKey key() {
        return key;
    }

    /** How often the JWKS was fetched. */
    public int keyFetches() {
        return keyFetches.get();
    }

    public int tokensIssued() {
        return tokensIssued.get();
    }

    /** Signs with a new key from now on (the JWKS publishes only it). */
    public void rotate(String id) {
        key = newKey(id);
    }

    public TestIssuer client(String id, String secret, String tenant, String... allowed) {
        clients.put(id, new Client(secret, tenant, Set.of(allowed)));
        return this;
    }

    /** A token of this issuer's current key: the claims a good one has, changed by {@code change}. */
    public String token(String audience, String tenant, String scopes, Consumer<JWTClaimsSet.Builder> change) {
        return token(key, JOSEObjectType.JWT, audience, tenant, scopes, change);
    }

    public String token(
            RSAKey with,
            JOSEObjectType type,
            String audience,
            String tenant,
            String scopes,
            Consumer<JWTClaimsSet.Builder> change) {
        Instant now = Instant.now();
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder()
                .issuer(issuer())
                .audience(audience)
                .subject(tenant + "-user")
                .claim("org", tenant)
                .claim("tenant", tenant)
                .claim("email", tenant + "@example.com")
                .claim("scope", scopes)
                .issueTime(java.util.Date.from(now))
                .expirationTime(java.util.Date.from(now.plusSeconds(300)));
        change.accept(claims);
        SignedJWT jwt = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.RS256)
                        .keyID(with.getKeyID())
                        .type(type)
                        .build(),
                claims.build());
        try {
            jwt.sign(new RSASSASigner(with));
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
        return jwt.serialize();
    }

    private void token(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Map<String, String> form = new LinkedHashMap<>();
        for (String pair : body.split("&")) {
            String[] kv = pair.split("=", 2);
            if (kv.length == 2) {
                form.put(decode(kv[0]), decode(kv[1]));
            }
        }
        String basic = exchange.getRequestHeaders().getFirst("Authorization");
        String[] idSecret = basic != null && basic.startsWith("Basic ")
                ? new String(Base64.getDecoder().decode(basic.substring(6)), StandardCharsets.UTF_8).split(":", 2)
                : new String[] {form.getOrDefault("client_id", ""), form.getOrDefault("client_secret", "")};
        Client client = clients.get(decode(idSecret[0]));
        if (client == null || idSecret.length < 2 || !client.secret().equals(decode(idSecret[1]))) {
            send(exchange, 401, "{\"error\":\"invalid_client\"}");
            return;
        }
        if (!"client_credentials".equals(form.get("grant_type"))) {
            send(exchange, 400, "{\"error\":\"unsupported_grant_type\"}");
            return;
        }
        Set<String> requested =
                new LinkedHashSet<>(List.of(form.getOrDefault("scope", "").split(" ")));
        requested.remove("");
        if (requested.isEmpty()) {
            requested.addAll(new java.util.TreeSet<>(client.allowed())); // none asked for: the client's default
        }
        if (!client.allowed().containsAll(requested)) {
            send(
                    exchange,
                    400,
                    "{\"error\":\"invalid_scope\",\"error_description\":\"not allowed: " + requested + "\"}");
            return;
        }
        String resource = form.get("resource");
        if (resource == null) {
            send(exchange, 400, "{\"error\":\"invalid_target\"}");
            return;
        }
        tokensIssued.incrementAndGet();
        String token =
                token(resource, client.tenant(), String.join(" ", requested), c -> c.subject(decode(idSecret[0])));
        ObjectNode out = JSON.createObjectNode();
        out.put("access_token", token);
        out.put("token_type", "Bearer");
        out.put("expires_in", 300);
        out.put("scope", String.join(" ", requested));
        send(exchange, 200, out.toString());
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    private static void send(HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @Override
    public void close() {
        http.stop(0);
    }
}
