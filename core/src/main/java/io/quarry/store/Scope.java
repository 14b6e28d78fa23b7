package io.quarry.store;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.TreeMap;

/**
 * The host's scope for a call: values (tenant, project, organization) every object read must carry.
 * It comes from the host application, never from the model, and nothing in a tool's input can widen it.
 *
 * @param values scope key to required value, such as {@code project_id -> proj-01}
 */
public record Scope(Map<String, String> values) {

    /** Copies the values, keeping them sorted for stable output. */
    public Scope {
        values = java.util.Collections.unmodifiableMap(new TreeMap<>(requireNonNull(values, "values")));
    }

    /** No restriction: every object is visible. */
    public static Scope unrestricted() {
        return new Scope(Map.of());
    }

    /** A scope of one key. */
    public static Scope of(String key, String value) {
        return new Scope(Map.of(key, value));
    }

    /** Whether the object carries every scope value. */
    public boolean admits(GraphObject object) {
        for (Map.Entry<String, String> e : values.entrySet()) {
            if (!e.getValue().equals(object.scope().get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /** Whether there is no restriction. */
    public boolean isUnrestricted() {
        return values.isEmpty();
    }
}
