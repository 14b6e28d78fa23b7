package io.quarry.openapi;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A call to the host's API as the model asked for it, checked against the document: what an {@link
 * ApiCallGuard} sees before anything is sent. The host's own headers and fields (from the {@link
 * RequestDecorator}) are added after the guard and are not in it.
 *
 * @param operation the operation the path matched
 * @param path the concrete path, such as {@code /tasks/42}
 * @param query the query parameters, each with its values
 * @param headers the header parameters the document declares and the model set
 * @param body the request body, or {@code null}
 */
public record ApiRequest(
        ApiOperation operation,
        String path,
        Map<String, List<String>> query,
        Map<String, String> headers,
        JsonNode body) {

    /** Checks and copies the arguments. */
    public ApiRequest {
        requireNonNull(operation, "operation");
        requireNonNull(path, "path");
        Map<String, List<String>> q = new LinkedHashMap<>();
        requireNonNull(query, "query").forEach((k, v) -> q.put(k, List.copyOf(v)));
        query = java.util.Collections.unmodifiableMap(q);
        headers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(headers, "headers")));
        body = body == null ? null : body.deepCopy();
    }

    /** The HTTP method. */
    public String method() {
        return operation.method();
    }

    @Override
    public JsonNode body() {
        return body == null ? null : body.deepCopy();
    }
}
