package io.quarry.springai;

import static java.util.Objects.requireNonNull;

import io.quarry.store.Scope;
import io.quarry.tool.Limits;
import io.quarry.tool.Tool;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.Toolkit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * Quarry's tools as Spring AI {@link ToolCallback}s: one per tool, with Quarry's JSON Schema as the
 * input schema.
 *
 * <pre>{@code
 * String answer = ChatClient.create(chatModel).prompt()
 *         .user("Which tasks are blocked?")
 *         .toolCallbacks(QuarryToolCallbacks.of(toolkit))
 *         .toolContext(Map.of(QuarryToolCallbacks.SCOPE, Map.of("org_id", "acme"), QuarryToolCallbacks.USER, "ana"))
 *         .call()
 *         .content();
 * }</pre>
 *
 * <p>The scope and user come from the host's tool context map ({@link #SCOPE}, {@link #USER},
 * {@link #LIMITS}), which Spring AI never sends to the model. Every outcome is a result: an error is
 * Quarry's error object as the tool's text, never an exception (Spring AI would end the chat on any
 * exception but its own {@code ToolExecutionException}). With Spring Boot,
 * {@link QuarryAutoConfiguration} makes this provider a bean.
 */
public final class QuarryToolCallbacks implements ToolCallbackProvider {
    /** The tool context key of the scope: a {@link Scope} or a {@code Map} of scope keys to values. */
    public static final String SCOPE = "quarry.scope";

    /** The tool context key of the user the agent acts for: a {@code String}. */
    public static final String USER = "quarry.user";

    /** The tool context key of stricter limits for the call: {@link Limits}. */
    public static final String LIMITS = "quarry.limits";

    private static final Logger LOG = LoggerFactory.getLogger(QuarryToolCallbacks.class);

    private final List<ToolCallback> callbacks;

    private QuarryToolCallbacks(List<Tool> tools, Function<Map<String, Object>, ToolContext> context) {
        List<ToolCallback> list = new ArrayList<>();
        for (Tool tool : tools) {
            list.add(new Callback(tool, context));
        }
        this.callbacks = List.copyOf(list);
    }

    /**
     * Every tool of the toolkit, in the context read from the tool context map's {@link #SCOPE},
     * {@link #USER} and {@link #LIMITS} (unrestricted when absent).
     */
    public static QuarryToolCallbacks of(Toolkit toolkit) {
        return of(toolkit, List.of(), QuarryToolCallbacks::context);
    }

    /**
     * Some tools of the toolkit, each call in the context the function derives from the host's tool
     * context map.
     *
     * @param toolkit the tools
     * @param names the tools to offer, in this order; empty for all
     * @param context the scope, user and limits of one call, from the host's tool context map (empty
     *     when the host gave none)
     * @throws IllegalArgumentException naming an unknown tool and the known ones
     */
    public static QuarryToolCallbacks of(
            Toolkit toolkit, List<String> names, Function<Map<String, Object>, ToolContext> context) {
        return of(toolkit, names, context, java.util.function.UnaryOperator.identity());
    }

    /** As {@link #of(Toolkit, List, Function)}, each tool wrapped first (observed, for one). */
    static QuarryToolCallbacks of(
            Toolkit toolkit,
            List<String> names,
            Function<Map<String, Object>, ToolContext> context,
            java.util.function.UnaryOperator<Tool> wrap) {
        requireNonNull(toolkit, "toolkit");
        requireNonNull(context, "context");
        List<Tool> tools = new ArrayList<>();
        if (names.isEmpty()) {
            tools.addAll(toolkit.tools());
        }
        for (String name : names) {
            tools.add(toolkit.tool(name)
                    .orElseThrow(() -> new IllegalArgumentException("quarry.tools: there is no tool '" + name
                            + "'; the tools are "
                            + toolkit.tools().stream().map(Tool::name).toList())));
        }
        tools.replaceAll(wrap);
        return new QuarryToolCallbacks(tools, context);
    }

    @Override
    public ToolCallback[] getToolCallbacks() {
        return callbacks.toArray(ToolCallback[]::new);
    }

    /** The context from the tool context map's {@link #SCOPE}, {@link #USER} and {@link #LIMITS}. */
    static ToolContext context(Map<String, Object> map) {
        ToolContext.Builder context = ToolContext.builder();
        Object scope = map.get(SCOPE);
        if (scope instanceof Scope s) {
            context.scope(s);
        } else if (scope instanceof Map<?, ?> values) {
            Map<String, String> strings = new LinkedHashMap<>();
            values.forEach((k, v) -> strings.put(String.valueOf(k), String.valueOf(v)));
            context.scope(new Scope(strings));
        } else if (scope != null) {
            throw new IllegalArgumentException(
                    SCOPE + " must be a Scope or a Map, was " + scope.getClass().getName());
        }
        if (map.get(USER) != null) {
            context.user(String.valueOf(map.get(USER)));
        }
        if (map.get(LIMITS) instanceof Limits limits) {
            context.limits(limits);
        }
        return context.build();
    }

    /** One Quarry tool for Spring AI. */
    private static final class Callback implements ToolCallback {
        private final Tool tool;
        private final ToolDefinition definition;
        private final Function<Map<String, Object>, ToolContext> context;

        Callback(Tool tool, Function<Map<String, Object>, ToolContext> context) {
            this.tool = tool;
            this.definition = ToolDefinition.builder()
                    .name(tool.name())
                    .description(tool.description())
                    .inputSchema(tool.inputSchemaJson())
                    .build();
            this.context = context;
        }

        @Override
        public ToolDefinition getToolDefinition() {
            return definition;
        }

        @Override
        public String call(String toolInput) {
            return call(toolInput, null);
        }

        @Override
        public String call(String toolInput, org.springframework.ai.chat.model.ToolContext toolContext) {
            Map<String, Object> map = toolContext == null ? Map.of() : toolContext.getContext();
            try {
                return tool.call(toolInput, context.apply(map)).text();
            } catch (RuntimeException e) {
                LOG.error("tool {} failed in the Spring AI adapter", tool.name(), e);
                return ToolResult.internalError().text();
            }
        }

        @Override
        public String toString() {
            return "QuarryToolCallback[" + tool.name() + "]";
        }
    }
}
