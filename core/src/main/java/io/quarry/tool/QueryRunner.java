package io.quarry.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import io.quarry.error.QueryException;
import io.quarry.filter.FieldPath;
import io.quarry.filter.Filter;
import io.quarry.filter.FilterValidator;
import io.quarry.filter.ValidatedFilter;
import io.quarry.internal.Json;
import io.quarry.internal.Masking;
import io.quarry.projection.Neighbourhood;
import io.quarry.projection.Projection;
import io.quarry.projection.Projections;
import io.quarry.schema.EntityType;
import io.quarry.store.GraphObject;
import io.quarry.store.ObjectQuery;
import io.quarry.store.ObjectStore;
import io.quarry.store.Page;
import io.quarry.store.SortKey;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one query path every object-listing tool takes: validate, build an {@link ObjectQuery}, run it
 * on the store, project the objects and wrap them in the result envelope within the size budget.
 */
final class QueryRunner {
    private final SchemaView view;
    private final ObjectStore store;
    private final FilterValidator validator;
    private final Projections projections;
    /** How masked values and sealed cursors are shown: the same keys as the projections'. */
    final Masking masking;

    QueryRunner(SchemaView view, ObjectStore store) {
        this(view, store, Projections.none(view.schema), Masking.random());
    }

    QueryRunner(SchemaView view, ObjectStore store, Projections projections, Masking masking) {
        this.view = view;
        this.store = store;
        this.validator = new FilterValidator(view.schema);
        this.projections = projections;
        this.masking = masking;
    }

    /** The projections objects are shown with. */
    Projections projections() {
        return projections;
    }

    /**
     * A query as a tool states it.
     *
     * @param type the type, or {@code null} for every type of the schema
     * @param filter the parsed filter
     * @param text full-text words, or {@code null}
     * @param relatedToId a related object, or {@code null}
     * @param relationshipType the relationship type, or {@code null}
     * @param sort the order; empty for the type's configured order, else newest first
     * @param limit the page size
     * @param cursor the previous page's cursor, or {@code null}
     * @param detail the projection
     */
    record Request(
            EntityType type,
            Filter filter,
            String text,
            String relatedToId,
            String relationshipType,
            List<SortKey> sort,
            int limit,
            String cursor,
            Projection.Detail detail,
            List<FieldPath> fields) {}

    /** Text in 'query' that is SQL or a filter expression rather than words. */
    private static final java.util.regex.Pattern SQL_LIKE = java.util.regex.Pattern.compile(
            "(?i)^\\s*select\\b|\\bwhere\\b.*[=<>]|[A-Za-z_]\\s*(=|!=|<>|>=?|<=?)\\s*\\S|^[A-Za-z_]+:\\S|\\b(in|like)\\s*\\(|\\bis\\s+(not\\s+)?null\\b");

    /** The store every query runs on. */
    ObjectStore store() {
        return store;
    }

    ValidatedFilter validate(Filter filter, EntityType type) {
        return validator.validate(filter, type);
    }

    ObjectNode run(Request request, CatalogTool.Call call) {
        ValidatedFilter validated = validator.validate(request.filter(), request.type());
        int maxText = call.limits().filter().maxPatternLength();
        if (request.text() != null
                && request.text().codePointCount(0, request.text().length()) > maxText) {
            // every word is a case-insensitive substring test on every text value: bound its cost
            throw QueryException.of(
                    ErrorCode.LIMIT_EXCEEDED,
                    "query",
                    "'query' is longer than " + maxText + " characters.",
                    "Give a few words; filter on fields with 'properties' for anything longer.");
        }
        List<QueryError> warnings = new ArrayList<>(validated.warnings());
        if (request.text() != null && SQL_LIKE.matcher(request.text()).find()) {
            warnings.add(new QueryError(
                    ErrorCode.INVALID_OPERAND,
                    "query",
                    "'query' is full-text words, matched as written; it is not SQL or a filter.",
                    "Put field conditions in 'properties', such as {\"properties\": {\"status\": \"Open\", \"priority\": "
                            + "{\"$gt\": 5}}}, and keep 'query' for words."));
        }
        List<String> types = request.type() == null
                ? view.typeNames()
                : List.of(request.type().name());
        String stored = storedType(request.relatedToId(), request.relationshipType(), types, call);
        Optional<List<FieldPath>> textFields = view.textFields(request.type());
        List<SortKey> sort = request.sort().isEmpty() ? defaultOrder(request.type()) : request.sort();
        ObjectQuery query = ObjectQuery.builder()
                .types(types)
                .filter(validated)
                .text(request.text(), textFields.orElse(List.of()))
                .relatedTo(request.relatedToId(), stored)
                .sort(sort)
                .limit(request.limit())
                .cursor(masking.openCursor(request.cursor()))
                .scope(call.context().scope())
                .build();
        // no field a text may read: the words are in no object's exposed fields
        Page page = textFields.isEmpty() && !query.words().isEmpty()
                ? new Page(List.of(), false, List.of(), 0)
                : store.search(query);
        // a cursor holds the last object's sort values: sorted by a masked field, the model gets it sealed
        boolean seal = sort.stream()
                .anyMatch(k -> !k.field().system()
                        && view.masked(request.type(), k.field().head()));
        return envelope(page, request, call, warnings, seal);
    }

