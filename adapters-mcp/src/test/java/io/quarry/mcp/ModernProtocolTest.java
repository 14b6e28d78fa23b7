package io.quarry.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.demo.DemoData;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.store.Scope;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A client of MCP 2026-07-28 written against that revision's schema ({@code schema.ts}: {@code
 * RequestMetaObject}, {@code DiscoverResult}, {@code CacheableResult}, {@code ListToolsResult}, {@code
 * CallToolResult}, the errors -32020 and -32022, and the Streamable HTTP headers): with no {@code
 * initialize} and no session it discovers, lists and calls tools, alternating between two server
 * instances (separate toolkits and servers over one database) that share the cursor key, and pages
 * through a result across them. Clients of 2025-11-25 on the same endpoint are served as before.
 */
class ModernProtocolTest {
    private static final JsonMapper MAPPER = new JsonMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private static final byte[] CURSOR_KEY = "a cursor key both instances share".getBytes(StandardCharsets.UTF_8);
    private static final List<QuarryMcpHttpServer> SERVERS = new ArrayList<>();
    private static String a;
    private static String b;
    private static int ids;

    @BeforeAll
    static void start() throws Exception {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:mcp_modern;DB_CLOSE_DELAY=-1");
        JdbcObjectStore store = DemoData.load(ds);
        Path tokens = Files.createTempFile("quarry-tokens-", ".yaml");
        Files.writeString(
                tokens,
                "tokens:\n  - {token: acme-token, tenant: acme, scope: {org_id: acme}}\n"
                        + "  - {token: globex-token, tenant: globex, scope: {org_id: globex}}\n");
        for (int i = 0; i < 2; i++) {
            Toolkit toolkit = Toolkit.builder()
                    .config(DemoData.config())
                    .store(store)
                    .cursorKey(CURSOR_KEY)
                    .build();
            SERVERS.add(QuarryMcpHttpServer.builder(toolkit, QuarryMcpHttpServer.tokenFile(tokens))
                    .port(0)
                    .build()
                    .start());
        }
        Files.delete(tokens);
        a = "http://127.0.0.1:" + SERVERS.get(0).port() + "/mcp";
        b = "http://127.0.0.1:" + SERVERS.get(1).port() + "/mcp";
    }

    @AfterAll
    static void stop() {
        SERVERS.forEach(QuarryMcpHttpServer::close);
    }

    /** A request as the revision has it: its version, identity and capabilities in {@code _meta}. */
    private static ObjectNode request(String method, ObjectNode params) {
        ObjectNode meta = params.putObject("_meta");
        meta.put(ModernProtocol.META_VERSION, "2026-07-28");
        meta.putObject("io.modelcontextprotocol/clientInfo")
                .put("name", "modern-test")
                .put("version", "1.0.0");
        meta.putObject("io.modelcontextprotocol/clientCapabilities");
        ObjectNode message = MAPPER.createObjectNode();
        message.put("jsonrpc", "2.0");
        message.put("id", "req-" + ++ids);
        message.put("method", method);
        message.set("params", params);
        return message;
    }

    private static ObjectNode call(String tool, String arguments) throws Exception {
        ObjectNode params = MAPPER.createObjectNode().put("name", tool);
        params.set("arguments", MAPPER.readTree(arguments));
        return request("tools/call", params);
    }

