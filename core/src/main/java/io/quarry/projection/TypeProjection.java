package io.quarry.projection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.IsoDateTime;
import io.quarry.internal.Json;
import io.quarry.internal.Masking;
import io.quarry.schema.EntityType;
import io.quarry.store.GraphObject;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How objects of one type are shown at one level of detail: {@code Projections.light("Task").apply(task,
 * around)}. Hidden fields never appear; masked fields show their masks ({@link Masking}). Immutable and
 * thread-safe.
 *
 * <p>Light detail with a {@link ProjectionSpec}: {@code id}, {@code type}, {@code created_at} as
 * {@code YYYY-MM-DD}, {@code updated_at} only when its day differs, the spec's fields (dates as
 * {@code YYYY-MM-DD}, text cut to the spec's lengths with {@code …}) under {@code properties}, and
 * the derived fields under {@code derived}. Light detail without a spec, and full detail, are those of
 * {@link Projection#project}; full detail adds the derived fields with id lists of up to
 * {@link #FULL_ID_LIMIT}.
 */
public final class TypeProjection {
    /** The most ids a derived list shows in full detail before its {@code "+N more"} marker. */
    public static final int FULL_ID_LIMIT = 100;

    /** The most code points of a text field shown on a graph node. */
    public static final int NODE_TEXT_LIMIT = 80;

    private final EntityType type;
    private final ProjectionSpec spec;
    private final Projection.Detail detail;
    private final List<String> nodeFields;
    private final Masking masking;

    TypeProjection(EntityType type, ProjectionSpec spec, Projection.Detail detail, Masking masking) {
        this.masking = masking;
        this.type = type;
        this.spec = spec;
        this.detail = detail;
        this.nodeFields = spec != null && !spec.graph().isEmpty() ? spec.graph() : defaultNodeFields(type);
    }

    /** The level of detail. */
    public Projection.Detail detail() {
        return detail;
    }

    /** Whether {@link #apply} reads relationships (the type has derived fields). */
    public boolean readsRelationships() {
        return spec != null && !spec.derived().isEmpty();
    }

    /** Whether {@link #apply} reads the properties of neighbours, not only relationships. */
    public boolean readsNeighbours() {
        return spec != null && spec.derived().values().stream().anyMatch(Derived::readsNeighbours);
    }

    /** Projects an object that has no neighbourhood to read (derived counts are 0). */
    public ObjectNode apply(GraphObject object) {
        return apply(object, Neighbourhood.none());
    }

    /**
     * Projects an object.
     *
     * @param object the object
     * @param around its relationships and neighbours, for derived fields
     */
    public ObjectNode apply(GraphObject object, Neighbourhood around) {
        ObjectNode out;
        if (spec == null || detail == Projection.Detail.FULL) {
            out = Projection.project(object, type, detail, masking);
        } else {
            out = light(object);
        }
        if (spec != null && !spec.derived().isEmpty()) {
            out.set("derived", derived(object, around));
        }
        return out;
    }

    private ObjectNode light(GraphObject object) {
        ObjectNode out = Json.object();
        out.put("id", object.id());
        out.put("type", object.type());
        String created = day(object.createdAt());
        String updated = day(object.updatedAt());
        if (created != null) {
            out.put("created_at", created);
        }
        if (updated != null && !updated.equals(created)) {
            out.put("updated_at", updated);
        }
        ObjectNode props = out.putObject("properties");
        for (String name : spec.light()) {
            int dot = name.indexOf('.');
            if (dot < 0) {
                put(props, name, object.property(name), spec.truncation(name));
                continue;
            }
            String field = name.substring(0, dot);
            String key = name.substring(dot + 1);
            JsonNode parent = object.property(field);
            if (masks(field)) {
                // a masked object shows as one mask, whichever of its keys the spec names
                put(props, field, parent, spec.truncation(name));
            } else if (parent != null && parent.isObject() && parent.has(key)) {
                JsonNode nested = props.get(field);
                ObjectNode target = nested instanceof ObjectNode o ? o : props.putObject(field);
                put(target, key, parent.get(key), spec.truncation(name));
            }
        }
        return out;
    }

    private void put(ObjectNode target, String name, JsonNode value, int limit) {
        if (value == null || value.isNull() || (type != null && type.hides(name))) {
            return;
        }
        if (masks(name)) {
            target.set(name, masking.mask(value));
            return;
        }
        if (value.isTextual() && isTemporal(name)) {
            Optional<Instant> instant = IsoDateTime.parse(value.textValue());
            if (instant.isPresent()) {
                target.put(name, day(instant.get()));
                return;
            }
        }
        target.set(name, cut(Json.sortedKeys(value), limit));
    }

    private boolean masks(String name) {
        return type != null && type.masks(name);
    }

    private boolean isTemporal(String name) {
        return type != null && type.field(name).map(f -> f.type().isTemporal()).orElse(false);
    }

    private ObjectNode derived(GraphObject object, Neighbourhood around) {
        Map<String, JsonNode> values = new LinkedHashMap<>();
        ObjectNode out = Json.object();
        for (Map.Entry<String, Derived> e : spec.derived().entrySet()) {
            Derived d = e.getValue();
            if (detail == Projection.Detail.FULL && d instanceof Derived.Ids ids) {
                d = new Derived.Ids(ids.select(), Math.max(ids.max(), FULL_ID_LIMIT));
            }
            JsonNode v = d.compute(object, around, values);
            values.put(e.getKey(), v);
            out.set(e.getKey(), v);
        }
        return out;
    }

    /**
     * The object as a graph snapshot node: {@code id}, {@code kind}, the spec's graph fields (by
     * default its name or title and its status) with text cut to {@link #NODE_TEXT_LIMIT}, and
     * {@code last_updated} as {@code YYYY-MM-DD}.
     */
    public ObjectNode node(GraphObject object) {
        ObjectNode out = Json.object();
        out.put("id", object.id());
        out.put("kind", object.type());
        for (String name : nodeFields) {
            JsonNode v = object.property(name);
            // a label never replaces the node's id or kind (the configuration rejects such labels too)
            if (v != null && !v.isNull() && (type == null || !type.hides(name)) && !out.has(name)) {
                out.set(name, masks(name) ? masking.mask(v) : cut(v, NODE_TEXT_LIMIT));
            }
        }
        if (object.updatedAt() != null) {
            out.put("last_updated", day(object.updatedAt()));
        }
        return out;
    }

    private static List<String> defaultNodeFields(EntityType type) {
        if (type == null || type.schemaless()) {
            return List.of("name", "title", "status");
        }
        List<String> names = type.exposedFieldNames();
        String label = names.contains("name") ? "name" : names.contains("title") ? "title" : null;
        return names.contains("status")
                ? (label == null ? List.of("status") : List.of(label, "status"))
                : (label == null ? List.of() : List.of(label));
    }

    /** An instant's UTC day, {@code YYYY-MM-DD}, or {@code null} for no instant. */
    static String day(Instant instant) {
        return instant == null
                ? null
                : LocalDate.ofInstant(instant, ZoneOffset.UTC).toString();
    }

    /** Text longer than {@code limit} code points, cut and ended with {@code …}; anything else as is. */
    static JsonNode cut(JsonNode value, int limit) {
        if (value.isTextual()) {
            String s = value.textValue();
            if (s.codePointCount(0, s.length()) > limit) {
                return Json.MAPPER.getNodeFactory().textNode(s.substring(0, s.offsetByCodePoints(0, limit)) + "…");
            }
        }
        return value;
    }

    @Override
    public String toString() {
        return "TypeProjection[" + (type == null ? "?" : type.name()) + " " + detail.jsonName()
                + (spec == null ? "" : " spec") + "]";
    }
}
