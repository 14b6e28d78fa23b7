package io.quarry.tool;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import io.quarry.error.QueryException;
import io.quarry.internal.CodePoints;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.Relationship;
import io.quarry.search.Embedder;
import io.quarry.search.EmbeddingException;
import io.quarry.search.ReciprocalRankFusion;
import io.quarry.search.WordMatch;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code discover_schema}: the types that best match a few words, ranked deterministically over type
 * names, field names, relationship names, enum values and descriptions; tolerant of case,
 * plural/singular, snake/camel case and small typos.
 */
final class DiscoverSchemaTool extends SchemaTool {
    static final String NAME = "discover_schema";
    private static final Logger LOG = LoggerFactory.getLogger(DiscoverSchemaTool.class);
    private static final int DEFAULT_LIMIT = 5;
    private static final int MAX_LIMIT = 20;

    /** Where a word can match, and how much a match there weighs. */
    private enum Source {
        TYPE_NAME(10),
        FIELD_NAME(6),
        RELATIONSHIP(3),
        ENUM_VALUE(3),
        TYPE_DESCRIPTION(2),
        FIELD_DESCRIPTION(1);

        final int weight;

        Source(int weight) {
            this.weight = weight;
        }
    }

    private final GetDatabaseSchemaTool schemaTool;
    /** The model of the hybrid ranking, or {@code null} for keywords only. */
    private final Embedder embedder;
    /** The vectors of the types' texts, by type name, once computed. */
    private volatile Map<String, float[]> typeVectors;

    DiscoverSchemaTool(Parts parts, GetDatabaseSchemaTool schemaTool, Embedder embedder) {
        super(NAME, parts);
        this.schemaTool = schemaTool;
        this.embedder = embedder;
    }

    @Override
    public String description() {
        return "Find which types hold what you are looking for: ranks types by your words over type, field and "
                + "relationship names, enum values and descriptions (any case, singular or plural, small typos "
                + "forgiven) and returns the best with their fields. Use it before get_database_schema on a large "
                + "schema. Example: {\"query\": \"who is assigned to overdue work\", \"limit\": 3}.";
    }

    @Override
    public ObjectNode inputSchema() {
        ObjectNode schema = InputSchemas.object();
        ObjectNode props = (ObjectNode) schema.get("properties");
        props.set("query", InputSchemas.string("A few words about what you look for, such as \"task status\"."));
        ObjectNode limit = InputSchemas.integer(1, MAX_LIMIT, DEFAULT_LIMIT);
        props.set("limit", limit);
        List<String> modules = modules();
        if (!modules.isEmpty()) {
            props.set("module", InputSchemas.enumString(modules, "Only types of this module."));
        }
        schema.putArray("required").add("query");
        return schema;
    }

