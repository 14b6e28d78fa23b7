package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.tool.Toolkit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.ToolCallingAdvisor;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceInitializationAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.json.JsonMapper;

/**
 * quarry-spring-ai2 in a Spring Boot 4 / Spring AI 2.0 application: nothing but the starter and a
 * DataSource (H2 holding the Chinook sample, loaded by {@code spring.sql.init}) serves Quarry's tools
 * as Spring AI 2.0 {@link ToolCallback}s, and the host's Jackson 3 mapper, configured by its
 * properties, never reaches Quarry's results (Quarry keeps its own Jackson 2 mapper).
 */
class SpringBoot4StarterTest {
    static final String ROCK = "For Those About To Rock (We Salute You)";

    /** The one Chinook track whose name contains "Rock" (the match is case-sensitive), as Quarry answers it. */
    static final String ROCK_TRACKS = "{\"objects\":[{\"id\":\"Track:1\",\"type\":\"Track\",\"properties\":{"
            + "\"track_id\":1,\"name\":\"" + ROCK + "\",\"album_id\":1,\"media_type_id\":1,\"genre_id\":1,"
            + "\"composer\":\"Angus Young, Malcolm Young, Brian Johnson\",\"milliseconds\":343719,"
            + "\"bytes\":11170334,\"unit_price\":0.99}}],"
            + "\"returned\":1,\"total\":1,\"has_more\":false,\"truncated\":false,\"caps\":[]}";

    static final String TRACKS = "{\"type\": \"Track\", \"properties\": {\"name\": {\"$contains\": \"Rock\"}},"
            + " \"sort\": [{\"field\": \"name\", \"direction\": \"asc\"}], \"limit\": 3}";

    static String[] chinook(String name, String... more) {
        return Stream.concat(
                        Stream.of(
                                "spring.datasource.url=jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1",
                                "spring.sql.init.mode=always",
                                "spring.sql.init.schema-locations=classpath:io/quarry/sql/introspect/chinook.h2.sql"),
                        Arrays.stream(more))
                .toArray(String[]::new);
    }

    static ToolCallback callback(ConfigurableApplicationContext context, String tool) {
        return Arrays.stream(context.getBean(ToolCallbackProvider.class).getToolCallbacks())
                .filter(c -> c.getToolDefinition().name().equals(tool))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no tool " + tool));
    }