    /** The page's objects in the request's detail, reading their neighbourhood in one call when a projection derives fields. */
    List<ObjectNode> project(List<GraphObject> objects, Projection.Detail detail, CatalogTool.Call call) {
        return project(objects, detail, null, call);
    }

    /**
     * The page's objects in the request's detail with only the fields named ({@code null}: every field):
     * {@code id} and {@code type} always, {@code created_at} and {@code updated_at} when named, and of
     * the properties those named, a dotted path keeping that part of an object.
     */
    List<ObjectNode> project(
            List<GraphObject> objects, Projection.Detail detail, List<FieldPath> fields, CatalogTool.Call call) {
        List<ObjectNode> projected = projectAll(objects, detail, call);
        if (fields != null) {
            projected.replaceAll(o -> select(o, fields));
        }
        return projected;
    }

    private static ObjectNode select(ObjectNode object, List<FieldPath> fields) {
        ObjectNode out = Json.object();
        for (Iterator<Map.Entry<String, JsonNode>> it = object.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey();
            if (key.equals("properties") && e.getValue().isObject()) {
                ObjectNode props = out.putObject("properties");
                for (FieldPath f : fields) {
                    if (!f.system()) {
                        copy((ObjectNode) e.getValue(), props, f.segments(), 0);
                    }
                }
            } else if (!EntityType.TIMESTAMPS.contains(key)
                    || fields.stream().anyMatch(f -> f.toString().equals(key))) {
                out.set(key, e.getValue());
            }
        }
        return out;
    }

    /** Copies the value at {@code path} (from segment {@code i}) from one object to the other, if there. */
    private static void copy(ObjectNode from, ObjectNode to, List<String> path, int i) {
        JsonNode v = from.get(path.get(i));
        if (v == null) {
            return;
        }
        if (i == path.size() - 1 || !v.isObject()) {
            if (i == path.size() - 1) {
                to.set(path.get(i), v);
            }
            return;
        }
        JsonNode into = to.get(path.get(i));
        copy((ObjectNode) v, into instanceof ObjectNode o ? o : to.putObject(path.get(i)), path, i + 1);
    }

    private List<ObjectNode> projectAll(List<GraphObject> objects, Projection.Detail detail, CatalogTool.Call call) {
        boolean derives = objects.stream()
                .anyMatch(o -> projections.projection(o.type(), detail).readsRelationships());
        Neighbourhood around = derives
                ? Neighbourhood.of(view.visible(store.neighbourhood(
                        objects.stream().map(GraphObject::id).toList(),
                        call.context().scope())))
                : Neighbourhood.none();
        List<ObjectNode> projected = new ArrayList<>();
        for (GraphObject o : objects) {
            projected.add(projections.projection(o.type(), detail).apply(o, around));
        }
        return projected;
    }

    private ObjectNode envelope(
            Page page, Request request, CatalogTool.Call call, List<QueryError> warnings, boolean seal) {
        int budget = call.limits().sizeBudget();
        List<ObjectNode> projected = project(page.items(), request.detail(), request.fields(), call);
        int keep = projected.size();
        ObjectNode result = build(projected, keep, page, request, warnings, seal);
        while (keep > 0 && Results.size(result) > budget) {
            keep--;
            result = build(projected, keep, page, request, warnings, seal);
        }
        return result;
    }

