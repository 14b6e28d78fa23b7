package io.quarry.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.quarry.testing.Demo;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The HTTP server tried as an attacker would, over real sockets: every malformed request is answered
 * with JSON (a JSON-RPC error or a 4xx, never HTML and never no answer), and the server answers the
 * next request at once; half-open connections hold no worker.
 */
class McpHttpHostileTest {
    private static final JsonMapper MAPPER = new JsonMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private static QuarryMcpHttpServer server;
    private static String base;
    private static String session;

    @BeforeAll
    static void start() throws Exception {
        Path tokens = Files.createTempFile("quarry-tokens-", ".yaml");
        Files.writeString(tokens, "tokens:\n  - {token: acme-token, tenant: acme, scope: {org_id: acme}}\n");
        server = QuarryMcpHttpServer.builder(Demo.toolkit("mcp-http-hostile"), QuarryMcpHttpServer.tokenFile(tokens))
                .port(0)
                .threads(4)
                .idleTimeout(Duration.ofSeconds(2))
                .allowedOrigins(List.of("https://agents.example.com"))
                .build()
                .start();
        Files.delete(tokens);
        base = "http://127.0.0.1:" + server.port();
        HttpResponse<String> init = send(post("/mcp", initialize()).build());
        assertThat(init.statusCode()).as(init.body()).isEqualTo(200);
        session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static List<Object[]> malformedBodies() {
        String many = manyUnknownArguments(100_000);
        return List.of(
                new Object[] {"arguments an array", call("[1,2]"), 200, -32602, "\"arguments\" of tools/call"},
                new Object[] {"arguments a string", call("\"x\""), 200, -32602, "\"arguments\" of tools/call"},
                new Object[] {
                    "tools/call without params",
                    "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\"}",
                    200,
                    -32602,
                    "tools/call needs params"
                },
                new Object[] {
                    "tools/call without a name",
                    "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"arguments\":{}}}",
                    200,
                    -32602,
                    "tools/call needs params"
                },
                new Object[] {
                    "params an array",
                    "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":[]}",
                    200,
                    -32602,
                    "\"params\" must be an object"
                },
                new Object[] {"not JSON", "{\"jsonrpc\":", 400, -32700, "The body is not JSON."},
                new Object[] {"a batch", "[" + initialize() + "]", 400, -32600, "batches are not part of MCP"},
                new Object[] {"a number", "42", 400, -32600, "A JSON-RPC message is an object"},
                new Object[] {
                    "no jsonrpc", "{\"id\":3,\"method\":\"tools/list\"}", 200, -32600, "Set \"jsonrpc\": \"2.0\"."
                },
                new Object[] {
                    "a method that is a number",
                    "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":7}",
                    200,
                    -32600,
                    "\"method\" must be a string."
                },
                new Object[] {
                    "an id that is an object",
                    "{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"tools/list\"}",
                    400,
                    -32600,
                    "\"id\" must be a string or an integer."
                },
                new Object[] {
                    "an unknown method",
                    "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/explode\"}",
                    200,
                    -32601,
                    "Method not found"
                },
                new Object[] {"100,000 unknown arguments", call(many), 200, 0, "INVALID_OPERAND"});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedBodies")
    void aMalformedRequestIsAnsweredInJsonAndTheNextAtOnce(
            String name, String body, int status, int code, String message) throws Exception {
        HttpResponse<String> response = send(post("/mcp", body).build());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        JsonNode json = MAPPER.readTree(response.body());
        if (code != 0) {
            assertThat(json.at("/error/code").asInt()).as(response.body()).isEqualTo(code);
            assertThat(json.at("/error/message").asText()).contains(message);
        } else {
            // a tool's own error: short, with the first problems and a count of the rest
            JsonNode result = MAPPER.readTree(json.at("/result/content/0/text").asText());
            assertThat(json.at("/result/isError").asBoolean()).isTrue();
            assertThat(result.at("/error/code").asText()).startsWith(message);
            assertThat(result.path("errors")).hasSize(10);
            assertThat(result.path("more").asText()).isEqualTo("and 99990 more");
            assertThat(response.body().length()).isLessThan(10_000);
        }
        assertThat(json.at("/error/message").asText()).doesNotContain("Exception", "java.", "Cannot invoke");
        assertNextRequestAnswered();
    }

