package io.quarry.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.demo.DemoData;
import io.quarry.embeddings.MiniLmEmbedder;
import io.quarry.schema.Schema;
import io.quarry.search.EmbeddedText;
import io.quarry.search.EmbeddingIndexer;
import io.quarry.search.InMemoryVectorIndex;
import io.quarry.search.VectorEntry;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.tool.Tool;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.Toolkit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Embedding throughput and {@code semantic_search} latency with the default model (not a JMH benchmark:
 * one run, wall-clock). {@code objects} synthetic objects are copies of the demo's objects (ids and a
 * number changed); the model embeds the first {@code embedded} of them through the {@link
 * EmbeddingIndexer} (the throughput), and the rest of the index is filled with the vector of the demo
 * object each copies, slightly moved, so the index holds {@code objects} distinct vectors at the cost of
 * embedding each demo text once. Then {@code queries} questions go through {@code semantic_search} and
 * {@code query_graph_objects} with {@code "rank": "hybrid"} over all of them (the latency: the question's
 * embedding, an exact scan of the in-memory index, reading the candidates).
 *
 * <pre>java -cp bench/target/benchmarks.jar io.quarry.bench.EmbeddingBench [objects] [embedded] [queries]</pre>
 */
public final class EmbeddingBench {
    private static final List<String> QUESTIONS = List.of(
            "security holes in third-party libraries",
            "the migration could lose data",
            "who decided to buy instead of build",
            "runbook for a service that times out",
            "robots stopped in the warehouse",
            "how long do we keep personal data",
            "finance approval of the chart of accounts",
            "flaky integration tests",
            "vendor is late with the delivery",
            "customers complain the screen is confusing");

    private EmbeddingBench() {}

