package io.quarry.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The operations of an OpenAPI 3.0 or 3.1 document (JSON or YAML), read once with swagger-parser:
 * {@code $ref}s to components and other files resolved, schemas inlined to a bounded depth.
 */
final class ApiIndex {
    /** How deep a schema's {@code $ref}s are inlined; deeper (or recursive) references become {@code {}}. */
    static final int SCHEMA_DEPTH = 6;

    private static final List<String> METHODS = List.of("GET", "POST", "PUT", "PATCH", "DELETE");

    private final List<ApiOperation> operations;

    private ApiIndex(List<ApiOperation> operations) {
        this.operations = List.copyOf(operations);
    }

    /** Every operation of the document, in document order. */
    List<ApiOperation> operations() {
        return operations;
    }

    /**
     * Reads a document from a location: {@code classpath:name}, an {@code http(s)} URL, or a file path.
     *
     * @param location where the document is
     * @param featuresExtension the {@code x-} extension that lists an operation's required features
     * @throws IllegalArgumentException when it cannot be read or is not an OpenAPI 3 document
     */
    static ApiIndex load(String location, String featuresExtension) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result;
        if (location.startsWith("classpath:")) {
            String name = location.substring("classpath:".length()).replaceFirst("^/", "");
            ClassLoader loader = Thread.currentThread().getContextClassLoader();
            try (InputStream in =
                    (loader != null ? loader : ApiIndex.class.getClassLoader()).getResourceAsStream(name)) {
                if (in == null) {
                    throw new IllegalArgumentException(
                            "OpenAPI document " + location + ": no such resource on the classpath");
                }
                result = new OpenAPIV3Parser()
                        .readContents(new String(in.readAllBytes(), StandardCharsets.UTF_8), null, options);
            } catch (IOException e) {
                throw new IllegalArgumentException("OpenAPI document " + location + ": " + e.getMessage(), e);
            }
        } else {
            result = new OpenAPIV3Parser().readLocation(location, null, options);
        }
        return from(result, location, featuresExtension);
    }

    /** Reads a document from its text (JSON or YAML). */
    static ApiIndex parse(String text, String featuresExtension) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        return from(new OpenAPIV3Parser().readContents(text, null, options), "text", featuresExtension);
    }

    private static ApiIndex from(SwaggerParseResult result, String source, String featuresExtension) {
        OpenAPI api = result == null ? null : result.getOpenAPI();
        if (api == null) {
            List<String> messages = result == null || result.getMessages() == null ? List.of() : result.getMessages();
            throw new IllegalArgumentException("OpenAPI document " + source + " cannot be read"
                    + (messages.isEmpty()
                            ? ""
                            : ": " + String.join("; ", messages.subList(0, Math.min(3, messages.size())))));
        }
        ObjectMapper mapper = api.getSpecVersion() == SpecVersion.V31 ? Json31.mapper() : Json.mapper();
        Map<String, JsonNode> components = new LinkedHashMap<>();
        if (api.getComponents() != null && api.getComponents().getSchemas() != null) {
            api.getComponents()
                    .getSchemas()
                    .forEach((name, schema) -> components.put(name, mapper.valueToTree(schema)));
        }
        Inliner inliner = new Inliner(components);
        Map<String, Parameter> sharedParameters =
                api.getComponents() == null || api.getComponents().getParameters() == null
                        ? Map.of()
                        : api.getComponents().getParameters();
        Map<String, RequestBody> sharedBodies =
                api.getComponents() == null || api.getComponents().getRequestBodies() == null
                        ? Map.of()
                        : api.getComponents().getRequestBodies();
        List<ApiOperation> operations = new ArrayList<>();
        if (api.getPaths() != null) {
            for (Map.Entry<String, PathItem> entry : api.getPaths().entrySet()) {
                PathItem item = entry.getValue();
                for (Map.Entry<PathItem.HttpMethod, Operation> op :
                        item.readOperationsMap().entrySet()) {
                    String method = op.getKey().name().toUpperCase(Locale.ROOT);
                    if (!METHODS.contains(method)) {
                        continue; // HEAD, OPTIONS, TRACE: nothing a model needs
                    }
                    operations.add(operation(
                            method,
                            entry.getKey(),
                            item,
                            op.getValue(),
                            mapper,
                            inliner,
                            sharedParameters,
                            sharedBodies,
                            featuresExtension));
                }
            }
        }
        return new ApiIndex(operations);
    }

    private static ApiOperation operation(
            String method,
            String path,
            PathItem item,
            Operation op,
            ObjectMapper mapper,
            Inliner inliner,
            Map<String, Parameter> sharedParameters,
            Map<String, RequestBody> sharedBodies,
            String featuresExtension) {
        Map<String, ApiOperation.Parameter> parameters = new LinkedHashMap<>();
        List<Parameter> declared = new ArrayList<>();
        if (item.getParameters() != null) {
            declared.addAll(item.getParameters());
        }
        if (op.getParameters() != null) {
            declared.addAll(op.getParameters()); // the operation's override the path's of the same name
        }
        for (Parameter p : declared) {
            if (p.get$ref() != null) {
                p = sharedParameters.get(p.get$ref().substring(p.get$ref().lastIndexOf('/') + 1));
                if (p == null) {
                    continue;
                }
            }
            String in = p.getIn() == null ? "" : p.getIn().toLowerCase(Locale.ROOT);
            if (!in.equals("path") && !in.equals("query") && !in.equals("header")) {
                continue; // cookies are the host's business
            }
            JsonNode schema = p.getSchema() == null ? null : inliner.inline(mapper.valueToTree(p.getSchema()));
            parameters.put(
                    in + ":" + p.getName(),
                    new ApiOperation.Parameter(
                            p.getName(),
                            in,
                            in.equals("path") || Boolean.TRUE.equals(p.getRequired()),
                            schema,
                            p.getDescription()));
        }
        JsonNode body = null;
        boolean bodyRequired = false;
        RequestBody requestBody = op.getRequestBody();
        if (requestBody != null && requestBody.get$ref() != null) {
            requestBody = sharedBodies.get(
                    requestBody.get$ref().substring(requestBody.get$ref().lastIndexOf('/') + 1));
        }
        if (requestBody != null
                && requestBody.getContent() != null
                && !requestBody.getContent().isEmpty()) {
            MediaType media = null;
            for (Map.Entry<String, MediaType> e : requestBody.getContent().entrySet()) {
                if (e.getKey().toLowerCase(Locale.ROOT).contains("json")) {
                    media = e.getValue();
                    break;
                }
            }
            if (media != null) {
                Schema<?> schema = media.getSchema();
                body = schema == null
                        ? JsonNodeFactory.instance.objectNode()
                        : inliner.inline(mapper.valueToTree(schema));
                bodyRequired = Boolean.TRUE.equals(requestBody.getRequired());
            }
        }
        List<String> features = new ArrayList<>();
        Object extension =
                op.getExtensions() == null ? null : op.getExtensions().get(featuresExtension);
        if (extension instanceof Collection<?> list) {
            list.forEach(f -> features.add(String.valueOf(f)));
        } else if (extension != null) {
            features.add(String.valueOf(extension));
        }
        String operationId = op.getOperationId() != null && !op.getOperationId().isBlank()
                ? op.getOperationId()
                : method + " " + path;
        return new ApiOperation(
                operationId,
                method,
                path,
                op.getSummary(),
                op.getDescription(),
                op.getTags() == null ? List.of() : op.getTags(),
                Boolean.TRUE.equals(op.getDeprecated()),
                features,
                List.copyOf(parameters.values()),
                body,
                bodyRequired);
    }

    /** Replaces {@code $ref}s to component schemas with the schemas, to a bounded depth. */
    private static final class Inliner {
        private final Map<String, JsonNode> components;

        Inliner(Map<String, JsonNode> components) {
            this.components = components;
        }

        JsonNode inline(JsonNode schema) {
            return inline(schema, 0, new ArrayList<>());
        }

        private JsonNode inline(JsonNode node, int depth, List<String> seen) {
            if (node.isArray()) {
                ArrayNode out = JsonNodeFactory.instance.arrayNode();
                node.forEach(n -> out.add(inline(n, depth, seen)));
                return out;
            }
            if (!node.isObject()) {
                return node;
            }
            JsonNode ref = node.get("$ref");
            if (ref != null && ref.isTextual()) {
                String name = ref.textValue().substring(ref.textValue().lastIndexOf('/') + 1);
                JsonNode target = components.get(name);
                if (target == null || depth >= SCHEMA_DEPTH || seen.contains(name)) {
                    ObjectNode open = JsonNodeFactory.instance.objectNode();
                    open.put("description", name + " (not expanded)");
                    return open;
                }
                seen.add(name);
                JsonNode out = inline(target, depth + 1, seen);
                seen.remove(seen.size() - 1);
                return out;
            }
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                if (e.getKey().equals("example")
                        || e.getKey().equals("examples")
                        || e.getKey().startsWith("x-")) {
                    continue;
                }
                out.set(e.getKey(), inline(e.getValue(), depth, seen));
            }
            return out;
        }
    }
}
