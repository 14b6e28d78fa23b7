package io.quarry.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.embeddings.MiniLmEmbedder;
import io.quarry.lucene.LuceneIndex;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Schema;
import io.quarry.search.Embedder;
import io.quarry.search.InMemoryVectorIndex;
import io.quarry.search.VectorEntry;
import io.quarry.search.VectorIndex;
import io.quarry.search.VectorMatch;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.Scope;
import io.quarry.tool.Tool;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.Toolkit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The embedded index at scale, with real embeddings of generated text (not a JMH benchmark: one run,
 * wall-clock). {@code texts} distinct sentences are generated from word lists (a subject, a problem, a
 * place, a time: "the billing service drops messages in the night batch after the last release") and
 * embedded for real with the default model (the throughput). The index then holds {@code chunks}
 * vectors: the first {@code texts} are those embeddings, and each further one is derived from two of
 * them, {@code normalize(0.8 a + 0.2 b + noise)} with Gaussian noise of 0.02 per dimension, and carries
 * the text of {@code a} (so 1,000,000 chunks cost {@code texts} embeddings, and the derived vectors lie
 * between real ones rather than on copies). Questions are other generated sentences, embedded for real.
 *
 * <p>Measured: the {@link LuceneIndex}'s indexing throughput (vectors per second, HNSW and BM25), its
 * recall@10 against the exact answer (a scan of every vector) and its latency, for every caller and for
 * one tenant (scope filtered inside the index); then {@code semantic_search} and {@code
 * query_graph_objects} with {@code "rank": "hybrid"} through a {@link Toolkit} over an {@link
 * InMemoryObjectStore} of one object per chunk, with the question's vector known beforehand (the tool's
 * own time; the model's time for a question is printed apart), and the same with the exact {@link
 * InMemoryVectorIndex} (before).
 *
 * <p>Arguments: the sizes (chunks, comma-separated, each measured on an index of its own), the texts
 * embedded for real, the questions, and the largest size at which the exact {@link InMemoryVectorIndex}
 * is measured too (0: never; it takes seconds a question through the hybrid ranking).
 *
 * <pre>java -Xmx10g -cp bench/target/benchmarks.jar io.quarry.bench.VectorIndexBench 100000,1000000 10000 50 100000</pre>
 */
public final class VectorIndexBench {
    private static final List<String> SUBJECTS = List.of(
            "the billing service",
            "a warehouse robot",
            "the mobile app",
            "the checkout page",
            "our payment provider",
            "the search cluster",
            "the nightly backup",
            "a delivery truck",
            "the customer portal",
            "the invoice generator",
            "the login form",
            "the data pipeline",
            "a conveyor belt",
            "the support chatbot",
            "the pricing engine",
            "the mail server",
            "the inventory report",
            "a partner integration",
            "the onboarding flow",
            "the analytics dashboard",
            "the printer on floor two",
            "the vendor contract",
            "the release train",
            "the password reset",
            "the shipping label service");
    private static final List<String> PROBLEMS = List.of(
            "drops messages",
            "charges customers twice",
            "times out under load",
            "shows the wrong currency",
            "loses data",
            "stops without an error",
            "sends duplicate emails",
            "is much slower than last week",
            "crashes on start",
            "rounds totals incorrectly",
            "leaks memory",
            "rejects valid addresses",
            "confuses new users",
            "needs a security patch",
            "misses its deadline",
            "violates the retention policy",
            "blocks the release",
            "reports stale numbers",
            "fails the audit",
            "overheats",
            "locks accounts",
            "returns empty results",
            "breaks the integration tests",
            "costs more than planned",
            "jams every morning");
    private static final List<String> PLACES = List.of(
            "in the night batch",
            "for customers in Germany",
            "on older phones",
            "in the Berlin warehouse",
            "during the holiday sale",
            "for large orders",
            "in the staging environment",
            "at the end of the month",
            "for enterprise accounts",
            "when the network is slow",
            "in the finance report",
            "for returning customers",
            "in the new region",
            "during peak hours",
            "for refunds",
            "on the first login",
            "with the new vendor",
            "in the quarterly review",
            "for international shipping",
            "after a password change");
    private static final List<String> TIMES = List.of(
            "after the last release",
            "since Monday",
            "twice this week",
            "every night",
            "since the migration",
            "after the vendor update",
            "for the third time",
            "since the config change",
            "this morning",
            "after the outage");
    private static final Schema SCHEMA = Schema.builder()
            .type(EntityType.of("Ticket", Field.of("title", FieldType.TEXT)))
            .type(EntityType.of("Note", Field.of("title", FieldType.TEXT)))
            .build();
    private static final Instant T = Instant.parse("2024-05-01T10:00:00Z");
    private static final Scope ACME = Scope.of("org_id", "acme");

