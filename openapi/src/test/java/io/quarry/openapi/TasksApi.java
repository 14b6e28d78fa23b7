package io.quarry.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarry.tool.ToolSupport;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The example API of the tests: real CRUD over tasks kept per tenant (the {@code X-Tenant} header),
 * on the JDK's HTTP server under {@code /api}, as {@code tasks-api/openapi.yaml} describes it. It
 * records every request it sees, so a test can assert that a refused call sent nothing.
 */
final class TasksApi implements AutoCloseable {
    /** What the server saw of one request. */
    record Seen(String method, String rawPath, String rawQuery, Map<String, String> headers, String body) {}

    final List<Seen> seen = new CopyOnWriteArrayList<>();
    private final Map<String, Map<Long, ObjectNode>> tasksByTenant = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final HttpServer server;

    TasksApi() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/api";
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void handle(HttpExchange x) throws IOException {
        String body = new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Map<String, String> headers = new TreeMap<>();
        x.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), String.join(",", v)));
        seen.add(new Seen(
                x.getRequestMethod(),
                x.getRequestURI().getRawPath(),
                x.getRequestURI().getRawQuery(),
                headers,
                body));
        String tenant = headers.get("x-tenant");
        String path = x.getRequestURI().getPath();
        String method = x.getRequestMethod();
        if (tenant == null) {
            send(x, 401, "{\"message\": \"no tenant\"}");
            return;
        }
        Map<Long, ObjectNode> tasks = tasksByTenant.computeIfAbsent(tenant, t -> new ConcurrentHashMap<>());
        if (path.equals("/api/tasks") && method.equals("GET")) {
            ArrayNode out = ToolSupport.array();
            String status = query(x, "status");
            tasks.values().stream()
                    .filter(t ->
                            status == null || status.equals(t.path("status").asText()))
                    .sorted((a, b) ->
                            Long.compare(a.get("id").asLong(), b.get("id").asLong()))
                    .forEach(out::add);
            send(x, 200, ToolSupport.write(out));
        } else if (path.equals("/api/tasks") && method.equals("POST")) {
            ObjectNode task = (ObjectNode) ToolSupport.parse(body);
            long id = ids.incrementAndGet();
            task.put("id", id);
            task.put("tenant", tenant);
            if (!task.has("status")) {
                task.put("status", "open");
            }
            tasks.put(id, task);
            send(x, 201, ToolSupport.write(task));
        } else if (path.matches("/api/tasks/\\d+")) {
            long id = Long.parseLong(path.substring("/api/tasks/".length()));
            ObjectNode task = tasks.get(id);
            if (task == null) {
                send(x, 404, "{\"message\": \"no task " + id + "\"}");
            } else if (method.equals("GET")) {
                send(x, 200, ToolSupport.write(task));
            } else if (method.equals("PATCH")) {
                task.setAll((ObjectNode) ToolSupport.parse(body));
                send(x, 200, ToolSupport.write(task));
            } else if (method.equals("DELETE")) {
                tasks.remove(id);
                send(x, 204, "");
            } else {
                send(x, 405, "{}");
            }
        } else if (path.equals("/api/exports/latest")) {
            x.getResponseHeaders().add("Location", "http://169.254.169.254/latest/meta-data/");
            send(x, 302, "");
        } else if (path.equals("/api/exports/slow")) {
            // headers at once, then the body drips: only a deadline on the whole exchange stops it
            x.getResponseHeaders().add("Content-Type", "application/json");
            x.sendResponseHeaders(200, 0);
            try {
                for (int i = 0; i < 30; i++) {
                    x.getResponseBody().write(' ');
                    x.getResponseBody().flush();
                    Thread.sleep(100);
                }
            } catch (InterruptedException | IOException e) {
                // the client went away
            }
            x.close();
        } else if (path.equals("/api/events")) {
            ArrayNode out = ToolSupport.array();
            for (int i = 0; i < 5_000; i++) {
                ObjectNode e = out.addObject();
                e.put("id", i);
                e.put("what", "task " + i + " changed by someone");
            }
            send(x, 200, ToolSupport.write(out));
        } else if (path.equals("/api/projects")) {
            // echoes the secret it was given, as a careless API might
            send(
                    x,
                    200,
                    "[{\"key\": \"P1\", \"seen_auth\": "
                            + ToolSupport.write(ToolSupport.tree(headers.get("authorization"))) + "}]");
        } else {
            send(x, 404, "{\"message\": \"no route\"}");
        }
    }

    private static String query(HttpExchange x, String name) {
        String q = x.getRequestURI().getQuery();
        if (q == null) {
            return null;
        }
        for (String pair : q.split("&")) {
            String[] kv = pair.split("=", 2);
            if (kv[0].equals(name)) {
                return kv.length > 1 ? kv[1] : "";
            }
        }
        return null;
    }

    private static void send(HttpExchange x, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().add("Content-Type", "application/json");
        x.sendResponseHeaders(status, status == 204 || bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            x.getResponseBody().write(bytes);
        }
        x.close();
    }

    static JsonNode json(String text) {
        try {
            return ToolSupport.parse(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