    @Override
    public ObjectNode handle(Arguments args, Call call) {
        String query = args.string("query").orElseThrow(() -> TypedSearch.missing("query"));
        if (query.codePointCount(0, query.length()) > SemanticSearchTool.MAX_QUERY) {
            // every word is scored against every type and field: bound the work as semantic_search does
            throw QueryException.of(
                    ErrorCode.LIMIT_EXCEEDED,
                    "query",
                    "'query' is longer than " + SemanticSearchTool.MAX_QUERY + " characters.",
                    "Give a few words about what you look for, such as \"task status\".");
        }
        int limit = args.integer("limit", 1, MAX_LIMIT).orElse(DEFAULT_LIMIT);
        String module =
                modules().isEmpty() ? null : args.choice("module", modules()).orElse(null);
        List<String> words = new ArrayList<>(new LinkedHashSet<>(WordMatch.words(query)));
        words.removeIf(WordMatch.STOP_WORDS::contains);
        if (words.isEmpty()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "query",
                    "The query has no words to match.",
                    "Give a few words, such as \"task status\" or \"budget\".");
        }
        List<Scored> ranked = new ArrayList<>();
        for (EntityType t : view.schema.types()) {
            if (module != null && !module.equals(t.module())) {
                continue;
            }
            Scored s = score(t, words);
            if (s.score > 0) {
                ranked.add(s);
            }
        }
        ranked.sort((a, b) -> a.score != b.score
                ? Double.compare(b.score, a.score)
                : CodePoints.compare(a.type.name(), b.type.name()));
        List<QueryError> warnings = new ArrayList<>();
        if (embedder != null) {
            try {
                ranked = hybrid(ranked, query, module);
            } catch (EmbeddingException e) {
                LOG.warn("discover_schema: the embedding model failed, ranking by keywords: {}", e.toString());
                warnings.add(new QueryError(
                        ErrorCode.MODEL_UNAVAILABLE,
                        "",
                        "The embedding model could not answer; types are ranked by their words only.",
                        "Try again later for a ranking by meaning."));
            }
        }
        int keep = Math.min(limit, ranked.size());
        Map<String, Long> counts = store.countByType(call.context().scope());
        ObjectNode result = render(ranked, keep, counts, "summary");
        if (Results.size(result) > call.limits().sizeBudget()) {
            result = render(ranked, keep, counts, "fields");
        }
        while (keep > 1 && Results.size(result) > call.limits().sizeBudget()) {
            keep--;
            result = render(ranked, keep, counts, "fields");
        }
        Results.warnings(result, warnings);
        return result;
    }

    /**
     * The keyword ranking fused (reciprocal-rank fusion) with the types nearest the question by meaning
     * (the first {@value #MAX_LIMIT}); the score becomes the fused score, ties by type name.
     */
    private List<Scored> hybrid(List<Scored> keyword, String query, String module) {
        Map<String, float[]> vectors = typeVectors();
        float[] q = SemanticRanker.embedOne(embedder, query);
        List<Scored> byMeaning = new ArrayList<>();
        for (EntityType t : view.schema.types()) {
            if (module == null || module.equals(t.module())) {
                Scored s = new Scored(t);
                s.score = SemanticRanker.cosine(q, vectors.get(t.name()));
                byMeaning.add(s);
            }
        }
        byMeaning.sort((a, b) -> a.score != b.score
                ? Double.compare(b.score, a.score)
                : CodePoints.compare(a.type.name(), b.type.name()));
        if (byMeaning.size() > MAX_LIMIT) {
            byMeaning = byMeaning.subList(0, MAX_LIMIT);
        }
        Map<String, Scored> byName = new java.util.HashMap<>();
        byMeaning.forEach(s -> byName.put(s.type.name(), s));
        keyword.forEach(s -> byName.put(s.type.name(), s)); // keeps what the words matched
        List<Scored> fused = new ArrayList<>();
        for (ReciprocalRankFusion.Fused f : ReciprocalRankFusion.fuse(List.of(
                keyword.stream().map(s -> s.type.name()).toList(),
                byMeaning.stream().map(s -> s.type.name()).toList()))) {
            Scored s = byName.get(f.id());
            Scored out = new Scored(s.type);
            out.matched.addAll(s.matched);
            out.score = f.score();
            fused.add(out);
        }
        return fused;
    }

    /** The text of a type the model reads: its name, description, fields with their descriptions, enum values, links. */
    static String typeText(EntityType t) {
        StringBuilder text = new StringBuilder(String.join(" ", WordMatch.words(t.name())));
        if (t.description() != null) {
            text.append(". ").append(t.description());
        }
        for (Field f : t.exposedFields()) {
            text.append(". ").append(String.join(" ", WordMatch.words(f.name())));
            f.describe().ifPresent(d -> text.append(": ").append(d));
            if (!f.values().isEmpty()) {
                text.append(" (").append(String.join(", ", f.values())).append(')');
            }
        }
        for (Relationship r : t.relationships()) {
            text.append(". ")
                    .append(String.join(" ", WordMatch.words(r.name())))
                    .append(' ')
                    .append(r.target());
        }
        return text.toString();
    }

    private Map<String, float[]> typeVectors() {
        Map<String, float[]> vectors = typeVectors;
        if (vectors == null) {
            List<EntityType> types = view.schema.types();
            List<float[]> embedded = SemanticRanker.embedAll(
                    embedder, types.stream().map(DiscoverSchemaTool::typeText).toList());
            Map<String, float[]> byName = new java.util.HashMap<>();
            for (int i = 0; i < types.size(); i++) {
                byName.put(types.get(i).name(), embedded.get(i));
            }
            vectors = Map.copyOf(byName);
            typeVectors = vectors;
        }
        return vectors;
    }

    /** The modules of the schema's types, in order of first appearance. */
    private List<String> modules() {
        Set<String> modules = new LinkedHashSet<>();
        for (EntityType t : view.schema.types()) {
            if (t.module() != null) {
                modules.add(t.module());
            }
        }
        return List.copyOf(modules);
    }

    private ObjectNode render(List<Scored> ranked, int keep, Map<String, Long> counts, String detail) {
        List<EntityType> types =
                ranked.subList(0, keep).stream().map(s -> s.type).toList();
        ObjectNode result = schemaTool.render(types, counts, detail, null);
        ArrayNode nodes = (ArrayNode) result.get("types");
        for (int i = 0; i < keep; i++) {
            ObjectNode node = (ObjectNode) nodes.get(i);
            node.put(
                    "score",
                    BigDecimal.valueOf(ranked.get(i).score)
                            .setScale(2, RoundingMode.HALF_EVEN)
                            .stripTrailingZeros());
            ArrayNode matched = node.putArray("matched");
            ranked.get(i).matched.stream().limit(8).forEach(matched::add);
        }
        result.put("returned", keep);
        result.put("total", ranked.size());
        result.put("truncated", keep < ranked.size());
        ArrayNode caps = result.putArray("caps");
        if (keep < ranked.size()) {
            caps.add("limit");
        }
        if (ranked.isEmpty()) {
            result.put(
                    "hint",
                    "No type matches these words. Types: " + String.join(", ", view.typeNames())
                            + ". get_database_schema lists them all.");
        } else if (keep < ranked.size()) {
            result.put("hint", (ranked.size() - keep) + " more types match less well; raise limit to see them.");
        }
        return result;
    }

    private static final class Scored {
        final EntityType type;
        double score;
        final Set<String> matched = new LinkedHashSet<>();

        Scored(EntityType type) {
            this.type = type;
        }
    }

    /** For each word and each source, the best match in that source counts once, by the source's weight. */
    private static Scored score(EntityType t, List<String> words) {
        Scored s = new Scored(t);
        for (String word : words) {
            double[] best = new double[Source.values().length];
            best(s, best, word, Source.TYPE_NAME, "type " + t.name(), t.name());
            best(s, best, word, Source.TYPE_DESCRIPTION, "description", t.description());
            for (Field f : t.exposedFields()) {
                best(s, best, word, Source.FIELD_NAME, "field " + f.name(), f.name());
                best(s, best, word, Source.FIELD_DESCRIPTION, "field " + f.name(), f.description());
                for (String v : f.values()) {
                    best(s, best, word, Source.ENUM_VALUE, f.name() + " = " + v, v);
                }
            }
            for (Relationship r : t.relationships()) {
                best(s, best, word, Source.RELATIONSHIP, "relationship " + r.name(), r.name() + " " + r.target());
            }
            for (Source source : Source.values()) {
                s.score += best[source.ordinal()] * source.weight;
            }
        }
        return s;
    }

    private static void best(Scored s, double[] best, String word, Source source, String label, String text) {
        double q = WordMatch.match(word, text);
        if (q > 0) {
            s.matched.add(label);
            best[source.ordinal()] = Math.max(best[source.ordinal()], q);
        }
    }
}
