package io.quarry.tool;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import io.quarry.error.QueryException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A tool as the model sees it: input checked against its parameters, every failure turned into an
 * error result, every call reported to the listeners.
 */
final class GuardedTool implements Tool {
    private static final Logger LOG = LoggerFactory.getLogger(GuardedTool.class);

    private final String name;
    private final String description;
    private final ObjectNode inputSchema;
    private final List<String> parameters;
    private final ToolHandler handler;
    private final Limits limits;
    private final List<ToolListener> listeners;
    private final boolean readOnly;

    GuardedTool(
            String name,
            String description,
            ObjectNode inputSchema,
            ToolHandler handler,
            Limits limits,
            List<ToolListener> listeners) {
        this(name, description, inputSchema, handler, limits, listeners, true);
    }

    GuardedTool(
            String name,
            String description,
            ObjectNode inputSchema,
            ToolHandler handler,
            Limits limits,
            List<ToolListener> listeners,
            boolean readOnly) {
        this.name = requireNonNull(name, "name");
        this.readOnly = readOnly;
        this.description = requireNonNull(description, "description");
        this.inputSchema = inputSchema.deepCopy();
        List<String> params = new ArrayList<>();
        for (Iterator<String> it = inputSchema.path("properties").fieldNames(); it.hasNext(); ) {
            params.add(it.next());
        }
        this.parameters = List.copyOf(params);
        this.handler = requireNonNull(handler, "handler");
        this.limits = requireNonNull(limits, "limits");
        this.listeners = List.copyOf(listeners);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean readOnly() {
        return readOnly;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public ObjectNode inputSchema() {
        return inputSchema.deepCopy();
    }

    @Override
    public ToolResult call(JsonNode arguments, ToolContext context) {
        requireNonNull(context, "context");
        long start = System.nanoTime();
        ToolResult result;
        try {
            Limits effective = context.limits() == null ? limits : limits.narrowedBy(context.limits());
            ObjectNode json =
                    handler.handle(Arguments.of(arguments, parameters), new ToolHandler.Call(context, effective));
            result = new ToolResult(json, false);
        } catch (QueryException e) {
            result = new ToolResult(Results.error(e.errors()), true);
        } catch (RuntimeException e) {
            LOG.error("tool {} failed", name, e);
            result = new ToolResult(
                    Results.error(List.of(new QueryError(
                            ErrorCode.INTERNAL,
                            "",
                            "The tool failed inside the library; the host's log has the details.",
                            "Try again, or try a simpler request."))),
                    true);
        }
        int budget = context.limits() == null
                ? limits.sizeBudget()
                : Math.min(limits.sizeBudget(), context.limits().sizeBudget());
        if (result.text().length() > budget) {
            // the last guard: a tool that could not fit its answer says so instead of sending it cut
            LOG.warn(
                    "tool {} produced {} characters, over the size budget of {}",
                    name,
                    result.text().length(),
                    budget);
            result = new ToolResult(
                    Results.error(List.of(new QueryError(
                            ErrorCode.LIMIT_EXCEEDED,
                            "",
                            "The answer is larger than the size budget of " + budget + " characters.",
                            "Ask for less: a smaller limit, detail \"light\", fewer types, or a narrower filter."))),
                    true);
        }
        int rows = result.isError() ? 0 : result.json().path("returned").asInt(0);
        notify(
                listeners,
                new ToolCall(
                        name,
                        arguments,
                        context.scope(),
                        context.user(),
                        Duration.ofNanos(System.nanoTime() - start),
                        rows,
                        result.errorCode()));
        return result;
    }

    /** Tells every listener of a call; a listener that throws is logged and skipped. */
    static void notify(List<ToolListener> listeners, ToolCall call) {
        for (ToolListener listener : listeners) {
            try {
                listener.onCall(call);
            } catch (RuntimeException e) {
                LOG.warn("tool listener {} failed", listener, e);
            }
        }
    }

    @Override
    public String toString() {
        return "Tool[" + name + "]";
    }
}
