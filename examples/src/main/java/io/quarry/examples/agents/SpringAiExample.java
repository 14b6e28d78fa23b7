package io.quarry.examples.agents;

import io.quarry.springai.QuarryToolCallbacks;
import java.io.PrintStream;
import java.util.Map;
import javax.sql.DataSource;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.ToolCallAdvisor;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.ai.openai.api.OpenAiApi;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * A Spring Boot application with Spring AI over the demo database. The host declares its DataSource
 * (as it already does) and sets two properties; Quarry's auto-configuration gives it a
 * {@link ToolCallbackProvider} bean, which the lines between the markers hand to a ChatClient.
 *
 * <pre>
 * java -cp examples/target/quarry-examples.jar io.quarry.examples.agents.SpringAiExample "Which tasks are blocked?"
 * </pre>
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class SpringAiExample {

    /** The host's database: here the demo. */
    @Bean
    DataSource dataSource() {
        return DemoDatabase.dataSource();
    }

    /** Asks the question in the arguments (or a default one) for tenant acme. */
    public static void main(String[] args) {
        run(System.getenv(), args.length == 0 ? LangChain4jExample.QUESTION : String.join(" ", args), System.out);
    }

    static String run(Map<String, String> env, String question, PrintStream out) {
        ChatModel model = ModelSettings.fromEnvironment(env)
                .map(settings -> {
                    out.println(settings.describe());
                    return (ChatModel) OpenAiChatModel.builder()
                            .openAiApi(OpenAiApi.builder()
                                    .baseUrl(settings.baseUrl())
                                    .completionsPath("/chat/completions")
                                    .apiKey(settings.apiKey())
                                    .build())
                            .defaultOptions(OpenAiChatOptions.builder()
                                    .model(settings.model())
                                    .build())
                            .build();
                })
                .orElseGet(() -> {
                    out.println(ModelSettings.NONE);
                    return new ScriptedSpringAiModel();
                });
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(SpringAiExample.class)
                .web(WebApplicationType.NONE)
                .bannerMode(Banner.Mode.OFF)
                .logStartupInfo(false)
                // in application.properties of a real application
                .properties("quarry.config=" + DemoDatabase.CONFIG, "quarry.store.scope-columns=org_id,project_id")
                .run()) {
            ToolCallbackProvider quarryTools = app.getBean(ToolCallbackProvider.class);

            // --- what a host writes ---
            ChatClient chat = ChatClient.builder(model)
                    .defaultSystem("You answer questions about a project-management database. Use the tools: "
                            + "get_database_schema tells you the types and fields, query_graph_objects finds objects.")
                    .defaultToolCallbacks(quarryTools)
                    .defaultAdvisors(ToolCallAdvisor.builder().build())
                    .build();
            String answer = chat.prompt()
                    .user(question)
                    .toolContext(Map.of(
                            QuarryToolCallbacks.SCOPE, Map.of("org_id", "acme"), QuarryToolCallbacks.USER, "ana"))
                    .call()
                    .content();
            // --- end ---

            out.println(answer);
            return answer;
        }
    }
}