    private VectorIndexBench() {}

    /** Runs it. */
    public static void main(String[] args) throws IOException {
        List<Integer> sizes = Arrays.stream((args.length > 0 ? args[0] : "100000").split(","))
                .map(Integer::parseInt)
                .toList();
        int chunks = sizes.stream().mapToInt(Integer::intValue).max().orElseThrow();
        int textCount = args.length > 1 ? Integer.parseInt(args[1]) : 5_000;
        int questionCount = args.length > 2 ? Integer.parseInt(args[2]) : 50;
        int before = args.length > 3 ? Integer.parseInt(args[3]) : 0;
        System.out.printf(
                Locale.ROOT,
                "VectorIndexBench: %s chunks from %,d embedded texts, %d questions; %d processors, -Xmx %,d MB%n",
                sizes,
                textCount,
                questionCount,
                Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20);
        List<String> generated = sentences(textCount + questionCount, 7);
        List<String> texts = generated.subList(0, textCount);
        List<String> questions = generated.subList(textCount, generated.size());
        MiniLmEmbedder model = new MiniLmEmbedder();
        model.embed(List.of("warm up the model"));

        long start = System.nanoTime();
        List<float[]> real = new ArrayList<>(textCount);
        for (int from = 0; from < textCount; from += 64) {
            real.addAll(model.embed(texts.subList(from, Math.min(textCount, from + 64))));
            if (from % 1_280 == 0) {
                System.err.printf(Locale.ROOT, "\rembedded %,d", from);
            }
        }
        System.err.println();
        double embedSeconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                Locale.ROOT,
                "model: %,d texts in %.1f s, %.1f texts/s%n",
                textCount,
                embedSeconds,
                textCount / embedSeconds);
        start = System.nanoTime();
        List<float[]> questionVectors = model.embed(questions);
        System.out.printf(
                Locale.ROOT,
                "the question's embedding alone: mean %.1f ms (%d questions in one batch)%n",
                (System.nanoTime() - start) / 1e6 / questionCount,
                questionCount);
        start = System.nanoTime();
        for (int i = 0; i < Math.min(20, questionCount); i++) {
            model.embed(List.of(questions.get(i)));
        }
        System.out.printf(
                Locale.ROOT,
                "the question's embedding, one at a time: mean %.1f ms%n",
                (System.nanoTime() - start) / 1e6 / Math.min(20, questionCount));

        // the chunks: real vectors first, then vectors between two of them
        Random random = new Random(42);
        float[][] vectors = new float[chunks][];
        int[] source = new int[chunks];
        for (int i = 0; i < chunks; i++) {
            if (i < textCount) {
                vectors[i] = unit(real.get(i));
                source[i] = i;
                continue;
            }
            int a = random.nextInt(textCount);
            float[] va = real.get(a);
            float[] vb = real.get(random.nextInt(textCount));
            float[] v = new float[va.length];
            for (int d = 0; d < v.length; d++) {
                v[d] = 0.8f * va[d] + 0.2f * vb[d] + (float) (random.nextGaussian() * 0.02);
            }
            vectors[i] = unit(v);
            source[i] = a;
        }

