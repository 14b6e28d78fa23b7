package io.quarry.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.store.embedding.inmemory.InMemoryEmbeddingStore;
import io.quarry.embeddings.MiniLmEmbedder;
import io.quarry.search.Embedder;
import io.quarry.search.InMemoryVectorIndex;
import io.quarry.search.VectorEntry;
import io.quarry.search.VectorIndex;
import io.quarry.search.VectorMatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The LangChain4j bridges against a real model and LangChain4j's own in-memory store. */
class QuarryEmbeddingsTest {
    private static final EmbeddingModel MODEL = new AllMiniLmL6V2QuantizedEmbeddingModel();
    private static final Embedder EMBEDDER = QuarryEmbeddings.embedder(MODEL);

    /** Chunks of a few demo-like objects: id, type, text. */
    private static final List<String[]> OBJECTS = List.of(
            new String[] {"task-1", "Task", "Migrate the billing database to PostgreSQL"},
            new String[] {"task-2", "Task", "Design the onboarding email sequence"},
            new String[] {"task-3", "Task", "Fix the flaky login test in CI"},
            new String[] {"risk-1", "Risk", "The database vendor may end support for our version"},
            new String[] {"risk-2", "Risk", "Key engineer may leave before launch"},
            new String[] {"goal-1", "Goal", "Grow weekly active users by twenty percent"},
            new String[] {"dec-1", "Decision", "We chose PostgreSQL over MySQL for the new platform"});

    private static List<VectorEntry> entries(Embedder embedder) {
        List<float[]> vectors = embedder.embed(OBJECTS.stream().map(o -> o[2]).toList());
        List<VectorEntry> out = new ArrayList<>();
        for (int i = 0; i < OBJECTS.size(); i++) {
            String[] o = OBJECTS.get(i);
            out.add(new VectorEntry(o[0] + "#0", o[0], o[1], vectors.get(i)));
        }
        return out;
    }

