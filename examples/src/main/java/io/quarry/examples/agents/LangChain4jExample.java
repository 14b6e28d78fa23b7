package io.quarry.examples.agents;

import dev.langchain4j.invocation.InvocationParameters;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.SystemMessage;
import dev.langchain4j.service.UserMessage;
import io.quarry.langchain4j.QuarryToolProvider;
import io.quarry.store.Scope;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.io.PrintStream;
import java.util.Map;

/**
 * A LangChain4j agent over the demo database: the lines between the markers are all a host writes.
 *
 * <pre>
 * java -cp examples/target/quarry-examples.jar io.quarry.examples.agents.LangChain4jExample "Which tasks are blocked?"
 * </pre>
 */
public final class LangChain4jExample {
    static final String QUESTION = "Which tasks are blocked, and in which projects?";

    /** The AI service: the tenant and user travel as invocation parameters, which the model never sees. */
    interface Assistant {
        @SystemMessage("You answer questions about a project-management database. Use the tools: "
                + "get_database_schema tells you the types and fields, query_graph_objects finds objects.")
        String chat(@UserMessage String question, InvocationParameters parameters);
    }

    private LangChain4jExample() {}

    /** Asks the question in the arguments (or a default one) for tenant acme. */
    public static void main(String[] args) {
        run(System.getenv(), args.length == 0 ? QUESTION : String.join(" ", args), System.out);
    }

    static String run(Map<String, String> env, String question, PrintStream out) {
        ChatModel model = ModelSettings.fromEnvironment(env)
                .map(settings -> {
                    out.println(settings.describe());
                    return (ChatModel) OpenAiChatModel.builder()
                            .baseUrl(settings.baseUrl())
                            .apiKey(settings.apiKey())
                            .modelName(settings.model())
                            .build();
                })
                .orElseGet(() -> {
                    out.println(ModelSettings.NONE);
                    return new ScriptedLangChain4jModel();
                });
        Toolkit toolkit = DemoDatabase.toolkit();

        // --- what a host writes ---
        QuarryToolProvider tools = QuarryToolProvider.of(toolkit, params -> ToolContext.builder()
                .scope(Scope.of("org_id", params.get("org_id")))
                .user(params.get("user"))
                .build());
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(model)
                .toolProvider(tools)
                .hallucinatedToolNameStrategy(tools.hallucinatedToolNameStrategy())
                .build();
        String answer = assistant.chat(question, InvocationParameters.from(Map.of("org_id", "acme", "user", "ana")));
        // --- end ---

        out.println(answer);
        return answer;
    }
}
