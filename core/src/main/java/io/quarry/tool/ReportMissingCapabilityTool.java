package io.quarry.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.internal.Json;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code report_missing_capability}: the agent says what the user asked, what it tried and what it
 * lacked; the host's {@link CapabilityListener}s receive a {@link CapabilityReport}. Opt-in: listed only
 * when the host registered a listener. Reads no data.
 */
final class ReportMissingCapabilityTool implements CatalogTool {
    static final String NAME = "report_missing_capability";
    private static final Logger LOG = LoggerFactory.getLogger(ReportMissingCapabilityTool.class);
    private static final int MAX_TEXT = 2_000;
    private static final int MAX_TRIED = 20;

    private final List<CapabilityListener> listeners;

    ReportMissingCapabilityTool(List<CapabilityListener> listeners) {
        this.listeners = List.copyOf(listeners);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Tell the developers what you could not do: call it when no tool, field or filter can answer the "
                + "user's request, after trying. It reads no data and changes nothing for this conversation; then "
                + "tell the user what you can answer with the tools you have. Example: {\"user_request\": "
                + "\"average cycle time of tasks per team\", \"tried\": [\"aggregate_graph_objects\"], \"missing\": "
                + "\"no field holds the time a task took\"}.";
    }

    @Override
    public ObjectNode inputSchema() {
        ObjectNode schema = InputSchemas.object();
        ObjectNode props = (ObjectNode) schema.get("properties");
        props.set("user_request", InputSchemas.string("What the user asked, in a sentence."));
        ObjectNode tried = props.putObject("tried");
        tried.put("type", "array");
        tried.putObject("items").put("type", "string");
        tried.put("description", "The tools or calls you tried.");
        props.set("missing", InputSchemas.string("What you lacked: a field, a filter, an aggregation or a tool."));
        schema.putArray("required").add("user_request").add("missing");
        return schema;
    }

    @Override
    public ObjectNode handle(Arguments args, Call call) {
        String request = text(args, "user_request");
        String missing = text(args, "missing");
        List<String> tried = args.strings("tried").orElse(List.of());
        if (tried.size() > MAX_TRIED) {
            throw QueryException.of(
                    ErrorCode.LIMIT_EXCEEDED,
                    "tried",
                    "'tried' has " + tried.size() + " items; at most " + MAX_TRIED + " are kept.",
                    "Name the tools you tried, once each.");
        }
        CapabilityReport report = new CapabilityReport(
                request,
                tried,
                missing,
                call.context().scope(),
                call.context().user(),
                call.context().clock().instant());
        for (CapabilityListener listener : listeners) {
            try {
                listener.onReport(report);
            } catch (RuntimeException e) {
                LOG.warn("capability listener {} failed", listener, e);
            }
        }
        ObjectNode result = Json.object();
        result.put("recorded", true);
        result.put(
                "hint",
                "Recorded for the developers. Now answer the user with what the available tools can give, and say "
                        + "plainly what is not available.");
        return result;
    }

    private static String text(Arguments args, String name) {
        String v =
                args.string(name).orElseThrow(() -> TypedSearch.missing(name)).strip();
        if (v.isEmpty()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND, name, "'" + name + "' must not be empty.", "Write one sentence.");
        }
        if (v.codePointCount(0, v.length()) > MAX_TEXT) {
            throw QueryException.of(
                    ErrorCode.LIMIT_EXCEEDED,
                    name,
                    "'" + name + "' is longer than " + MAX_TEXT + " characters.",
                    "Say it in a sentence or two.");
        }
        return v;
    }
}
