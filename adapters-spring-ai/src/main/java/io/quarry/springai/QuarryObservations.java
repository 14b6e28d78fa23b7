package io.quarry.springai;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.common.KeyValue;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.quarry.tool.ForwardingTool;
import io.quarry.tool.Tool;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;

/**
 * Micrometer {@link Observation}s of Quarry's tool calls: one observation {@value #NAME} per call,
 * around the call, so the host's handlers turn it into a timer (with Boot's actuator) and a span (with
 * Micrometer Tracing's OpenTelemetry bridge), child of whatever span the call runs in.
 *
 * <p>Low-cardinality keys (metric tags and span attributes): {@code quarry.tool} (the tool name),
 * {@code quarry.outcome} ({@code ok} or the error code, such as {@code UNKNOWN_FIELD}) and {@code
 * quarry.truncated} ({@code true} when more objects matched than were returned). High-cardinality (span
 * attributes only): {@code quarry.rows}, the objects returned. Never the arguments, the scope, the user
 * or any value from the data: a span is no place for a tenant's data.
 */
public final class QuarryObservations {
    /** The observation's name, and so the timer's: {@value}. */
    public static final String NAME = "quarry.tool.call";

    private QuarryObservations() {}

    /** The tool, each call observed in this registry. */
    public static Tool observed(Tool tool, ObservationRegistry registry) {
        return new ObservedTool(requireNonNull(tool, "tool"), requireNonNull(registry, "registry"));
    }

    /** A tool whose calls are observed. */
    private static final class ObservedTool extends ForwardingTool {
        private final ObservationRegistry registry;

        ObservedTool(Tool tool, ObservationRegistry registry) {
            super(tool);
            this.registry = registry;
        }

        @Override
        public ToolResult call(JsonNode arguments, ToolContext context) {
            return observe(() -> delegate().call(arguments, context));
        }

        @Override
        public ToolResult call(String arguments, ToolContext context) {
            return observe(() -> delegate().call(arguments, context));
        }

        private ToolResult observe(java.util.function.Supplier<ToolResult> call) {
            Observation observation = Observation.createNotStarted(NAME, registry)
                    .contextualName("quarry " + name())
                    .lowCardinalityKeyValue("quarry.tool", name())
                    .start();
            // the scope makes this observation the parent of whatever the call observes (a JDBC span)
            Observation.Scope scope = observation.openScope();
            try {
                ToolResult result = call.get();
                JsonNode json = result.json();
                observation.lowCardinalityKeyValue(
                        KeyValue.of("quarry.outcome", result.isError() ? String.valueOf(result.errorCode()) : "ok"));
                observation.lowCardinalityKeyValue(KeyValue.of(
                        "quarry.truncated",
                        Boolean.toString(json.path("truncated").asBoolean(false))));
                observation.highCardinalityKeyValue(KeyValue.of(
                        "quarry.rows", Integer.toString(json.path("returned").asInt(0))));
                return result;
            } catch (RuntimeException e) {
                observation.lowCardinalityKeyValue(KeyValue.of("quarry.outcome", "INTERNAL"));
                observation.lowCardinalityKeyValue(KeyValue.of("quarry.truncated", "false"));
                observation.error(e);
                throw e;
            } finally {
                scope.close();
                observation.stop();
            }
        }

        @Override
        public String toString() {
            return delegate().toString();
        }
    }
}
