package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JOSEObjectType;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarry.store.Scope;
import io.quarry.testing.Demo;
import io.quarry.testing.TestIssuer;
import io.quarry.tool.ToolContext;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.security.web.SecurityFilterChain;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Spring Boot 4 path as an OAuth 2.1 resource server: Spring Security 7's resource server
 * ({@code spring-boot-starter-security-oauth2-resource-server}, configured by Boot's {@code
 * spring.security.oauth2.resourceserver.jwt.*} properties) verifies each bearer JWT against a JWKS
 * served here from a key generated in the test, with its issuer, audience and expiry, requires the
 * scope {@code quarry.read} on the MCP endpoint, and serves the RFC 9728 protected-resource metadata
 * that every refusal's {@code WWW-Authenticate} points to; the host's {@link
 * QuarryMcpHttp.Authenticator} maps the verified token's claims to the tenant and scope. The MCP Java
 * SDK 2.0 client reads each tenant's projects with its token; a wrong issuer, audience, signing key,
 * an expired token and no token are 401, a token without the scope 403 {@code insufficient_scope}. The
 * twin of quarry-spring-ai's {@code SpringMcpOAuthIT}.
 */
class SpringBoot4McpOAuthIT {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final String AUDIENCE = "https://quarry.test/mcp";
    private static TestIssuer issuer;
    private static ConfigurableApplicationContext app;
    private static String base;