    final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(
                    DataSourceAutoConfiguration.class,
                    DataSourceInitializationAutoConfiguration.class,
                    QuarryAutoConfiguration.class));

    @Test
    void theStarterServesTheToolsOfADataSourceAsSpringAi2Callbacks() {
        runner.withPropertyValues(chinook("boot4_served")).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(Toolkit.class).hasSingleBean(ToolCallbackProvider.class);
            assertThat(context.getBean(ToolCallbackProvider.class).getToolCallbacks())
                    .extracting(c -> c.getToolDefinition().name())
                    .contains(
                            "get_database_schema",
                            "query_graph_objects",
                            "get_graph_object",
                            "aggregate_graph_objects",
                            "discover_schema");
            ToolCallback query = callback(context, "query_graph_objects");
            // Spring AI 2.0's definition carries Quarry's JSON Schema unchanged
            assertThat(query.getToolDefinition().inputSchema())
                    .isEqualTo(context.getBean(Toolkit.class)
                            .tool("query_graph_objects")
                            .orElseThrow()
                            .inputSchemaJson());
            String result = query.call(TRACKS, new ToolContext(Map.of(QuarryToolCallbacks.USER, "ana")));
            assertThat(result).isEqualTo(ROCK_TRACKS);
            assertThat(callback(context, "get_database_schema").call("{}"))
                    .contains("\"name\":\"Track\"", "\"milliseconds\":{\"type\":\"integer\"")
                    .doesNotContain("\"error\"");
            // a mistake is Quarry's error object as the tool's text, never an exception
            assertThat(query.call("{\"type\": \"Track\", \"properties\": {\"nmae\": {\"$eq\": 1}}}"))
                    .contains("\"error\"", "UNKNOWN_FIELD");
        });
    }

    @Test
    void aSpringAi2ChatClientCallsTheToolsAndTheModelReadsQuarrysResults() {
        runner.withPropertyValues(chinook("boot4_chat")).run(context -> {
            ScriptedChatModel model = new ScriptedChatModel()
                    .callTool("c1", "query_graph_objects", TRACKS)
                    .callTool("c2", "query_graph_objects", "{\"type\": \"Track\", \"properties\": {\"nmae\": 1}}")
                    .answer("One track.");

            String answer = ChatClient.builder(model)
                    .defaultAdvisors(ToolCallingAdvisor.builder().build())
                    .build()
                    .prompt()
                    .user("Which tracks rock?")
                    .tools(context.getBean(ToolCallbackProvider.class))
                    .toolContext(Map.of(QuarryToolCallbacks.USER, "ana"))
                    .call()
                    .content();

            assertThat(answer).isEqualTo("One track.");
            List<String> results = new ArrayList<>();
            for (Message m : model.prompts.get(2).getInstructions()) {
                if (m instanceof ToolResponseMessage r) {
                    r.getResponses().forEach(response -> results.add(response.responseData()));
                }
            }
            assertThat(results).hasSize(2);
            assertThat(results.get(0)).isEqualTo(ROCK_TRACKS);
            assertThat(results.get(1)).contains("\"error\"", "UNKNOWN_FIELD", "name");
        });
    }

    @Test
    void quarryTools_limitsTheCallbacks() {
        runner.withPropertyValues(chinook("boot4_tools", "quarry.tools=query_graph_objects,get_database_schema"))
                .run(context -> assertThat(
                                context.getBean(ToolCallbackProvider.class).getToolCallbacks())
                        .extracting(c -> c.getToolDefinition().name())
                        .containsExactly("query_graph_objects", "get_database_schema"));
    }

    /** A whole Boot 4 application: auto-configuration from the classpath, Jackson 3 by its properties. */
    static final String MCP_MAPPER = "mcpServerJsonMapper";

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class Application {}

    @Test
    void aBoot4ApplicationsJackson3MapperLeavesQuarrysResultsUnchanged() {
        String plain;
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
                .web(WebApplicationType.NONE)
                .properties(chinook(
                        "boot4_plain",
                        "spring.autoconfigure.exclude="
                                + "org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration"))
                .run()) {
            // Spring AI's MCP server starter (on this test classpath) keeps a mapper of its own
            assertThat(context.getBeanNamesForType(JsonMapper.class)).containsOnly(MCP_MAPPER);
            plain = callback(context, "query_graph_objects").call(TRACKS);
        }
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
                .web(WebApplicationType.NONE)
                .properties(chinook(
                        "boot4_jackson3",
                        "spring.jackson.property-naming-strategy=UPPER_CAMEL_CASE",
                        "spring.jackson.serialization.indent-output=true"))
                .run()) {
            // the host's mapper is Jackson 3, and its properties took effect on it
            JsonMapper host = context.getBeansOfType(JsonMapper.class).entrySet().stream()
                    .filter(bean -> !bean.getKey().equals(MCP_MAPPER))
                    .map(Map.Entry::getValue)
                    .findFirst()
                    .orElseThrow();
            assertThat(host.writeValueAsString(new Answer(3)))
                    .contains("\"Returned\"")
                    .contains("\n");
            // Quarry's result through Spring AI 2.0 is the same text as without the host's mapper
            String result = callback(context, "query_graph_objects").call(TRACKS);
            assertThat(plain).isEqualTo(ROCK_TRACKS);
            assertThat(result).isEqualTo(ROCK_TRACKS);
        }
        // Jackson 2 (Quarry) and Jackson 3 (Boot, Spring AI) side by side: distinct packages, no conflict
        assertThat(com.fasterxml.jackson.databind.ObjectMapper.class.getName())
                .isNotEqualTo(tools.jackson.databind.ObjectMapper.class.getName());
    }

    record Answer(int returned) {}
}