    /** Runs it. */
    public static void main(String[] args) {
        int objects = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int embedded = args.length > 1 ? Integer.parseInt(args[1]) : 5_000;
        int queries = args.length > 2 ? Integer.parseInt(args[2]) : 50;
        List<GraphObject> demo = DemoData.data().objects();
        List<GraphObject> all = new ArrayList<>(objects);
        for (int i = 0; i < objects; i++) {
            GraphObject o = demo.get(i % demo.size());
            ObjectNode props = o.properties().deepCopy();
            if (props.has("title")) {
                props.put("title", props.get("title").asText() + " #" + (i / demo.size()));
            }
            all.add(new GraphObject(
                    String.format(Locale.ROOT, "%s-%07d", o.type().toLowerCase(Locale.ROOT), i),
                    o.type(),
                    props,
                    o.createdAt(),
                    o.updatedAt(),
                    o.scope()));
        }
        Schema schema = DemoData.config().schema().orElseThrow();
        EmbeddedText text = EmbeddedText.defaults(schema);
        MiniLmEmbedder model = new MiniLmEmbedder();
        model.embed(List.of("warm up the model"));

        // throughput: the indexer over the first `embedded` objects
        InMemoryVectorIndex measured = new InMemoryVectorIndex();
        EmbeddingIndexer.Report report = EmbeddingIndexer.builder()
                .store(InMemoryObjectStore.of(all.subList(0, Math.min(embedded, objects)), List.of()))
                .embedder(model)
                .index(measured)
                .text(text)
                .progress(done -> {
                    if (done % 640 == 0) {
                        System.err.printf(Locale.ROOT, "\rembedded %,d", done);
                    }
                })
                .build()
                .run();
        System.err.println();
        System.out.printf(
                Locale.ROOT,
                "throughput: %,d objects (%,d chunks) in %.1f s: %.1f objects/s, %.1f chunks/s; %d processors%n",
                report.objects(),
                report.chunks(),
                report.elapsed().toMillis() / 1000.0,
                report.objectsPerSecond(),
                report.chunksPerSecond(),
                Runtime.getRuntime().availableProcessors());
        System.out.printf(
                Locale.ROOT,
                "extrapolated: %,d objects in %.1f minutes%n",
                objects,
                objects / report.objectsPerSecond() / 60);

        // the index at full size: each demo text embedded once, each copy's vector moved a little
        Map<String, float[]> byDemoId = new HashMap<>();
        List<String> texts = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (GraphObject o : demo) {
            List<String> chunks = text.chunks(o);
            if (!chunks.isEmpty()) {
                texts.add(chunks.get(0));
                ids.add(o.id());
            }
        }
        for (int from = 0; from < texts.size(); from += 256) {
            List<float[]> vectors = model.embed(texts.subList(from, Math.min(texts.size(), from + 256)));
            for (int i = 0; i < vectors.size(); i++) {
                byDemoId.put(ids.get(from + i), vectors.get(i));
            }
        }
        InMemoryVectorIndex index = new InMemoryVectorIndex();
        Random random = new Random(42);
        List<VectorEntry> batch = new ArrayList<>();
        for (int i = 0; i < objects; i++) {
            GraphObject copy = all.get(i);
            float[] base = byDemoId.get(demo.get(i % demo.size()).id());
            if (base == null) {
                continue;
            }
            float[] v = Arrays.copyOf(base, base.length);
            for (int d = 0; d < v.length; d++) {
                v[d] += (float) (random.nextGaussian() * 0.01);
            }
            batch.add(new VectorEntry(copy.id() + "#0", copy.id(), copy.type(), v));
            if (batch.size() == 10_000) {
                index.upsert(batch);
                batch = new ArrayList<>();
            }
        }
        index.upsert(batch);
        Toolkit toolkit = Toolkit.builder()
                .config(DemoData.config())
                .store(InMemoryObjectStore.of(all, List.of()))
                .embedder(model)
                .vectorIndex(index)
                .build();
        System.out.printf(Locale.ROOT, "index: %,d vectors of %d dimensions%n", index.size(), model.dimension());
        latency(toolkit.tool("semantic_search").orElseThrow(), queries, false);
        latency(toolkit.tool("query_graph_objects").orElseThrow(), queries, true);
        long start = System.nanoTime();
        for (int i = 0; i < queries; i++) {
            model.embed(List.of(QUESTIONS.get(i % QUESTIONS.size())));
        }
        System.out.printf(
                Locale.ROOT,
                "the question's embedding alone: mean %.1f ms%n",
                (System.nanoTime() - start) / 1e6 / queries);
        float[] q = model.embed(List.of(QUESTIONS.get(0))).get(0);
        start = System.nanoTime();
        for (int i = 0; i < queries; i++) {
            index.nearest(q, 100, java.util.Set.of());
        }
        System.out.printf(
                Locale.ROOT,
                "the index's exact scan alone (100 candidates of %,d): mean %.1f ms%n",
                index.size(),
                (System.nanoTime() - start) / 1e6 / queries);
    }

    private static void latency(Tool tool, int queries, boolean hybrid) {
        long[] nanos = new long[queries];
        for (int i = 0; i < queries; i++) {
            ObjectNode args = JsonNodeFactory.instance.objectNode();
            args.put("query", QUESTIONS.get(i % QUESTIONS.size()));
            args.put("limit", 10);
            if (hybrid) {
                args.put("rank", "hybrid");
            }
            long start = System.nanoTime();
            ToolResult result = tool.call(args, ToolContext.unrestricted());
            nanos[i] = System.nanoTime() - start;
            if (result.isError()) {
                throw new IllegalStateException(result.text());
            }
        }
        Arrays.sort(nanos);
        System.out.printf(
                Locale.ROOT,
                "%s: p50 %.0f ms, p95 %.0f ms, max %.0f ms over %d questions%n",
                hybrid ? "query_graph_objects rank=hybrid" : "semantic_search",
                nanos[queries / 2] / 1e6,
                nanos[Math.min(queries - 1, (int) Math.ceil(queries * 0.95) - 1)] / 1e6,
                nanos[queries - 1] / 1e6,
                queries);
    }
}
