package io.quarry.store;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.filter.FieldPath;
import io.quarry.filter.Filter;
import io.quarry.filter.FilterEvaluator;
import io.quarry.filter.Predicate;
import io.quarry.filter.Value;
import io.quarry.internal.CodePoints;
import io.quarry.regex.PortableRegex;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * An {@link ObjectStore} over objects and relationships held in memory: the reference implementation
 * every SQL store is tested against. Filters run through the {@link FilterEvaluator}; results follow
 * {@link ObjectOrder}; full-text search is the documented fallback (every word, case-insensitively,
 * as a substring of some text field). Immutable and thread-safe.
 */
public final class InMemoryObjectStore implements ObjectStore {
    private final Map<String, Entry> objects;
    private final Map<String, List<GraphRelationship>> relationshipsById;
    private final List<GraphRelationship> relationships;

    private record Entry(GraphObject object, ObjectNode document) {}

    private InMemoryObjectStore(Collection<GraphObject> objects, Collection<GraphRelationship> relationships) {
        DataFile.check(List.copyOf(objects), List.copyOf(relationships), "data");
        Map<String, Entry> byId = new LinkedHashMap<>();
        for (GraphObject o : objects) {
            byId.put(o.id(), new Entry(o, o.document()));
        }
        Map<String, List<GraphRelationship>> adjacency = new HashMap<>();
        for (GraphRelationship r : relationships) {
            adjacency.computeIfAbsent(r.srcId(), k -> new ArrayList<>()).add(r);
            if (!r.dstId().equals(r.srcId())) {
                adjacency.computeIfAbsent(r.dstId(), k -> new ArrayList<>()).add(r);
            }
        }
        adjacency.values().forEach(list -> list.sort(Comparator.comparing(GraphRelationship::id, CodePoints::compare)));
        this.objects = byId;
        this.relationshipsById = adjacency;
        this.relationships = List.copyOf(relationships);
    }

    /**
     * A store of these objects and relationships.
     *
     * @throws IllegalArgumentException for duplicate ids or a relationship to an unknown object
     */
    public static InMemoryObjectStore of(Collection<GraphObject> objects, Collection<GraphRelationship> relationships) {
        return new InMemoryObjectStore(objects, relationships);
    }

    /** A store of a data set read by {@link DataFile}. */
    public static InMemoryObjectStore of(DataFile.DataSet data) {
        return new InMemoryObjectStore(data.objects(), data.relationships());
    }

    /** All objects, in insertion order, ignoring scope: for hosts and tests, never for tools. */
    public List<GraphObject> objects() {
        return objects.values().stream().map(Entry::object).toList();
    }

    @Override
    public Page search(ObjectQuery query) {
        requireNonNull(query, "query");
        List<String> words = query.words();
        Cursor after = query.cursor() == null ? null : Cursor.decode(query.cursor(), query.fingerprint(), query.sort());
        List<Row> rows = new ArrayList<>();
        for (Entry e : candidates(query)) {
            GraphObject o = e.object();
            if (!query.scope().admits(o)
                    || !query.types().contains(o.type())
                    || !FilterEvaluator.matches(query.filter().filter(), e.document())
                    || !containsWords(e.document(), query.textFields(), words)) {
                continue;
            }
            rows.add(new Row(o, ObjectOrder.keyValues(query.sort(), e.document())));
        }
        Comparator<Row> order = (a, b) -> ObjectOrder.compare(
                query.sort(), a.keys(), a.object().id(), b.keys(), b.object().id());
        rows.sort(order);
        int total = rows.size();
        int start = 0;
        if (after != null) {
            while (start < rows.size()
                    && ObjectOrder.compare(
                                    query.sort(),
                                    rows.get(start).keys(),
                                    rows.get(start).object().id(),
                                    after.keyValues(),
                                    after.id())
                            <= 0) {
                start++;
            }
        }
        int end = Math.min(rows.size(), start + query.limit());
        List<GraphObject> items = new ArrayList<>();
        List<String> cursors = new ArrayList<>();
        String fingerprint = query.fingerprint();
        for (Row row : rows.subList(start, end)) {
            items.add(row.object());
            cursors.add(new Cursor(row.keys(), row.object().id()).encode(fingerprint));
        }
        return new Page(items, end < rows.size(), cursors, total);
    }

