package io.quarry.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.FieldPath;
import io.quarry.filter.Filter;
import io.quarry.filter.FilterParser;
import io.quarry.projection.Projection;
import io.quarry.schema.EntityType;
import io.quarry.store.SortKey;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** {@code query_graph_objects}: find objects by type, filter, full text or a related object. */
final class QueryGraphObjectsTool extends SchemaTool {
    static final String NAME = "query_graph_objects";
    private static final int MAX_SORT_KEYS = 4;

    /** The ranking by meaning behind {@code "rank": "hybrid"}, or {@code null} without a model. */
    private final SemanticRanker ranker;

    QueryGraphObjectsTool(Parts parts, SemanticRanker ranker) {
        super(NAME, parts);
        this.ranker = ranker;
    }

    @Override
    public String description() {
        Examples examples = view.examples;
        return "Find objects by field values. 'properties' is a MongoDB-style filter: "
                + "{\"status\": \"Done\"}, {\"priority\": {\"$gt\": 5}}, {\"status\": {\"$in\": [\"Open\", \"Blocked\"]}}, "
                + "{\"$or\": [{...}, {...}]}, {\"title\": {\"$contains\": \"auth\", \"$options\": \"i\"}}, "
                + "{\"due_at\": {\"$gte\": \"2024-06-01\"}}. "
                + "Operators: $eq $ne $gt $gte $lt $lte $in $nin $exists $regex $contains $startsWith $endsWith $options $not $all $size; "
                + "$and $or $nor at the top. Nested fields use dots (address.city). Links are not fields: "
                + "related_to_id keeps objects linked to an id. 'query' is full-text words. "
                + "Newest first, " + limits.defaultLimit() + " per page; pass next_cursor back. "
                + "Counts: aggregate_graph_objects. Single-field searches: the *_search tools. "
                + "Fields: get_database_schema. Example: {\"type\": "
                + Examples.quote(examples.type())
                + examples.enumCondition()
                        .map(c -> ", \"properties\": {" + c + "}")
                        .orElse("")
                + ", \"limit\": 10}.";
    }

    @Override
    public ObjectNode inputSchema() {
        ObjectNode schema = InputSchemas.object();
        ObjectNode props = (ObjectNode) schema.get("properties");
        props.set(
                "type",
                InputSchemas.enumString(view.typeNames(), "The type of object to find; omit to search every type."));
        props.set("query", InputSchemas.string("Full-text words; every word must match a text field."));
        props.set(
                "properties",
                InputSchemas.filter(
                        "Filter on field values, MongoDB style. Fields by type: " + view.typeSummary(1500)));
        props.set("related_to_id", InputSchemas.string("Only objects with a relationship to or from this object id."));
        props.set(
                "relationship_type",
                InputSchemas.string(
                        "With related_to_id: only relationships of this type (as get_object_relationships names them)."));
        ObjectNode sort = props.putObject("sort");
        sort.put("type", "array");
        sort.put(
                "description",
                "Order by these fields; default the type's own order (get_database_schema shows it), else newest"
                        + " first (updated_at desc). id breaks ties.");
        sort.put("maxItems", MAX_SORT_KEYS);
        ObjectNode item = InputSchemas.object();
        ObjectNode itemProps = (ObjectNode) item.get("properties");
        itemProps.set("field", InputSchemas.string("A field of the type, as in properties."));
        ObjectNode direction = InputSchemas.enumString(List.of("asc", "desc"));
        direction.put("default", "asc");
        itemProps.set("direction", direction);
        item.putArray("required").add("field");
        sort.set("items", item);
        ObjectNode limit = props.putObject("limit");
        limit.put("type", "integer");
        limit.put("minimum", 1);
        limit.put("maximum", limits.maxLimit());
        limit.put("default", limits.defaultLimit());
        props.set("cursor", InputSchemas.string("next_cursor from the previous page of the same query."));
        ObjectNode fields = props.putObject("fields");
        fields.put("type", "array");
        fields.putObject("items").put("type", "string");
        fields.put("description", "Only these fields (id, type always), so a page holds more objects.");
        ObjectNode detail = InputSchemas.enumString(List.of("light", "full"));
        detail.put("default", "light");
        detail.put("description", "light (default) cuts long text; full shows every field.");
        props.set("detail", detail);
        if (ranker != null) {
            ObjectNode rank = InputSchemas.enumString(List.of("words", "hybrid"));
            rank.put("default", "words");
            rank.put(
                    "description",
                    "hybrid: rank by 'query' words and meaning together, best first with a score (one page).");
            props.set("rank", rank);
        }
        return schema;
    }

