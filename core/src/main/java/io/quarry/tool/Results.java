package io.quarry.tool;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.QueryError;
import io.quarry.internal.Json;
import java.util.List;

/** The JSON shapes every tool shares: error objects and warnings. */
final class Results {
    private Results() {}

    /** At most this many problems are listed; the rest are counted ({@code "more"}). */
    static final int MAX_ERRORS = 10;

    /**
     * {@code {"error": {...}}}, plus {@code "errors": [...]} when there are several: the first {@value
     * #MAX_ERRORS}, and {@code "more": "and N more"} past them, so a request with thousands of
     * problems gets a short answer about them rather than one about the answer's size.
     */
    static ObjectNode error(List<QueryError> errors) {
        ObjectNode out = Json.object();
        out.set("error", error(errors.get(0)));
        if (errors.size() > 1) {
            ArrayNode all = out.putArray("errors");
            errors.stream().limit(MAX_ERRORS).forEach(e -> all.add(error(e)));
            if (errors.size() > MAX_ERRORS) {
                out.put("more", "and " + (errors.size() - MAX_ERRORS) + " more");
            }
        }
        return out;
    }

    static ObjectNode error(QueryError e) {
        ObjectNode node = Json.object();
        node.put("code", e.code().name());
        node.put("path", e.path());
        node.put("message", e.message());
        if (e.hint() != null) {
            node.put("hint", e.hint());
        }
        return node;
    }

    /** Adds {@code "warnings": [...]} when there are any. */
    static void warnings(ObjectNode result, List<QueryError> warnings) {
        if (!warnings.isEmpty()) {
            ArrayNode list = result.putArray("warnings");
            warnings.forEach(w -> list.add(error(w)));
        }
    }

    /** The size of a result as the model receives it, in characters. */
    static int size(ObjectNode result) {
        return Json.write(result).length();
    }
}
