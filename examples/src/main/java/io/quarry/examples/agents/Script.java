package io.quarry.examples.agents;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;

/**
 * What the scripted models do, whatever the framework: look at the schema, make a mistake a real model
 * makes (a misspelled field), read the hint, ask again, and answer from the result.
 */
final class Script {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static final List<Step> CALLS = List.of(
            new Step("get_database_schema", "{\"types\": [\"Task\"]}", null),
            new Step("query_graph_objects", "{\"type\": \"Task\", \"properties\": {\"stauts\": \"Blocked\"}}", null),
            new Step(
                    "query_graph_objects",
                    "{\"type\": \"Task\", \"properties\": {\"status\": \"Blocked\"}, \"limit\": 5}",
                    null));

    private Script() {}

    /**
     * One step: a tool call, or the final answer.
     *
     * @param tool the tool to call
     * @param arguments its arguments
     * @param answer the final answer, or {@code null} for a tool call
     */
    record Step(String tool, String arguments, String answer) {}

    /** The next step, given the tool results so far. */
    static Step next(List<String> results) {
        if (results.size() < CALLS.size()) {
            return CALLS.get(results.size());
        }
        return new Step(null, null, answer(results.get(results.size() - 1)));
    }

    private static String answer(String lastResult) {
        JsonNode result;
        try {
            result = JSON.readTree(lastResult);
        } catch (JsonProcessingException e) {
            return "(scripted model) The tool answered with something that is not JSON.";
        }
        List<String> titles = new ArrayList<>();
        result.path("objects")
                .forEach(o -> titles.add(o.path("properties").path("title").asText()));
        return "(scripted model) " + result.path("total").asInt() + " tasks are blocked; the first " + titles.size()
                + ": " + String.join("; ", titles) + ".";
    }
}