    /**
     * The ids of an {@code id in [...]} condition of the filter (itself or one of its top-level {@code
     * and}), so reading candidates by id (semantic search) does not visit every object; the filter is
     * still evaluated on each.
     */
    private static Optional<List<String>> ids(Filter filter) {
        if (filter instanceof Filter.And and) {
            for (Filter f : and.filters()) {
                Optional<List<String>> ids = ids(f);
                if (ids.isPresent()) {
                    return ids;
                }
            }
            return Optional.empty();
        }
        if (filter instanceof Filter.Condition c
                && c.path().equals(FieldPath.systemField("id"))
                && c.predicate() instanceof Predicate.In in) {
            List<String> ids = new ArrayList<>();
            for (Value v : in.values()) {
                if (!(v instanceof Value.Str str)) {
                    return Optional.empty();
                }
                ids.add(str.value());
            }
            return Optional.of(ids);
        }
        return Optional.empty();
    }

    private record Row(GraphObject object, List<JsonNode> keys) {}

    private Collection<Entry> candidates(ObjectQuery query) {
        if (query.relatedToId() == null) {
            Optional<List<String>> ids = ids(query.filter().filter());
            if (ids.isEmpty()) {
                return objects.values();
            }
            Map<String, Entry> byId = new LinkedHashMap<>();
            for (String id : ids.get()) {
                Entry e = objects.get(id);
                if (e != null) {
                    byId.put(id, e);
                }
            }
            return byId.values();
        }
        Entry anchor = objects.get(query.relatedToId());
        if (anchor == null || !query.scope().admits(anchor.object())) {
            return List.of();
        }
        Map<String, Entry> related = new LinkedHashMap<>();
        for (GraphRelationship r : relationshipsById.getOrDefault(query.relatedToId(), List.of())) {
            if (query.relationshipType() == null || query.relationshipType().equals(r.type())) {
                Entry other = objects.get(r.other(query.relatedToId()));
                related.put(other.object().id(), other);
            }
        }
        return related.values();
    }

    @Override
    public Optional<GraphObject> get(String id, Scope scope) {
        Entry e = objects.get(id);
        return e == null || !scope.admits(e.object()) ? Optional.empty() : Optional.of(e.object());
    }

    @Override
    public List<GraphRelationship> relationships(String id, Scope scope) {
        if (get(id, scope).isEmpty()) {
            return List.of();
        }
        return relationshipsById.getOrDefault(id, List.of()).stream()
                .filter(r -> scope.admits(objects.get(r.other(id)).object()))
                .toList();
    }

    @Override
    public Map<String, Long> countByType(Scope scope) {
        Map<String, Long> counts = new TreeMap<>();
        for (Entry e : objects.values()) {
            if (scope.admits(e.object())) {
                counts.merge(e.object().type(), 1L, Long::sum);
            }
        }
        return counts;
    }

    @Override
    public ScopeGraph graph(Scope scope) {
        requireNonNull(scope, "scope");
        List<GraphObject> inScope = new ArrayList<>();
        for (Entry e : objects.values()) {
            if (scope.admits(e.object())) {
                inScope.add(e.object());
            }
        }
        return ScopeGraph.of(inScope, relationships);
    }

    /** Every word must occur, case-insensitively, in at least one of the fields (none: every string property). */
    private static boolean containsWords(ObjectNode document, List<FieldPath> fields, List<String> words) {
        if (words.isEmpty()) {
            return true;
        }
        List<String> texts = new ArrayList<>();
        if (fields.isEmpty()) {
            JsonNode props = document.get(FieldPath.PROPERTIES);
            for (Iterator<JsonNode> it = props.elements(); it.hasNext(); ) {
                collectText(it.next(), texts);
            }
        } else {
            for (FieldPath f : fields) {
                collectText(FilterEvaluator.resolve(f, document), texts);
            }
        }
        for (String word : words) {
            String pattern = PortableRegex.quote(word);
            if (texts.stream().noneMatch(t -> PortableRegex.find(pattern, true, t))) {
                return false;
            }
        }
        return true;
    }

    private static void collectText(JsonNode value, List<String> texts) {
        if (value == null) {
            return;
        }
        if (value.isTextual()) {
            texts.add(value.textValue());
        } else if (value.isArray()) {
            value.forEach(e -> {
                if (e.isTextual()) {
                    texts.add(e.textValue());
                }
            });
        }
    }

    @Override
    public String toString() {
        return "InMemoryObjectStore[" + objects.size() + " objects]";
    }
}
