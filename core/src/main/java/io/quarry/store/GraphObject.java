package io.quarry.store;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.filter.FieldPath;
import io.quarry.internal.IsoDateTime;
import io.quarry.internal.Json;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

/**
 * One object of the host's data: its id, type, JSON properties, timestamps and the scope values
 * (tenant, project) it belongs to.
 *
 * <p>The timestamps are {@code null} when the host keeps none: a type table of the table layout
 * without a creation or update column has no {@code created_at} or {@code updated_at}, and its
 * objects carry none in their {@link #document()}, in any tool's output, or to filters (a filter
 * on them sees a missing field).
 *
 * @param id the object id
 * @param type the type name
 * @param properties the properties; copied, and never modified afterwards
 * @param createdAt when the object was created, or {@code null} when the host does not keep it
 * @param updatedAt when it was last changed, or {@code null} when the host does not keep it
 * @param scope the scope values it carries, such as {@code project_id}
 */
public record GraphObject(
        String id,
        String type,
        ObjectNode properties,
        Instant createdAt,
        Instant updatedAt,
        Map<String, String> scope) {

    /** Checks and copies the arguments. */
    public GraphObject {
        requireNonNull(id, "id");
        requireNonNull(type, "type");
        properties = requireNonNull(properties, "properties").deepCopy();
        scope = Map.copyOf(requireNonNull(scope, "scope"));
    }

    /** The properties, as a copy the caller may change. */
    @Override
    public ObjectNode properties() {
        return properties.deepCopy();
    }

    /** The value of one top-level property, or {@code null} when it is absent; a copy. */
    public JsonNode property(String name) {
        JsonNode v = properties.get(name);
        return v == null ? null : v.deepCopy();
    }

    /**
     * The document the {@link io.quarry.filter.FilterEvaluator} reads: the system fields (timestamps
     * as canonical UTC ISO-8601 strings, absent when {@code null}) and {@code properties}.
     */
    public ObjectNode document() {
        ObjectNode doc = Json.object();
        doc.put("id", id);
        doc.put("type", type);
        if (createdAt != null) {
            doc.put("created_at", IsoDateTime.format(createdAt));
        }
        if (updatedAt != null) {
            doc.put("updated_at", IsoDateTime.format(updatedAt));
        }
        doc.set(FieldPath.PROPERTIES, properties.deepCopy());
        return doc;
    }

    @Override
    public String toString() {
        return "GraphObject[" + id + " " + type + " " + new TreeMap<>(scope) + " " + Json.write(properties) + "]";
    }
}
