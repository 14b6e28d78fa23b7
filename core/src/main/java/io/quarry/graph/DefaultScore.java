package io.quarry.graph;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.store.GraphObject;
import java.util.Locale;
import java.util.Set;

/** {@link NodeScore#DEFAULT}. */
final class DefaultScore implements NodeScore {
    private static final Set<String> INACTIVE_GOAL =
            Set.of("achieved", "abandoned", "not_started", "done", "completed", "cancelled", "archived");

    @Override
    public int score(GraphObject object) {
        String status = lower(object, "status");
        if (status == null) {
            status = lower(object, "state_key");
        }
        if ("blocked".equals(status)) {
            return 3;
        }
        String impact = lower(object, "impact");
        if ("high".equals(impact) || "critical".equals(impact)) {
            return 2;
        }
        if (object.type().equalsIgnoreCase("goal") && status != null && !INACTIVE_GOAL.contains(status)) {
            return 1;
        }
        return 0;
    }

    private static String lower(GraphObject object, String field) {
        JsonNode v = object.property(field);
        return v != null && v.isTextual() ? v.textValue().strip().toLowerCase(Locale.ROOT) : null;
    }

    @Override
    public String toString() {
        return "NodeScore.DEFAULT";
    }
}
