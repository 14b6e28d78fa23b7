package io.quarry.tool;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.store.Scope;
import java.time.Duration;

/**
 * A finished tool call, as reported to {@link ToolListener}s for audit, logging and tracing.
 *
 * @param tool the tool name
 * @param arguments the model's input
 * @param scope the host's scope
 * @param user the host's user, or {@code null}
 * @param duration how long the call took
 * @param rows how many objects the result holds ({@code returned}), 0 for none or an error
 * @param errorCode the error code of an error result, or {@code null}
 */
public record ToolCall(
        String tool, JsonNode arguments, Scope scope, String user, Duration duration, int rows, String errorCode) {

    /** Checks the arguments. */
    public ToolCall {
        requireNonNull(tool, "tool");
        requireNonNull(scope, "scope");
        requireNonNull(duration, "duration");
        arguments = arguments == null ? null : arguments.deepCopy();
    }
}