    @Test
    void initializeWithoutParamsIsInvalidParams() throws Exception {
        HttpResponse<String> response = send(post("/mcp", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}")
                .build());
        JsonNode json = MAPPER.readTree(response.body());
        assertThat(json.at("/error/code").asInt()).isEqualTo(-32602);
        assertThat(json.at("/error/message").asText()).startsWith("initialize needs params");
        assertThat(json.path("id").asInt()).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "an unknown protocol version | MCP-Protocol-Version=1999-01-01     | 400 | Unsupported MCP-Protocol-Version",
                "a foreign Origin            | Origin=https://evil.example.net     | 403 | Origin https://evil.example.net",
                "an allowed Origin           | Origin=https://agents.example.com/  | 200 | -",
                "a loopback Origin           | Origin=http://localhost:6274        | 200 | -",
                "a text body                 | Content-Type=text/plain             | 415 | Content-Type: application/json",
                "an Accept without JSON      | Accept=text/html                    | 406 | answers in application/json",
                "an Accept with */*          | Accept=*/*                          | 200 | -",
            })
    void headersAreChecked(String name, String header, int status, String message) throws Exception {
        String[] kv = header.split("=", 2);
        HttpRequest.Builder request = post("/mcp", "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/list\"}")
                .setHeader(kv[0], kv[1]);
        HttpResponse<String> response = send(request.build());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        if (!message.equals("-")) {
            assertThat(MAPPER.readTree(response.body()).at("/error/message").asText())
                    .contains(message);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"GET, /mcp, 405", "PUT, /mcp, 405", "POST, /, 404", "POST, /other, 404", "GET, /favicon.ico, 404"})
    void otherMethodsAndPathsAreJson(String method, String path, int status) throws Exception {
        HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Authorization", "Bearer acme-token")
                .header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString("{}"))
                .build());
        assertThat(response.statusCode()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(MAPPER.readTree(response.body()).at("/error/code").isInt()).isTrue();
    }

    @Test
    void aMalformedRequestLineAndHugeHeadersAreJsonToo() throws Exception {
        for (String raw :
                List.of("BLAH\r\n\r\n", "POST /mcp HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(40_000) + "\r\n\r\n")) {
            try (Socket socket = new Socket("127.0.0.1", server.port())) {
                socket.setSoTimeout(10_000);
                socket.getOutputStream().write(raw.getBytes(StandardCharsets.US_ASCII));
                String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertThat(answer).startsWith("HTTP/1.1 4");
                assertThat(answer).doesNotContain("<html", "<h1");
            }
        }
        assertNextRequestAnswered();
    }

    @Test
    void halfOpenConnectionsDoNotDelayAnAuthenticatedCall() throws Exception {
        List<Socket> halfOpen = new ArrayList<>();
        try {
            for (int i = 0; i < 32; i++) {
                Socket socket = new Socket("127.0.0.1", server.port());
                OutputStream out = socket.getOutputStream();
                out.write("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: appl"
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
                halfOpen.add(socket);
            }
            long started = System.nanoTime();
            HttpResponse<String> response = send(
                    post("/mcp", call("{\"type\":\"Project\",\"limit\":1}")).build());
            long millis = (System.nanoTime() - started) / 1_000_000;
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            // generous: the old server never answered while the 32 stayed open (16 workers blocked)
            assertThat(millis)
                    .as("ms for one call beside 32 half-open connections")
                    .isLessThan(5_000);
        } finally {
            for (Socket socket : halfOpen) {
                socket.close();
            }
        }
    }

    @Test
    void aConnectionThatSendsNothingIsClosedAfterTheIdleTimeout() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.getOutputStream().write("POST /mcp HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII));
            socket.setSoTimeout(30_000);
            InputStream in = socket.getInputStream();
            in.readAllBytes(); // returns when the server closes it (2 s idle timeout here)
        }
    }

    private static void assertNextRequestAnswered() throws Exception {
        HttpResponse<String> next = send(post("/mcp", "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\"}")
                .build());
        assertThat(next.statusCode()).isEqualTo(200);
        assertThat(MAPPER.readTree(next.body()).at("/result/tools").size()).isPositive();
    }

    private static String call(String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"query_graph_objects\","
                + "\"arguments\":" + arguments + "}}";
    }

    private static String manyUnknownArguments(int n) {
        StringBuilder out = new StringBuilder("{\"type\":\"Project\"");
        for (int i = 0; i < n; i++) {
            out.append(",\"").append(Integer.toString(i, 36)).append("\":1");
        }
        return out.append('}').toString();
    }

    private static String initialize() {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"0\"}}}";
    }

    private static HttpRequest.Builder post(String path, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer acme-token")
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        return request;
    }

    private static HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
