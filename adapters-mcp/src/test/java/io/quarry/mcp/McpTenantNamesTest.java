package io.quarry.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.server.McpSyncServer;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.Scope;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Over MCP, a server whose schema is inferred from the data lists tools and answers calls that name
 * only what the session's scope holds: a type, a field of a shared type and a field that only
 * another tenant's objects carry appear in no tool description, input schema, answer or hint.
 */
class McpTenantNamesTest {
    private static final JsonMapper MAPPER = new JsonMapper();
    private static final List<String> GLOBEX_ONLY = List.of("Secret", "payroll", "classified");

    private static final Toolkit TOOLKIT = Toolkit.builder().store(store()).build();

    private static InMemoryObjectStore store() {
        Instant at = Instant.parse("2024-03-01T10:00:00Z");
        List<GraphObject> objects = new ArrayList<>();
        for (String org : List.of("acme", "globex")) {
            for (int i = 1; i <= 3; i++) {
                ObjectNode p = MAPPER.createObjectNode()
                        .put("title", org + " task " + i)
                        .put("n", i);
                if (org.equals("globex")) {
                    p.put("payroll", 1000 * i);
                }
                objects.add(new GraphObject(org + "-t" + i, "Task", p, at, at, Map.of("org_id", org)));
            }
        }
        objects.add(new GraphObject(
                "globex-s1",
                "Secret",
                MAPPER.createObjectNode().put("classified", "yes"),
                at,
                at,
                Map.of("org_id", "globex")));
        return InMemoryObjectStore.of(new DataFile.DataSet(objects, List.of()));
    }

    @Test
    void aSessionOfOneTenantNeverSeesAnotherTenantsNames() throws Exception {
        String acme = session("acme");
        for (String name : GLOBEX_ONLY) {
            assertThat(acme).doesNotContain(name);
        }
        assertThat(acme).contains("Task", "title");
        assertThat(session("globex")).contains(GLOBEX_ONLY);
    }

    /** Everything a client of a server scoped to this tenant reads: the tool list and probing calls. */
    private static String session(String org) throws Exception {
        PipedOutputStream toServer = new PipedOutputStream();
        PipedInputStream serverIn = new PipedInputStream(toServer, 1 << 16);
        PipedOutputStream serverOut = new PipedOutputStream();
        PipedInputStream fromServer = new PipedInputStream(serverOut, 1 << 20);
        McpSyncServer server = QuarryMcpServer.start(
                TOOLKIT, ToolContext.builder().scope(Scope.of("org_id", org)).build(), serverIn, serverOut);
        StringBuilder seen = new StringBuilder();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(fromServer, StandardCharsets.UTF_8))) {
            request(
                    toServer,
                    in,
                    1,
                    "initialize",
                    "{\"protocolVersion\": \"2025-06-18\", \"capabilities\": {},"
                            + " \"clientInfo\": {\"name\": \"test\", \"version\": \"1\"}}");
            send(toServer, "{\"jsonrpc\": \"2.0\", \"method\": \"notifications/initialized\"}");
            seen.append(request(toServer, in, 2, "tools/list", "{}"));
            List<String[]> calls = List.of(
                    new String[] {"get_database_schema", "{\"detail\": \"full\"}"},
                    new String[] {"get_database_schema", "{\"types\": [\"Secre\"]}"},
                    new String[] {"discover_schema", "{\"query\": \"secret classified payroll\"}"},
                    new String[] {"query_graph_objects", "{\"type\": \"Secre\"}"},
                    new String[] {"query_graph_objects", "{\"properties\": {\"payrol\": 1}}"},
                    new String[] {"query_graph_objects", "{\"type\": \"Task\", \"sort\": [{\"field\": \"payrol\"}]}"},
                    new String[] {"aggregate_graph_objects", "{\"group_by\": \"type\"}"});
            int id = 3;
            for (String[] call : calls) {
                seen.append(request(
                        toServer,
                        in,
                        id++,
                        "tools/call",
                        "{\"name\": \"" + call[0] + "\", \"arguments\": " + call[1] + "}"));
            }
        } finally {
            server.closeGracefully();
            toServer.close();
        }
        return seen.toString();
    }

    private static void send(OutputStream out, String message) throws Exception {
        out.write((MAPPER.writeValueAsString(MAPPER.readTree(message)) + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Sends a request and returns the response with its id, skipping anything else the server sends. */
    private static String request(OutputStream out, BufferedReader in, int id, String method, String params)
            throws Exception {
        send(
                out,
                "{\"jsonrpc\": \"2.0\", \"id\": " + id + ", \"method\": \"" + method + "\", \"params\": " + params
                        + "}");
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            JsonNode message = MAPPER.readTree(line);
            if (message.path("id").asInt(-1) == id) {
                assertThat(message.has("error")).as(line).isFalse();
                return line;
            }
        }
        throw new AssertionError("the server closed before answering " + method);
    }
}
