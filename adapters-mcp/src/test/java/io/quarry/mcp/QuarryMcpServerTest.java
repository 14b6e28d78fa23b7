package io.quarry.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarry.testing.Demo;
import io.quarry.testing.Golden;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The tool specifications, called in-process; {@link McpStdioIT} goes through a real client. */
class QuarryMcpServerTest {
    private static final Toolkit DEMO = Demo.toolkit("mcp-unit");
    private static final List<SyncToolSpecification> TOOLS =
            QuarryMcpServer.tools(DEMO, exchange -> ToolContext.unrestricted());
    private static final JsonMapper MAPPER =
            JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    @Test
    void everyToolOfTheToolkitIsServedReadOnly() {
        assertThat(TOOLS).extracting(t -> t.tool().name()).containsExactly(Demo.toolNames());
        assertThat(TOOLS).allSatisfy(t -> {
            McpSchema.ToolAnnotations a = t.tool().annotations();
            assertThat(a.readOnlyHint()).isTrue();
            assertThat(a.destructiveHint()).isFalse();
            assertThat(a.idempotentHint()).isTrue();
            assertThat(a.openWorldHint()).isFalse();
        });
    }

    @Test
    void runReadonlySqlIsServedReadOnly() {
        org.h2.jdbcx.JdbcDataSource ds = new org.h2.jdbcx.JdbcDataSource();
        ds.setURL("jdbc:h2:mem:mcp_readonly_sql;DB_CLOSE_DELAY=-1");
        io.quarry.sql.JdbcObjectStore store = io.quarry.sql.JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(new io.quarry.sql.dialect.H2Dialect())
                .build();
        store.createLayout();
        Toolkit toolkit = Toolkit.builder()
                .schema(io.quarry.schema.Schema.builder()
                        .type(io.quarry.schema.EntityType.of(
                                "Task", io.quarry.schema.Field.of("title", io.quarry.schema.FieldType.STRING)))
                        .build())
                .store(store)
                .readonlySql("h2")
                .build();
        McpSchema.Tool sql = QuarryMcpServer.tools(toolkit, exchange -> ToolContext.unrestricted()).stream()
                .map(SyncToolSpecification::tool)
                .filter(t -> t.name().equals("run_readonly_sql"))
                .findFirst()
                .orElseThrow();
        assertThat(sql.annotations().readOnlyHint()).isTrue();
        assertThat(sql.annotations().destructiveHint()).isFalse();
    }

    @Test
    void everyInputSchemaIsValidJsonSchema202012() {
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        Schema meta = registry.getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
        for (SyncToolSpecification t : TOOLS) {
            JsonNode schema = MAPPER.valueToTree(t.tool().inputSchema());
            assertThat(meta.validate(schema)).as(t.tool().name()).isEmpty();
            assertThat(schema.path("type").asText()).isEqualTo("object");
        }
    }

    @Test
    void toolDescriptionsMatchTheGoldenFile() throws Exception {
        List<McpSchema.Tool> tools =
                TOOLS.stream().map(SyncToolSpecification::tool).toList();
        Golden.assertMatches(
                Path.of("src/test/resources/io/quarry/mcp/mcp-tools.demo.json"),
                MAPPER.writeValueAsString(tools) + "\n");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "a good call|{\"type\": \"Task\", \"properties\": {\"status\": \"Done\"}, \"limit\": 2}|false|",
                "a misspelled field|{\"type\": \"Task\", \"properties\": {\"stauts\": \"Done\"}}|true|UNKNOWN_FIELD",
                "a hidden field|{\"type\": \"Person\", \"properties\": {\"salary_band\": \"B\"}}|true|UNKNOWN_FIELD",
                "an unknown parameter|{\"type\": \"Task\", \"colour\": \"red\"}|true|",
            })
    void callsComeBackAsResultsWithTheQuarryErrorText(String why, String arguments, boolean isError, String code)
            throws Exception {
        Map<String, Object> args = MAPPER.readValue(arguments, new TypeReference<Map<String, Object>>() {});
        McpSchema.CallToolResult result = TOOLS.get(1)
                .callHandler()
                .apply(
                        null,
                        McpSchema.CallToolRequest.builder("query_graph_objects")
                                .arguments(args)
                                .build());

        assertThat(result.isError()).isEqualTo(isError);
        String text = ((McpSchema.TextContent) result.content().get(0)).text();
        JsonNode json = MAPPER.readTree(text);
        assertThat(text)
                .isEqualTo(DEMO.call("query_graph_objects", MAPPER.valueToTree(args), ToolContext.unrestricted())
                        .text());
        if (code != null) {
            assertThat(json.at("/error/code").asText()).isEqualTo(code);
        }
    }
}