    @Test
    void theModelIsAnEmbedderWithTheDefaultModelsVectors() {
        assertThat(EMBEDDER.dimension()).isEqualTo(384);
        assertThat(EMBEDDER.model()).isEqualTo(AllMiniLmL6V2QuantizedEmbeddingModel.class.getName());
        assertThat(QuarryEmbeddings.embedder(MODEL, "minilm").model()).isEqualTo("minilm");
        List<String> texts = List.of("overdue tasks", " ", "database risk");
        List<float[]> ours = EMBEDDER.embed(texts);
        List<float[]> reference = new MiniLmEmbedder().embed(texts);
        for (int i = 0; i < texts.size(); i++) {
            assertThat(ours.get(i)).containsExactly(reference.get(i));
        }
        assertThat(ours.get(1)).containsOnly(0f);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"which database should we use", "someone might quit", "more users", "email to new customers"})
    void theStoreRanksAsTheInMemoryIndex(String question) {
        VectorIndex bridge = QuarryEmbeddings.vectorIndex(new InMemoryEmbeddingStore<>());
        VectorIndex reference = new InMemoryVectorIndex();
        bridge.upsert(entries(EMBEDDER));
        reference.upsert(entries(EMBEDDER));
        float[] q = EMBEDDER.embed(List.of(question)).get(0);
        for (Set<String> types : List.of(Set.<String>of(), Set.of("Task"), Set.of("Risk", "Decision"))) {
            List<VectorMatch> got = bridge.nearest(q, 4, types);
            List<VectorMatch> expected = reference.nearest(q, 4, types);
            assertThat(got)
                    .extracting(VectorMatch::key)
                    .containsExactlyElementsOf(
                            expected.stream().map(VectorMatch::key).toList());
            for (int i = 0; i < got.size(); i++) {
                assertThat(got.get(i).score()).isCloseTo(expected.get(i).score(), within(1e-5));
                assertThat(got.get(i).objectId()).isEqualTo(expected.get(i).objectId());
            }
        }
    }

    @Test
    void upsertReplacesAndDeleteRemovesEveryChunkOfAnObject() {
        InMemoryEmbeddingStore<TextSegment> store = new InMemoryEmbeddingStore<>();
        VectorIndex index = QuarryEmbeddings.vectorIndex(store);
        index.upsert(entries(EMBEDDER));
        index.upsert(entries(EMBEDDER));
        assertThat(index.size()).isEqualTo(OBJECTS.size());
        float[] other = EMBEDDER.embed(List.of("Grow revenue in Europe")).get(0);
        index.upsert(List.of(
                new VectorEntry("goal-1#0", "goal-1", "Goal", other),
                new VectorEntry("goal-1#1", "goal-1", "Goal", other)));
        assertThat(index.size()).isEqualTo(OBJECTS.size() + 1);
        assertThat(index.nearest(other, 2, Set.of()))
                .extracting(VectorMatch::key)
                .containsExactly("goal-1#0", "goal-1#1");

        index.delete(List.of("goal-1", "task-2", "nobody"));
        assertThat(index.size()).isEqualTo(OBJECTS.size() - 2);
        assertThat(index.nearest(other, 10, Set.of()))
                .extracting(VectorMatch::objectId)
                .doesNotContain("goal-1", "task-2");
        index.delete(List.of());
        assertThat(index.nearest(other, 0, Set.of())).isEmpty();
    }

    @Test
    void theHostsSegmentsAndOtherIndexesStayApart() {
        InMemoryEmbeddingStore<TextSegment> store = new InMemoryEmbeddingStore<>();
        float[] q = EMBEDDER.embed(List.of("database migration")).get(0);
        // the host's own document in the same store, nearest of all
        store.add(Embedding.from(q), TextSegment.from("the host's own text about a database migration"));
        VectorIndex a = QuarryEmbeddings.vectorIndex(store, "a");
        VectorIndex b = QuarryEmbeddings.vectorIndex(store, "b");
        a.upsert(entries(EMBEDDER).subList(0, 3));
        b.upsert(entries(EMBEDDER).subList(3, 7));
        assertThat(a.nearest(q, 10, Set.of()))
                .extracting(VectorMatch::objectId)
                .containsExactlyInAnyOrder("task-1", "task-2", "task-3");
        assertThat(b.nearest(q, 10, Set.of()))
                .extracting(VectorMatch::objectId)
                .containsExactlyInAnyOrder("risk-1", "risk-2", "goal-1", "dec-1");
        b.delete(List.of("task-1", "risk-1"));
        assertThat(a.nearest(q, 10, Set.of())).hasSize(3);
        assertThat(b.nearest(q, 10, Set.of())).hasSize(3);
        assertThat(store.size()).isEqualTo(1 + 3 + 3);
    }

    @Test
    void theStoreHoldsIdsAndVectorsButNoText() {
        InMemoryEmbeddingStore<TextSegment> store = new InMemoryEmbeddingStore<>();
        QuarryEmbeddings.vectorIndex(store).upsert(entries(EMBEDDER));
        float[] q = EMBEDDER.embed(List.of("database")).get(0);
        var matches = store.search(dev.langchain4j.store.embedding.EmbeddingSearchRequest.builder()
                        .queryEmbedding(Embedding.from(q))
                        .maxResults(10)
                        .build())
                .matches();
        assertThat(matches).hasSize(OBJECTS.size()).allSatisfy(m -> {
            assertThat(m.embedded().text()).matches("[a-z]+-\\d#0");
            assertThat(m.embedded().metadata().toMap())
                    .containsOnlyKeys("quarry_index", "quarry_key", "quarry_object_id", "quarry_type");
            assertThat(m.embeddingId()).matches("[0-9a-f]{8}-[0-9a-f]{4}-3[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}");
        });
    }

    private static io.quarry.store.GraphObject object(String id, String org, String title, java.time.Instant at) {
        return new io.quarry.store.GraphObject(
                id,
                "Task",
                com.fasterxml.jackson.databind.node.JsonNodeFactory.instance
                        .objectNode()
                        .put("title", title),
                at,
                at,
                java.util.Map.of("org_id", org));
    }

    private static io.quarry.search.EmbeddingIndexer.Report run(
            List<io.quarry.store.GraphObject> objects, VectorIndex index) {
        return io.quarry.search.EmbeddingIndexer.builder()
                .store(io.quarry.store.InMemoryObjectStore.of(objects, List.of()))
                .embedder(EMBEDDER)
                .index(index)
                .build()
                .run();
    }

    @Test
    void theStoreKeepsTheIndexersStateSoASecondRunEmbedsNothingAndScopeIsAFilter() {
        java.time.Instant t = java.time.Instant.parse("2024-05-01T10:00:00Z");
        List<io.quarry.store.GraphObject> objects = new ArrayList<>();
        for (int i = 0; i < OBJECTS.size(); i++) {
            objects.add(object(OBJECTS.get(i)[0], i % 2 == 0 ? "acme" : "globex", OBJECTS.get(i)[2], t.plusSeconds(i)));
        }
        InMemoryEmbeddingStore<TextSegment> store = new InMemoryEmbeddingStore<>();
        assertThat(run(objects, QuarryEmbeddings.vectorIndex(store, EMBEDDER)).objects())
                .isEqualTo(OBJECTS.size());
        // a new bridge over the same store, as in the host's next run
        VectorIndex again = QuarryEmbeddings.vectorIndex(store, EMBEDDER);
        assertThat(again.state())
                .contains(new io.quarry.search.IndexState(EMBEDDER.model(), t.plusSeconds(6), "dec-1"));
        assertThat(run(objects, again).objects()).isZero();
        List<io.quarry.store.GraphObject> changed = new ArrayList<>(objects);
        changed.set(1, object("task-2", "globex", "Plan the holiday rota", t.plusSeconds(60)));
        assertThat(run(changed, again).objects()).isEqualTo(1);
        // the stateless bridge embeds everything each time
        assertThat(run(objects, QuarryEmbeddings.vectorIndex(store, "plain")).objects())
                .isEqualTo(OBJECTS.size());

        float[] q = EMBEDDER.embed(List.of("database")).get(0);
        assertThat(again.nearest(q, 10, Set.of(), io.quarry.store.Scope.of("org_id", "acme")))
                .extracting(VectorMatch::objectId)
                .containsExactlyInAnyOrder("task-1", "task-3", "risk-2", "dec-1");
        assertThat(again.nearest(q, 10, Set.of()))
                .extracting(VectorMatch::objectId)
                .hasSize(OBJECTS.size())
                .doesNotContainNull();
    }
}
