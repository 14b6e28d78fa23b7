package io.quarry.tool;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import io.quarry.error.QueryException;
import io.quarry.store.Cursor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A tool as the model sees it: input checked against its parameters, every failure turned into an
 * error result, every call reported to the listeners; with the host's key, cursors signed: the
 * {@code next_cursor} of a result is sealed, the cursor of a call is checked and unsealed before the
 * tool reads it. Nothing else is kept between calls, so any instance with the key continues any page
 * walk.
 */
final class GuardedTool implements Tool {
    private static final Logger LOG = LoggerFactory.getLogger(GuardedTool.class);

    /** The argument names a cursor may come under (the model's aliases, as {@link Arguments} reads them). */
    private static final List<String> CURSOR_ARGUMENTS = List.of("cursor", "next_cursor", "page_token");

    private final String name;
    private final String description;
    private final ObjectNode inputSchema;
    private final List<String> parameters;
    private final CatalogTool tool;
    private final Limits limits;
    private final List<ToolListener> listeners;
    /** The key cursors are signed with ({@link Toolkit.Builder#cursorKey}), or {@code null}: not signed. */
    private final byte[] cursorKey;

    /**
     * @param tool the tool guarded; its name, description and input schema are read once, now
     * @param limits the toolkit's limits
     * @param listeners told of every call
     * @param cursorKey the key that signs cursors, or {@code null}
     */
    GuardedTool(CatalogTool tool, Limits limits, List<ToolListener> listeners, byte[] cursorKey) {
        this.tool = requireNonNull(tool, "tool");
        this.name = requireNonNull(tool.name(), "name");
        this.description = requireNonNull(tool.description(), "description");
        ObjectNode schema = tool.inputSchema();
        this.inputSchema = schema.deepCopy();
        List<String> params = new ArrayList<>();
        for (Iterator<String> it = schema.path("properties").fieldNames(); it.hasNext(); ) {
            params.add(it.next());
        }
        this.parameters = List.copyOf(params);
        this.limits = requireNonNull(limits, "limits");
        this.listeners = List.copyOf(listeners);
        this.cursorKey = cursorKey == null ? null : cursorKey.clone();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean readOnly() {
        return tool.readOnly();
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
        if (cursorKey == null) {
            return guarded(arguments, context);
        }
        JsonNode unsealed;
        try {
            unsealed = unsealed(arguments, context);
        } catch (QueryException e) {
            ToolResult refused = new ToolResult(Results.error(e.errors()), true);
            notify(
                    listeners,
                    new ToolCall(
                            name, arguments, context.scope(), context.user(), Duration.ZERO, 0, refused.errorCode()));
            return refused;
        }
        return sealed(guarded(unsealed, context), context);
    }

    /** Runs the tool: limits, failures as error results, the size budget, the listeners. */
    private ToolResult guarded(JsonNode arguments, ToolContext context) {
        long start = System.nanoTime();
        ToolResult result;
        try {
            Limits effective = context.limits() == null ? limits : limits.narrowedBy(context.limits());
            // every statement of the call under its statement timeout, the context's when it is stricter
            ObjectNode json = CallTimeoutStore.during(
                    effective.statementTimeout(),
                    context,
                    () -> tool.handle(Arguments.of(arguments, parameters), new CatalogTool.Call(context, effective)));
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

    /**
     * The arguments with their cursors checked and unsealed ({@link Cursor#unseal}), as the tool reads them.
     *
     * @throws QueryException for a changed or forged cursor, or one issued for another scope
     */
    private JsonNode unsealed(JsonNode arguments, ToolContext context) {
        JsonNode unsealed = arguments;
        if (arguments != null && arguments.isObject()) {
            for (String argument : CURSOR_ARGUMENTS) {
                JsonNode cursor = arguments.get(argument);
                if (cursor != null && cursor.isTextual()) {
                    String inner = Cursor.unseal(cursor.textValue(), cursorKey, context.scope());
                    if (unsealed == arguments) {
                        unsealed = arguments.deepCopy();
                    }
                    ((ObjectNode) unsealed).put(argument, inner);
                }
            }
        }
        return unsealed;
    }

    /** The result with its {@code next_cursor} sealed ({@link Cursor#seal}), so another instance can continue. */
    private ToolResult sealed(ToolResult result, ToolContext context) {
        if (result.isError()) {
            return result;
        }
        ObjectNode json = result.json();
        JsonNode next = json.get("next_cursor");
        if (next == null || !next.isTextual()) {
            return result;
        }
        json.put("next_cursor", Cursor.seal(next.textValue(), cursorKey, context.scope()));
        return new ToolResult(json, false);
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
