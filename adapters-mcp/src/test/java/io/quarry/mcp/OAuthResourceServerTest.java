package io.quarry.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jwt.SignedJWT;
import io.quarry.mcp.QuarryMcpHttpServer.Caller;
import io.quarry.store.Scope;
import io.quarry.testing.Demo;
import io.quarry.testing.TestIssuer;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The HTTP server as an OAuth 2.1 resource server, over real HTTP, with JWTs signed by keys generated
 * here and a JWKS served by a local authorization server ({@link TestIssuer}): each way a token can be
 * wrong refused with 401 and what is wrong, RFC 9728 metadata, 403 {@code insufficient_scope} for a
 * required and a tool's scope, two tenants' tokens reading only their own objects, the claims in the
 * call's context, and every key of the OAuth file.
 */
class OAuthResourceServerTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static TestIssuer issuer;
    private static OAuthResourceServer oauth;
    private static QuarryMcpHttpServer server;
    private static io.quarry.tool.Toolkit toolkit;
    private static String resource;
    private static int port;

    @BeforeAll
    static void start() throws IOException {
        issuer = new TestIssuer();
        port = freePort();
        resource = "http://127.0.0.1:" + port + "/mcp";
        // every key of the file, so each test below exercises one
        oauth = OAuthResourceServer.read(
                file("""
                resource: %s
                issuer: %s
                jwks-uri: %s
                authorization-servers: [%s, https://login.example.com]
                tenant-claim: tenant
                scope-claims: {org_id: org}
                user-claim: email
                required-scopes: [quarry.read]
                tool-scopes: {aggregate_graph_objects: quarry.aggregate, get_project_graph: [quarry.graph, quarry.aggregate]}
                algorithms: [RS256]
                clock-skew-seconds: 30
                """.formatted(resource, issuer.issuer(), issuer.jwks(), issuer.issuer())));
        toolkit = Demo.toolkit("mcp-oauth-test");
        server = QuarryMcpHttpServer.builder(toolkit, oauth).port(port).build().start();
    }

    @AfterAll
    static void stop() {
        server.close();
        issuer.close();
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static Path file(String yaml) throws IOException {
        Path file = Files.createTempFile("quarry-oauth-", ".yaml");
        file.toFile().deleteOnExit();
        Files.writeString(file, yaml);
        return file;
    }

    private static String good(String tenant, String scopes) {
        return issuer.token(resource, tenant, scopes, c -> {});
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "an opaque token                 | the token is not a signed JWT",
                "another issuer                  | the token's issuer (iss) is not ISSUER",
                "another audience                | the token is not for this resource: its audience (aud) must include RESOURCE",
                "no audience                     | the token is not for this resource: its audience (aud) must include RESOURCE",
                "expired beyond the clock skew   | the token expired at",
                "not valid for two minutes yet   | the token is not valid before",
                "no expiry                       | the token has no expiry (exp)",
                "signed by a key not in the JWKS | the token's signature does not verify with the issuer's keys",
                "another key under the same kid  | the token's signature does not verify with the issuer's keys",
                "PS256, not in algorithms        | the token's signature does not verify with the issuer's keys",
                "HS256 with the public key       | the token's signature does not verify with the issuer's keys",
                "alg none                        | the token was refused",
                "typ id+jwt                      | the token's typ is not JWT or at+jwt",
                "no tenant claim                 | the token's claim 'tenant' (the tenant) must be one text or number",
                "a list as tenant                | the token's claim 'tenant' (the tenant) must be one text or number",
                "no scope claim                  | the token's claim 'org' (scope org_id) must be one text or number",
                "a wildcard scope value          | the token's claim 'org' (scope org_id) must be one text or number",
                "an empty scope value            | the token's claim 'org' (scope org_id) must be one text or number",
            })
    void everyWrongTokenIs401WithWhatIsWrong(String name, String problem) throws Exception {
        String token = wrong(name.strip());
        HttpResponse<String> response = send(initialize(), token, "/mcp");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(401);
        String expected = problem.strip().replace("ISSUER", issuer.issuer()).replace("RESOURCE", resource);
        assertThat(message(response)).startsWith("The access token was refused: " + expected);
        assertThat(response.headers().firstValue("WWW-Authenticate").orElseThrow())
                .startsWith("Bearer resource_metadata=\"" + metadataUrl() + "\", error=\"invalid_token\","
                        + " error_description=\"" + expected);
    }

    private static String wrong(String name) throws JOSEException, java.text.ParseException {
        Instant now = Instant.now();
        return switch (name) {
            case "an opaque token" -> "acme-token";
            case "another issuer" ->
                issuer.token(resource, "acme", "quarry.read", c -> c.issuer("https://evil.example"));
            case "another audience" -> issuer.token("http://127.0.0.1:1/mcp", "acme", "quarry.read", c -> {});
            case "no audience" -> issuer.token(resource, "acme", "quarry.read", c -> c.audience((String) null));
            case "expired beyond the clock skew" ->
                issuer.token(resource, "acme", "quarry.read", c -> c.expirationTime(Date.from(now.minusSeconds(45))));
            case "not valid for two minutes yet" ->
                issuer.token(resource, "acme", "quarry.read", c -> c.notBeforeTime(Date.from(now.plusSeconds(120))));
            case "no expiry" -> issuer.token(resource, "acme", "quarry.read", c -> c.expirationTime(null));
            case "signed by a key not in the JWKS" ->
                issuer.token(TestIssuer.newKey("other"), JOSEObjectType.JWT, resource, "acme", "quarry.read", c -> {});
            case "another key under the same kid" ->
                issuer.token(TestIssuer.newKey("k1"), JOSEObjectType.JWT, resource, "acme", "quarry.read", c -> {});
            case "PS256, not in algorithms" -> resign(good("acme", "quarry.read"), JWSAlgorithm.PS256);
            case "HS256 with the public key" -> {
                SignedJWT jwt = new SignedJWT(
                        new JWSHeader.Builder(JWSAlgorithm.HS256).keyID("k1").build(),
                        SignedJWT.parse(good("acme", "quarry.read")).getJWTClaimsSet());
                jwt.sign(new MACSigner(jwksText().getBytes(StandardCharsets.UTF_8)));
                yield jwt.serialize();
            }
            case "alg none" -> {
                String[] parts = good("acme", "quarry.read").split("\\.");
                yield Base64.getUrlEncoder()
                                .withoutPadding()
                                .encodeToString("{\"alg\":\"none\"}".getBytes(StandardCharsets.UTF_8))
                        + "." + parts[1] + ".";
            }
            case "typ id+jwt" ->
                issuer.token(currentKey(), new JOSEObjectType("id+jwt"), resource, "acme", "quarry.read", c -> {});
            case "no tenant claim" -> issuer.token(resource, "acme", "quarry.read", c -> c.claim("tenant", null));
            case "a list as tenant" ->
                issuer.token(resource, "acme", "quarry.read", c -> c.claim("tenant", List.of("acme", "globex")));
            case "no scope claim" -> issuer.token(resource, "acme", "quarry.read", c -> c.claim("org", null));
            case "a wildcard scope value" -> issuer.token(resource, "acme", "quarry.read", c -> c.claim("org", "*"));
            case "an empty scope value" -> issuer.token(resource, "acme", "quarry.read", c -> c.claim("org", " "));
            default -> throw new IllegalArgumentException(name);
        };
    }

    private static com.nimbusds.jose.jwk.RSAKey spare;

    /** A key the issuer does not publish, under its key id k1 (generated once: it takes a while). */
    private static synchronized com.nimbusds.jose.jwk.RSAKey spare() {
        if (spare == null) {
            spare = TestIssuer.newKey("k1");
        }
        return spare;
    }

    private static com.nimbusds.jose.jwk.RSAKey currentKey() {
        return issuer.key();
    }

    private static String resign(String token, JWSAlgorithm alg) {
        try {
            SignedJWT jwt = new SignedJWT(
                    new JWSHeader.Builder(alg)
                            .keyID("k1")
                            .type(JOSEObjectType.JWT)
                            .build(),
                    SignedJWT.parse(token).getJWTClaimsSet());
            jwt.sign(new RSASSASigner(currentKey()));
            return jwt.serialize();
        } catch (JOSEException | java.text.ParseException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String jwksText() {
        try {
            return HTTP.send(HttpRequest.newBuilder(issuer.jwks()).build(), HttpResponse.BodyHandlers.ofString())
                    .body();
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aTokenExpiredWithinTheClockSkewIsStillServed() throws Exception {
        String token = issuer.token(
                resource,
                "acme",
                "quarry.read",
                c -> c.expirationTime(Date.from(Instant.now().minusSeconds(10))));
        assertThat(send(initialize(), token, "/mcp").statusCode()).isEqualTo(200);
    }

    @Test
    void withoutATokenThe401NamesTheMetadataAndTheRequiredScope() throws Exception {
        HttpResponse<String> response = send(initialize(), null, "/mcp");
        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().firstValue("WWW-Authenticate"))
                .hasValue("Bearer resource_metadata=\"" + metadataUrl() + "\", scope=\"quarry.read\"");
        // refused before its body was read, so the client opens a new connection for the next request
        assertThat(response.headers().firstValue("Connection")).hasValue("close");
    }

    @Test
    void theProtectedResourceMetadataIsServedAtBothWellKnownPaths() throws Exception {
        String expected = "{\"resource\":\"" + resource + "\",\"authorization_servers\":[\"" + issuer.issuer()
                + "\",\"https://login.example.com\"],\"scopes_supported\":[\"quarry.aggregate\",\"quarry.graph\","
                + "\"quarry.read\"],\"bearer_methods_supported\":[\"header\"],\"resource_name\":\"Quarry\"}";
        for (String path :
                List.of("/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource")) {
            HttpResponse<String> response = HTTP.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
            assertThat(response.body()).isEqualTo(expected);
        }
        HttpResponse<String> post = HTTP.send(
                HttpRequest.newBuilder(URI.create(metadataUrl()))
                        .POST(HttpRequest.BodyPublishers.ofString("{}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(post.statusCode()).isEqualTo(405);
    }

    @Test
    void aTokenWithoutTheRequiredScopeIs403InsufficientScope() throws Exception {
        HttpResponse<String> response = send(initialize(), good("acme", "openid profile"), "/mcp");
        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(message(response))
                .isEqualTo("This server needs the scope quarry.read, which the access token does not grant.");
        assertThat(response.headers().firstValue("WWW-Authenticate").orElseThrow())
                .startsWith("Bearer resource_metadata=\"" + metadataUrl() + "\", error=\"insufficient_scope\"")
                .endsWith(", scope=\"quarry.read\"");
    }

    @Test
    void aToolsScopeIsNeededToCallIt() throws Exception {
        String reader = good("acme", "quarry.read");
        String aggregate = "{\"type\":\"Project\",\"group_by\":\"status\",\"metrics\":[{\"op\":\"count\"}]}";
        HttpResponse<String> refused = send(call("aggregate_graph_objects", aggregate), reader, "/mcp");
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(Dispatcher.JSON.readTree(refused.body()).path("id").asInt()).isEqualTo(2);
        assertThat(message(refused))
                .isEqualTo("The tool aggregate_graph_objects needs the scope quarry.aggregate, which the access"
                        + " token does not grant.");
        assertThat(refused.headers().firstValue("WWW-Authenticate").orElseThrow())
                .contains("error=\"insufficient_scope\"")
                .endsWith(", scope=\"quarry.aggregate quarry.read\""); // all the call needs, the granted one too
        // a tool with two scopes names the ones missing
        HttpResponse<String> graph =
                send(call("get_project_graph", "{}"), good("acme", "quarry.read quarry.aggregate"), "/mcp");
        assertThat(graph.statusCode()).isEqualTo(403);
        assertThat(graph.headers().firstValue("WWW-Authenticate").orElseThrow())
                .endsWith(", scope=\"quarry.aggregate quarry.graph quarry.read\"");

        // without a scope of its own, a tool needs only the required one; with it, the tool runs
        assertThat(result(call("query_graph_objects", "{\"type\":\"Project\",\"limit\":1}"), reader)
                        .path("isError")
                        .asBoolean())
                .isFalse();
        JsonNode counted =
                result(call("aggregate_graph_objects", aggregate), good("acme", "quarry.read quarry.aggregate"));
        assertThat(counted.path("isError").asBoolean()).as(counted.toString()).isFalse();
    }

    @Test
    void eachTenantsTokenReadsOnlyItsOwnObjects() throws Exception {
        List<List<String>> ids = new ArrayList<>();
        for (String tenant : List.of("acme", "globex")) {
            JsonNode page = structured(result(
                    call("query_graph_objects", "{\"type\":\"Project\",\"limit\":5}"), good(tenant, "quarry.read")));
            List<String> own = new ArrayList<>();
            page.path("objects").forEach(o -> own.add(o.path("id").asText()));
            assertThat(own).isNotEmpty();
            ids.add(own);
        }
        assertThat(ids.get(0)).doesNotContainAnyElementsOf(ids.get(1));
        for (String other : ids.get(1)) {
            JsonNode crossed =
                    result(call("get_graph_object", "{\"id\":\"" + other + "\"}"), good("acme", "quarry.read"));
            assertThat(crossed.path("isError").asBoolean()).isTrue();
            assertThat(crossed.at("/content/0/text").asText()).contains("NOT_FOUND");
        }
        // /mcp/TENANT is checked against the token's tenant claim
        assertThat(send(initialize(), good("acme", "quarry.read"), "/mcp/globex")
                        .statusCode())
                .isEqualTo(403);
    }

    @Test
    void theClaimsGiveTheTenantTheScopeTheUserAndTheGrants() {
        Caller caller = oauth.verify(issuer.token(
                        resource, "acme", "quarry.read quarry.graph", c -> c.claim("scp", List.of("quarry.aggregate"))))
                .caller()
                .orElseThrow();
        assertThat(caller.tenant()).isEqualTo("acme");
        assertThat(caller.context().scope()).isEqualTo(new Scope(java.util.Map.of("org_id", "acme")));
        assertThat(caller.context().user()).isEqualTo("acme@example.com"); // user-claim: email, not sub
        assertThat(caller.grants()).containsExactlyInAnyOrder("quarry.read", "quarry.graph", "quarry.aggregate");
        // a number is a scope value too
        assertThat(oauth.verify(issuer.token(resource, "acme", "quarry.read", c -> c.claim("org", 42L)))
                        .caller()
                        .orElseThrow()
                        .context()
                        .scope())
                .isEqualTo(new Scope(java.util.Map.of("org_id", "42")));
    }

    @Test
    void keysThatCannotBeFetchedAre503NotARefusedToken() throws Exception {
        OAuthResourceServer unreachable = OAuthResourceServer.builder(
                        URI.create(resource), issuer.issuer(), URI.create("http://127.0.0.1:" + freePort() + "/jwks"))
                .tenantClaim("tenant")
                .scopeClaim("org_id", "org")
                .build();
        OAuthResourceServer.Verdict verdict = unreachable.verify(good("acme", "quarry.read"));
        assertThat(verdict.unavailable()).isTrue();
        assertThat(verdict.problem()).isEqualTo("the issuer's keys cannot be read now; retry later");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "no resource              | issuer: I                                          | needs 'resource'",
                "a relative resource      | resource: /mcp                                     | 'resource' must be an absolute URL, not /mcp",
                "no issuer                | resource: R                                        | needs 'issuer'",
                "no jwks-uri              | resource: R\\nissuer: I                            | needs 'jwks-uri'",
                "no tenant-claim          | resource: R\\nissuer: I\\njwks-uri: J              | needs 'tenant-claim'",
                "no scope-claims          | BASE                                               | 'scope-claims' must be a non-empty map",
                "a scope-claim not a text | BASE\\nscope-claims: {org_id: [a]}                 | scope-claims.org_id must name a claim, not an array",
                "an unknown key           | BASE\\nscope-claims: {org_id: org}\\nrequired-scope: [a] | unknown key 'required-scope' (did you mean 'required-scopes'?)",
                "required-scopes a text   | BASE\\nscope-claims: {org_id: org}\\nrequired-scopes: a | 'required-scopes' must be a list of non-empty texts",
                "authorization-servers {} | BASE\\nscope-claims: {org_id: org}\\nauthorization-servers: {} | 'authorization-servers' must be a list of non-empty texts",
                "user-claim a number      | BASE\\nscope-claims: {org_id: org}\\nuser-claim: 3 | 'user-claim' must be a non-empty text, not a number",
                "tool-scopes a list       | BASE\\nscope-claims: {org_id: org}\\ntool-scopes: [a] | 'tool-scopes' must be a map",
                "a tool's empty scopes    | BASE\\nscope-claims: {org_id: org}\\ntool-scopes: {x: []} | tool-scopes.x must be a scope or a non-empty list of scopes",
                "an HMAC algorithm        | BASE\\nscope-claims: {org_id: org}\\nalgorithms: [HS256] | algorithms: HS256 is not accepted",
                "a negative clock skew    | BASE\\nscope-claims: {org_id: org}\\nclock-skew-seconds: -1 | 'clock-skew-seconds' must be a whole number of seconds from 0 to 600",
            })
    void aWrongOAuthFileIsRefusedNamingTheKey(String name, String yaml, String problem) throws IOException {
        String text = yaml.strip()
                .replace("BASE", "resource: R\\nissuer: I\\njwks-uri: J\\ntenant-claim: tenant")
                .replace("\\n", "\n")
                .replace("R", "http://127.0.0.1:1/mcp")
                .replace(": I", ": http://127.0.0.1:2")
                .replace("J", "http://127.0.0.1:2/jwks");
        Path file = file(text);
        assertThatThrownBy(() -> OAuthResourceServer.read(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("the OAuth file " + file)
                .hasMessageContaining(problem.strip());
    }

    @Test
    void theStartRefusesAToolScopeOfNoToolAndAScopeKeyWithNoColumn() throws IOException {
        String base = "resource: " + resource + "\nissuer: " + issuer.issuer() + "\njwks-uri: " + issuer.jwks()
                + "\ntenant-claim: tenant\n";
        OAuthResourceServer typo = OAuthResourceServer.read(
                file(base + "scope-claims: {org_id: org}\ntool-scopes: {aggregate_graph_object: quarry.aggregate}\n"));
        assertThatThrownBy(() -> QuarryMcpHttpServer.builder(toolkit, typo)
                        .port(0)
                        .build()
                        .start())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "tool-scopes: no tool 'aggregate_graph_object' (did you mean" + " 'aggregate_graph_objects'?)");
        OAuthResourceServer column = OAuthResourceServer.read(file(base + "scope-claims: {tenant_id: tenant}\n"));
        assertThatThrownBy(() -> QuarryMcpHttpServer.builder(toolkit, column)
                        .port(0)
                        .build()
                        .start())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("scope-claims: the scope keys [tenant_id] cannot be read (does every scope key name a"
                        + " column of the store?)");
    }

    private static String metadataUrl() {
        return "http://127.0.0.1:" + port + "/.well-known/oauth-protected-resource/mcp";
    }

    private static String message(HttpResponse<String> response) throws IOException {
        return Dispatcher.JSON.readTree(response.body()).at("/error/message").asText();
    }

    private static HttpResponse<String> send(String body, String token, String path)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A call's result in the stateless revision: no session, the headers its body implies. */
    private static JsonNode result(String body, String token) throws IOException, InterruptedException {
        JsonNode message = Dispatcher.JSON.readTree(body);
        HttpRequest request = HttpRequest.newBuilder(URI.create(resource))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("Authorization", "Bearer " + token)
                .header("MCP-Protocol-Version", ModernProtocol.VERSION)
                .header("Mcp-Method", "tools/call")
                .header("Mcp-Name", message.at("/params/name").asText())
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return Dispatcher.JSON.readTree(response.body()).path("result");
    }

    private static JsonNode structured(JsonNode result) {
        assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
        return result.path("structuredContent");
    }

    private static String call(String tool, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + ",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\""
                + ModernProtocol.VERSION + "\"}}}";
    }

    private static String initialize() {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"0\"}}}";
    }
}
