package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import io.quarry.schema.Schema;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EmbeddingIndexerTest {
    private static final Schema SCHEMA = EmbeddedTextTest.SCHEMA;
    private static final Instant T0 = Instant.parse("2024-05-01T10:00:00Z");

    static GraphObject task(String id, String title, String secret, int minute) {
        ObjectNode p = Json.object().put("title", title).put("secret_note", secret);
        return new GraphObject(id, "Task", p, T0, T0.plusSeconds(60L * minute), Map.of("org_id", "acme"));
    }

    static List<GraphObject> tasks(int n) {
        List<GraphObject> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(task(String.format("t%03d", i), "task number " + i, "hidden " + i, i % 7));
        }
        return out;
    }

    private static EmbeddingIndexer indexer(
            List<GraphObject> objects, Embedder embedder, VectorIndex index, List<Long> progress) {
        return EmbeddingIndexer.builder()
                .store(InMemoryObjectStore.of(objects, List.of()))
                .embedder(embedder)
                .index(index)
                .text(EmbeddedText.defaults(SCHEMA))
                .batchSize(10)
                .progress(progress::add)
                .build();
    }

    @Test
    void theFirstRunEmbedsEveryObjectAndTheNextOnlyWhatChanged() {
        HashingEmbedder embedder = new HashingEmbedder();
        InMemoryVectorIndex index = new InMemoryVectorIndex();
        List<GraphObject> objects = tasks(35);
        List<Long> progress = new ArrayList<>();

        EmbeddingIndexer.Report first =
                indexer(objects, embedder, index, progress).run();
        assertThat(first.objects()).isEqualTo(35);
        assertThat(first.chunks()).isEqualTo(35);
        assertThat(first.indexSize()).isEqualTo(35);
        assertThat(first.reembedded()).isFalse();
        assertThat(progress).containsExactly(10L, 20L, 30L, 35L);
        assertThat(index.state()).hasValueSatisfying(s -> {
            assertThat(s.model()).isEqualTo("hashing-256");
            assertThat(s.updatedAt()).isEqualTo(T0.plusSeconds(6 * 60));
        });

        // nothing changed: only the objects at the last updated_at but the last one are read again
        EmbeddingIndexer.Report again =
                indexer(objects, embedder, index, new ArrayList<>()).run();
        assertThat(again.objects()).isEqualTo(4); // t006, t013, t020, t027 share minute 6 with t034
        assertThat(again.indexSize()).isEqualTo(35);

        // one object changed later: it is embedded, the others are not
        List<GraphObject> changed = new ArrayList<>(objects);
        changed.set(3, task("t003", "renamed task", "x", 30));
        List<String> before = embedder.texts();
        EmbeddingIndexer.Report third =
                indexer(changed, embedder, index, new ArrayList<>()).run();
        assertThat(third.objects()).isEqualTo(5);
        assertThat(embedder.texts().subList(before.size(), embedder.texts().size()))
                .contains("renamed task");
        EmbeddingIndexer.Report fourth =
                indexer(changed, embedder, index, new ArrayList<>()).run();
        assertThat(fourth.objects()).isZero();
    }

    @Test
    void hiddenFieldsAreNeverEmbedded() {
        HashingEmbedder embedder = new HashingEmbedder();
        indexer(tasks(12), embedder, new InMemoryVectorIndex(), new ArrayList<>())
                .run();
        assertThat(embedder.texts()).hasSize(12).noneMatch(t -> t.contains("hidden"));
    }

    @Test
    void aFailedRunResumesWhereItStopped() {
        HashingEmbedder embedder = new HashingEmbedder();
        InMemoryVectorIndex index = new InMemoryVectorIndex();
        List<GraphObject> objects = tasks(40);
        embedder.failAfter(2);
        assertThatThrownBy(() ->
                        indexer(objects, embedder, index, new ArrayList<>()).run())
                .isInstanceOf(IllegalStateException.class);
        assertThat(index.size()).isEqualTo(20);
        embedder.recover();
        EmbeddingIndexer.Report resumed =
                indexer(objects, embedder, index, new ArrayList<>()).run();
        assertThat(resumed.objects()).isLessThan(40).isGreaterThanOrEqualTo(20);
        assertThat(index.size()).isEqualTo(40);
        assertThat(index.objectIds().orElseThrow()).hasSize(40);
    }

    @Test
    void aChangedModelReEmbedsEverythingAndGoneObjectsAreDeleted() {
        InMemoryVectorIndex index = new InMemoryVectorIndex();
        List<GraphObject> objects = tasks(25);
        indexer(objects, new HashingEmbedder(), index, new ArrayList<>()).run();

        List<GraphObject> fewer = objects.subList(0, 20);
        HashingEmbedder other = new HashingEmbedder("hashing-64", 64);
        EmbeddingIndexer.Report report =
                indexer(fewer, other, index, new ArrayList<>()).run();
        assertThat(report.reembedded()).isTrue();
        assertThat(report.objects()).isEqualTo(20);
        assertThat(report.deleted()).isEqualTo(5);
        assertThat(index.size()).isEqualTo(20);
        assertThat(index.state().orElseThrow().model()).isEqualTo("hashing-64");
        assertThat(index.nearest(other.vector("task number 3"), 1, Set.of()))
                .extracting(VectorMatch::objectId)
                .containsExactly("t003");
    }

    @Test
    void rebuildEmbedsEveryObjectWhateverTheState() {
        InMemoryVectorIndex index = new InMemoryVectorIndex();
        List<GraphObject> objects = tasks(15);
        HashingEmbedder embedder = new HashingEmbedder();
        indexer(objects, embedder, index, new ArrayList<>()).run();
        EmbeddingIndexer.Report report = EmbeddingIndexer.builder()
                .store(InMemoryObjectStore.of(objects, List.of()))
                .embedder(embedder)
                .index(index)
                .text(EmbeddedText.defaults(SCHEMA))
                .build()
                .rebuild();
        assertThat(report.objects()).isEqualTo(15);
        assertThat(report.objectsPerSecond()).isPositive();
    }

    @Test
    void longTextIsEmbeddedInChunksAndAnObjectRanksByItsBestChunk() {
        String filler = "lorem ipsum dolor sit amet ".repeat(80);
        GraphObject big = new GraphObject(
                "big", "Task", Json.object().put("description", filler + " invoice reconciliation"), T0, T0, Map.of());
        GraphObject small = task("small", "weekly standup notes", "", 1);
        InMemoryVectorIndex index = new InMemoryVectorIndex();
        HashingEmbedder embedder = new HashingEmbedder();
        EmbeddingIndexer.Report report =
                indexer(List.of(big, small), embedder, index, new ArrayList<>()).run();
        assertThat(report.chunks()).isGreaterThan(2);
        List<VectorMatch> nearest = index.nearest(embedder.vector("invoice reconciliation"), 1, Set.of());
        assertThat(nearest).extracting(VectorMatch::objectId).containsExactly("big");
        assertThat(nearest.get(0).key()).isNotEqualTo("big#0");
    }
}
