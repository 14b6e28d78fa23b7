package io.quarry.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.quarry.testing.Demo;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The HTTP server's refusals, over real HTTP: a missing, unknown or other tenant's credential, an
 * oversized body, a burst over the rate limit, and a session that ended or belongs to another
 * credential; and the tokens of two tenants reading only their own objects.
 */
class QuarryMcpHttpServerTest {
    private static final JsonMapper MAPPER = new JsonMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final AtomicReference<Instant> NOW = new AtomicReference<>(Instant.parse("2026-01-01T00:00:00Z"));
    private static QuarryMcpHttpServer server;
    private static String base;

    @BeforeAll
    static void start() throws IOException {
        Path tokens = Files.createTempFile("quarry-tokens-", ".yaml");
        Files.writeString(tokens, """
                tokens:
                  - token: acme-token
                    tenant: acme
                    user: alice
                    scope: {org_id: acme}
                  - sha256: %s
                    tenant: globex
                    scope: {org_id: globex}
                  - token: limited-token
                    tenant: limited
                    scope: {org_id: acme}
                """.formatted(TokenFile.sha256("globex-token")));
        Clock clock = new Clock() {
            @Override
            public ZoneOffset getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return NOW.get();
            }
        };
        server = QuarryMcpHttpServer.builder(Demo.toolkit("mcp-http-test"), QuarryMcpHttpServer.tokenFile(tokens))
                .port(0)
                .apiKeyHeader("X-API-Key")
                .maxRequestBytes(4096)
                .requestsPerMinute(40)
                .sessionTimeout(Duration.ofMinutes(10))
                .clock(clock)
                .build()
                .start();
        base = "http://127.0.0.1:" + server.port() + "/mcp";
        Files.delete(tokens);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "no credential          | /mcp        | -                         | 401",
                "unknown bearer token   | /mcp        | Authorization=Bearer nope | 401",
                "basic authentication   | /mcp        | Authorization=Basic abc   | 401",
                "another tenant's path  | /mcp/globex | Authorization=Bearer acme-token | 403",
                "own tenant's path      | /mcp/acme   | Authorization=Bearer acme-token | 200",
                "API-key header         | /mcp        | X-API-Key=globex-token    | 200",
            })
    void credentialsDecideTheStatus(String name, String path, String header, int status) throws Exception {
        HttpRequest.Builder request = post(path, initialize());
        if (!header.equals("-")) {
            String[] kv = header.split("=", 2);
            request.header(kv[0], kv[1]);
        }
        HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        if (status == 401) {
            assertThat(response.headers().firstValue("WWW-Authenticate"))
                    .hasValueSatisfying(v -> assertThat(v).startsWith("Bearer"));
            assertThat(MAPPER.readTree(response.body()).at("/error/message").asText())
                    .matches(
                            "No credential: send Authorization: Bearer TOKEN or X-API-Key: KEY\\.|Unknown credential\\.");
        }
        if (status == 403) {
            assertThat(MAPPER.readTree(response.body()).at("/error/message").asText())
                    .isEqualTo("This credential is not for tenant globex.");
        }
    }

    @Test
    void eachTokenReadsOnlyItsTenant() throws Exception {
        java.util.Map<String, java.util.List<String>> ids = new java.util.HashMap<>();
        for (String tenant : new String[] {"acme", "globex"}) {
            String token = tenant + "-token";
            JsonNode result = call(token, session(token), "query_graph_objects", "{\"type\":\"Project\",\"limit\":5}");
            assertThat(result.path("isError").asBoolean()).isFalse();
            JsonNode page = MAPPER.readTree(result.at("/content/0/text").asText());
            assertThat(page.path("returned").asInt()).isPositive();
            page.path("objects").forEach(item -> ids.computeIfAbsent(tenant, t -> new java.util.ArrayList<>())
                    .add(item.path("id").asText()));
        }
        assertThat(ids.get("acme")).doesNotContainAnyElementsOf(ids.get("globex"));
        for (String[] pair : new String[][] {{"acme", "globex"}, {"globex", "acme"}}) {
            String token = pair[0] + "-token";
            String session = session(token);
            for (String own : ids.get(pair[0])) {
                assertThat(call(token, session, "get_graph_object", "{\"id\":\"" + own + "\"}")
                                .path("isError")
                                .asBoolean())
                        .isFalse();
            }
            for (String other : ids.get(pair[1])) {
                JsonNode crossed = call(token, session, "get_graph_object", "{\"id\":\"" + other + "\"}");
                assertThat(crossed.path("isError").asBoolean()).isTrue();
                assertThat(crossed.at("/content/0/text").asText()).contains("NOT_FOUND");
            }
        }
    }

    @Test
    void aBodyOverTheLimitIs413() throws Exception {
        String big =
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"pad\":\"" + "x".repeat(5000) + "\"}}";
        HttpResponse<String> response = HTTP.send(
                post("/mcp", big).header("Authorization", "Bearer acme-token").build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(MAPPER.readTree(response.body()).at("/error/message").asText())
                .isEqualTo("The request is larger than 4096 bytes.");
    }

    @Test
    void aBurstOverTheRateLimitIs429WithRetryAfter() throws Exception {
        int refused = 0;
        String retryAfter = null;
        for (int i = 0; i < 45; i++) {
            HttpResponse<String> response = HTTP.send(
                    post("/mcp", initialize())
                            .header("Authorization", "Bearer limited-token")
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 429) {
                refused++;
                retryAfter = response.headers().firstValue("Retry-After").orElse(null);
            }
        }
        assertThat(refused).isEqualTo(5);
        assertThat(Integer.parseInt(retryAfter)).isBetween(1, 60);
        // the other tenants' budgets are their own
        assertThat(HTTP.send(
                                post("/mcp", initialize())
                                        .header("Authorization", "Bearer acme-token")
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .statusCode())
                .isEqualTo(200);
    }

    @Test
    void aSessionEndsAfterItsTimeoutOrItsDeleteAndCarriesNoIdentity() throws Exception {
        String session = session("acme-token");
        assertThat(status("acme-token", session)).isEqualTo(200);
        // each request is authorized by its own credential: the id names no one
        assertThat(status("globex-token", session)).isEqualTo(200);
        assertThat(status("acme-token", null)).isEqualTo(400);
        assertThat(status("acme-token", session + "x")).isEqualTo(404);
        NOW.updateAndGet(t -> t.plus(Duration.ofMinutes(11)));
        assertThat(status("acme-token", session)).isEqualTo(404);

        String deleted = session("acme-token");
        HttpResponse<String> delete = HTTP.send(
                HttpRequest.newBuilder(URI.create(base))
                        .header("Authorization", "Bearer acme-token")
                        .header("Mcp-Session-Id", deleted)
                        .DELETE()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(delete.statusCode()).isEqualTo(204);
        assertThat(status("acme-token", deleted)).isEqualTo(404);
    }

    @Test
    void sessionIdsCarryNoFunctionOfTheToken() throws Exception {
        java.util.Set<String> parts = new java.util.HashSet<>();
        for (int i = 0; i < 3; i++) {
            String[] id = session("acme-token").split("\\.");
            assertThat(id).hasSize(3);
            assertThat(parts.add(id[1])).as("the nonce of a new session").isTrue();
            assertThat(String.join(".", id))
                    .doesNotContain(TokenFile.sha256("acme-token").substring(0, 8));
        }
    }

    private static int status(String token, String session) throws Exception {
        HttpRequest.Builder request = post("/mcp", "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\"}")
                .header("Authorization", "Bearer " + token);
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString()).statusCode();
    }

    private static String session(String token) throws Exception {
        HttpResponse<String> response = HTTP.send(
                post("/mcp", initialize())
                        .header("Authorization", "Bearer " + token)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response.headers().firstValue("Mcp-Session-Id").orElseThrow();
    }

    private static JsonNode call(String token, String session, String tool, String arguments) throws Exception {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "}}";
        HttpResponse<String> response = HTTP.send(
                post("/mcp", body)
                        .header("Authorization", "Bearer " + token)
                        .header("Mcp-Session-Id", session)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return MAPPER.readTree(response.body()).path("result");
    }

    private static String initialize() {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"0\"}}}";
    }

    private static HttpRequest.Builder post(String path, String body) {
        return HttpRequest.newBuilder(URI.create(base.replace("/mcp", "") + path))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
    }
}