        for (int size : sizes) {
            atSize(
                    size,
                    Arrays.copyOf(vectors, size),
                    source,
                    texts,
                    questions,
                    questionVectors,
                    model,
                    size <= before);
        }
    }

    private static void atSize(
            int chunks,
            float[][] vectors,
            int[] source,
            List<String> texts,
            List<String> questions,
            List<float[]> questionVectors,
            Embedder model,
            boolean before)
            throws IOException {
        int questionCount = questions.size();
        System.out.printf(Locale.ROOT, "%n== %,d chunks%n", chunks);
        long start;
        Path folder = Files.createTempDirectory("vector-index-bench");
        LuceneIndex index = LuceneIndex.open(folder);
        start = System.nanoTime();
        List<VectorEntry> batch = new ArrayList<>();
        for (int i = 0; i < chunks; i++) {
            batch.add(new VectorEntry(
                    id(i) + "#0", id(i), type(i), vectors[i], Map.of("org_id", org(i)), texts.get(source[i])));
            if (batch.size() == 10_000) {
                index.upsert(batch);
                batch = new ArrayList<>();
                System.err.printf(Locale.ROOT, "\rindexed %,d", i + 1);
            }
        }
        index.upsert(batch);
        index.size(); // the searcher sees everything
        double indexSeconds = (System.nanoTime() - start) / 1e9;
        System.err.println();
        System.out.printf(
                Locale.ROOT,
                "LuceneIndex: %,d vectors indexed in %.1f s, %.0f vectors/s (HNSW and BM25, several segments)%n",
                chunks,
                indexSeconds,
                chunks / indexSeconds);
        measure("LuceneIndex, several segments", index, vectors, questionVectors);
        start = System.nanoTime();
        index.forceMerge();
        index.size();
        System.out.printf(
                Locale.ROOT, "LuceneIndex: merged into one segment in %.1f s%n", (System.nanoTime() - start) / 1e9);
        measure("LuceneIndex, one segment", index, vectors, questionVectors);

        List<GraphObject> objects = new ArrayList<>(chunks);
        for (int i = 0; i < chunks; i++) {
            ObjectNode p = JsonNodeFactory.instance.objectNode().put("title", texts.get(source[i]));
            objects.add(new GraphObject(id(i), type(i), p, T, T, Map.of("org_id", org(i))));
        }
        InMemoryObjectStore store = InMemoryObjectStore.of(objects, List.of());
        objects = null;
        Embedder known = new Known(model, questions, questionVectors);
        tools("LuceneIndex", store, known, index, questions, questionCount);
        if (before) {
            InMemoryVectorIndex exact = new InMemoryVectorIndex();
            for (int from = 0; from < chunks; from += 10_000) {
                List<VectorEntry> part = new ArrayList<>();
                for (int i = from; i < Math.min(chunks, from + 10_000); i++) {
                    part.add(new VectorEntry(id(i) + "#0", id(i), type(i), vectors[i]));
                }
                exact.upsert(part);
            }
            tools("InMemoryVectorIndex (before)", store, known, exact, questions, Math.min(questionCount, 10));
        }
        index.close();
        try (Stream<Path> files = Files.list(folder)) {
            files.forEach(f -> {
                try {
                    Files.delete(f);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        Files.delete(folder);
    }

    /** Recall@10 against the exact answer and the index's latency, for every caller and for one tenant. */
    private static void measure(String name, LuceneIndex index, float[][] vectors, List<float[]> questions) {
        for (boolean scoped : List.of(false, true)) {
            double found = 0;
            long[] nanos = new long[questions.size()];
            for (int q = 0; q < questions.size(); q++) {
                float[] question = unit(questions.get(q));
                Set<String> exact = exact(vectors, question, 10, scoped);
                long start = System.nanoTime();
                List<VectorMatch> got = index.nearest(
                        question, 110, Set.of(), scoped ? ACME : Scope.unrestricted()); // what semantic_search asks
                nanos[q] = System.nanoTime() - start;
                found += got.stream()
                        .limit(10)
                        .filter(m -> exact.contains(m.key()))
                        .count();
            }
            System.out.printf(
                    Locale.ROOT,
                    "%s%s: recall@10 %.3f; nearest(110 candidates) %s%n",
                    name,
                    scoped ? ", one tenant (scope filtered in the index)" : "",
                    found / (10.0 * questions.size()),
                    percentiles(nanos));
        }
    }

    /** The keys of the k nearest chunks by a scan of every vector. */
    private static Set<String> exact(float[][] vectors, float[] q, int k, boolean scoped) {
        PriorityQueue<double[]> best = new PriorityQueue<>(Comparator.comparingDouble(a -> a[0]));
        for (int i = 0; i < vectors.length; i++) {
            if (scoped && !org(i).equals("acme")) {
                continue;
            }
            double dot = 0;
            float[] v = vectors[i];
            for (int d = 0; d < v.length; d++) {
                dot += (double) v[d] * q[d];
            }
            if (best.size() < k) {
                best.add(new double[] {dot, i});
            } else if (dot > best.peek()[0]) {
                best.poll();
                best.add(new double[] {dot, i});
            }
        }
        Set<String> keys = new HashSet<>();
        best.forEach(a -> keys.add(id((int) a[1]) + "#0"));
        return keys;
    }

    private static void tools(
            String name, InMemoryObjectStore store, Embedder model, VectorIndex index, List<String> questions, int n) {
        Toolkit toolkit = Toolkit.builder()
                .schema(SCHEMA)
                .store(store)
                .embedder(model)
                .vectorIndex(index)
                .build();
        for (boolean hybrid : List.of(false, true)) {
            Tool tool = toolkit.tool(hybrid ? "query_graph_objects" : "semantic_search")
                    .orElseThrow();
            for (boolean scoped : List.of(false, true)) {
                call(tool, questions.get(0), hybrid, scoped); // warm up
                long[] nanos = new long[n];
                for (int i = 0; i < n; i++) {
                    long start = System.nanoTime();
                    call(tool, questions.get(i), hybrid, scoped);
                    nanos[i] = System.nanoTime() - start;
                }
                System.out.printf(
                        Locale.ROOT,
                        "%s: %s%s, limit 10, question's vector known: %s%n",
                        name,
                        hybrid ? "query_graph_objects rank=hybrid" : "semantic_search",
                        scoped ? ", one tenant" : "",
                        percentiles(nanos));
            }
        }
    }

    private static void call(Tool tool, String question, boolean hybrid, boolean scoped) {
        ObjectNode args = JsonNodeFactory.instance.objectNode();
        args.put("query", question);
        args.put("limit", 10);
        if (hybrid) {
            args.put("rank", "hybrid");
        }
        ToolResult result =
                tool.call(args, scoped ? ToolContext.builder().scope(ACME).build() : ToolContext.unrestricted());
        if (result.isError()) {
            throw new IllegalStateException(result.text());
        }
    }

    /** The model with the questions' vectors known beforehand: the tool's time without the model's. */
    private record Known(Embedder real, Map<String, float[]> vectors) implements Embedder {
        Known(Embedder real, List<String> questions, List<float[]> vectors) {
            this(real, new HashMap<>());
            for (int i = 0; i < questions.size(); i++) {
                this.vectors.put(questions.get(i), vectors.get(i));
            }
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
            List<float[]> out = new ArrayList<>();
            for (String t : texts) {
                float[] v = vectors.get(t);
                out.add(v != null ? v : real.embed(List.of(t)).get(0));
            }
            return out;
        }
    }

    /** Distinct sentences from the word lists, in a random order. */
    static List<String> sentences(int n, long seed) {
        long combinations = (long) SUBJECTS.size() * PROBLEMS.size() * PLACES.size() * TIMES.size();
        if (n > combinations) {
            throw new IllegalArgumentException("at most " + combinations + " distinct sentences");
        }
        Random random = new Random(seed);
        Set<String> out = new LinkedHashSet<>();
        while (out.size() < n) {
            out.add(SUBJECTS.get(random.nextInt(SUBJECTS.size())) + " "
                    + PROBLEMS.get(random.nextInt(PROBLEMS.size())) + " "
                    + PLACES.get(random.nextInt(PLACES.size())) + " "
                    + TIMES.get(random.nextInt(TIMES.size())));
        }
        return new ArrayList<>(out);
    }

    private static String percentiles(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return String.format(
                Locale.ROOT,
                "p50 %.1f ms, p95 %.1f ms, max %.1f ms (%d)",
                sorted[n / 2] / 1e6,
                sorted[Math.min(n - 1, (int) Math.ceil(n * 0.95) - 1)] / 1e6,
                sorted[n - 1] / 1e6,
                n);
    }

    private static String id(int i) {
        return String.format(Locale.ROOT, "doc-%07d", i);
    }

    private static String type(int i) {
        return i % 3 == 0 ? "Note" : "Ticket";
    }

    private static String org(int i) {
        return i % 2 == 0 ? "acme" : "globex";
    }

    private static float[] unit(float[] v) {
        double norm = 0;
        for (float x : v) {
            norm += (double) x * x;
        }
        float[] out = v.clone();
        float inv = norm == 0 ? 0 : (float) (1 / Math.sqrt(norm));
        for (int i = 0; i < out.length; i++) {
            out[i] *= inv;
        }
        return out;
    }
}
