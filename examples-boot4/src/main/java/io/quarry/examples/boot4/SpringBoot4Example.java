package io.quarry.examples.boot4;

import io.quarry.demo.DemoData;
import io.quarry.springai.QuarryToolCallbacks;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.ToolCallingAdvisor;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * A Spring Boot 4 / Spring AI 2.0 application over the demo database (H2): the host declares its
 * DataSource and sets two properties; quarry-spring-ai2's auto-configuration gives it a
 * {@link ToolCallbackProvider}, which the lines between the markers hand to a ChatClient. The model is
 * a real one when the environment names it ({@link ModelSettings}: {@code OPENAI_API_KEY} or
 * {@code OLLAMA_BASE_URL}), else a scripted one without network.
 * Run {@code main} from an IDE, or {@code SpringBoot4ExampleTest}.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class SpringBoot4Example {
    static final String QUESTION = "Which tasks are blocked?";

    /** The host's database: the demo knowledge graph, loaded into an in-memory H2 database. */
    @Bean
    DataSource dataSource() {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:quarry-demo-boot4;DB_CLOSE_DELAY=-1");
        DemoData.load(h2);
        return h2;
    }

    /** Asks the question in the arguments (or a default one) for tenant acme. */
    public static void main(String[] args) {
        run(System.getenv(), args.length == 0 ? QUESTION : String.join(" ", args), System.out);
    }

    static String run(Map<String, String> env, String question, PrintStream out) {
        ChatModel model = model(env, out);
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(SpringBoot4Example.class)
                .web(WebApplicationType.NONE)
                .bannerMode(Banner.Mode.OFF)
                .logStartupInfo(false)
                // in application.properties of a real application
                .properties(
                        "quarry.config=classpath:" + DemoData.CONFIG_RESOURCE,
                        "quarry.store.scope-columns=org_id,project_id")
                .run()) {
            ToolCallbackProvider quarryTools = app.getBean(ToolCallbackProvider.class);

            // --- what a host writes (Spring AI 2.0: tools(...) and ToolCallingAdvisor) ---
            ChatClient chat = ChatClient.builder(model)
                    .defaultSystem("You answer questions about a project-management database. Use the tools: "
                            + "get_database_schema tells you the types and fields, query_graph_objects finds objects.")
                    .defaultAdvisors(ToolCallingAdvisor.builder().build())
                    .build();
            String answer = chat.prompt()
                    .user(question)
                    .tools(quarryTools)
                    .toolContext(Map.of(
                            QuarryToolCallbacks.SCOPE, Map.of("org_id", "acme"), QuarryToolCallbacks.USER, "ana"))
                    .call()
                    .content();
            // --- end ---

            out.println(answer);
            return answer;
        }
    }

    /** The real model the environment names (Spring AI 2.0's OpenAI client), else the scripted one. */
    static ChatModel model(Map<String, String> env, PrintStream out) {
        return ModelSettings.fromEnvironment(env)
                .map(settings -> {
                    out.println(settings.describe());
                    return (ChatModel) OpenAiChatModel.builder()
                            .options(OpenAiChatOptions.builder()
                                    .baseUrl(settings.baseUrl())
                                    .apiKey(settings.apiKey())
                                    .model(settings.model())
                                    .build())
                            .build();
                })
                .orElseGet(() -> {
                    out.println(ModelSettings.NONE);
                    return new ScriptedModel();
                });
    }

    /**
     * A stand-in model without network: it looks at the schema, asks for the blocked tasks, and answers
     * with the tool's own result. Spring AI 2.0's ToolCallingAdvisor runs tools only for a model whose
     * options are {@link ToolCallingChatOptions}, as a real model's are.
     */
    static final class ScriptedModel implements ChatModel {
        private static final List<String[]> CALLS =
                List.of(new String[] {"get_database_schema", "{\"types\": [\"Task\"]}"}, new String[] {
                    "query_graph_objects",
                    "{\"type\": \"Task\", \"properties\": {\"status\": \"Blocked\"}, \"limit\": 5}"
                });

        @Override
        public ChatOptions getOptions() {
            return ToolCallingChatOptions.builder().build();
        }

        @Override
        public ChatResponse call(Prompt prompt) {
            List<String> results = new ArrayList<>();
            for (Message m : prompt.getInstructions()) {
                if (m instanceof ToolResponseMessage r) {
                    r.getResponses().forEach(response -> results.add(response.responseData()));
                }
            }
            AssistantMessage reply;
            if (results.size() < CALLS.size()) {
                String[] call = CALLS.get(results.size());
                reply = AssistantMessage.builder()
                        .content("")
                        .toolCalls(List.of(
                                new AssistantMessage.ToolCall("call-" + results.size(), "function", call[0], call[1])))
                        .build();
            } else {
                reply = new AssistantMessage("(scripted model) query_graph_objects answered: " + results.get(1));
            }
            return new ChatResponse(List.of(new Generation(reply)));
        }
    }
}
