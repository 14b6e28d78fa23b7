package io.quarry.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.QueryException;
import io.quarry.store.Cursor;
import java.time.Duration;
import java.util.List;

/**
 * A tool whose cursors are signed with the host's key ({@link Toolkit.Builder#cursorKey}): the
 * {@code next_cursor} of a result is sealed, the cursor of a call is checked and unsealed before the
 * tool reads it ({@link Cursor#seal}, {@link Cursor#unseal}). Nothing else is kept between calls, so
 * any instance with the key continues any page walk.
 */
final class SignedCursorTool extends ForwardingTool {
    /** The argument names a cursor may come under (the model's aliases, as {@link Arguments} reads them). */
    private static final List<String> CURSOR_ARGUMENTS = List.of("cursor", "next_cursor", "page_token");

    private final byte[] key;
    private final List<ToolListener> listeners;

    SignedCursorTool(Tool tool, byte[] key, List<ToolListener> listeners) {
        super(tool);
        this.key = key.clone();
        this.listeners = List.copyOf(listeners);
    }

    @Override
    public ToolResult call(JsonNode arguments, ToolContext context) {
        JsonNode unsealed = arguments;
        if (arguments != null && arguments.isObject()) {
            for (String name : CURSOR_ARGUMENTS) {
                JsonNode cursor = arguments.get(name);
                if (cursor != null && cursor.isTextual()) {
                    try {
                        String inner = Cursor.unseal(cursor.textValue(), key, context.scope());
                        if (unsealed == arguments) {
                            unsealed = arguments.deepCopy();
                        }
                        ((ObjectNode) unsealed).put(name, inner);
                    } catch (QueryException e) {
                        ToolResult refused = new ToolResult(Results.error(e.errors()), true);
                        GuardedTool.notify(
                                listeners,
                                new ToolCall(
                                        name(),
                                        arguments,
                                        context.scope(),
                                        context.user(),
                                        Duration.ZERO,
                                        0,
                                        refused.errorCode()));
                        return refused;
                    }
                }
            }
        }
        ToolResult result = delegate().call(unsealed, context);
        if (result.isError()) {
            return result;
        }
        ObjectNode sealed = result.json();
        JsonNode next = sealed.get("next_cursor");
        if (next == null || !next.isTextual()) {
            return result;
        }
        sealed.put("next_cursor", Cursor.seal(next.textValue(), key, context.scope()));
        return new ToolResult(sealed, false);
    }

    @Override
    public String toString() {
        return delegate().toString();
    }
}
