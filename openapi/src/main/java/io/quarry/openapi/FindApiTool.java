package io.quarry.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import io.quarry.error.QueryException;
import io.quarry.search.Embedder;
import io.quarry.search.EmbeddingException;
import io.quarry.search.ReciprocalRankFusion;
import io.quarry.search.WordMatch;
import io.quarry.tool.Limits;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolExtension;
import io.quarry.tool.ToolSupport;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code find_api}: the host's API operations that best match a few words, ranked like {@code
 * discover_schema} (any case, singular or plural, small typos) over operationIds, paths, summaries,
 * tags, parameter names and descriptions, with the words that name an action ("create", "delete")
 * favouring the matching method. With an embedder ({@link OpenApiTools.Builder#embedder}) that keyword
 * ranking is fused (reciprocal-rank fusion) with the operations nearest the question by meaning.
 */
final class FindApiTool implements ToolExtension {
    static final String NAME = "find_api";
    private static final Logger LOG = LoggerFactory.getLogger(FindApiTool.class);
    /** Operations nearest by meaning that take part in the fusion. */
    static final int SEMANTIC_CANDIDATES = 25;

    private static final int DEFAULT_LIMIT = 10;
    private static final int MAX_LIMIT = 25;
    private static final List<String> METHODS = List.of("GET", "POST", "PUT", "PATCH", "DELETE");

    /** Words that name an action, and the methods that do it. */
    private static final Map<String, List<String>> ACTIONS = Map.ofEntries(
            Map.entry("create", List.of("POST")),
            Map.entry("add", List.of("POST")),
            Map.entry("new", List.of("POST")),
            Map.entry("make", List.of("POST")),
            Map.entry("register", List.of("POST")),
            Map.entry("post", List.of("POST")),
            Map.entry("delete", List.of("DELETE")),
            Map.entry("remove", List.of("DELETE")),
            Map.entry("cancel", List.of("DELETE", "POST")),
            Map.entry("update", List.of("PATCH", "PUT")),
            Map.entry("change", List.of("PATCH", "PUT")),
            Map.entry("edit", List.of("PATCH", "PUT")),
            Map.entry("modify", List.of("PATCH", "PUT")),
            Map.entry("rename", List.of("PATCH", "PUT")),
            Map.entry("replace", List.of("PUT")),
            Map.entry("set", List.of("PATCH", "PUT")),
            Map.entry("mark", List.of("PATCH", "PUT", "POST")),
            Map.entry("list", List.of("GET")),
            Map.entry("get", List.of("GET")),
            Map.entry("show", List.of("GET")),
            Map.entry("find", List.of("GET")),
            Map.entry("search", List.of("GET")),
            Map.entry("fetch", List.of("GET")),
            Map.entry("read", List.of("GET")),
            Map.entry("view", List.of("GET")),
            Map.entry("retrieve", List.of("GET")));

    /** Where a word can match, and how much a match there weighs. */
    private enum Source {
        OPERATION_ID(8),
        PATH(8),
        SUMMARY(6),
        TAG(4),
        FIELD(2),
        PARAMETER(1),
        DESCRIPTION(1);

        final int weight;

        Source(int weight) {
            this.weight = weight;
        }
    }

    /** Words that ask for one object rather than a collection. */
    private static final Set<String> ONE = Set.of("id", "one", "single", "by", "detail", "details");

    private final OpenApiTools api;
    /** Each operation's words, split once: on the first question when the document is read later. */
    private volatile Map<ApiOperation, Indexed> indexed;
    /** The model, or {@code null} for keywords only. */
    private final Embedder embedder;
    /** Each operation's vector, embedded once on the first question. */
    private volatile Map<ApiOperation, float[]> vectors;

    FindApiTool(OpenApiTools api) {
        this(api, api.embedder);
    }

    FindApiTool(OpenApiTools api, Embedder embedder) {
        this.api = api;
        this.embedder = embedder;
    }

    private Map<ApiOperation, Indexed> indexed() {
        Map<ApiOperation, Indexed> map = indexed;
        if (map == null) {
            map = new java.util.IdentityHashMap<>();
            for (ApiOperation op : api.operations()) {
                map.put(op, new Indexed(op));
            }
            indexed = map; // computed twice at worst, from the same operations
        }
        return map;
    }

    /** An operation's words per source, split once. */
    private static final class Indexed {
        final List<List<String>> bySource = new ArrayList<>();
        final List<String> labels = new ArrayList<>();
        final List<Source> sources = new ArrayList<>();
        final List<String> idWords;

        Indexed(ApiOperation op) {
            add(Source.OPERATION_ID, "operationId", op.operationId());
            add(Source.PATH, "path", op.path().replaceAll("\\{[^}]*}", " "));
            add(Source.SUMMARY, "summary", op.summary());
            for (String tag : op.tags()) {
                add(Source.TAG, "tag " + tag, tag);
            }
            for (ApiOperation.Parameter p : op.parameters()) {
                add(Source.PARAMETER, "parameter " + p.name(), p.name());
            }
            StringBuilder fields = new StringBuilder();
            if (op.body() != null) {
                fieldWords(op.body(), 2, fields);
            }
            for (ApiOperation.Parameter p : op.parameters()) {
                if (p.schema() != null) {
                    fieldWords(p.schema(), 0, fields);
                }
            }
            add(Source.FIELD, "body or parameter values", fields.toString());
            add(Source.DESCRIPTION, "description", op.description());
            List<String> id = new ArrayList<>(new LinkedHashSet<>(WordMatch.words(op.operationId())));
            id.removeIf(w -> ACTIONS.containsKey(w) || WordMatch.STOP_WORDS.contains(w));
            this.idWords = List.copyOf(id);
        }

        /** Field names and enum values of a schema, to a small depth. */
        private static void fieldWords(com.fasterxml.jackson.databind.JsonNode schema, int depth, StringBuilder out) {
            schema.path("enum").forEach(v -> out.append(v.asText()).append(' '));
            if (depth > 0) {
                for (Map.Entry<String, com.fasterxml.jackson.databind.JsonNode> p :
                        schema.path("properties").properties()) {
                    out.append(p.getKey()).append(' ');
                    fieldWords(p.getValue(), depth - 1, out);
                }
                if (schema.has("items")) {
                    fieldWords(schema.get("items"), depth - 1, out);
                }
            }
        }

        private void add(Source source, String label, String text) {
            sources.add(source);
            labels.add(label);
            bySource.add(List.copyOf(new LinkedHashSet<>(WordMatch.words(text))));
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Find the host's API endpoints for what you want to do: ranks operations by your words over their "
                + "operationIds, paths, summaries, tags and parameters (any case, singular or plural, small typos "
                + "forgiven) and returns the best with their parameters and request body. Then call one with call_api. "
                + "Example: {\"query\": \"create a task\", \"method\": \"POST\", \"limit\": 3}.";
    }

    @Override
    public ObjectNode inputSchema() {
        ObjectNode schema = ToolSupport.object();
        schema.put("type", "object");
        ObjectNode props = schema.putObject("properties");
        ObjectNode query = props.putObject("query");
        query.put("type", "string");
        query.put("description", "A few words about what you want to do, such as \"list open tasks\".");
        ObjectNode method = props.putObject("method");
        method.put("type", "string");
        ArrayNode methods = method.putArray("enum");
        METHODS.forEach(methods::add);
        method.put("description", "Only operations of this HTTP method.");
        ObjectNode limit = props.putObject("limit");
        limit.put("type", "integer");
        limit.put("minimum", 1);
        limit.put("maximum", MAX_LIMIT);
        limit.put("default", DEFAULT_LIMIT);
        schema.putArray("required").add("query");
        schema.put("additionalProperties", false);
        return schema;
    }

    @Override
    public ObjectNode handle(ObjectNode arguments, ToolContext context, Limits limits) {
        JsonNode q = arguments.path("query");
        if (!q.isTextual() || q.textValue().isBlank()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "query",
                    q.isMissingNode() ? "The parameter 'query' is required." : "The parameter 'query' must be text.",
                    "Give a few words, such as {\"query\": \"create a task\"}.");
        }
        String method = null;
        if (arguments.has("method")) {
            JsonNode m = arguments.get("method");
            method = m.isTextual() ? m.textValue().toUpperCase(Locale.ROOT) : "";
            if (!METHODS.contains(method)) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        "method",
                        "The parameter 'method' must be one of " + String.join(", ", METHODS) + ".",
                        "Leave it out to search every method.");
            }
        }
        int limit = DEFAULT_LIMIT;
        if (arguments.has("limit")) {
            JsonNode l = arguments.get("limit");
            if (!l.canConvertToExactIntegral() || l.asInt() < 1 || l.asInt() > MAX_LIMIT) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        "limit",
                        "The parameter 'limit' must be an integer from 1 to " + MAX_LIMIT + ".",
                        "Leave it out for " + DEFAULT_LIMIT + ".");
            }
            limit = l.asInt();
        }
        List<String> all = new ArrayList<>(new LinkedHashSet<>(WordMatch.words(q.textValue())));
        boolean plural = false;
        Map<String, String> typed = new java.util.HashMap<>();
        for (String raw : q.textValue().toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            plural |= !raw.isEmpty() && !WordMatch.singular(raw).equals(raw);
            if (!raw.isEmpty() && !WordMatch.singular(raw).equals(raw)) {
                typed.put(WordMatch.singular(raw), raw); // a typo the plural rule mangled ("taks") matches as typed
            }
        }
        boolean one = all.stream().anyMatch(ONE::contains);
        boolean many = plural || all.contains("list") || all.contains("all") || all.contains("search");
        Set<String> intents = new LinkedHashSet<>();
        for (String w : all) {
            if (ACTIONS.containsKey(w)) {
                intents.addAll(ACTIONS.get(w));
            }
        }
        List<String> words = new ArrayList<>(all);
        words.removeIf(w -> WordMatch.STOP_WORDS.contains(w) || ACTIONS.containsKey(w));
        if (words.isEmpty()) {
            words = all.stream().filter(ACTIONS::containsKey).toList();
        }
        if (words.isEmpty()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "query",
                    "The query has no words to match.",
                    "Give a few words, such as \"create a task\" or \"invoices\".");
        }
        List<ApiOperation> visible = api.visible(context);
        List<Scored> ranked =
                rank(visible, words, typed, intents, method, one ? Boolean.FALSE : many ? Boolean.TRUE : null);
        List<QueryError> warnings = new ArrayList<>();
        if (embedder != null) {
            try {
                ranked = hybrid(ranked, visible, q.textValue(), method);
            } catch (EmbeddingException e) {
                LOG.warn("find_api: the embedding model failed, ranking by keywords: {}", e.toString());
                warnings.add(new QueryError(
                        ErrorCode.MODEL_UNAVAILABLE,
                        "",
                        "The embedding model could not answer; endpoints are ranked by their words only.",
                        "Try again later for a ranking by meaning."));
            }
        }
        int keep = Math.min(limit, ranked.size());
        ObjectNode result = render(ranked, keep, true);
        while (keep > 1 && ToolSupport.write(result).length() > limits.sizeBudget()) {
            keep--;
            result = render(ranked, keep, true);
        }
        if (ToolSupport.write(result).length() > limits.sizeBudget()) {
            result = render(ranked, keep, false);
        }
        if (!warnings.isEmpty()) {
            ArrayNode list = result.putArray("warnings");
            for (QueryError w : warnings) {
                ObjectNode node = list.addObject();
                node.put("code", w.code().name());
                node.put("path", w.path());
                node.put("message", w.message());
                node.put("hint", w.hint());
            }
        }
        return result;
    }

    /**
     * The keyword ranking fused with the {@value #SEMANTIC_CANDIDATES} operations nearest the question by
     * meaning (of the method asked, when one is); the score becomes the fused score, ties in document
     * order.
     */
    List<Scored> hybrid(List<Scored> keyword, List<ApiOperation> visible, String query, String method) {
        Map<ApiOperation, float[]> byOp = vectors();
        float[] q = embedOne(query);
        List<Scored> byMeaning = new ArrayList<>();
        int order = 0;
        for (ApiOperation op : visible) {
            order++;
            if (method != null && !method.equals(op.method())) {
                continue;
            }
            Scored s = new Scored(op, order);
            s.score = cosine(q, byOp.get(op));
            byMeaning.add(s);
        }
        byMeaning.sort(
                (a, b) -> a.score != b.score ? Double.compare(b.score, a.score) : Integer.compare(a.order, b.order));
        if (byMeaning.size() > SEMANTIC_CANDIDATES) {
            byMeaning = byMeaning.subList(0, SEMANTIC_CANDIDATES);
        }
        // fused by a key unique per operation and in document order, so ties keep document order
        Map<String, Scored> byKey = new java.util.HashMap<>();
        byMeaning.forEach(s -> byKey.put(key(s), s));
        keyword.forEach(s -> byKey.put(key(s), s)); // keeps what the words matched
        List<Scored> fused = new ArrayList<>();
        for (ReciprocalRankFusion.Fused f : ReciprocalRankFusion.fuse(List.of(
                keyword.stream().map(FindApiTool::key).toList(),
                byMeaning.stream().map(FindApiTool::key).toList()))) {
            Scored s = byKey.get(f.id());
            Scored out = new Scored(s.op, s.order);
            out.matched.addAll(s.matched);
            out.score = f.score();
            fused.add(out);
        }
        return fused;
    }

    private static String key(Scored s) {
        return String.format(Locale.ROOT, "%08d", s.order);
    }

    /** The text of an operation the model reads: its id in words, summary, tags, path and description. */
    static String operationText(ApiOperation op) {
        StringBuilder text = new StringBuilder(String.join(" ", WordMatch.words(op.operationId())));
        if (!op.summary().isEmpty()) {
            text.append(". ").append(op.summary());
        }
        if (!op.tags().isEmpty()) {
            text.append(". ").append(String.join(", ", op.tags()));
        }
        text.append(". ").append(op.method()).append(' ').append(op.path());
        String description = op.description() == null ? "" : op.description().strip();
        if (!description.isEmpty()) {
            text.append(". ").append(description.length() > 300 ? description.substring(0, 300) : description);
        }
        return text.toString();
    }

    private Map<ApiOperation, float[]> vectors() {
        Map<ApiOperation, float[]> map = vectors;
        if (map == null) {
            List<ApiOperation> ops = api.operations();
            List<float[]> embedded =
                    embedAll(ops.stream().map(FindApiTool::operationText).toList());
            map = new java.util.IdentityHashMap<>();
            for (int i = 0; i < ops.size(); i++) {
                map.put(ops.get(i), embedded.get(i));
            }
            vectors = map; // computed twice at worst, from the same operations
        }
        return map;
    }

    private float[] embedOne(String text) {
        return embedAll(List.of(text)).get(0);
    }

    private List<float[]> embedAll(List<String> texts) {
        List<float[]> out;
        try {
            out = embedder.embed(texts);
        } catch (EmbeddingException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new EmbeddingException("The embedder " + embedder.model() + " failed: " + e, e);
        }
        if (out == null || out.size() != texts.size()) {
            throw new EmbeddingException("The embedder " + embedder.model() + " did not return one vector per text.");
        }
        return out;
    }

    private static double cosine(float[] a, float[] b) {
        if (a == null || b == null || a.length != b.length) {
            throw new EmbeddingException("The embedder returned vectors of different dimensions.");
        }
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += (double) a[i] * b[i];
            na += (double) a[i] * a[i];
            nb += (double) b[i] * b[i];
        }
        return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
    }

    /** Ranks operations by words, best first; ties keep document order. */
    List<Scored> rank(
            List<ApiOperation> operations,
            List<String> words,
            Map<String, String> typed,
            Set<String> intents,
            String method,
            Boolean collection) {
        List<Scored> ranked = new ArrayList<>();
        int order = 0;
        for (ApiOperation op : operations) {
            order++;
            if (method != null && !method.equals(op.method())) {
                continue;
            }
            Indexed ix = indexed().get(op);
            Scored s = score(op, ix, words, typed, order);
            if (s.score > 0) {
                // how much of what the operation is about the question names: listProjects over listProjectTasks
                if (!ix.idWords.isEmpty()) {
                    long covered = ix.idWords.stream()
                            .filter(w -> words.stream().anyMatch(word -> WordMatch.quality(word, w) > 0))
                            .count();
                    s.score += 3.0 * covered / ix.idWords.size();
                }
                if (collection != null
                        && op.method().equals("GET")
                        && collection == !op.path().endsWith("}")) {
                    s.score += 1;
                }
                if (intents.contains(op.method())) {
                    s.score += 3;
                }
                if (op.deprecated()) {
                    s.score -= 1;
                }
                ranked.add(s);
            }
        }
        ranked.sort(
                (a, b) -> a.score != b.score ? Double.compare(b.score, a.score) : Integer.compare(a.order, b.order));
        return ranked;
    }

    private static Scored score(ApiOperation op, Indexed ix, List<String> words, Map<String, String> typed, int order) {
        Scored s = new Scored(op, order);
        for (String word : words) {
            double[] best = new double[Source.values().length];
            for (int i = 0; i < ix.sources.size(); i++) {
                double q = WordMatch.match(word, ix.bySource.get(i));
                String asTyped = typed.get(word);
                if (asTyped != null && q < 1) {
                    q = Math.max(q, WordMatch.match(asTyped, ix.bySource.get(i)));
                }
                if (q > 0) {
                    s.matched.add(ix.labels.get(i));
                    int source = ix.sources.get(i).ordinal();
                    best[source] = Math.max(best[source], q);
                }
            }
            for (Source source : Source.values()) {
                s.score += best[source.ordinal()] * source.weight;
            }
        }
        return s;
    }

    private ObjectNode render(List<Scored> ranked, int keep, boolean withBody) {
        ObjectNode result = ToolSupport.object();
        ArrayNode endpoints = result.putArray("endpoints");
        for (Scored s : ranked.subList(0, keep)) {
            endpoints.add(endpoint(s, withBody));
        }
        result.put("returned", keep);
        result.put("total", ranked.size());
        result.put("truncated", keep < ranked.size());
        ArrayNode caps = result.putArray("caps");
        if (keep < ranked.size()) {
            caps.add("limit");
        }
        if (!withBody) {
            caps.add("size");
        }
        if (ranked.isEmpty()) {
            result.put("hint", "No endpoint matches these words; try other words, or without method.");
        } else {
            ApiOperation top = ranked.get(0).op;
            result.put(
                    "hint",
                    "Call one with call_api, e.g. {\"method\": \"" + top.method() + "\", \"path\": \"" + top.path()
                            + "\"} with each {placeholder} replaced by a value."
                            + (keep < ranked.size() ? " " + (ranked.size() - keep) + " more match less well." : ""));
        }
        return result;
    }

    private ObjectNode endpoint(Scored s, boolean withBody) {
        ApiOperation op = s.op;
        ObjectNode node = ToolSupport.object();
        node.put("operation_id", op.operationId());
        node.put("method", op.method());
        node.put("path", op.path());
        if (!op.summary().isEmpty()) {
            node.put("summary", op.summary());
        }
        if (!op.tags().isEmpty()) {
            ArrayNode tags = node.putArray("tags");
            op.tags().forEach(tags::add);
        }
        if (!op.parameters().isEmpty()) {
            ObjectNode params = node.putObject("parameters");
            for (ApiOperation.Parameter p : op.parameters()) {
                JsonNode compact = p.schema() == null ? null : Schemas.compact(p.schema());
                String type = compact != null && compact.isTextual()
                        ? compact.textValue()
                        : (p.schema() == null ? "any" : String.valueOf(Schemas.type(p.schema())));
                type = type.replace(", required", "");
                params.put(p.name(), type + ", " + p.in() + (p.required() ? ", required" : ""));
            }
        }
        if (op.body() != null) {
            if (withBody) {
                node.set("body", Schemas.compact(op.body()));
            } else {
                node.put("body", "JSON (call find_api with a smaller limit to see its fields)");
            }
            if (op.bodyRequired()) {
                node.put("body_required", true);
            }
        }
        if (op.deprecated()) {
            node.put("deprecated", true);
        }
        if (!api.enabled(op)) {
            node.put("enabled", false);
        }
        // a fused score is small (about 1 / 60): four places keep its order readable
        BigDecimal score = BigDecimal.valueOf(s.score)
                .setScale(s.score < 0.1 && s.score > -0.1 ? 4 : 2, RoundingMode.HALF_EVEN)
                .stripTrailingZeros();
        node.put("score", score.scale() < 0 ? score.setScale(0) : score); // 30, not 3E+1
        return node;
    }

    /** An operation and its score. */
    static final class Scored {
        final ApiOperation op;
        final int order;
        double score;
        final Set<String> matched = new LinkedHashSet<>();

        Scored(ApiOperation op, int order) {
            this.op = op;
            this.order = order;
        }
    }
}
