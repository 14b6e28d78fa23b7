package io.quarry.openapi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import io.quarry.error.QueryException;
import io.quarry.tool.Limits;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolExtension;
import io.quarry.tool.ToolSupport;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code call_api}: one call to the host's API, checked before anything is sent. The model gives a
 * method, a path matching one of the document's path templates, query parameters, declared headers and
 * a body; the host's base URL, policy, guard and decorator do the rest.
 */
final class CallApiTool implements ToolExtension {
    static final String NAME = "call_api";
    private static final Logger LOG = LoggerFactory.getLogger(CallApiTool.class);
    private static final List<String> METHODS = List.of("GET", "POST", "PUT", "PATCH", "DELETE");
    private static final int MAX_PATH = 2_000;
    private static final int MAX_REDIRECTS = 3;
    /** The most bytes of an answer read; the rest is never read, and the answer is cut anyway. */
    private static final int MAX_RESPONSE_BYTES = 4 << 20;
    /** Room in the answer for everything but the response body. */
    private static final int ENVELOPE = 600;

    private final OpenApiTools api;

    CallApiTool(OpenApiTools api) {
        this.api = api;
    }

    /** A value from the model as a message echoes it: at most 60 code points. */
    static String echo(String value) {
        return ToolSupport.abbreviate(String.valueOf(value), 60);
    }

    @Override
    public String name() {
        return NAME;
    }

    /** Read-only unless the host enabled some operation to change data. */
    @Override
    public boolean readOnly() {
        return api.enabled.isEmpty();
    }

    @Override
    public String description() {
        return "Call one endpoint of the host's API found with find_api: the method, the path with each {placeholder} "
                + "replaced by a value, query parameters and a JSON body as the endpoint declares them. "
                + "Authentication and the tenant are added by the host. Returns the status code and the JSON answer. "
                + "Calls that change data work only where the host enabled them. "
                + "Example: {\"method\": \"GET\", \"path\": \"/tasks/42\"}.";
    }

    @Override
    public ObjectNode inputSchema() {
        ObjectNode schema = ToolSupport.object();
        schema.put("type", "object");
        ObjectNode props = schema.putObject("properties");
        ObjectNode method = props.putObject("method");
        method.put("type", "string");
        ArrayNode methods = method.putArray("enum");
        METHODS.forEach(methods::add);
        ObjectNode path = props.putObject("path");
        path.put("type", "string");
        path.put(
                "description",
                "The path of an endpoint from find_api with values in place of {placeholders}, such as \"/tasks/42\".");
        ObjectNode query = props.putObject("query");
        query.put("type", "object");
        query.put("description", "Query parameters the endpoint declares: name to value (or list of values).");
        ObjectNode headers = props.putObject("headers");
        headers.put("type", "object");
        headers.put("description", "Header parameters the endpoint declares: name to text.");
        ObjectNode body = props.putObject("body");
        body.put("description", "The JSON request body, for endpoints that take one.");
        schema.putArray("required").add("method").add("path");
        schema.put("additionalProperties", false);
        return schema;
    }

    @Override
    public ObjectNode handle(ObjectNode arguments, ToolContext context, Limits limits) {
        ApiRequest request = check(arguments, context);
        ApiCallGuard.Decision decision = api.guard.check(request, context);
        switch (decision.kind()) {
            case REFUSE ->
                throw QueryException.of(
                        ErrorCode.NOT_ALLOWED,
                        "",
                        "The host refused this call: " + decision.reason() + ".",
                        "Do not retry it; tell the user what you wanted to do.");
            case NEEDS_CONFIRMATION ->
                throw QueryException.of(
                        ErrorCode.NEEDS_CONFIRMATION,
                        "",
                        "This call waits for a person's confirmation: " + decision.reason() + ".",
                        "Tell the user exactly what you would change and let them do it or confirm it; do not retry.");
            case REWRITE -> {
                ApiRequest rewritten = decision.rewritten();
                // the host's rewrite is held to the same document and policy as the model's call
                ObjectNode again = ToolSupport.object();
                again.put("method", rewritten.method());
                again.put("path", rewritten.path());
                ObjectNode q = again.putObject("query");
                rewritten.query().forEach((k, v) -> {
                    ArrayNode values = q.putArray(k);
                    v.forEach(values::add);
                });
                ObjectNode h = again.putObject("headers");
                rewritten.headers().forEach(h::put);
                if (rewritten.body() != null) {
                    again.set("body", rewritten.body());
                }
                request = check(again, context);
            }
            case ALLOW -> {}
        }
        return send(request, context, limits);
    }

