package io.quarry.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarry.tool.Tool;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.Toolkit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The schema as MCP resources: {@code quarry://schema} (every type: fields and relationships) and
 * {@code quarry://schema/{type}} (one type in full: descriptions, formats, common values), listed per
 * type and as a resource template, with completion of the type names. Each read runs {@code
 * get_database_schema} in the caller's context, so a resource shows exactly what the tool shows that
 * caller: the counts and common values of its scope, no hidden field, no type the tool would refuse.
 */
final class SchemaResources {
    static final String SUMMARY = "quarry://schema";
    static final String TEMPLATE = "quarry://schema/{type}";
    private static final String PREFIX = "quarry://schema/";
    private static final String JSON_TYPE = "application/json";

    private final Toolkit toolkit;
    private final Function<McpTransportContext, ToolContext> context;

    SchemaResources(Toolkit toolkit, Function<McpTransportContext, ToolContext> context) {
        this.toolkit = toolkit;
        this.context = context;
    }

    /** Whether the toolkit serves the schema at all (get_database_schema may be disabled). */
    boolean served() {
        return schemaTool().isPresent();
    }

    private Optional<Tool> schemaTool() {
        return toolkit.tool("get_database_schema");
    }

    /** The type names the schema tool accepts, in its order. */
    List<String> typeNames() {
        List<String> names = new ArrayList<>();
        schemaTool()
                .ifPresent(tool ->
                        tool.inputSchema().at("/properties/types/items/enum").forEach(n -> names.add(n.asText())));
        return names;
    }

    List<McpStatelessServerFeatures.SyncResourceSpecification> resources() {
        List<McpStatelessServerFeatures.SyncResourceSpecification> out = new ArrayList<>();
        out.add(new McpStatelessServerFeatures.SyncResourceSpecification(
                McpSchema.Resource.builder(SUMMARY, "schema")
                        .title("The database schema")
                        .description("Every type with its fields, enum values and relationships, and how many"
                                + " objects of each you can see (get_database_schema, detail summary).")
                        .mimeType(JSON_TYPE)
                        .build(),
                this::read));
        for (String type : typeNames()) {
            out.add(new McpStatelessServerFeatures.SyncResourceSpecification(
                    McpSchema.Resource.builder(PREFIX + type, "schema-" + type)
                            .title("The " + type + " type")
                            .description("The fields of " + type + " with their descriptions, formats and common"
                                    + " values, and its relationships (get_database_schema, detail full).")
                            .mimeType(JSON_TYPE)
                            .build(),
                    this::read));
        }
        return out;
    }

    List<McpStatelessServerFeatures.SyncResourceTemplateSpecification> templates() {
        return List.of(new McpStatelessServerFeatures.SyncResourceTemplateSpecification(
                McpSchema.ResourceTemplate.builder(TEMPLATE, "schema-of-type")
                        .title("One type of the database schema")
                        .description("One type in full: its fields with descriptions, formats and common values,"
                                + " and its relationships. Complete {type} for the names.")
                        .mimeType(JSON_TYPE)
                        .build(),
                this::read));
    }

    List<McpStatelessServerFeatures.SyncCompletionSpecification> completions() {
        return List.of(new McpStatelessServerFeatures.SyncCompletionSpecification(
                new McpSchema.ResourceReference(TEMPLATE), (transport, request) -> complete(request)));
    }

    private McpSchema.CompleteResult complete(McpSchema.CompleteRequest request) {
        String prefix = request.argument() == null || request.argument().value() == null
                ? ""
                : request.argument().value();
        List<String> all = "type"
                        .equals(
                                request.argument() == null
                                        ? null
                                        : request.argument().name())
                ? typeNames().stream()
                        .filter(n -> n.regionMatches(true, 0, prefix, 0, prefix.length()))
                        .toList()
                : List.of();
        // the protocol's cap: at most 100 values
        List<String> shown = all.size() > 100 ? all.subList(0, 100) : all;
        return new McpSchema.CompleteResult(
                new McpSchema.CompleteResult.CompleteCompletion(shown, all.size(), all.size() > shown.size()));
    }

    private McpSchema.ReadResourceResult read(McpTransportContext transport, McpSchema.ReadResourceRequest request) {
        String uri = request.uri();
        String arguments;
        if (SUMMARY.equals(uri)) {
            arguments = "{\"detail\": \"summary\"}";
        } else if (uri != null && uri.startsWith(PREFIX) && uri.length() > PREFIX.length()) {
            arguments = Dispatcher.JSON
                    .createObjectNode()
                    .put("detail", "full")
                    .set("types", Dispatcher.JSON.createArrayNode().add(uri.substring(PREFIX.length())))
                    .toString();
        } else {
            throw McpError.RESOURCE_NOT_FOUND.apply(uri);
        }
        ToolResult result = toolkit.call("get_database_schema", readTree(arguments), context.apply(transport));
        if (result.isError()) {
            // an unknown type, or one the caller may not see: as absent as a type that does not exist
            throw McpError.RESOURCE_NOT_FOUND.apply(uri);
        }
        return McpSchema.ReadResourceResult.builder(List.of(McpSchema.TextResourceContents.builder(uri, result.text())
                        .mimeType(JSON_TYPE)
                        .build()))
                .build();
    }

    private static JsonNode readTree(String json) {
        try {
            return Dispatcher.JSON.readTree(json);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