    @Override
    public ObjectNode handle(Arguments args, Call call) {
        FilterParser parser = new FilterParser(call.limits().filter());
        EntityType type = null;
        Optional<String> typeName = args.string("type");
        if (typeName.isPresent()) {
            type = view.type(typeName.get(), "type");
        }
        Filter filter = parser.parse(args.node("properties").orElse(null), "properties");
        String relatedTo = args.string("related_to_id").orElse(null);
        String relationshipType = args.string("relationship_type").orElse(null);
        if (relationshipType != null && relatedTo == null) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "relationship_type",
                    "'relationship_type' needs 'related_to_id'.",
                    "Pass \"related_to_id\": the id of the object at the other end (find it with query_graph_objects),"
                            + " and 'relationship_type' keeps only that kind of link.");
        }
        if (relationshipType != null) {
            view.relationshipType(relationshipType, "relationship_type");
        }
        List<SortKey> sort = sort(args, type, parser);
        int limit =
                args.pageLimit(call.limits().maxLimit()).orElse(call.limits().defaultLimit());
        String detail = args.choice("detail", List.of("light", "full")).orElse("light");
        List<FieldPath> fields = fields(args, type, parser);
        if (ranker != null
                && args.choice("rank", List.of("words", "hybrid"))
                        .orElse("words")
                        .equals("hybrid")) {
            return hybrid(args, type, filter, relatedTo, relationshipType, sort, limit, detail, fields, call);
        }
        return runner.run(
                new QueryRunner.Request(
                        type,
                        filter,
                        args.string("query").orElse(null),
                        relatedTo,
                        relationshipType,
                        sort,
                        limit,
                        args.string("cursor").orElse(null),
                        Projection.Detail.valueOf(detail.toUpperCase(Locale.ROOT)),
                        fields),
                call);
    }

    /**
     * {@code "rank": "hybrid"}: the objects with the most words of the query and the objects nearest its
     * meaning, fused by reciprocal rank; filter, scope and related object apply to both sides. The model
     * failing leaves the words' ranking, with a warning.
     */
    private ObjectNode hybrid(
            Arguments args,
            EntityType type,
            Filter filter,
            String relatedTo,
            String relationshipType,
            List<SortKey> sort,
            int limit,
            String detail,
            List<FieldPath> fields,
            Call call) {
        String query = args.string("query")
                .filter(q -> !q.isBlank())
                .orElseThrow(() -> QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        "rank",
                        "\"rank\": \"hybrid\" ranks by 'query', and there is none.",
                        "Add \"query\": a few words about what you look for."));
        if (!sort.isEmpty() || args.string("cursor").isPresent()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    sort.isEmpty() ? "cursor" : "sort",
                    "A hybrid ranking is one page in its own order: it takes no sort and no cursor.",
                    "Drop 'sort' and 'cursor', or drop \"rank\": \"hybrid\" to page in field order.");
        }
        if (query.codePointCount(0, query.length()) > SemanticSearchTool.MAX_QUERY) {
            throw QueryException.of(
                    ErrorCode.LIMIT_EXCEEDED,
                    "query",
                    "'query' is longer than " + SemanticSearchTool.MAX_QUERY + " characters.",
                    "Give a few words; filter on fields with 'properties'.");
        }
        io.quarry.filter.ValidatedFilter validated = runner.validate(filter, type);
        List<String> types = type == null ? view.typeNames() : List.of(type.name());
        SemanticRanker.Where where = new SemanticRanker.Where(
                types,
                validated,
                relatedTo,
                runner.storedType(relatedTo, relationshipType, types, call),
                call.context().scope());
        int want = limit + 1;
        List<io.quarry.error.QueryError> warnings = new ArrayList<>(validated.warnings());
        List<SemanticRanker.Hit> hits;
        try {
            List<SemanticRanker.Hit> meaning = ranker.nearest(query, where, want * 2);
            hits = ranker.hybrid(ranker.keyword(query, where, view.textFields(type), want * 2, true), meaning, want);
        } catch (io.quarry.search.EmbeddingException e) {
            warnings.add(SemanticSearchTool.modelFailed());
            List<SemanticRanker.Hit> words = ranker.keyword(query, where, view.textFields(type), want * 2, false);
            hits = words.size() > want ? words.subList(0, want) : words;
        }
        return SemanticSearchTool.envelope(
                runner,
                hits,
                limit,
                Projection.Detail.valueOf(detail.toUpperCase(Locale.ROOT)),
                fields,
                call,
                warnings);
    }

    private static final int MAX_FIELDS = 50;

    /** {@code fields}: the fields each object shows, {@code null} for all; each checked like a filter field. */
    private List<FieldPath> fields(Arguments args, EntityType type, FilterParser parser) {
        Optional<JsonNode> node = args.node("fields");
        if (node.isEmpty() || node.get().isNull()) {
            return null;
        }
        if (!node.get().isArray() || node.get().isEmpty()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "fields",
                    "'fields' must be a non-empty array of field names.",
                    "Such as \"fields\": [\""
                            + view.fieldNames().stream()
                                    .filter(f -> !f.equals("id") && !f.equals("type"))
                                    .findFirst()
                                    .orElse("created_at")
                            + "\"]; omit it for every field.");
        }
        if (node.get().size() > MAX_FIELDS) {
            throw QueryException.of(
                    ErrorCode.LIMIT_EXCEEDED,
                    "fields",
                    "At most " + MAX_FIELDS + " fields may be named.",
                    "Omit 'fields' for every field.");
        }
        List<FieldPath> out = new ArrayList<>();
        for (int i = 0; i < node.get().size(); i++) {
            JsonNode f = node.get().get(i);
            String where = "fields[" + i + "]";
            if (!f.isTextual()) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        where,
                        "Each entry of 'fields' is a field's name.",
                        "Write [\"title\"].");
            }
            FieldPath path = parser.parsePath(f.textValue(), where);
            runner.sortKey(path, false, type, where); // the same checks as a filter field
            out.add(path);
        }
        return List.copyOf(out);
    }

    private List<SortKey> sort(Arguments args, EntityType type, FilterParser parser) {
        Optional<JsonNode> node = args.node("sort");
        if (node.isEmpty()) {
            return List.of();
        }
        if (!node.get().isArray()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "sort",
                    "'sort' must be an array of {field, direction}.",
                    "Write [{\"field\": \"priority\", \"direction\": \"desc\"}].");
        }
        ArrayNode items = (ArrayNode) node.get();
        if (items.size() > MAX_SORT_KEYS) {
            throw QueryException.of(
                    ErrorCode.LIMIT_EXCEEDED,
                    "sort",
                    "At most " + MAX_SORT_KEYS + " sort keys are allowed.",
                    "Keep the first " + MAX_SORT_KEYS + "; id always breaks ties.");
        }
        List<SortKey> keys = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            String where = "sort[" + i + "]";
            JsonNode item = items.get(i);
            if (!item.isObject() || !item.path("field").isTextual()) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        where,
                        "Each sort key is {\"field\": name, \"direction\": \"asc\"|\"desc\"}.",
                        "Write [{\"field\": \"" + sortExample(type) + "\", \"direction\": \"desc\"}].");
            }
            for (Iterator<String> it = item.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                if (!k.equals("field") && !k.equals("direction")) {
                    throw QueryException.of(
                            ErrorCode.INVALID_OPERAND,
                            where + "." + k,
                            "Unknown sort key parameter '" + Arguments.echo(k) + "'.",
                            "Each sort key is {\"field\": name, \"direction\": \"asc\"|\"desc\"}.");
                }
            }
            String direction = item.path("direction").asText("asc");
            if (!direction.equals("asc") && !direction.equals("desc")) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        where + ".direction",
                        "direction must be \"asc\" or \"desc\".",
                        "Use \"asc\" (smallest first) or \"desc\" (largest first).");
            }
            String name = item.get("field").textValue();
            if (name.startsWith("-") || name.startsWith("+")) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        where + ".field",
                        "'" + Arguments.echo(name) + "' is not a field name.",
                        "The order is its own key: {\"field\": \"" + Arguments.echo(name.substring(1))
                                + "\", \"direction\": \"" + (name.startsWith("-") ? "desc" : "asc") + "\"}.");
            }
            FieldPath path = parser.parsePath(name, where + ".field");
            keys.add(runner.sortKey(path, direction.equals("desc"), type, where + ".field"));
        }
        return keys;
    }

    /** A field a sort hint can name: updated_at when the type has it, else its first field, else id. */
    private static String sortExample(EntityType type) {
        if (type == null || type.hasTimestamp("updated_at")) {
            return "updated_at";
        }
        return type.exposedFieldNames().isEmpty()
                ? "id"
                : type.exposedFieldNames().get(0);
    }
}
