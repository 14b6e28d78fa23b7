package io.quarry.projection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.CodePoints;
import io.quarry.internal.IsoDateTime;
import io.quarry.internal.Json;
import io.quarry.internal.Masking;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.store.GraphObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How an object is shown to a model: {@link Detail#LIGHT} (id, type, last update, exposed properties
 * with long strings cut) or {@link Detail#FULL} (every exposed property, both timestamps). Fields the
 * host hid never appear; the values of masked fields appear as their masks ({@link Masking}, under the keys of the process: {@link
 * Projections#maskingKey} for others).
 */
public final class Projection {
    /** Strings longer than this many code points are cut in the light projection. */
    public static final int LIGHT_STRING_LIMIT = 160;

    private Projection() {}

    /** The level of detail of a projection. */
    public enum Detail {
        /** A compact view for lists. */
        LIGHT,
        /** Everything that is exposed. */
        FULL;

        /** The name used in tool input, {@code light} or {@code full}. */
        public String jsonName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Projects an object.
     *
     * @param object the object
     * @param type its declared type, or {@code null} when none is known (all properties are shown)
     * @param detail the level of detail
     */
    public static ObjectNode project(GraphObject object, EntityType type, Detail detail) {
        return project(object, type, detail, Masking.random());
    }

    static ObjectNode project(GraphObject object, EntityType type, Detail detail, Masking masking) {
        ObjectNode out = Json.object();
        out.put("id", object.id());
        out.put("type", object.type());
        if (detail == Detail.FULL && object.createdAt() != null) {
            out.put("created_at", IsoDateTime.format(object.createdAt()));
        }
        if (object.updatedAt() != null) {
            out.put("updated_at", IsoDateTime.format(object.updatedAt()));
        }
        ObjectNode props = out.putObject("properties");
        ObjectNode source = object.properties();
        for (String key : keyOrder(source, type)) {
            if (type != null && type.hides(key)) {
                continue;
            }
            if (type != null && type.masks(key)) {
                props.set(key, masking.mask(source.get(key)));
                continue;
            }
            JsonNode value = Json.sortedKeys(source.get(key));
            props.set(key, detail == Detail.LIGHT ? shorten(value) : value);
        }
        return out;
    }

    /**
     * The order properties are shown in, the same on every store: the type's declared fields in
     * declaration order, then the other keys in code-point order.
     */
    static List<String> keyOrder(ObjectNode properties, EntityType type) {
        List<String> keys = new ArrayList<>();
        if (type != null) {
            for (Field field : type.fields()) {
                if (properties.has(field.name())) {
                    keys.add(field.name());
                }
            }
        }
        List<String> rest = new ArrayList<>();
        properties.fieldNames().forEachRemaining(key -> {
            if (!keys.contains(key)) {
                rest.add(key);
            }
        });
        rest.sort(CodePoints::compare);
        keys.addAll(rest);
        return keys;
    }

    private static JsonNode shorten(JsonNode value) {
        return TypeProjection.cut(value, LIGHT_STRING_LIMIT);
    }
}
