package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarry.store.Scope;
import io.quarry.testing.Demo;
import io.quarry.tool.ToolContext;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
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
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Spring Boot 4 path over HTTP (issue 31 item 3): a Boot 4.0 web application with Quarry's
 * starter ({@code quarry-spring-ai2}) and Spring AI 2.0's MCP server starter (webmvc, Streamable
 * HTTP) serves the tools from its own Tomcat on a random port; its {@link QuarryMcpHttp.Authenticator}
 * bean maps two tokens to two tenants. The MCP Java SDK 2.0 client calls it with each token: each
 * tenant reads its own projects and every one of the other's ids is NOT_FOUND; no token, an unknown
 * token and another tenant's path are 401, 401, 403; a session opened with one token and used with
 * the other answers in the other's tenant. The twin of quarry-spring-ai's {@code SpringMcpHttpIT}.
 */
class SpringBoot4McpHttpIT {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static ConfigurableApplicationContext app;
    private static String base;

    /** The host: a DataSource and the hook from a token to a tenant; the rest is auto-configured. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class Host {
        @Bean
        DataSource dataSource() {
            return Demo.dataSource("spring-boot4-mcp-http");
        }

        @Bean
        QuarryMcpHttp.Authenticator quarryAuthenticator() {
            Map<String, String> tenants = Map.of("acme-token", "acme", "globex-token", "globex");
            return (credential, headers) -> Optional.ofNullable(tenants.get(credential))
                    .map(tenant -> new QuarryMcpHttp.Caller(
                            tenant,
                            ToolContext.builder()
                                    .scope(Scope.of("org_id", tenant))
                                    .user(tenant + "-agent")
                                    .build()));
        }
    }

    @BeforeAll
    static void start() {
        app = new SpringApplicationBuilder(Host.class)
                .web(WebApplicationType.SERVLET)
                .bannerMode(Banner.Mode.OFF)
                .logStartupInfo(false)
                .properties(
                        "server.port=0",
                        "server.address=127.0.0.1",
                        "quarry.config=file:" + Demo.config(),
                        "quarry.store.scope-columns=org_id",
                        "quarry.mcp.api-key-header=X-API-Key",
                        "spring.ai.mcp.server.name=quarry-http",
                        "spring.ai.mcp.server.protocol=STREAMABLE",
                        // Spring Security is on this module's test classpath for SpringBoot4McpOAuthIT; here
                        // Quarry's filter alone guards the endpoint
                        "spring.autoconfigure.exclude="
                                + "org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration,"
                                + "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration,"
                                + "org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration,"
                                + "org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterAutoConfiguration,"
                                + "org.springframework.boot.security.oauth2.server.resource.autoconfigure.servlet"
                                + ".OAuth2ResourceServerAutoConfiguration")
                .run();
        int port = Integer.parseInt(app.getEnvironment().getProperty("local.server.port"));
        base = "http://127.0.0.1:" + port;
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
    }

    private static McpSyncClient client(String endpoint, String header, String value) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(base)
                .endpoint(endpoint)
                .jsonMapper(new JacksonMcpJsonMapper(MAPPER))
                .httpRequestCustomizer((request, method, uri, body, context) -> request.setHeader(header, value))
                .build();
        McpSyncClient client = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(60))
                .initializationTimeout(Duration.ofSeconds(60))
                .build();
        client.initialize();
        return client;
    }

    private static McpSchema.CallToolRequest call(String tool, Map<String, Object> arguments) {
        return McpSchema.CallToolRequest.builder(tool).arguments(arguments).build();
    }

    private static JsonNode text(McpSchema.CallToolResult result) throws Exception {
        return MAPPER.readTree(((McpSchema.TextContent) result.content().get(0)).text());
    }

    @Test
    void eachTokenReadsOnlyItsTenantThroughTheOfficialClient() throws Exception {
        Map<String, List<String>> ids = new HashMap<>();
        for (String tenant : new String[] {"acme", "globex"}) {
            McpSyncClient client = client("/mcp", "Authorization", "Bearer " + tenant + "-token");
            try {
                assertThat(client.listTools().tools())
                        .extracting(McpSchema.Tool::name)
                        .containsExactlyInAnyOrder(Demo.toolNames());
                JsonNode page =
                        text(client.callTool(call("query_graph_objects", Map.of("type", "Project", "limit", 20))));
                assertThat(page.path("returned").asInt())
                        .as("%s: %s", tenant, page)
                        .isPositive();
                page.path("objects").forEach(o -> ids.computeIfAbsent(tenant, t -> new ArrayList<>())
                        .add(o.path("id").asString()));
            } finally {
                client.closeGracefully();
            }
        }
        assertThat(ids.get("acme")).doesNotContainAnyElementsOf(ids.get("globex"));

        for (String[] pair : new String[][] {{"acme", "globex"}, {"globex", "acme"}}) {
            // the API-key header carries the credential as well as the bearer token
            McpSyncClient client = client("/mcp", "X-API-Key", pair[0] + "-token");
            try {
                for (String own : ids.get(pair[0])) {
                    JsonNode object = text(client.callTool(call("get_graph_object", Map.of("id", own))));
                    assertThat(object.has("error"))
                            .as("%s reads its %s: %s", pair[0], own, object)
                            .isFalse();
                }
                for (String other : ids.get(pair[1])) {
                    JsonNode crossed = text(client.callTool(call("get_graph_object", Map.of("id", other))));
                    assertThat(crossed.at("/error/code").asString())
                            .as("%s asks for %s's %s", pair[0], pair[1], other)
                            .isEqualTo("NOT_FOUND");
                }
            } finally {
                client.closeGracefully();
            }
        }
    }

    @Test
    void identityIsPerRequestNotPerSession() throws Exception {
        java.util.concurrent.atomic.AtomicReference<String> token =
                new java.util.concurrent.atomic.AtomicReference<>("acme-token");
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(base)
                .endpoint("/mcp")
                .jsonMapper(new JacksonMcpJsonMapper(MAPPER))
                // asked on every request (customizeRequest fixes the header once)
                .httpRequestCustomizer((request, method, uri, body, context) ->
                        request.setHeader("Authorization", "Bearer " + token.get()))
                .build();
        McpSyncClient client = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(60))
                .initializationTimeout(Duration.ofSeconds(60))
                .build();
        try {
            client.initialize(); // the session is opened with acme's token
            McpSchema.CallToolRequest projects = call("query_graph_objects", Map.of("type", "Project", "limit", 20));
            List<String> acme = new ArrayList<>();
            text(client.callTool(projects))
                    .path("objects")
                    .forEach(o -> acme.add(o.path("id").asString()));
            assertThat(acme).isNotEmpty();

            token.set("globex-token"); // the same session, another credential
            List<String> globex = new ArrayList<>();
            text(client.callTool(projects))
                    .path("objects")
                    .forEach(o -> globex.add(o.path("id").asString()));
            assertThat(globex).isNotEmpty().doesNotContainAnyElementsOf(acme);
            JsonNode crossed = text(client.callTool(call("get_graph_object", Map.of("id", acme.get(0)))));
            assertThat(crossed.at("/error/code").asString()).isEqualTo("NOT_FOUND");
        } finally {
            client.closeGracefully();
        }
    }

    @Test
    void theTenantsPathServesItsOwnCredential() throws Exception {
        McpSyncClient client = client("/mcp/acme", "Authorization", "Bearer acme-token");
        try {
            JsonNode page = text(client.callTool(call("query_graph_objects", Map.of("type", "Project", "limit", 2))));
            assertThat(page.has("error")).as("%s", page).isFalse();
        } finally {
            client.closeGracefully();
        }
    }

    @Test
    void noUnknownOrOtherTenantsCredentialReachesATool() throws Exception {
        String initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
                + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
        String[][] rows = {
            // what, path, header, value, status, message
            {
                "no credential",
                "/mcp",
                null,
                null,
                "401",
                "No credential: send Authorization: Bearer TOKEN or X-API-Key: KEY."
            },
            {"unknown bearer token", "/mcp", "Authorization", "Bearer nope", "401", "Unknown credential."},
            {"unknown API key", "/mcp", "X-API-Key", "nope", "401", "Unknown credential."},
            {
                "another tenant's path",
                "/mcp/globex",
                "Authorization",
                "Bearer acme-token",
                "403",
                "This credential is not for tenant globex."
            },
        };
        HttpClient http = HttpClient.newHttpClient();
        for (String[] row : rows) {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + row[1]))
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString(initialize));
            if (row[2] != null) {
                request.header(row[2], row[3]);
            }
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(row[0]).isEqualTo(Integer.parseInt(row[4]));
            assertThat(MAPPER.readTree(response.body()).at("/error/message").asString())
                    .as(row[0])
                    .isEqualTo(row[5]);
            if (row[4].equals("401")) {
                assertThat(response.headers().firstValue("WWW-Authenticate"))
                        .as(row[0])
                        .hasValueSatisfying(v -> assertThat(v).startsWith("Bearer"));
            }
        }
    }
}
