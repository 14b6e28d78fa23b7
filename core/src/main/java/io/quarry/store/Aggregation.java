package io.quarry.store;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The result of an {@link AggregateQuery}: the groups in reference order (first metric descending,
 * then group value in {@link ObjectOrder}, the missing group last).
 *
 * @param groups every group
 * @param objects how many objects were read
 * @param complete {@code false} when the store stopped at {@link AggregateQuery#maxObjects()}
 */
public record Aggregation(List<Group> groups, long objects, boolean complete) {

    /** Copies the groups. */
    public Aggregation {
        groups = List.copyOf(requireNonNull(groups, "groups"));
    }

    /**
     * One group.
     *
     * @param key the group's value of the group-by field; {@code null} for objects where it is missing
     *     or null (and for the single group of an aggregation without group-by)
     * @param values one value per metric, in query order; {@code null} where no value was seen
     */
    public record Group(JsonNode key, List<JsonNode> values) {
        /** Copies the values, which may hold {@code null}. */
        public Group {
            values = Collections.unmodifiableList(new ArrayList<>(values));
        }
    }
}
