package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import io.quarry.search.EmbeddedText;
import io.quarry.search.EmbeddingIndexer;
import io.quarry.search.HashingEmbedder;
import io.quarry.search.InMemoryVectorIndex;
import io.quarry.search.IndexState;
import io.quarry.search.VectorEntry;
import io.quarry.search.VectorIndex;
import io.quarry.search.VectorMatch;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectStore;
import io.quarry.tool.SemanticSearchToolTest;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The embeddings table ({@link JdbcVectorIndex}) agrees with {@link InMemoryVectorIndex}, keeps the
 * indexer's state, and serves {@code semantic_search} over a {@link JdbcObjectStore} of two tenants
 * with the same answers as the in-memory store and index. Each backend's test class nests one subclass.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SemanticSearchContract implements BackendUnderTest {
    DataSource ds;

    @BeforeAll
    void open() {
        ds = backend().pooledDataSource("semantic_search_" + backend().name());
    }

    @Test
    void theTableAgreesWithTheInMemoryIndex() {
        JdbcVectorIndex table = JdbcVectorIndex.create(ds, backend().dialect(ds), "emb_agree");
        InMemoryVectorIndex memory = new InMemoryVectorIndex();
        table.state(IndexState.start("m"));
        Random random = new Random(15);
        List<VectorEntry> entries = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            float[] v = new float[16];
            for (int d = 0; d < v.length; d++) {
                v[d] = (float) random.nextGaussian();
            }
            entries.add(new VectorEntry("o" + i / 3 + "#" + i % 3, "o" + i / 3, i % 2 == 0 ? "A" : "B", v));
        }
        table.upsert(entries);
        memory.upsert(entries);
        assertThat(table.size()).isEqualTo(300);
        for (int q = 0; q < 20; q++) {
            float[] query = new float[16];
            for (int d = 0; d < query.length; d++) {
                query[d] = (float) random.nextGaussian();
            }
            int candidates = 1 + random.nextInt(60);
            Set<String> types = q % 3 == 0 ? Set.of("A") : Set.of();
            List<VectorMatch> expected = memory.nearest(query, candidates, types);
            List<VectorMatch> actual = table.nearest(query, candidates, types);
            assertThat(actual)
                    .extracting(VectorMatch::key)
                    .isEqualTo(expected.stream().map(VectorMatch::key).toList());
            for (int i = 0; i < actual.size(); i++) {
                assertThat(actual.get(i).score()).isCloseTo(expected.get(i).score(), within(1e-5));
            }
        }
    }

    @Test
    void theTableKeepsTheStateDeletesByObjectAndListsItsObjects() {
        JdbcVectorIndex table = JdbcVectorIndex.create(ds, backend().dialect(ds), "emb_state");
        assertThat(table.state()).isEmpty();
        assertThat(table.nearest(new float[] {1, 0}, 5, Set.of())).isEmpty();
        Instant at = Instant.parse("2024-05-01T10:00:00.123Z");
        table.state(new IndexState("m1", at, "t-9"));
        assertThat(table.state()).contains(new IndexState("m1", at, "t-9"));
        table.upsert(List.of(
                new VectorEntry("a#0", "a", "T", new float[] {1, 0}),
                new VectorEntry("a#1", "a", "T", new float[] {0, 1}),
                new VectorEntry("b#0", "b", "T", new float[] {1, 1})));
        table.upsert(List.of(new VectorEntry("b#0", "b", "T", new float[] {-1, 0})));
        assertThat(table.size()).isEqualTo(3);
        assertThat(table.objectIds()).contains(Set.of("a", "b"));
        assertThat(table.nearest(new float[] {1, 0}, 5, Set.of()))
                .extracting(VectorMatch::key)
                .containsExactly("a#0", "a#1", "b#0");
        table.delete(List.of("a"));
        assertThat(table.objectIds()).contains(Set.of("b"));
        // rows of another model are never compared with this one's
        table.state(IndexState.start("m2"));
        assertThat(table.nearest(new float[] {1, 0}, 5, Set.of())).isEmpty();
        // a second index over the same tables sees the same
        assertThat(JdbcVectorIndex.create(ds, backend().dialect(ds), "emb_state")
                        .state())
                .contains(IndexState.start("m2"));
    }

    @Test
    void semanticSearchOverTheDatabaseAnswersAsInMemory() {
        List<GraphObject> objects = SemanticSearchToolTest.objects();
        JdbcObjectStore store =
                backend().store(ds, StoreMapping.graph("org_id"), new DataFile.DataSet(objects, List.of()));
        HashingEmbedder embedder = new HashingEmbedder();
        JdbcVectorIndex table = JdbcVectorIndex.create(ds, backend().dialect(ds));
        EmbeddingIndexer.Report first = indexer(store, embedder, table).run();
        assertThat(first.objects()).isEqualTo(objects.size());
        // every object has the same updated_at: the next run reads them again but the last
        assertThat(indexer(store, embedder, table).run().objects()).isEqualTo(objects.size() - 1);

        InMemoryVectorIndex memoryIndex = new InMemoryVectorIndex();
        InMemoryObjectStore memory = InMemoryObjectStore.of(objects, List.of());
        indexer(memory, embedder, memoryIndex).run();

        for (String question :
                List.of(SemanticSearchToolTest.SECRET, "invoice charged twice", "late parcel refund", "printer")) {
            String call = "{\"query\": \"" + question + "\", \"limit\": 5}";
            ObjectNode onDatabase = call(store, embedder, table, call);
            ObjectNode inMemory = call(memory, embedder, memoryIndex, call);
            assertThat(onDatabase).as(question).isEqualTo(inMemory);
            assertThat(Json.write(onDatabase)).doesNotContain("globex").doesNotContain("initech");
        }
    }

    private static EmbeddingIndexer indexer(ObjectStore store, HashingEmbedder embedder, VectorIndex index) {
        return EmbeddingIndexer.builder()
                .store(store)
                .embedder(embedder)
                .index(index)
                .text(EmbeddedText.defaults(SemanticSearchToolTest.SCHEMA))
                .build();
    }

    private static ObjectNode call(ObjectStore store, HashingEmbedder embedder, VectorIndex index, String json) {
        Toolkit toolkit = Toolkit.builder()
                .schema(SemanticSearchToolTest.SCHEMA)
                .store(store)
                .embedder(embedder)
                .vectorIndex(index)
                .build();
        try {
            return toolkit.call(
                            "semantic_search",
                            Json.parse(json),
                            ToolContext.builder()
                                    .scope(SemanticSearchToolTest.ACME)
                                    .build())
                    .json();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