    /** Everything checked before the guard: method, path, policy, parameters, headers, body. */
    ApiRequest check(ObjectNode arguments, ToolContext context) {
        JsonNode m = arguments.path("method");
        String method = m.isTextual() ? m.textValue().toUpperCase(Locale.ROOT) : null;
        if (method == null || !METHODS.contains(method)) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "method",
                    m.isMissingNode()
                            ? "The parameter 'method' is required."
                            : "The method must be one of " + String.join(", ", METHODS) + ".",
                    "Use the method find_api shows for the endpoint, such as \"GET\".");
        }
        JsonNode p = arguments.path("path");
        if (!p.isTextual()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "path",
                    p.isMissingNode() ? "The parameter 'path' is required." : "The parameter 'path' must be text.",
                    "Give the path of an endpoint from find_api, such as \"/tasks/42\".");
        }
        List<String> segments = pathSegments(p.textValue());
        Match match = match(method, segments, context);
        ApiOperation op = match.operation;
        if (!api.enabled(op)) {
            throw QueryException.of(
                    ErrorCode.NOT_ALLOWED,
                    "method",
                    "Calls to " + op.operationId() + " (" + op.method() + " " + op.path()
                            + ") change data and are not enabled by the host.",
                    "Only reads are enabled here; tell the user what you would change instead.");
        }
        List<QueryError> errors = new ArrayList<>();
        // path parameters: the values in the path
        for (Map.Entry<String, String> e : match.values.entrySet()) {
            ApiOperation.Parameter param = parameter(op, "path", e.getKey());
            if (param != null && param.schema() != null) {
                errors.addAll(
                        Schemas.validate(scalar(e.getValue(), param.schema()), param.schema(), "path." + e.getKey()));
            }
        }
        Map<String, List<String>> query = query(arguments.path("query"), op, errors);
        Map<String, String> headers = headers(arguments.path("headers"), op, errors);
        JsonNode body = body(arguments.get("body"), op, errors);
        if (!errors.isEmpty()) {
            throw new QueryException(errors);
        }
        return new ApiRequest(op, "/" + String.join("/", segments), query, headers, body);
    }

    /**
     * The segments of a path from the model, each a raw value: refused when it is a URL, holds a
     * query, a fragment, a percent sign (the tool encodes), a backslash, a control character, or an
     * empty, {@code .} or {@code ..} segment.
     */
    static List<String> pathSegments(String path) {
        String hint = "Give only the path of an endpoint from find_api, such as \"/tasks/42\": no scheme or host, no "
                + "query (use the query parameter), no '..', and raw values (the tool encodes them).";
        if (path.length() > MAX_PATH) {
            throw QueryException.of(
                    ErrorCode.LIMIT_EXCEEDED, "path", "The path is longer than " + MAX_PATH + " characters.", hint);
        }
        if (!path.startsWith("/") || path.startsWith("//")) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "path",
                    "The path must start with a single '/'; URLs are not accepted.",
                    hint);
        }
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c < 0x20
                    || c == 0x7f
                    || c == '\\'
                    || c == '%'
                    || c == '?'
                    || c == '#'
                    || Character.isSurrogate(c)
                    || c == '\u2028'
                    || c == '\u2029'
                    || c == '\u0085') {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        "path",
                        "The path holds a character it may not: "
                                + (c < 0x20 || c == 0x7f ? "a control character" : "'" + c + "'") + ".",
                        hint);
            }
        }
        String trimmed = path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        List<String> segments = new ArrayList<>(List.of(trimmed.substring(1).split("/", -1)));
        if (trimmed.equals("/")) {
            segments = new ArrayList<>(List.of());
        }
        for (String s : segments) {
            if (s.isEmpty() || s.equals(".") || s.equals("..") || s.isBlank()) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND, "path", "The path has an empty, '.' or '..' segment.", hint);
            }
        }
        return segments;
    }

    /** The operation whose template matches the path (most literal segments first), with the values of its placeholders. */
    private Match match(String method, List<String> segments, ToolContext context) {
        List<ApiOperation> visible = api.visible(context);
        Match best = null;
        List<String> otherMethods = new ArrayList<>();
        for (ApiOperation op : visible) {
            Map<String, String> values = bind(op.path(), segments);
            if (values == null) {
                continue;
            }
            if (!op.method().equals(method)) {
                otherMethods.add(op.method());
                continue;
            }
            int literals = segments.size() - values.size();
            if (best == null || literals > best.literals) {
                best = new Match(op, values, literals);
            }
        }
        if (best != null) {
            return best;
        }
        if (!otherMethods.isEmpty()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "method",
                    "The path takes no " + method + ".",
                    "Methods for this path: " + String.join(", ", otherMethods) + ".");
        }
        List<String> templates =
                visible.stream().map(ApiOperation::path).distinct().toList();
        List<String> near = ToolSupport.nearest("/" + String.join("/", segments), templates, 3);
        throw QueryException.of(
                ErrorCode.NOT_FOUND,
                "path",
                "No endpoint of the API has this path.",
                (near.isEmpty() ? "" : "Near: " + String.join(", ", near) + ". ")
                        + "Use find_api to find the endpoint and its path.");
    }

    /** The placeholder values when a template matches the segments, else {@code null}. */
    private static Map<String, String> bind(String template, List<String> segments) {
        String t = template.length() > 1 && template.endsWith("/")
                ? template.substring(0, template.length() - 1)
                : template;
        List<String> parts = t.equals("/") ? List.of() : List.of(t.substring(1).split("/", -1));
        if (parts.size() != segments.size()) {
            return null;
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < parts.size(); i++) {
            String part = parts.get(i);
            if (part.startsWith("{") && part.endsWith("}") && part.indexOf('{', 1) < 0) {
                values.put(part.substring(1, part.length() - 1), segments.get(i));
            } else if (!part.equals(segments.get(i))) {
                return null;
            }
        }
        return values;
    }

    private static ApiOperation.Parameter parameter(ApiOperation op, String in, String name) {
        for (ApiOperation.Parameter p : op.parameters()) {
            if (p.in().equals(in)
                    && (in.equals("header")
                            ? p.name().equalsIgnoreCase(name)
                            : p.name().equals(name))) {
                return p;
            }
        }
        return null;
    }

    /** A path or query value (text) as the JSON value its schema expects, for checking. */
    private static JsonNode scalar(String text, JsonNode schema) {
        String type = Schemas.type(schema);
        if ("integer".equals(type) || "number".equals(type)) {
            try {
                return JsonNodeFactory.instance.numberNode(new java.math.BigDecimal(text));
            } catch (NumberFormatException e) {
                return JsonNodeFactory.instance.textNode(text);
            }
        }
        if ("boolean".equals(type) && (text.equals("true") || text.equals("false"))) {
            return JsonNodeFactory.instance.booleanNode(Boolean.parseBoolean(text));
        }
        return JsonNodeFactory.instance.textNode(text);
    }

    private Map<String, List<String>> query(JsonNode query, ApiOperation op, List<QueryError> errors) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        List<String> declared = op.parameters().stream()
                .filter(p -> p.in().equals("query"))
                .map(ApiOperation.Parameter::name)
                .toList();
        if (!query.isMissingNode() && !query.isNull()) {
            if (!query.isObject()) {
                errors.add(new QueryError(
                        ErrorCode.INVALID_OPERAND,
                        "query",
                        "The parameter 'query' must be an object.",
                        "Such as {\"status\": \"open\"}."));
                return out;
            }
            for (Map.Entry<String, JsonNode> e : query.properties()) {
                String name = e.getKey();
                ApiOperation.Parameter param = parameter(op, "query", name);
                if (param == null) {
                    List<String> near = ToolSupport.nearest(name, declared, 1);
                    errors.add(new QueryError(
                            ErrorCode.INVALID_OPERAND,
                            "query." + echo(name),
                            "The endpoint takes no query parameter '" + echo(name) + "'.",
                            (near.isEmpty() ? "" : "Did you mean '" + near.get(0) + "'? ")
                                    + (declared.isEmpty()
                                            ? "It takes none."
                                            : "It takes: " + String.join(", ", declared) + ".")));
                    continue;
                }
                List<String> values = new ArrayList<>();
                List<JsonNode> items = new ArrayList<>();
                if (e.getValue().isArray()) {
                    e.getValue().forEach(items::add);
                } else {
                    items.add(e.getValue());
                }
                for (JsonNode item : items) {
                    if (!item.isValueNode() || item.isNull()) {
                        errors.add(new QueryError(
                                ErrorCode.INVALID_OPERAND,
                                "query." + name,
                                "A query value must be text, a number or a boolean.",
                                "Give a value or a list of values."));
                        continue;
                    }
                    String text = item.asText();
                    JsonNode schema = param.schema();
                    if (schema != null) {
                        JsonNode itemSchema = "array".equals(Schemas.type(schema)) && schema.has("items")
                                ? schema.get("items")
                                : schema;
                        errors.addAll(Schemas.validate(scalar(text, itemSchema), itemSchema, "query." + name));
                    }
                    values.add(text);
                }
                out.put(name, values);
            }
        }
        for (ApiOperation.Parameter p : op.parameters()) {
            if (p.in().equals("query") && p.required() && !out.containsKey(p.name())) {
                errors.add(new QueryError(
                        ErrorCode.INVALID_OPERAND,
                        "query." + p.name(),
                        "The query parameter '" + p.name() + "' is required.",
                        "Add it to query."));
            }
        }
        return out;
    }

    private Map<String, String> headers(JsonNode headers, ApiOperation op, List<QueryError> errors) {
        Map<String, String> out = new LinkedHashMap<>();
        if (headers.isMissingNode() || headers.isNull()) {
            return out;
        }
        if (!headers.isObject()) {
            errors.add(new QueryError(
                    ErrorCode.INVALID_OPERAND,
                    "headers",
                    "The parameter 'headers' must be an object.",
                    "Such as {\"X-Request-Label\": \"a\"}."));
            return out;
        }
        for (Map.Entry<String, JsonNode> e : headers.properties()) {
            String name = e.getKey();
            ApiOperation.Parameter param = parameter(op, "header", name);
            if (param == null || Http.RESERVED_HEADERS.contains(name.toLowerCase(Locale.ROOT)) || !Http.isToken(name)) {
                errors.add(
                        new QueryError(
                                ErrorCode.INVALID_OPERAND,
                                "headers." + echo(name),
                                "The header '" + echo(name) + "' cannot be set here.",
                                "Only headers the endpoint declares may be set; authentication and the tenant are the host's."));
                continue;
            }
            if (!e.getValue().isValueNode()
                    || e.getValue().isNull()
                    || !Http.isHeaderValue(e.getValue().asText())
                    || e.getValue().asText().length() > 1_000) {
                errors.add(new QueryError(
                        ErrorCode.INVALID_OPERAND,
                        "headers." + name,
                        "A header value must be one line of text of at most 1000 characters.",
                        "Remove line breaks and control characters."));
                continue;
            }
            out.put(param.name(), e.getValue().asText());
        }
        return out;
    }

    private JsonNode body(JsonNode body, ApiOperation op, List<QueryError> errors) {
        if (body == null || body.isMissingNode()) {
            if (op.bodyRequired()) {
                errors.add(new QueryError(
                        ErrorCode.INVALID_OPERAND,
                        "body",
                        "This endpoint needs a JSON body.",
                        "Expected: " + ToolSupport.write(Schemas.compact(op.body())) + "."));
            }
            return null;
        }
        if (op.body() == null) {
            errors.add(new QueryError(
                    ErrorCode.INVALID_OPERAND, "body", "This endpoint takes no body.", "Leave body out."));
            return null;
        }
        int size = ToolSupport.write(body).length();
        if (size > api.maxRequestBody) {
            errors.add(new QueryError(
                    ErrorCode.LIMIT_EXCEEDED,
                    "body",
                    "The body has " + size + " characters of JSON, over the limit of " + api.maxRequestBody + ".",
                    "Send less in one call."));
            return null;
        }
        errors.addAll(Schemas.validate(body, op.body(), "body"));
        return body;
    }

    /** Adds the host's part, builds the URL under the base, sends, and compacts the answer. */
    private ObjectNode send(ApiRequest request, ToolContext context, Limits limits) {
        RequestDecorator.HostAdditions host = new RequestDecorator.HostAdditions();
        api.decorator.decorate(context, host);
        Map<String, List<String>> query = new LinkedHashMap<>(request.query());
        host.query.forEach((k, v) -> query.put(k, List.of(v)));
        Map<String, String> headers = new LinkedHashMap<>();
        request.headers().forEach((k, v) -> {
            if (!host.headers.containsKey(k.toLowerCase(Locale.ROOT))) {
                headers.put(k, v);
            }
        });
        headers.putAll(host.headers);
        JsonNode body = request.body();
        if (body != null && body.isObject() && !host.bodyFields.isEmpty()) {
            host.bodyFields.forEach(((ObjectNode) body)::set);
        }
        URI uri = uri(request.path(), query);
        List<String> secrets = new ArrayList<>();
        host.headers.values().forEach(secrets::add);
        host.query.values().forEach(secrets::add);
        String method = request.method();
        try {
            HttpResponse<byte[]> response = null;
            for (int hop = 0; hop <= MAX_REDIRECTS; hop++) {
                HttpRequest.Builder b =
                        HttpRequest.newBuilder(uri).timeout(api.timeout).header("Accept", "application/json");
                headers.forEach(b::header);
                if (body != null) {
                    b.header("Content-Type", "application/json");
                    b.method(
                            method,
                            HttpRequest.BodyPublishers.ofString(ToolSupport.write(body), StandardCharsets.UTF_8));
                } else {
                    b.method(method, HttpRequest.BodyPublishers.noBody());
                }
                response = exchange(b.build());
                int status = response.statusCode();
                if (status < 300 || status >= 400 || status == 304 || !method.equals("GET")) {
                    break;
                }
                String location = response.headers().firstValue("Location").orElse(null);
                URI next = location == null ? null : within(uri, location);
                if (next == null) {
                    return answer(
                            request,
                            status,
                            null,
                            null,
                            false,
                            limits,
                            "The API redirected outside its base URL; the redirect was not followed.");
                }
                uri = next;
            }
            String text = new String(response.body(), StandardCharsets.UTF_8);
            for (String secret : secrets) {
                if (secret.length() >= 6) {
                    text = text.replace(secret, "[redacted]");
                }
            }
            String type =
                    response.headers().firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
            return answer(request, response.statusCode(), text, type, true, limits, null);
        } catch (HttpTimeoutException e) {
            throw QueryException.of(
                    ErrorCode.API_UNAVAILABLE,
                    "",
                    "The API did not answer within " + api.timeout.toMillis() / 1000.0 + " s.",
                    "Try again later, or ask for less.");
        } catch (IOException e) {
            LOG.warn("call_api {} {}: {}", method, request.operation().path(), e.toString());
            throw QueryException.of(
                    ErrorCode.API_UNAVAILABLE, "", "The API cannot be reached.", "Try again in a few seconds.");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw QueryException.of(ErrorCode.API_UNAVAILABLE, "", "The call was interrupted.", "Try again.");
        }
    }

    /**
     * Sends one request: the whole exchange, body included, within the timeout (the client's own
     * timeout stops at the response headers), and at most {@link #MAX_RESPONSE_BYTES} of the body read.
     */
    private HttpResponse<byte[]> exchange(HttpRequest request) throws IOException, InterruptedException {
        java.util.concurrent.CompletableFuture<HttpResponse<byte[]>> future =
                api.http.sendAsync(request, info -> new CappedBody(MAX_RESPONSE_BYTES));
        try {
            return future.get(api.timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            future.cancel(true);
            throw new HttpTimeoutException("the exchange took longer than the timeout");
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IOException(e.getCause());
        }
    }

    /** A body read up to a number of bytes; the rest is not read (the subscription is cancelled). */
    private static final class CappedBody implements HttpResponse.BodySubscriber<byte[]> {
        private final int max;
        private final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        private final java.util.concurrent.CompletableFuture<byte[]> result =
                new java.util.concurrent.CompletableFuture<>();
        private java.util.concurrent.Flow.Subscription subscription;

        CappedBody(int max) {
            this.max = max;
        }

        @Override
        public java.util.concurrent.CompletionStage<byte[]> getBody() {
            return result;
        }

        @Override
        public void onSubscribe(java.util.concurrent.Flow.Subscription subscription) {
            this.subscription = subscription;
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<java.nio.ByteBuffer> items) {
            for (java.nio.ByteBuffer item : items) {
                int take = Math.min(item.remaining(), max - bytes.size());
                byte[] chunk = new byte[take];
                item.get(chunk);
                bytes.write(chunk, 0, take);
            }
            if (bytes.size() >= max && !result.isDone()) {
                subscription.cancel();
                result.complete(bytes.toByteArray());
            }
        }

        @Override
        public void onError(Throwable throwable) {
            result.completeExceptionally(throwable);
        }

        @Override
        public void onComplete() {
            result.complete(bytes.toByteArray());
        }
    }

    /** The URL of a path under the base URL, each segment and query value encoded. */
    URI uri(String path, Map<String, List<String>> query) {
        StringBuilder url = new StringBuilder(api.baseUrl().toString());
        for (String segment : path.substring(1).split("/")) {
            if (!segment.isEmpty()) {
                url.append('/')
                        .append(URLEncoder.encode(segment, StandardCharsets.UTF_8)
                                .replace("+", "%20"));
            }
        }
        if (path.equals("/")) {
            url.append('/');
        }
        String sep = "?";
        for (Map.Entry<String, List<String>> e : query.entrySet()) {
            for (String v : e.getValue()) {
                url.append(sep)
                        .append(URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8))
                        .append('=')
                        .append(URLEncoder.encode(v, StandardCharsets.UTF_8));
                sep = "&";
            }
        }
        URI uri = URI.create(url.toString());
        if (within(api.baseUrl(), uri) == null) {
            // cannot happen with the checks above; the last gate before anything leaves
            throw new IllegalStateException("call_api built a URL outside the base URL");
        }
        return uri;
    }

    /** A redirect's target when it stays under the base URL, else {@code null}. */
    private URI within(URI current, String location) {
        try {
            return within(api.baseUrl(), current.resolve(new URI(location)));
        } catch (java.net.URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    private static URI within(URI base, URI target) {
        URI t = target.normalize();
        String basePath = base.getRawPath() == null ? "" : base.getRawPath();
        String path = t.getRawPath() == null ? "" : t.getRawPath();
        boolean same = base.getScheme().equalsIgnoreCase(String.valueOf(t.getScheme()))
                && base.getHost().equalsIgnoreCase(String.valueOf(t.getHost()))
                && port(base) == port(t)
                && t.getRawUserInfo() == null
                && (path.equals(basePath) || path.startsWith(basePath.endsWith("/") ? basePath : basePath + "/"))
                && !path.contains("/../")
                && !path.toLowerCase(Locale.ROOT).contains("%2e%2e")
                && !path.toLowerCase(Locale.ROOT).contains("%2f");
        return same ? t : null;
    }

    private static int port(URI uri) {
        if (uri.getPort() != -1) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    /** The result: status, ok, the body as JSON (or text), compacted to the size budget. */
    private ObjectNode answer(
            ApiRequest request, int status, String text, String type, boolean hasBody, Limits limits, String hint) {
        ObjectNode result = ToolSupport.object();
        result.put("operation_id", request.operation().operationId());
        result.put("status", status);
        result.put("ok", status >= 200 && status < 300);
        List<String> notes = new ArrayList<>();
        if (hint != null) {
            notes.add(hint);
        }
        int budget = Math.max(200, limits.sizeBudget() - ENVELOPE);
        if (hasBody && text != null && !text.isEmpty()) {
            JsonNode body = null;
            if (type.contains("json") || text.startsWith("{") || text.startsWith("[")) {
                try {
                    body = ToolSupport.parse(text);
                } catch (JsonProcessingException e) {
                    body = null;
                }
            }
            if (body != null) {
                ResponseCompactor.Compacted c = ResponseCompactor.compact(body, budget);
                result.set("body", c.body());
                if (c.truncated()) {
                    result.put("truncated", true);
                    notes.add(c.hint());
                }
            } else {
                boolean cut = text.length() > budget;
                result.put("text", cut ? ToolSupport.abbreviate(text, budget) : text);
                if (cut) {
                    result.put("truncated", true);
                    notes.add("The answer was cut to " + budget + " characters; ask for less.");
                }
            }
        }
        if (status >= 400) {
            notes.add(
                    status == 404
                            ? "The API has no such object; check the id with a list endpoint."
                            : status == 401 || status == 403
                                    ? "The API refused the call for this user; do not retry it."
                                    : status >= 500
                                            ? "The API failed; try again later."
                                            : "Read the API's answer and fix the call.");
        }
        if (!notes.isEmpty()) {
            result.put("hint", String.join(" ", notes));
        }
        return result;
    }

    private record Match(ApiOperation operation, Map<String, String> values, int literals) {}
}
