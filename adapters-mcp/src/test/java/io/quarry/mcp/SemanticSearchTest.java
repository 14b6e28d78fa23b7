package io.quarry.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarry.embeddings.MiniLmEmbedder;
import io.quarry.store.Scope;
import io.quarry.testing.Demo;
import io.quarry.tool.ToolContext;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** semantic_search as an MCP tool, called in-process through the SDK's tool specification. */
class SemanticSearchTest {
    private static final JsonMapper MAPPER = new JsonMapper();
    private static final List<SyncToolSpecification> TOOLS = QuarryMcpServer.tools(
            Demo.semanticToolkit("mcp-semantic", new MiniLmEmbedder()),
            exchange ->
                    ToolContext.builder().scope(Scope.of("org_id", "globex")).build());

    @Test
    void riskyLibrariesAreFoundByMeaningInTheServersTenant() throws Exception {
        SyncToolSpecification semantic = TOOLS.stream()
                .filter(t -> t.tool().name().equals("semantic_search"))
                .findFirst()
                .orElseThrow();
        assertThat(semantic.tool().annotations().readOnlyHint()).isTrue();
        McpSchema.CallToolResult result = semantic.callHandler()
                .apply(
                        null,
                        McpSchema.CallToolRequest.builder("semantic_search")
                                .arguments(Map.of(
                                        "type", "Risk",
                                        "query", "hackers could steal personal data through an outdated library",
                                        "limit", 3))
                                .build());

        String text = ((McpSchema.TextContent) result.content().get(0)).text();
        assertThat(result.isError()).as(text).isFalse();
        JsonNode found = MAPPER.readTree(text);
        assertThat(found.path("objects")).hasSize(3);
        assertThat(found.at("/objects/0/properties/title").asText()).startsWith("Vulnerable dependencies in");
        for (JsonNode o : found.path("objects")) {
            assertThat(o.path("type").asText()).isEqualTo("Risk");
            assertThat(o.path("id").asText()).isGreaterThanOrEqualTo("risk-165"); // globex's
        }
    }

    @Test
    void aBlankQuestionIsAnErrorForTheModel() throws Exception {
        SyncToolSpecification semantic = TOOLS.stream()
                .filter(t -> t.tool().name().equals("semantic_search"))
                .findFirst()
                .orElseThrow();
        McpSchema.CallToolResult result = semantic.callHandler()
                .apply(
                        null,
                        McpSchema.CallToolRequest.builder("semantic_search")
                                .arguments(Map.of("query", " "))
                                .build());
        assertThat(result.isError()).isTrue();
        JsonNode error =
                MAPPER.readTree(((McpSchema.TextContent) result.content().get(0)).text());
        assertThat(error.at("/error/code").asText()).isNotBlank();
        assertThat(error.at("/error/hint").asText()).isNotBlank();
    }
}
