package io.quarry.embeddings;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.demo.DemoData;
import io.quarry.lucene.LuceneIndex;
import io.quarry.schema.Schema;
import io.quarry.search.EmbeddedText;
import io.quarry.search.Embedder;
import io.quarry.search.EmbeddingException;
import io.quarry.search.EmbeddingIndexer;
import io.quarry.search.InMemoryVectorIndex;
import io.quarry.search.VectorEntry;
import io.quarry.search.VectorIndex;
import io.quarry.search.VectorMatch;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.Scope;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.Toolkit;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The labelled retrieval set ({@code retrieval-set.tsv}, 115 questions written by hand from the data)
 * over the demo's globex tenant (639 objects of every type, embedded with the default model), asked
 * three ways through the tools: keywords ({@code query_graph_objects} with {@code "rank": "hybrid"}
 * and a model that is down, so the words' ranking alone), meaning ({@code semantic_search}) and
 * hybrid ({@code query_graph_objects} with {@code "rank": "hybrid"}). Recall@10 is the share of a
 * question's answers in its first ten results (of at most ten answers); MRR the mean of 1 / the rank of
 * the first answer. Hybrid may not fall below keywords; the numbers are in docs/search.md.
 */
class RetrievalEvaluationTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ORG = "globex";
    private static final ToolContext CALLER =
            ToolContext.builder().scope(Scope.of("org_id", ORG)).build();

    /** One labelled question. */
    record Question(String text, List<String> labels) {}

    /** A way of asking. */
    record Ranking(String name, Function<String, List<String>> ask) {}

    private static List<GraphObject> objects;
    private static List<Question> questions;
    private static Toolkit withModel;
    private static Toolkit modelDown;
    private static Toolkit luceneWithModel;
    private static Toolkit luceneModelDown;

    @BeforeAll
    static void embedTheTenant() throws IOException {
        DataFile.DataSet demo = DemoData.data();
        objects = demo.objects().stream()
                .filter(o -> ORG.equals(o.scope().get("org_id")))
                .toList();
        Set<String> ids = new HashSet<>();
        objects.forEach(o -> ids.add(o.id()));
        List<GraphRelationship> relationships = demo.relationships().stream()
                .filter(r -> ids.contains(r.srcId()) && ids.contains(r.dstId()))
                .toList();
        InMemoryObjectStore store = InMemoryObjectStore.of(objects, relationships);
        Schema schema = DemoData.config().schema().orElseThrow();
        Embedder model = new Remembering(new MiniLmEmbedder());
        InMemoryVectorIndex index = new InMemoryVectorIndex();
        LuceneIndex lucene = LuceneIndex.inMemory();
        EmbeddingIndexer.Report report = EmbeddingIndexer.builder()
                .store(store)
                .embedder(model)
                .index(new Both(index, lucene))
                .text(EmbeddedText.defaults(schema))
                .build()
                .run();
        System.out.printf(
                Locale.ROOT,
                "embedded %d objects (%d chunks) in %.1f s: %.0f objects/s%n",
                report.objects(),
                report.chunks(),
                report.elapsed().toMillis() / 1000.0,
                report.objectsPerSecond());
        withModel = Toolkit.builder()
                .config(DemoData.config())
                .store(store)
                .embedder(model)
                .vectorIndex(index)
                .build();
        modelDown = Toolkit.builder()
                .config(DemoData.config())
                .store(store)
                .embedder(new Down(model))
                .vectorIndex(index)
                .build();
        luceneWithModel = Toolkit.builder()
                .config(DemoData.config())
                .store(store)
                .embedder(model)
                .vectorIndex(lucene)
                .build();
        luceneModelDown = Toolkit.builder()
                .config(DemoData.config())
                .store(store)
                .embedder(new Down(model))
                .vectorIndex(lucene)
                .build();
        questions = read();
    }

    /** Both indexes written by one indexer run: the model embeds the tenant once. */
    private record Both(InMemoryVectorIndex exact, LuceneIndex lucene) implements VectorIndex {
        @Override
        public void upsert(List<VectorEntry> entries) {
            exact.upsert(entries);
            lucene.upsert(entries);
        }

        @Override
        public void delete(java.util.Collection<String> objectIds) {
            exact.delete(objectIds);
            lucene.delete(objectIds);
        }

        @Override
        public List<VectorMatch> nearest(float[] vector, int candidates, Set<String> types) {
            return exact.nearest(vector, candidates, types);
        }

        @Override
        public long size() {
            return exact.size();
        }
    }

    /**
     * The model, remembering the vector of each text: semantic and hybrid embed the same question, and
     * the model is deterministic, so the second gets the first's vector (the test's time, not its result).
     */
    private record Remembering(Embedder real, Map<String, float[]> seen) implements Embedder {
        Remembering(Embedder real) {
            this(real, new java.util.concurrent.ConcurrentHashMap<>());
        }

        @Override
        public String model() {
            return real.model();
        }

        @Override
        public int dimension() {
            return real.dimension();
        }

        @Override
        public List<float[]> embed(List<String> texts) {
            if (texts.size() != 1) {
                return real.embed(texts); // the index's batches: every text once
            }
            return List.of(seen.computeIfAbsent(
                    texts.get(0), t -> real.embed(List.of(t)).get(0)));
        }
    }

    /** A model whose service is down: the hybrid ranking falls back to the words alone. */
    private record Down(Embedder real) implements Embedder {
        @Override
        public String model() {
            return real.model();
        }

        @Override
        public int dimension() {
            return real.dimension();
        }

        @Override
        public List<float[]> embed(List<String> texts) {
            throw new EmbeddingException("down");
        }
    }

    private static List<Question> read() throws IOException {
        List<Question> out = new ArrayList<>();
        try (InputStream in = RetrievalEvaluationTest.class.getResourceAsStream("retrieval-set.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split("\t");
                assertThat(parts).as(line).hasSize(2);
                out.add(new Question(parts[0].strip(), List.of(parts[1].strip().split(";"))));
            }
        }
        return out;
    }

    /** The objects a question's labels name. */
    private static Set<String> relevant(Question q) {
        Set<String> out = new HashSet<>();
        for (String label : q.labels()) {
            int colon = label.indexOf(':');
            String kind = label.substring(0, colon);
            String value = label.substring(colon + 1);
            Set<String> matched = new HashSet<>();
            for (GraphObject o : objects) {
                boolean holds =
                        switch (kind) {
                            case "id" -> o.id().equals(value);
                            case "type" -> o.type().equals(value);
                            case "title" ->
                                value.equals(o.properties().path("title").asText(null))
                                        || value.equals(
                                                o.properties().path("name").asText(null));
                            default -> throw new IllegalArgumentException("unknown label " + label);
                        };
                if (holds) {
                    matched.add(o.id());
                }
            }
            assertThat(matched)
                    .as("objects of the label '" + label + "' of '" + q.text() + "'")
                    .isNotEmpty();
            out.addAll(matched);
        }
        return out;
    }

    private static List<String> ids(Toolkit toolkit, String tool, ObjectNode args) {
        ToolResult result = toolkit.tool(tool).orElseThrow().call(args, CALLER);
        assertThat(result.isError()).as(result.text()).isFalse();
        List<String> ids = new ArrayList<>();
        for (JsonNode o : result.json().path("objects")) {
            ids.add(o.path("id").asText());
        }
        return ids;
    }

    private static ObjectNode args(String query, boolean hybrid) {
        ObjectNode args = JSON.createObjectNode().put("query", query).put("limit", 10);
        if (hybrid) {
            args.put("rank", "hybrid");
        }
        return args;
    }

    private static final List<Ranking> RANKINGS = List.of(
            new Ranking("keyword", q -> ids(modelDown, "query_graph_objects", args(q, true))),
            new Ranking("semantic", q -> ids(withModel, "semantic_search", args(q, false))),
            new Ranking("hybrid", q -> ids(withModel, "query_graph_objects", args(q, true))),
            new Ranking("keyword, LuceneIndex", q -> ids(luceneModelDown, "query_graph_objects", args(q, true))),
            new Ranking("semantic, LuceneIndex", q -> ids(luceneWithModel, "semantic_search", args(q, false))),
            new Ranking("hybrid, LuceneIndex", q -> ids(luceneWithModel, "query_graph_objects", args(q, true))));

    /** Recall@10 and MRR of one ranking over the set. */
    record Score(double recallAt10, double mrr) {}

    private static Score score(Ranking ranking) {
        double recall = 0;
        double reciprocal = 0;
        for (Question q : questions) {
            Set<String> relevant = relevant(q);
            List<String> got = ranking.ask().apply(q.text());
            assertThat(got.size()).isLessThanOrEqualTo(10);
            long found = got.stream().filter(relevant::contains).count();
            recall += (double) found / Math.min(relevant.size(), 10);
            for (int i = 0; i < got.size(); i++) {
                if (relevant.contains(got.get(i))) {
                    reciprocal += 1.0 / (i + 1);
                    break;
                }
            }
        }
        return new Score(recall / questions.size(), reciprocal / questions.size());
    }

    @Test
    void hybridIsNoWorseThanKeywordsOnTheLabelledSet() {
        assertThat(questions).hasSizeGreaterThanOrEqualTo(100);
        Map<String, Score> scores = new LinkedHashMap<>();
        for (Ranking r : RANKINGS) {
            scores.put(r.name(), score(r));
        }
        StringBuilder table = new StringBuilder("| ranking | recall@10 | MRR |\n|---|---|---|\n");
        scores.forEach((name, s) ->
                table.append(String.format(Locale.ROOT, "| %s | %.3f | %.3f |%n", name, s.recallAt10(), s.mrr())));
        System.out.print("retrieval set: " + questions.size() + " questions\n" + table);
        for (String index : List.of("", ", LuceneIndex")) {
            Score keyword = scores.get("keyword" + index);
            Score hybrid = scores.get("hybrid" + index);
            assertThat(hybrid.recallAt10()).as(table.toString()).isGreaterThanOrEqualTo(keyword.recallAt10());
            assertThat(hybrid.mrr()).as(table.toString()).isGreaterThanOrEqualTo(keyword.mrr());
        }
        // the embedded index answers at least as well as the exact scan and the store's word match
        for (String ranking : List.of("keyword", "semantic", "hybrid")) {
            Score exact = scores.get(ranking);
            Score lucene = scores.get(ranking + ", LuceneIndex");
            assertThat(lucene.recallAt10())
                    .as(ranking + "\n" + table)
                    .isGreaterThanOrEqualTo(exact.recallAt10() - 0.005);
            assertThat(lucene.mrr()).as(ranking + "\n" + table).isGreaterThanOrEqualTo(exact.mrr() - 0.005);
        }
    }

    @Test
    void theSameQuestionGivesTheSameRanking() {
        for (Question q : questions.subList(0, 3)) {
            for (Ranking r : RANKINGS) {
                assertThat(r.ask().apply(q.text()))
                        .as(r.name() + ": " + q.text())
                        .isEqualTo(r.ask().apply(q.text()));
            }
        }
    }
}
