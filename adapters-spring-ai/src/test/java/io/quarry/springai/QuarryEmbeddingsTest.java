package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.quarry.search.Embedder;
import io.quarry.search.EmbeddingException;
import io.quarry.search.InMemoryVectorIndex;
import io.quarry.search.VectorEntry;
import io.quarry.search.VectorIndex;
import io.quarry.search.VectorMatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.ai.document.Document;
import org.springframework.ai.vectorstore.SearchRequest;
import org.springframework.ai.vectorstore.SimpleVectorStore;

/** The Spring AI bridges against a real model and Spring AI's own SimpleVectorStore. */
class QuarryEmbeddingsTest {
    private static final MiniLmEmbeddingModel MODEL = new MiniLmEmbeddingModel();

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

    private static VectorIndex reference(Embedder embedder) {
        VectorIndex index = new InMemoryVectorIndex();
        index.upsert(entries(embedder));
        return index;
    }

    @Test
    void theModelIsAnEmbedderWithItsVectors() {
        Embedder embedder = QuarryEmbeddings.embedder(MODEL);
        assertThat(embedder.dimension()).isEqualTo(384);
        assertThat(embedder.model()).isEqualTo(MiniLmEmbeddingModel.class.getName());
        assertThat(QuarryEmbeddings.embedder(MODEL, "minilm").model()).isEqualTo("minilm");
        List<float[]> got = embedder.embed(List.of("overdue tasks", "", "database risk"));
        List<float[]> reference = MiniLmEmbeddingModel.MINILM.embed(List.of("overdue tasks", "", "database risk"));
        for (int i = 0; i < 3; i++) {
            assertThat(got.get(i)).containsExactly(reference.get(i));
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"which database should we use", "someone might quit", "more users", "email to new customers"})
    void theStoreRanksAsTheInMemoryIndex(String question) {
        Embedder embedder = QuarryEmbeddings.embedder(MODEL);
        VectorIndex bridge =
                QuarryEmbeddings.vectorIndex(SimpleVectorStore.builder(MODEL).build(), embedder);
        VectorIndex reference = new InMemoryVectorIndex();
        bridge.upsert(entries(embedder));
        reference.upsert(entries(embedder));
        float[] q = embedder.embed(List.of(question)).get(0);
        for (Set<String> types : List.of(Set.<String>of(), Set.of("Task"), Set.of("Risk", "Decision"))) {
            List<VectorMatch> got = bridge.nearest(q, 4, types);
            // a VectorStore's lowest threshold is a similarity of 0: it drops the opposite texts
            List<VectorMatch> expected = reference.nearest(q, 4, types).stream()
                    .filter(m -> m.score() >= 0)
                    .toList();
            assertThat(got)
                    .extracting(VectorMatch::key)
                    .containsExactlyElementsOf(
                            expected.stream().map(VectorMatch::key).toList());
            for (int i = 0; i < got.size(); i++) {
                assertThat(got.get(i).score()).isCloseTo(expected.get(i).score(), within(1e-5));
            }
        }
    }

    @Test
    void upsertReplacesDeleteRemovesAndTheHostsDocumentsStayApart() {
        Embedder embedder = QuarryEmbeddings.embedder(MODEL);
        SimpleVectorStore store = SimpleVectorStore.builder(MODEL).build();
        store.add(List.of(new Document("the host's own text about a database migration", Map.of("source", "wiki"))));
        VectorIndex index = QuarryEmbeddings.vectorIndex(store, embedder);
        VectorIndex other = QuarryEmbeddings.vectorIndex(store, embedder, "other");
        index.upsert(entries(embedder));
        index.upsert(entries(embedder));
        other.upsert(entries(embedder).subList(0, 2));
        float[] q = embedder.embed(List.of("database migration")).get(0);
        assertThat(index.nearest(q, 20, Set.of()))
                .extracting(VectorMatch::objectId)
                .containsExactlyElementsOf(reference(embedder).nearest(q, 20, Set.of()).stream()
                        .filter(m -> m.score() >= 0)
                        .map(VectorMatch::objectId)
                        .toList());
        assertThat(other.nearest(q, 20, Set.of()))
                .extracting(VectorMatch::objectId)
                .containsExactly("task-1", "task-2");

        index.delete(List.of("task-1", "risk-1"));
        assertThat(index.nearest(q, 20, Set.of()))
                .extracting(VectorMatch::objectId)
                .hasSize(OBJECTS.size() - 2)
                .doesNotContain("task-1", "risk-1");
        assertThat(other.nearest(q, 20, Set.of())).hasSize(2);
        // the host's document is still there, and never a candidate
        assertThat(store.similaritySearch(SearchRequest.builder()
                        .query("database migration")
                        .topK(1)
                        .build()))
                .extracting(Document::getText)
                .containsExactly("the host's own text about a database migration");
        assertThat(index.size()).isEqualTo(-1);
    }

    @Test
    void anotherEmbeddersVectorsAreRefusedWithAHint() {
        assertThatThrownBy(() -> QuarryEmbeddings.vectorIndex(
                        SimpleVectorStore.builder(MODEL).build(), new io.quarry.embeddings.MiniLmEmbedder()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("QuarryEmbeddings.embedder(embeddingModel)");
        VectorIndex index = QuarryEmbeddings.vectorIndex(
                SimpleVectorStore.builder(MODEL).build(), QuarryEmbeddings.embedder(MODEL));
        float[] foreign = MiniLmEmbeddingModel.MINILM.embed(List.of("x")).get(0);
        assertThatThrownBy(() -> index.nearest(foreign, 3, Set.of()))
                .isInstanceOf(EmbeddingException.class)
                .hasMessageContaining("needs the text of each vector");
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
            List<io.quarry.store.GraphObject> objects, Embedder embedder, VectorIndex index) {
        return io.quarry.search.EmbeddingIndexer.builder()
                .store(io.quarry.store.InMemoryObjectStore.of(objects, List.of()))
                .embedder(embedder)
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
        SimpleVectorStore store = SimpleVectorStore.builder(MODEL).build();
        Embedder embedder = QuarryEmbeddings.embedder(MODEL);
        assertThat(run(objects, embedder, QuarryEmbeddings.vectorIndex(store, embedder))
                        .objects())
                .isEqualTo(OBJECTS.size());
        // a new bridge over the same store, as in the host's next run
        VectorIndex again = QuarryEmbeddings.vectorIndex(store, embedder);
        assertThat(again.state())
                .contains(new io.quarry.search.IndexState(embedder.model(), t.plusSeconds(6), "dec-1"));
        assertThat(run(objects, embedder, again).objects()).isZero();
        List<io.quarry.store.GraphObject> changed = new ArrayList<>(objects);
        changed.set(1, object("task-2", "globex", "Plan the holiday rota", t.plusSeconds(60)));
        assertThat(run(changed, embedder, again).objects()).isEqualTo(1);

        float[] q = embedder.embed(List.of("database")).get(0);
        assertThat(again.nearest(q, 10, java.util.Set.of(), io.quarry.store.Scope.of("org_id", "acme")))
                .extracting(io.quarry.search.VectorMatch::objectId)
                .isSubsetOf("task-1", "task-3", "risk-2", "dec-1") // the store drops negative similarities
                .contains("task-1", "dec-1");
        assertThat(again.nearest(q, 10, java.util.Set.of()))
                .extracting(io.quarry.search.VectorMatch::objectId)
                .contains("task-1", "dec-1", "risk-1")
                .doesNotContainNull();
    }
}
