package io.quarry.tool;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import io.quarry.error.QueryException;
import io.quarry.filter.FieldPath;
import io.quarry.filter.Filter;
import io.quarry.filter.FilterParser;
import io.quarry.filter.ValidatedFilter;
import io.quarry.internal.Json;
import io.quarry.projection.Projection;
import io.quarry.schema.EntityType;
import io.quarry.search.EmbeddingException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code semantic_search}: objects ranked by meaning. Candidates come from the vector index and each is
 * read through the store with the caller's scope, the filter and the related object before it counts;
 * the score is its best chunk's cosine. When the model fails, the objects with the question's words
 * are returned instead, with a warning.
 */
final class SemanticSearchTool extends SchemaTool {
    static final String NAME = "semantic_search";
    private static final Logger LOG = LoggerFactory.getLogger(SemanticSearchTool.class);
    private static final int DEFAULT_LIMIT = 10;
    /** Characters of a question at most. */
    static final int MAX_QUERY = 1_000;

    private final SemanticRanker ranker;

    SemanticSearchTool(Parts parts, SemanticRanker ranker) {
        super(NAME, parts);
        this.ranker = ranker;
    }

    @Override
    public String description() {
        return "Find objects by meaning, not exact words: 'query' is a question or description in plain words;"
                + " results are nearest first with a score (0 to 1). Narrow with type, 'properties' (the filter of"
                + " query_graph_objects) and related_to_id. For exact values use query_graph_objects."
                + " Example: {\"query\": \"customers unhappy about late delivery\", \"limit\": 5}.";
    }

    @Override
    public ObjectNode inputSchema() {
        ObjectNode schema = InputSchemas.object();
        ObjectNode props = (ObjectNode) schema.get("properties");
        props.set(
                "type",
                InputSchemas.enumString(view.typeNames(), "Only objects of this type; omit to search every type."));
        props.set("query", InputSchemas.string("What you look for, in plain words."));
        props.set("properties", InputSchemas.filter("Filter on field values, as in query_graph_objects."));
        props.set("related_to_id", InputSchemas.string("Only objects with a relationship to or from this object id."));
        props.set("limit", InputSchemas.integer(1, limits.maxLimit(), Math.min(DEFAULT_LIMIT, limits.maxLimit())));
        schema.putArray("required").add("query");
        return schema;
    }

    @Override
    public ObjectNode handle(Arguments args, Call call) {
        String query = args.string("query").orElseThrow(() -> TypedSearch.missing("query"));
        if (query.isBlank()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "query",
                    "'query' is empty.",
                    "Describe what you look for in a few words, such as \"late deliveries\".");
        }
        if (query.codePointCount(0, query.length()) > MAX_QUERY) {
            throw QueryException.of(
                    ErrorCode.LIMIT_EXCEEDED,
                    "query",
                    "'query' is longer than " + MAX_QUERY + " characters.",
                    "Give a sentence or two; filter on fields with 'properties'.");
        }
        EntityType type = args.string("type").map(t -> view.type(t, "type")).orElse(null);
        Filter filter = new FilterParser(call.limits().filter())
                .parse(args.node("properties").orElse(null), "properties");
        ValidatedFilter validated = runner.validate(filter, type);
        String relatedTo = args.string("related_to_id").orElse(null);
        int limit = args.integer("limit", 1, call.limits().maxLimit())
                .orElse(Math.min(DEFAULT_LIMIT, call.limits().maxLimit()));
        if (relatedTo != null && store.get(relatedTo, call.context().scope()).isEmpty()) {
            throw NearIds.notFound(
                    relatedTo,
                    "related_to_id",
                    "Use an id from a previous result; query_graph_objects finds objects by their fields.",
                    store,
                    call.context().scope(),
                    view);
        }
        List<String> types = type == null ? view.typeNames() : List.of(type.name());
        SemanticRanker.Where where = new SemanticRanker.Where(
                types, validated, relatedTo, null, call.context().scope());
        List<QueryError> warnings = new ArrayList<>(validated.warnings());
        List<SemanticRanker.Hit> hits;
        try {
            hits = ranker.nearest(query, where, limit + 1);
        } catch (EmbeddingException e) {
            LOG.warn("semantic_search: the embedding model failed, answering by keywords: {}", e.toString());
            warnings.add(modelFailed());
            hits = ranker.keyword(query, where, view.textFields(type), (limit + 1) * 2, false);
            hits = hits.size() > limit + 1 ? hits.subList(0, limit + 1) : hits;
        }
        return envelope(runner, hits, limit, Projection.Detail.LIGHT, null, call, warnings);
    }

    /** The warning of an answer by keywords because the model failed. */
    static QueryError modelFailed() {
        return new QueryError(
                ErrorCode.MODEL_UNAVAILABLE,
                "",
                "The embedding model could not answer; these objects are ranked by the words of the query only.",
                "Try again later for a ranking by meaning, or use query_graph_objects with a filter.");
    }

    /**
     * The envelope of a ranked answer: the first {@code limit} hits (one more tells there are more)
     * projected, each with its score, cut to the size budget; no cursor, since a ranking has no pages.
     */
    static ObjectNode envelope(
            QueryRunner runner,
            List<SemanticRanker.Hit> hits,
            int limit,
            Projection.Detail detail,
            List<FieldPath> fields,
            Call call,
            List<QueryError> warnings) {
        boolean more = hits.size() > limit;
        List<SemanticRanker.Hit> page = more ? hits.subList(0, limit) : hits;
        List<ObjectNode> projected =
                runner.project(page.stream().map(SemanticRanker.Hit::object).toList(), detail, fields, call);
        int keep = projected.size();
        ObjectNode result = build(projected, page, keep, more, warnings);
        while (keep > 0 && Results.size(result) > call.limits().sizeBudget()) {
            keep--;
            result = build(projected, page, keep, more, warnings);
        }
        return result;
    }

    private static ObjectNode build(
            List<ObjectNode> projected,
            List<SemanticRanker.Hit> hits,
            int keep,
            boolean more,
            List<QueryError> warnings) {
        ObjectNode result = Json.object();
        ArrayNode objects = result.putArray("objects");
        for (int i = 0; i < keep; i++) {
            ObjectNode o = projected.get(i).deepCopy();
            o.put("score", score(hits.get(i).score()));
            objects.add(o);
        }
        boolean cut = keep < projected.size();
        result.put("returned", keep);
        result.put("has_more", more || cut);
        result.put("truncated", more || cut);
        ArrayNode caps = result.putArray("caps");
        if (more && !cut) {
            caps.add("limit");
        }
        if (cut) {
            caps.add("size_budget");
        }
        if (cut) {
            result.put("hint", "The results were cut to " + keep + " objects to fit the size budget; lower limit.");
        } else if (keep == 0) {
            result.put(
                    "hint",
                    "Nothing matched. Loosen 'properties' or the type, or try query_graph_objects with other words.");
        } else if (more) {
            result.put("hint", "More objects are less near; raise limit to see them.");
        }
        Results.warnings(result, warnings);
        return result;
    }

    /** A score as the model sees it: four decimals. */
    static BigDecimal score(double score) {
        return BigDecimal.valueOf(score).setScale(4, RoundingMode.HALF_EVEN).stripTrailingZeros();
    }
}
