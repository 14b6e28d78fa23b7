package io.quarry.openapi;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One operation of the host's OpenAPI document, as the API tools index it.
 *
 * @param operationId the document's operationId, or {@code METHOD /path} when it has none
 * @param method the HTTP method in upper case
 * @param path the path template, such as {@code /tasks/{id}}
 * @param summary the summary, or {@code ""}
 * @param description the description, or {@code ""}
 * @param tags the tags
 * @param deprecated whether the document marks it deprecated
 * @param features the features it requires (from the configured {@code x-} extension)
 * @param parameters its path, query and header parameters
 * @param body the JSON Schema of its request body with every {@code $ref} inlined to a bounded depth,
 *     or {@code null} when it takes none
 * @param bodyRequired whether the request body is required
 */
public record ApiOperation(
        String operationId,
        String method,
        String path,
        String summary,
        String description,
        List<String> tags,
        boolean deprecated,
        List<String> features,
        List<Parameter> parameters,
        JsonNode body,
        boolean bodyRequired) {

    /** Checks and copies the arguments. */
    public ApiOperation {
        requireNonNull(operationId, "operationId");
        requireNonNull(method, "method");
        requireNonNull(path, "path");
        summary = summary == null ? "" : summary;
        description = description == null ? "" : description;
        tags = List.copyOf(tags);
        features = List.copyOf(features);
        parameters = List.copyOf(parameters);
        body = body == null ? null : body.deepCopy();
    }

    /** Whether calling it can change data: every method but GET. */
    public boolean mutates() {
        return !method.equals("GET");
    }

    @Override
    public JsonNode body() {
        return body == null ? null : body.deepCopy();
    }

    /**
     * A path, query or header parameter.
     *
     * @param name the name
     * @param in {@code path}, {@code query} or {@code header}
     * @param required whether it is required
     * @param schema its JSON Schema, {@code $ref}s inlined
     * @param description the description, or {@code ""}
     */
    public record Parameter(String name, String in, boolean required, JsonNode schema, String description) {
        /** Checks and copies the arguments. */
        public Parameter {
            requireNonNull(name, "name");
            requireNonNull(in, "in");
            schema = schema == null ? null : schema.deepCopy();
            description = description == null ? "" : description;
        }

        @Override
        public JsonNode schema() {
            return schema == null ? null : schema.deepCopy();
        }
    }
}
