package io.quarry.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.quarry.tool.ToolSupport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** An API answer cut to a size budget: the largest arrays halved first, then long strings shortened. */
final class ResponseCompactor {
    private static final int LONG_TEXT = 200;

    private ResponseCompactor() {}

    /**
     * The compacted body and what was cut.
     *
     * @param body the body, within the budget
     * @param truncated whether anything was cut
     * @param hint what was cut, for the model
     */
    record Compacted(JsonNode body, boolean truncated, String hint) {}

    static Compacted compact(JsonNode original, int budget) {
        if (ToolSupport.write(original).length() <= budget) {
            return new Compacted(original, false, null);
        }
        JsonNode body = original.deepCopy();
        List<String> cuts = new ArrayList<>();
        while (ToolSupport.write(body).length() > budget) {
            Found largest = largest(body, "$", null);
            if (largest == null || largest.array.size() <= 1) {
                break;
            }
            int total = largest.array.size();
            int keep = Math.max(1, total / 2);
            while (largest.array.size() > keep) {
                largest.array.remove(largest.array.size() - 1);
            }
            cuts.removeIf(c -> c.startsWith(largest.path + ":"));
            cuts.add(largest.path + ":" + keep);
        }
        if (ToolSupport.write(body).length() > budget) {
            shorten(body);
        }
        if (ToolSupport.write(body).length() > budget) {
            body = TextNode.valueOf(ToolSupport.abbreviate(ToolSupport.write(original), budget - 10));
        }
        String hint = cuts.isEmpty()
                ? "The answer was cut to fit; ask for less, such as with a limit or filter parameter."
                : "The answer was cut to fit: only the first items of "
                        + String.join(
                                ", ",
                                cuts.stream()
                                        .map(c -> c.substring(0, c.lastIndexOf(':')))
                                        .toList())
                        + " are shown; ask for fewer, such as with a limit, page or filter parameter.";
        return new Compacted(body, true, hint);
    }

    private record Found(ArrayNode array, String path) {}

    private static Found largest(JsonNode node, String path, Found best) {
        if (node.isArray()) {
            int size = ToolSupport.write(node).length();
            if (node.size() > 1
                    && (best == null || size > ToolSupport.write(best.array).length())) {
                best = new Found((ArrayNode) node, path);
            }
            for (int i = 0; i < node.size(); i++) {
                best = largest(node.get(i), path + "[" + i + "]", best);
            }
        } else if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                best = largest(e.getValue(), path + "." + e.getKey(), best);
            }
        }
        return best;
    }

    private static void shorten(JsonNode node) {
        if (node.isObject()) {
            ObjectNode object = (ObjectNode) node;
            for (Map.Entry<String, JsonNode> e : object.properties()) {
                if (e.getValue().isTextual() && e.getValue().textValue().length() > LONG_TEXT) {
                    e.setValue(
                            TextNode.valueOf(ToolSupport.abbreviate(e.getValue().textValue(), LONG_TEXT)));
                } else {
                    shorten(e.getValue());
                }
            }
        } else if (node.isArray()) {
            ArrayNode array = (ArrayNode) node;
            for (int i = 0; i < array.size(); i++) {
                if (array.get(i).isTextual() && array.get(i).textValue().length() > LONG_TEXT) {
                    array.set(
                            i,
                            TextNode.valueOf(ToolSupport.abbreviate(array.get(i).textValue(), LONG_TEXT)));
                } else {
                    shorten(array.get(i));
                }
            }
        }
    }
}