    /** The standard headers of a request, mirrored from its body. */
    private static Map<String, String> headers(ObjectNode message) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(
                "MCP-Protocol-Version",
                message.at("/params/_meta").path(ModernProtocol.META_VERSION).asText());
        headers.put("Mcp-Method", message.path("method").asText());
        JsonNode name = message.at("/params/name");
        JsonNode uri = message.at("/params/uri");
        if (!name.isMissingNode() || !uri.isMissingNode()) {
            headers.put("Mcp-Name", name.isMissingNode() ? uri.asText() : name.asText());
        }
        return headers;
    }

    /** The standard headers of a request with one of them set to another value, or removed (null). */
    private static Map<String, String> changed(ObjectNode message, String header, String value) {
        Map<String, String> headers = headers(message);
        if (value == null) {
            headers.remove(header);
        } else {
            headers.put(header, value);
        }
        return headers;
    }

    private static HttpResponse<String> send(String url, ObjectNode message, Map<String, String> headers)
            throws Exception {
        return send(url, message, headers, "acme-token");
    }

    private static HttpResponse<String> send(String url, ObjectNode message, Map<String, String> headers, String token)
            throws Exception {
        HttpRequest.Builder post = HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.ofString(message.toString()));
        headers.forEach(post::header);
        return HTTP.send(post.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Sends a request with its standard headers; asserts 200, no session and a complete result. */
    private static JsonNode result(String url, ObjectNode message) throws Exception {
        return result(url, message, "acme-token");
    }

    private static JsonNode result(String url, ObjectNode message, String token) throws Exception {
        HttpResponse<String> response = send(url, message, headers(message), token);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(response.headers().firstValue("Mcp-Session-Id")).isEmpty();
        JsonNode json = MAPPER.readTree(response.body());
        assertThat(json.path("id").asText()).isEqualTo(message.path("id").asText());
        JsonNode result = json.path("result");
        assertThat(result.path("resultType").asText()).as(response.body()).isEqualTo("complete");
        assertThat(result.at("/_meta/io.modelcontextprotocol~1serverInfo/name").asText())
                .isEqualTo("quarry");
        return result;
    }

    @Test
    void aClientDiscoversListsAndCallsWithNoSessionAlternatingBetweenTwoInstances() throws Exception {
        JsonNode discovered = result(a, request("server/discover", MAPPER.createObjectNode()));
        assertThat(discovered.path("supportedVersions").get(0).asText()).isEqualTo("2026-07-28");
        assertThat(discovered.path("supportedVersions"))
                .extracting(JsonNode::asText)
                .contains("2025-11-25");
        assertThat(discovered.at("/capabilities/tools").isObject()).isTrue();
        assertThat(discovered.path("instructions").asText()).contains("get_database_schema");
        assertThat(discovered.path("ttlMs").asLong()).isPositive();
        assertThat(discovered.path("cacheScope").asText()).isEqualTo("public");

        JsonNode listedOnB = result(b, request("tools/list", MAPPER.createObjectNode()));
        JsonNode listedOnA = result(a, request("tools/list", MAPPER.createObjectNode()));
        assertThat(listedOnB.path("ttlMs").isIntegralNumber()).isTrue();
        assertThat(listedOnB.path("ttlMs").asLong()).isNotNegative();
        assertThat(listedOnB.path("cacheScope").asText()).isIn("public", "private");
        List<String> names = new ArrayList<>();
        listedOnB.path("tools").forEach(t -> names.add(t.path("name").asText()));
        // deterministic: the catalog's order, the same on every instance and every call
        assertThat(names).containsExactly(io.quarry.testing.Demo.toolNames());
        assertThat(listedOnA.path("tools")).isEqualTo(listedOnB.path("tools"));
        assertThat(listedOnB.path("tools"))
                .allSatisfy(t -> assertThat(t.at("/outputSchema/type").asText()).isEqualTo("object"));

        // a page walk that changes instance at every page
        Set<String> seen = new HashSet<>();
        String cursor = null;
        int pages = 0;
        do {
            String arguments = "{\"type\": \"Risk\", \"limit\": 20"
                    + (cursor == null ? "" : ", \"cursor\": \"" + cursor + "\"") + "}";
            JsonNode page = result(pages % 2 == 0 ? a : b, call("query_graph_objects", arguments));
            assertThat(page.path("isError").asBoolean()).as(page.toString()).isFalse();
            JsonNode structured = page.path("structuredContent");
            assertThat(structured.toString())
                    .isEqualTo(page.at("/content/0/text").asText());
            for (JsonNode o : structured.path("objects")) {
                assertThat(seen.add(o.path("id").asText()))
                        .as("no object twice")
                        .isTrue();
            }
            cursor = structured.path("next_cursor").textValue();
            pages++;
        } while (cursor != null && pages < 50);
        assertThat(pages).isGreaterThan(2);
        JsonNode count =
                result(b, call("aggregate_graph_objects", "{\"type\": \"Risk\", \"metrics\": [{\"op\": \"count\"}]}"));
        assertThat(seen).hasSize(count.at("/structuredContent/groups/0/count").asInt());
    }

    @Test
    void aToolErrorIsACompleteResultWithIsError() throws Exception {
        JsonNode result = result(b, call("query_graph_objects", "{\"type\": \"Tsak\"}"));
        assertThat(result.path("isError").asBoolean()).isTrue();
        assertThat(result.has("structuredContent")).isFalse();
        assertThat(MAPPER.readTree(result.at("/content/0/text").asText())
                        .at("/error/code")
                        .asText())
                .isEqualTo("UNKNOWN_TYPE");
    }

    @Test
    void anUnsupportedVersionIsRefusedWithTheVersionsThisServerSpeaks() throws Exception {
        ObjectNode message = request("tools/list", MAPPER.createObjectNode());
        ((ObjectNode) message.at("/params/_meta")).put(ModernProtocol.META_VERSION, "2099-01-01");
        HttpResponse<String> response = send(a, message, headers(message));
        assertThat(response.statusCode()).isEqualTo(400);
        JsonNode error = MAPPER.readTree(response.body()).path("error");
        assertThat(error.path("code").asInt()).isEqualTo(-32022);
        assertThat(error.at("/data/requested").asText()).isEqualTo("2099-01-01");
        assertThat(error.at("/data/supported")).extracting(JsonNode::asText).contains("2026-07-28", "2025-11-25");
    }

    @Test
    void headersThatDoNotMatchTheBodyAreAHeaderMismatch() throws Exception {
        ObjectNode message = call("query_graph_objects", "{\"type\": \"Task\", \"limit\": 1}");
        Map<String, Map<String, String>> cases = new LinkedHashMap<>();
        cases.put("no MCP-Protocol-Version", changed(message, "MCP-Protocol-Version", null));
        cases.put("another MCP-Protocol-Version", changed(message, "MCP-Protocol-Version", "2025-11-25"));
        cases.put("no Mcp-Method", changed(message, "Mcp-Method", null));
        cases.put("another Mcp-Method", changed(message, "Mcp-Method", "tools/list"));
        cases.put("no Mcp-Name", changed(message, "Mcp-Name", null));
        cases.put("another Mcp-Name", changed(message, "Mcp-Name", "get_graph_object"));
        for (Map.Entry<String, Map<String, String>> c : cases.entrySet()) {
            HttpResponse<String> response = send(a, message, c.getValue());
            assertThat(response.statusCode())
                    .as(c.getKey() + ": " + response.body())
                    .isEqualTo(400);
            assertThat(MAPPER.readTree(response.body()).at("/error/code").asInt())
                    .as(c.getKey())
                    .isEqualTo(-32020);
        }
        Map<String, String> encoded = changed(
                message,
                "Mcp-Name",
                "=?base64?"
                        + Base64.getEncoder().encodeToString("query_graph_objects".getBytes(StandardCharsets.UTF_8))
                        + "?=");
        assertThat(send(a, message, encoded).statusCode()).isEqualTo(200);
    }

    @Test
    void theHandshakeMethodsAreNotPartOfTheRevisionAndAnUnknownMethodIs404() throws Exception {
        for (String method : List.of("initialize", "ping", "tools/explode")) {
            ObjectNode message = request(method, MAPPER.createObjectNode());
            HttpResponse<String> response = send(b, message, headers(message));
            assertThat(response.statusCode())
                    .as(method + ": " + response.body())
                    .isEqualTo(404);
            assertThat(MAPPER.readTree(response.body()).at("/error/code").asInt())
                    .isEqualTo(-32601);
        }
    }

    @Test
    void aHandshakeClientOnTheSameEndpointIsServedAsBefore() throws Exception {
        ObjectNode initialize = (ObjectNode) MAPPER.readTree("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
                + "\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"legacy\",\"version\":\"0\"}}}");
        HttpResponse<String> init = send(a, initialize, Map.of());
        assertThat(init.statusCode()).as(init.body()).isEqualTo(200);
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertThat(MAPPER.readTree(init.body()).at("/result/protocolVersion").asText())
                .isEqualTo("2025-11-25");
        ObjectNode list = (ObjectNode) MAPPER.readTree("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
        HttpResponse<String> listed =
                send(a, list, Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-11-25"));
        JsonNode result = MAPPER.readTree(listed.body()).path("result");
        assertThat(result.path("tools")).isNotEmpty();
        assertThat(result.has("resultType")).isFalse();
        assertThat(result.has("ttlMs")).isFalse();
        // without a session a handshake request is refused as before
        assertThat(send(a, list, Map.of()).statusCode()).isEqualTo(400);
    }

    @Test
    void overStdioTheSameRequestsAreServedInOrderWithoutAHandshake() throws Exception {
        ObjectNode tooNew = request("tools/list", MAPPER.createObjectNode());
        ((ObjectNode) tooNew.at("/params/_meta")).put(ModernProtocol.META_VERSION, "2099-01-01");
        String in = String.join(
                        "\n",
                        request("server/discover", MAPPER.createObjectNode()).toString(),
                        request("tools/list", MAPPER.createObjectNode()).toString(),
                        call("query_graph_objects", "{\"type\": \"Project\", \"limit\": 2}")
                                .toString(),
                        tooNew.toString())
                + "\n";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:mcp_modern_stdio;DB_CLOSE_DELAY=-1");
        QuarryMcpServer.serve(
                DemoData.toolkit(DemoData.load(ds)),
                ToolContext.builder().scope(Scope.of("org_id", "acme")).build(),
                new ByteArrayInputStream(in.getBytes(StandardCharsets.UTF_8)),
                out);
        List<JsonNode> answers = new ArrayList<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            answers.add(MAPPER.readTree(line));
        }
        assertThat(answers).hasSize(4);
        assertThat(answers.get(0).at("/result/supportedVersions/0").asText()).isEqualTo("2026-07-28");
        assertThat(answers.get(1).at("/result/resultType").asText()).isEqualTo("complete");
        assertThat(answers.get(1).at("/result/ttlMs").isIntegralNumber()).isTrue();
        assertThat(answers.get(1).at("/result/tools")).isNotEmpty();
        assertThat(answers.get(2).at("/result/structuredContent/returned").asInt())
                .isEqualTo(2);
        assertThat(answers.get(3).at("/error/code").asInt()).isEqualTo(-32022);
        assertThat(answers.get(3).at("/error/data/requested").asText()).isEqualTo("2099-01-01");
    }

    private static ObjectNode read(String uri) {
        return request("resources/read", MAPPER.createObjectNode().put("uri", uri));
    }

    @Test
    void theSchemaIsAResourcePerTypeAndATemplateReadInTheCallersScope() throws Exception {
        JsonNode listed = result(a, request("resources/list", MAPPER.createObjectNode()));
        assertThat(listed.path("cacheScope").asText()).isEqualTo("private");
        List<String> uris = new ArrayList<>();
        listed.path("resources").forEach(r -> uris.add(r.path("uri").asText()));
        assertThat(uris).startsWith("quarry://schema").contains("quarry://schema/Task", "quarry://schema/Risk");
        JsonNode templates = result(b, request("resources/templates/list", MAPPER.createObjectNode()));
        assertThat(templates.at("/resourceTemplates/0/uriTemplate").asText()).isEqualTo("quarry://schema/{type}");

        Toolkit tools = DemoData.toolkit(DemoData.load(h2("mcp_modern_scopes")));
        Map<String, String> tenants = Map.of("acme-token", "acme", "globex-token", "globex");
        Map<String, Integer> risks = new LinkedHashMap<>();
        for (Map.Entry<String, String> tenant : tenants.entrySet()) {
            ToolContext scoped = ToolContext.builder()
                    .scope(Scope.of("org_id", tenant.getValue()))
                    .build();
            JsonNode risk = result(b, read("quarry://schema/Risk"), tenant.getKey());
            String text = risk.at("/contents/0/text").asText();
            // exactly what get_database_schema shows that tenant: its counts and common values
            assertThat(text)
                    .isEqualTo(tools.call(
                                    "get_database_schema",
                                    MAPPER.readTree("{\"types\": [\"Risk\"], \"detail\": \"full\"}"),
                                    scoped)
                            .text());
            assertThat(risk.at("/contents/0/mimeType").asText()).isEqualTo("application/json");
            risks.put(
                    tenant.getValue(),
                    MAPPER.readTree(text).at("/types/0/count").asInt());
            JsonNode summary = result(a, read("quarry://schema"), tenant.getKey());
            assertThat(summary.at("/contents/0/text").asText())
                    .isEqualTo(tools.call("get_database_schema", MAPPER.readTree("{}"), scoped)
                            .text());
        }
        assertThat(risks.get("acme")).isNotEqualTo(risks.get("globex"));
        assertThat(risks.values()).allSatisfy(n -> assertThat(n).isPositive());
    }

    @Test
    void anUnknownTypeIsAResourceNotFoundAndTypeNamesComplete() throws Exception {
        HttpResponse<String> missing = send(a, read("quarry://schema/Nope"), headers(read("quarry://schema/Nope")));
        assertThat(missing.statusCode()).as(missing.body()).isEqualTo(200);
        assertThat(MAPPER.readTree(missing.body()).at("/error/code").asInt()).isEqualTo(-32602);

        ObjectNode params = MAPPER.createObjectNode();
        params.putObject("ref").put("type", "ref/resource").put("uri", "quarry://schema/{type}");
        params.putObject("argument").put("name", "type").put("value", "ri");
        JsonNode completed = result(b, request("completion/complete", params));
        assertThat(completed.at("/completion/values"))
                .extracting(JsonNode::asText)
                .containsExactly("Risk");
    }

    private static ObjectNode prompt(String root, String budget) {
        ObjectNode params = MAPPER.createObjectNode().put("name", "project_context");
        ObjectNode arguments = params.putObject("arguments");
        if (root != null) {
            arguments.put("root_id", root);
        }
        if (budget != null) {
            arguments.put("budget", budget);
        }
        return request("prompts/get", params);
    }

    /** The error of a request answered 200 with a JSON-RPC error. */
    private static JsonNode error(String url, ObjectNode message, String token) throws Exception {
        HttpResponse<String> response = send(url, message, headers(message), token);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return MAPPER.readTree(response.body()).path("error");
    }

    @Test
    void theProjectContextIsAPromptWithItsBudgetReadInTheCallersScope() throws Exception {
        JsonNode listed = result(a, request("prompts/list", MAPPER.createObjectNode()));
        assertThat(listed.at("/prompts/0/name").asText()).isEqualTo("project_context");
        assertThat(listed.at("/prompts/0/arguments/0/name").asText()).isEqualTo("root_id");
        assertThat(listed.at("/prompts/0/arguments/0/required").asBoolean()).isTrue();
        assertThat(listed.at("/prompts/0/arguments/1/name").asText()).isEqualTo("budget");
        assertThat(listed.path("cacheScope").asText()).isEqualTo("private");

        Toolkit tools = DemoData.toolkit(DemoData.load(h2("mcp_modern_prompts")));
        Map<String, String> projects = Map.of("acme", "proj-01", "globex", "proj-09");
        for (Map.Entry<String, String> tenant : projects.entrySet()) {
            String token = tenant.getKey() + "-token";
            ToolContext scoped = ToolContext.builder()
                    .scope(Scope.of("org_id", tenant.getKey()))
                    .build();
            JsonNode got = result(b, prompt(tenant.getValue(), "3000"), token);
            assertThat(got.at("/messages/0/role").asText()).isEqualTo("user");
            String text = got.at("/messages/0/content/text").asText();
            assertThat(text)
                    .startsWith("## Project context: " + tenant.getValue() + "\n")
                    .isEqualTo(tools.contextBlock(tenant.getValue(), 3000, scoped));
            assertThat(text.length()).isLessThanOrEqualTo(3000);
            // the default budget, on the other instance
            assertThat(result(a, prompt(tenant.getValue(), null), token)
                            .at("/messages/0/content/text")
                            .asText())
                    .isEqualTo(tools.contextBlock(tenant.getValue(), ContextPrompt.DEFAULT_BUDGET, scoped));
            // the other tenant's project is not found, as get_project_graph has it
            String other = projects.get(tenant.getKey().equals("acme") ? "globex" : "acme");
            JsonNode refused = error(a, prompt(other, null), token);
            assertThat(refused.path("code").asInt()).isEqualTo(-32602);
            assertThat(refused.path("message").asText()).contains("No object '" + other + "' exists.");
        }
        for (String budget : List.of("999", "16001", "lots")) {
            JsonNode refused = error(a, prompt("proj-01", budget), "acme-token");
            assertThat(refused.path("code").asInt()).as(budget).isEqualTo(-32602);
            assertThat(refused.path("message").asText()).as(budget).contains("budget");
        }
        assertThat(error(a, prompt(null, null), "acme-token").path("message").asText())
                .contains("'root_id' is required.");
    }

    @Test
    void aHandshakeClientGetsTheSamePrompt() throws Exception {
        ObjectNode initialize = MAPPER.createObjectNode();
        initialize.put("jsonrpc", "2.0").put("id", 1).put("method", "initialize");
        initialize
                .putObject("params")
                .put("protocolVersion", "2025-11-25")
                .set("clientInfo", MAPPER.createObjectNode().put("name", "old").put("version", "1"));
        ((ObjectNode) initialize.get("params")).putObject("capabilities");
        HttpResponse<String> init = send(a, initialize, Map.of("MCP-Protocol-Version", "2025-11-25"));
        assertThat(init.statusCode()).as(init.body()).isEqualTo(200);
        assertThat(MAPPER.readTree(init.body())
                        .at("/result/capabilities/prompts")
                        .isObject())
                .isTrue();
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        ObjectNode get = prompt("proj-01", "2000");
        ((ObjectNode) get.get("params")).remove("_meta");
        HttpResponse<String> got =
                send(a, get, Map.of("MCP-Protocol-Version", "2025-11-25", "Mcp-Session-Id", session));
        assertThat(got.statusCode()).as(got.body()).isEqualTo(200);
        assertThat(MAPPER.readTree(got.body())
                        .at("/result/messages/0/content/text")
                        .asText())
                .startsWith("## Project context: proj-01\n");
    }

    private static JdbcDataSource h2(String name) {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1");
        return ds;
    }
}
