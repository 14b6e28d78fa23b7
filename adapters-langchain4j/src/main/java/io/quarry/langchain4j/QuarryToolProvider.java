package io.quarry.langchain4j;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.invocation.InvocationParameters;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.langchain4j.service.tool.ToolProvider;
import dev.langchain4j.service.tool.ToolProviderRequest;
import dev.langchain4j.service.tool.ToolProviderResult;
import io.quarry.tool.Tool;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.Toolkit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Quarry's tools for LangChain4j AI services: one {@link ToolSpecification} and one
 * {@link ToolExecutor} per tool.
 *
 * <pre>{@code
 * Assistant assistant = AiServices.builder(Assistant.class)
 *         .chatModel(model)
 *         .toolProvider(QuarryToolProvider.of(toolkit, params -> ToolContext.builder()
 *                 .scope(Scope.of("org_id", params.get("org_id")))
 *                 .build()))
 *         .build();
 * }</pre>
 *
 * <p>A tool name the model invents ends a LangChain4j conversation with an exception unless the
 * service has a strategy for it: give it {@link #hallucinatedToolNameStrategy()}.
 *
 * <p>The scope and user come from the host, per invocation, through the {@link InvocationParameters}
 * of the AI-service call (declare an {@code InvocationParameters} parameter on the service method);
 * the model never sees them. The input schema is Quarry's JSON Schema, kept whole (keywords
 * LangChain4j has no class for stay as raw schema). A tool's result, error or not, goes back to the
 * model as the tool's JSON text: a misspelled field or malformed arguments give a Quarry error object
 * with a hint, marked {@code isError}, never an exception that ends the conversation.
 */
public final class QuarryToolProvider implements ToolProvider {
    private static final Logger LOG = LoggerFactory.getLogger(QuarryToolProvider.class);

    private final Map<ToolSpecification, ToolExecutor> tools;

    private QuarryToolProvider(Toolkit toolkit, Function<InvocationParameters, ToolContext> context) {
        Map<ToolSpecification, ToolExecutor> byTool = new LinkedHashMap<>();
        for (Tool tool : requireNonNull(toolkit, "toolkit").tools()) {
            byTool.put(specification(tool), new Executor(tool, context));
        }
        this.tools = byTool;
    }

    /**
     * The toolkit's tools, each call in the context the function derives from the call's invocation
     * parameters (empty when the service method has none).
     *
     * @param toolkit the tools
     * @param context the scope, user and limits of one call, from the host's invocation parameters
     */
    public static QuarryToolProvider of(Toolkit toolkit, Function<InvocationParameters, ToolContext> context) {
        return new QuarryToolProvider(toolkit, requireNonNull(context, "context"));
    }

    /**
     * The toolkit's tools, every call in the same context: for data without tenants, or a service
     * built per tenant.
     *
     * @param toolkit the tools
     * @param context the scope, user and limits of every call
     */
    public static QuarryToolProvider of(Toolkit toolkit, ToolContext context) {
        requireNonNull(context, "context");
        return new QuarryToolProvider(toolkit, params -> context);
    }

    /** The specifications with their executors, in catalog order, for {@code AiServices.tools(Map)}. */
    public Map<ToolSpecification, ToolExecutor> tools() {
        return new LinkedHashMap<>(tools);
    }

    /**
     * The answer to a tool name the model invented, for {@code
     * AiServices.builder(…).hallucinatedToolNameStrategy(provider.hallucinatedToolNameStrategy())}:
     * Quarry's {@code NOT_FOUND} error naming the nearest tool and listing them all (the same answer
     * as {@link io.quarry.tool.Toolkit#call} gives), so the model calls a real tool next. Without it LangChain4j throws and the conversation
     * ends at the first invented name.
     */
    public Function<ToolExecutionRequest, ToolExecutionResultMessage> hallucinatedToolNameStrategy() {
        List<String> names =
                tools.keySet().stream().map(ToolSpecification::name).toList();
        return request -> ToolExecutionResultMessage.builder()
                .id(request.id())
                .toolName(request.name())
                .text(ToolResult.unknownTool(request.name(), names).text())
                .isError(true)
                .build();
    }

    @Override
    public ToolProviderResult provideTools(ToolProviderRequest request) {
        return ToolProviderResult.builder().addAll(tools).build();
    }

    private static ToolSpecification specification(Tool tool) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("name", tool.name());
        json.put("description", tool.description());
        json.set("parameters", tool.inputSchema());
        // fromJson keeps every keyword: those without a LangChain4j class become JsonRawSchema
        return ToolSpecification.fromJson(json.toString());
    }

    /** Runs one Quarry tool for LangChain4j. */
    private record Executor(Tool tool, Function<InvocationParameters, ToolContext> context) implements ToolExecutor {

        @Override
        public String execute(ToolExecutionRequest request, Object memoryId) {
            return run(request, new InvocationParameters()).text();
        }

        @Override
        public ToolExecutionResult executeWithContext(ToolExecutionRequest request, InvocationContext invocation) {
            InvocationParameters params = invocation == null || invocation.invocationParameters() == null
                    ? new InvocationParameters()
                    : invocation.invocationParameters();
            ToolResult result = run(request, params);
            return ToolExecutionResult.builder()
                    .resultText(result.text())
                    .isError(result.isError())
                    .build();
        }

        private ToolResult run(ToolExecutionRequest request, InvocationParameters params) {
            // LangChain4j's default handlers would end the conversation or pass on an exception's text
            try {
                return tool.call(request.arguments(), context.apply(params));
            } catch (RuntimeException e) {
                LOG.error("tool {} failed in the LangChain4j adapter", tool.name(), e);
                return ToolResult.internalError();
            }
        }
    }
}