    private ObjectNode build(
            List<ObjectNode> projected, int keep, Page page, Request request, List<QueryError> warnings, boolean seal) {
        ObjectNode result = Json.object();
        ArrayNode objects = result.putArray("objects");
        projected.subList(0, keep).forEach(objects::add);
        boolean cutByBudget = keep < projected.size();
        boolean hasMore = page.hasMore() || cutByBudget;
        result.put("returned", keep);
        page.counted().ifPresent(total -> result.put("total", total));
        if (page.counted().isPresent() && !page.totalExact()) {
            result.put("total_exact", false); // counted up to the store's cap: at least "total" match
        }
        result.put("has_more", hasMore);
        result.put("truncated", hasMore);
        ArrayNode caps = result.putArray("caps");
        if (page.hasMore() && !cutByBudget) {
            caps.add("limit");
        }
        if (cutByBudget) {
            caps.add("size_budget");
        }
        String next =
                cutByBudget ? (keep == 0 ? request.cursor() : page.cursors().get(keep - 1)) : page.nextCursor();
        if (hasMore && next != null) {
            result.put("next_cursor", seal && next != request.cursor() ? masking.sealCursor(next) : next);
        }
        String hint = hint(keep, page, cutByBudget, request);
        if (hint != null) {
            result.put("hint", hint);
        }
        Results.warnings(result, warnings);
        return result;
    }

    private static String hint(int keep, Page page, boolean cutByBudget, Request request) {
        if (cutByBudget) {
            return keep == 0
                    ? "An object is larger than the size budget. Use detail \"light\", or get_graph_object for one object."
                    : "The page was cut to " + keep
                            + " objects to fit the size budget. Pass next_cursor for the rest, name the fields you "
                            + "need in 'fields', use detail \"light\", or narrow the filter.";
        }
        if (page.hasMore()) {
            String of = page.counted().isPresent()
                    ? (page.totalExact() ? " of " : " of at least ")
                            + page.counted().getAsLong()
                    : "";
            return "Showing " + keep + of + " matches. Pass next_cursor to get the next page, or narrow the filter.";
        }
        if (keep == 0 && request.cursor() == null) {
            return "Nothing matched. Check field values with get_database_schema (enum values are listed there), "
                    + "try {\"$contains\": \"...\", \"$options\": \"i\"} for text, or loosen the filter.";
        }
        return null;
    }

    /**
     * The order of a query that names none: the type's configured {@code order} ({@code -invoice_date}),
     * else empty, newest first; {@code id} breaks ties either way.
     */
    static List<SortKey> defaultOrder(EntityType type) {
        if (type == null || type.order() == null) {
            return List.of();
        }
        boolean descending = type.order().startsWith("-");
        String field = descending ? type.order().substring(1) : type.order();
        FieldPath path = field.equals("id") || EntityType.TIMESTAMPS.contains(field)
                ? FieldPath.systemField(field)
                : FieldPath.property(field);
        return List.of(new SortKey(path, descending));
    }

    /** A sort key from the model, checked like a filter field. */
    SortKey sortKey(FieldPath path, boolean descending, EntityType type, String where) {
        validator.validatePath(path, type, where);
        return new SortKey(path, descending);
    }

    /**
     * Checks that the related object exists in the scope and gives the stored relationship type its
     * {@code relationship_type} names from that object's end or the rows' ({@code null} for none).
     *
     * @throws QueryException {@code NOT_FOUND} for a related id outside the scope
     */
    String storedType(String relatedToId, String relationshipType, List<String> types, CatalogTool.Call call) {
        if (relatedToId == null) {
            return null;
        }
        GraphObject anchor = store.get(relatedToId, call.context().scope())
                .orElseThrow(() -> NearIds.notFound(
                        relatedToId,
                        "related_to_id",
                        "Use an id from a previous result; query_graph_objects finds objects by their fields.",
                        store,
                        call.context().scope(),
                        view));
        return relationshipType == null ? null : view.storedType(relationshipType, anchor.type(), types);
    }
}