    /** The host: a DataSource, Spring Security's chain, and the hook from a verified JWT to a caller. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class Host {
        @Bean
        DataSource dataSource() {
            return Demo.dataSource("spring-boot4-mcp-oauth");
        }

        @Bean
        SecurityFilterChain security(HttpSecurity http) throws Exception {
            return http.authorizeHttpRequests(requests -> requests.requestMatchers("/mcp", "/mcp/**")
                            .hasAuthority("SCOPE_quarry.read")
                            .anyRequest()
                            .denyAll())
                    .oauth2ResourceServer(server -> server.jwt(Customizer.withDefaults())
                            // RFC 9728: /.well-known/oauth-protected-resource/mcp names the token's
                            // audience, its issuer and the scope to ask for
                            .protectedResourceMetadata(metadata ->
                                    metadata.protectedResourceMetadataCustomizer(resource -> resource.resource(AUDIENCE)
                                            .authorizationServer(issuer.issuer())
                                            .scope("quarry.read")
                                            .tlsClientCertificateBoundAccessTokens(false)))
                            // Spring Security's 403 names neither the scope nor the metadata: say both, so
                            // an MCP client can ask the issuer for the scope it lacks
                            .accessDeniedHandler((request, response, denied) -> {
                                response.setStatus(403);
                                response.setHeader(
                                        "WWW-Authenticate",
                                        "Bearer error=\"insufficient_scope\", scope=\"quarry.read\","
                                                + " resource_metadata=\"" + request.getScheme() + "://"
                                                + request.getServerName() + ":" + request.getServerPort()
                                                + "/.well-known/oauth-protected-resource/mcp\"");
                            }))
                    // bearer tokens, no cookies: no CSRF token and no HTTP session
                    .csrf(csrf -> csrf.disable())
                    .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                    .build();
        }

        /** Runs after Spring Security's filters: the token is verified, its claims give the caller. */
        @Bean
        QuarryMcpHttp.Authenticator quarryAuthenticator() {
            return (credential, headers) ->
                    SecurityContextHolder.getContext().getAuthentication() instanceof JwtAuthenticationToken jwt
                            ? Optional.ofNullable(jwt.getToken().getClaimAsString("org"))
                                    .map(org -> new QuarryMcpHttp.Caller(
                                            org,
                                            ToolContext.builder()
                                                    .scope(Scope.of("org_id", org))
                                                    .user(jwt.getName())
                                                    .build()))
                            : Optional.empty();
        }
    }

    @BeforeAll
    static void start() throws Exception {
        issuer = new TestIssuer();
        app = new SpringApplicationBuilder(Host.class)
                .web(WebApplicationType.SERVLET)
                .bannerMode(Banner.Mode.OFF)
                .logStartupInfo(false)
                .properties(
                        "server.port=0",
                        "server.address=127.0.0.1",
                        "quarry.config=file:" + Demo.config(),
                        "quarry.store.scope-columns=org_id",
                        "spring.ai.mcp.server.name=quarry-oauth",
                        "spring.ai.mcp.server.protocol=STREAMABLE",
                        "spring.security.oauth2.resourceserver.jwt.jwk-set-uri=" + issuer.jwks(),
                        "spring.security.oauth2.resourceserver.jwt.issuer-uri=" + issuer.issuer(),
                        "spring.security.oauth2.resourceserver.jwt.audiences=" + AUDIENCE)
                .run();
        base = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
        if (issuer != null) {
            issuer.close();
        }
    }

    private static JsonNode text(McpSchema.CallToolResult result) throws Exception {
        return MAPPER.readTree(((McpSchema.TextContent) result.content().get(0)).text());
    }

    private static McpSchema.CallToolRequest call(String tool, Map<String, Object> arguments) {
        return McpSchema.CallToolRequest.builder(tool).arguments(arguments).build();
    }

    @Test
    void eachTenantsTokenReadsOnlyItsProjectsThroughTheOfficialClient() throws Exception {
        Map<String, List<String>> ids = new HashMap<>();
        for (String tenant : new String[] {"acme", "globex"}) {
            String bearer = "Bearer " + issuer.token(AUDIENCE, tenant, "quarry.read", claims -> {});
            HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(base)
                    .endpoint("/mcp")
                    .jsonMapper(new JacksonMcpJsonMapper(MAPPER))
                    .httpRequestCustomizer(
                            (request, method, uri, body, context) -> request.setHeader("Authorization", bearer))
                    .build();
            McpSyncClient client = McpClient.sync(transport)
                    .requestTimeout(Duration.ofSeconds(60))
                    .initializationTimeout(Duration.ofSeconds(60))
                    .build();
            try {
                client.initialize();
                JsonNode page =
                        text(client.callTool(call("query_graph_objects", Map.of("type", "Project", "limit", 20))));
                assertThat(page.path("returned").asInt())
                        .as("%s: %s", tenant, page)
                        .isPositive();
                page.path("objects").forEach(o -> ids.computeIfAbsent(tenant, t -> new ArrayList<>())
                        .add(o.path("id").asString()));
                String other = tenant.equals("acme") ? "proj-09" : "proj-01";
                JsonNode crossed = text(client.callTool(call("get_graph_object", Map.of("id", other))));
                assertThat(crossed.at("/error/code").asString())
                        .as("%s reads %s", tenant, other)
                        .isEqualTo("NOT_FOUND");
            } finally {
                client.closeGracefully();
            }
        }
        assertThat(ids.get("acme")).isNotEmpty().doesNotContainAnyElementsOf(ids.get("globex"));
    }

    @Test
    void springSecurityRefusesAWrongIssuerAudienceKeyExpiryOrScope() throws Exception {
        Date past = Date.from(Instant.now().minusSeconds(3600));
        String[][] rows = {
            // what, Authorization, status, what WWW-Authenticate says
            {"no token", null, "401", "Bearer"},
            {
                "another issuer",
                issuer.token(AUDIENCE, "acme", "quarry.read", claims -> claims.issuer("https://evil.test")),
                "401",
                "invalid_token"
            },
            {
                "another audience",
                issuer.token("https://other.test/api", "acme", "quarry.read", claims -> {}),
                "401",
                "invalid_token"
            },
            {
                "expired",
                issuer.token(AUDIENCE, "acme", "quarry.read", claims -> claims.expirationTime(past)),
                "401",
                "invalid_token"
            },
            {
                "signed by another key",
                issuer.token(
                        TestIssuer.newKey(issuer.key().getKeyID()),
                        JOSEObjectType.JWT,
                        AUDIENCE,
                        "acme",
                        "quarry.read",
                        claims -> {}),
                "401",
                "invalid_token"
            },
            {
                "without quarry.read",
                issuer.token(AUDIENCE, "acme", "profile", claims -> {}),
                "403",
                "insufficient_scope\", scope=\"quarry.read\""
            },
        };
        String initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
                + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
        HttpClient http = HttpClient.newHttpClient();
        for (String[] row : rows) {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + "/mcp"))
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString(initialize));
            if (row[1] != null) {
                request.header("Authorization", "Bearer " + row[1]);
            }
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(row[0]).isEqualTo(Integer.parseInt(row[2]));
            assertThat(response.headers().firstValue("WWW-Authenticate"))
                    .as(row[0])
                    .hasValueSatisfying(v -> assertThat(v)
                            .startsWith("Bearer")
                            .contains(row[3])
                            // RFC 9728 section 5.1: the refusal says where the metadata is
                            .contains("resource_metadata=\"" + base + "/.well-known/oauth-protected-resource"));
            assertThat(response.body()).as(row[0]).doesNotContain("Exception");
        }
    }

    @Test
    void theProtectedResourceMetadataNamesTheAudienceIssuerAndScope() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(base + "/.well-known/oauth-protected-resource/mcp"))
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode metadata = MAPPER.readTree(response.body());
        assertThat(metadata.path("resource").asString()).isEqualTo(AUDIENCE);
        assertThat(metadata.path("authorization_servers").get(0).asString()).isEqualTo(issuer.issuer());
        assertThat(metadata.path("scopes_supported").get(0).asString()).isEqualTo("quarry.read");
        assertThat(metadata.path("bearer_methods_supported").get(0).asString()).isEqualTo("header");
    }
}
