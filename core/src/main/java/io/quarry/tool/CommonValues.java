package io.quarry.tool;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.filter.FieldPath;
import io.quarry.filter.FilterEvaluator;
import io.quarry.internal.CodePoints;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.store.GraphObject;
import io.quarry.store.ObjectQuery;
import io.quarry.store.ObjectStore;
import io.quarry.store.Page;
import io.quarry.store.Scope;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The most common values of low-cardinality string fields, per scope and type, so a model writes
 * predicates with values that exist. Computed on first use from the newest {@link #SAMPLE} objects
 * of a type, cached, and dropped by {@link #clear()} (the host's {@code Toolkit.refreshStatistics()}).
 *
 * <p>A field is low-cardinality when it holds at most {@link #MAX_DISTINCT} distinct values and
 * each appears twice on average; then up to {@link #SHOWN} values are listed, most common first.
 * Values come only from objects in the caller's scope, so one tenant never sees another's.
 */
final class CommonValues {
    static final int SAMPLE = 5_000;
    static final int MAX_DISTINCT = 20;
    static final int SHOWN = 10;
    private static final int MAX_SCOPES = 256;

    private final ObjectStore store;
    private final Map<Scope, Map<String, Map<String, List<String>>>> cache = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Scope, Map<String, Map<String, List<String>>>> eldest) {
            return size() > MAX_SCOPES;
        }
    };

    CommonValues(ObjectStore store) {
        this.store = store;
    }

    /** Field name to its common values, for one type in one scope; fields without any are absent. */
    Map<String, List<String>> of(EntityType type, Scope scope) {
        synchronized (cache) {
            Map<String, List<String>> known =
                    cache.computeIfAbsent(scope, s -> new HashMap<>()).get(type.name());
            if (known != null) {
                return known;
            }
        }
        Map<String, List<String>> computed = compute(type, scope);
        synchronized (cache) {
            cache.computeIfAbsent(scope, s -> new HashMap<>()).put(type.name(), computed);
        }
        return computed;
    }

    /** Forgets every computed value. */
    void clear() {
        synchronized (cache) {
            cache.clear();
        }
    }

    private Map<String, List<String>> compute(EntityType type, Scope scope) {
        List<Field> fields = new ArrayList<>();
        for (Field f : type.exposedFields()) {
            boolean textual =
                    f.type() == FieldType.STRING || (f.type() == FieldType.ARRAY && f.items() == FieldType.STRING);
            if (textual && !f.masked()) { // a masked field's values are never listed
                fields.add(f);
            }
        }
        if (fields.isEmpty()) {
            return Map.of();
        }
        List<Map<String, Integer>> counts = new ArrayList<>();
        int[] present = new int[fields.size()];
        fields.forEach(f -> counts.add(new HashMap<>()));
        String cursor = null;
        int read = 0;
        while (read < SAMPLE) {
            Page page = store.search(ObjectQuery.builder()
                    .type(type.name())
                    .limit(Math.min(1_000, SAMPLE - read))
                    .cursor(cursor)
                    .scope(scope)
                    .build());
            for (GraphObject o : page.items()) {
                JsonNode doc = o.document();
                for (int i = 0; i < fields.size(); i++) {
                    JsonNode v = FilterEvaluator.resolve(
                            FieldPath.property(fields.get(i).name()), doc);
                    if (v == null) {
                        continue;
                    }
                    Map<String, Integer> c = counts.get(i);
                    if (v.isTextual() && !v.textValue().isBlank()) {
                        present[i]++;
                        c.merge(v.textValue(), 1, Integer::sum);
                    } else if (v.isArray()) {
                        for (JsonNode e : v) {
                            if (e.isTextual() && !e.textValue().isBlank()) {
                                present[i]++;
                                c.merge(e.textValue(), 1, Integer::sum);
                            }
                        }
                    }
                }
            }
            read += page.items().size();
            if (!page.hasMore()) {
                break;
            }
            cursor = page.nextCursor();
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (int i = 0; i < fields.size(); i++) {
            Map<String, Integer> c = counts.get(i);
            if (c.isEmpty() || c.size() > MAX_DISTINCT || present[i] < 2 * c.size()) {
                continue;
            }
            List<Map.Entry<String, Integer>> entries = new ArrayList<>(c.entrySet());
            entries.sort(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder())
                    .thenComparing(Map.Entry::getKey, CodePoints::compare));
            out.put(
                    fields.get(i).name(),
                    entries.stream().limit(SHOWN).map(Map.Entry::getKey).toList());
        }
        return Map.copyOf(out);
    }
}
