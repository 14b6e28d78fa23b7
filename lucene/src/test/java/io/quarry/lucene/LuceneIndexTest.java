package io.quarry.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.quarry.search.EmbeddedText;
import io.quarry.search.EmbeddingException;
import io.quarry.search.EmbeddingIndexer;
import io.quarry.search.HashingEmbedder;
import io.quarry.search.InMemoryVectorIndex;
import io.quarry.search.IndexState;
import io.quarry.search.VectorEntry;
import io.quarry.search.VectorMatch;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.Scope;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LuceneIndexTest {
    private static final Instant T = Instant.parse("2024-05-01T10:00:00Z");

    private static VectorEntry entry(String key, String type, String org, String text, float... v) {
        return new VectorEntry(key, key.substring(0, key.indexOf('#')), type, v, Map.of("org_id", org), text);
    }

    /** Random vectors around a few centres, of random types and two tenants, all known by scope. */
    private static List<VectorEntry> random(long seed, int n, int dimension) {
        Random r = new Random(seed);
        float[][] centres = new float[5][dimension];
        for (float[] c : centres) {
            for (int d = 0; d < dimension; d++) {
                c[d] = (float) r.nextGaussian();
            }
        }
        List<VectorEntry> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            float[] c = centres[r.nextInt(centres.length)];
            float[] v = new float[dimension];
            for (int d = 0; d < dimension; d++) {
                v[d] = c[d] + (float) (r.nextGaussian() * 0.5);
            }
            out.add(new VectorEntry(
                    "o" + i + "#0",
                    "o" + i,
                    r.nextBoolean() ? "Ticket" : "Customer",
                    v,
                    Map.of("org_id", r.nextBoolean() ? "acme" : "globex"),
                    null));
        }
        return out;
    }

    @Property(tries = 30)
    void aFilteredSearchOfEveryMatchingEntryIsTheExactAnswer(
            @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 300) int n,
            @ForAll boolean scoped,
            @ForAll boolean typed) {
        List<VectorEntry> entries = random(seed, n, 16);
        InMemoryVectorIndex exact = new InMemoryVectorIndex();
        exact.upsert(entries);
        try (LuceneIndex index = LuceneIndex.inMemory()) {
            index.upsert(entries);
            float[] q = random(seed + 1, 1, 16).get(0).vector();
            Scope scope = scoped ? Scope.of("org_id", "acme") : Scope.unrestricted();
            Set<String> types = typed ? Set.of("Ticket") : Set.of();
            List<VectorMatch> want = exact.nearest(q, n, types, scope);
            List<VectorMatch> got = index.nearest(q, n, types, scope);
            if (scoped || typed) {
                // a filter that keeps no more than k entries is searched exactly
                assertThat(keys(got)).isEqualTo(keys(want));
                for (int i = 0; i < got.size(); i++) {
                    assertThat(got.get(i).score())
                            .isCloseTo(want.get(i).score(), org.assertj.core.data.Offset.offset(1e-4));
                }
            } else {
                assertThat(keys(got)).containsExactlyInAnyOrderElementsOf(keys(want));
            }
        }
    }

    @Test
    void anUpsertReplacesTheEntryAndADeleteRemovesEveryChunkOfTheObject() {
        try (LuceneIndex index = LuceneIndex.inMemory()) {
            index.upsert(List.of(
                    entry("a#0", "Ticket", "acme", "printer jams", 1, 0),
                    entry("a#1", "Ticket", "acme", "toner empty", 0.9f, 0.1f),
                    entry("b#0", "Ticket", "acme", "invoice wrong", 0, 1)));
            assertThat(index.size()).isEqualTo(3);
            index.upsert(List.of(entry("b#0", "Ticket", "acme", "printer on fire", 1, 0.05f)));
            assertThat(index.size()).isEqualTo(3);
            assertThat(keys(index.nearest(new float[] {1, 0}, 3, Set.of()))).containsExactly("a#0", "b#0", "a#1");
            assertThat(keys(index.keyword("invoice", 10, Set.of(), Scope.unrestricted())))
                    .isEmpty();
            index.delete(List.of("a"));
            assertThat(index.size()).isEqualTo(1);
            assertThat(index.objectIds()).contains(Set.of("b"));
            assertThat(keys(index.keyword("printers", 10, Set.of(), Scope.unrestricted())))
                    .containsExactly("b#0");
        }
    }

    @Test
    void scopeAndTypeAreFilteredInsideTheIndexAndEntriesOfUnknownScopePass() {
        try (LuceneIndex index = LuceneIndex.inMemory()) {
            index.upsert(List.of(
                    entry("a#0", "Ticket", "acme", "refund for a late parcel", 1, 0),
                    entry("g#0", "Ticket", "globex", "refund for a late parcel", 1, 0),
                    entry("c#0", "Customer", "acme", "late payer", 1, 0.1f),
                    new VectorEntry("u#0", "u", "Ticket", new float[] {1, 0.2f})));
            Scope acme = Scope.of("org_id", "acme");
            assertThat(keys(index.nearest(new float[] {1, 0}, 1, Set.of(), acme)))
                    .containsExactly("a#0");
            assertThat(keys(index.nearest(new float[] {1, 0}, 10, Set.of("Ticket"), acme)))
                    .containsExactly("a#0", "u#0");
            assertThat(keys(index.keyword("late refund", 10, Set.of(), acme))).containsExactly("a#0", "c#0");
            assertThat(keys(index.keyword("late", 10, Set.of("Customer"), Scope.of("org_id", "globex"))))
                    .isEmpty();
        }
    }

    @Test
    void aZeroVectorIsKeptForItsWordsAndNeverANeighbour() {
        try (LuceneIndex index = LuceneIndex.inMemory()) {
            index.upsert(
                    List.of(entry("z#0", "Ticket", "acme", "blank", 0, 0), entry("a#0", "Ticket", "acme", "x", 1, 0)));
            assertThat(keys(index.nearest(new float[] {1, 0}, 10, Set.of()))).containsExactly("a#0");
            assertThat(keys(index.keyword("blank", 10, Set.of(), Scope.unrestricted())))
                    .containsExactly("z#0");
            assertThat(index.nearest(new float[] {0, 0}, 10, Set.of())).isEmpty();
        }
    }

    @Test
    void aQuestionOfAnotherDimensionIsRefusedWithAMessage() {
        try (LuceneIndex index = LuceneIndex.inMemory()) {
            index.upsert(List.of(entry("a#0", "Ticket", "acme", "x", 1, 0)));
            assertThatThrownBy(() -> index.nearest(new float[] {1, 0, 0}, 10, Set.of()))
                    .isInstanceOf(EmbeddingException.class)
                    .hasMessage(
                            "The index holds vectors of 2 dimensions and the query has 3: re-embed with one model.");
            assertThatThrownBy(() -> index.upsert(List.of(entry("b#0", "Ticket", "acme", "x", 1, 0, 0))))
                    .isInstanceOf(EmbeddingException.class)
                    .hasMessageStartingWith("The index in memory refused a vector of 3 dimensions");
        }
    }

    private static GraphObject ticket(String id, String org, String title, Instant at) {
        return new GraphObject(
                id, "Ticket", JsonNodeFactory.instance.objectNode().put("title", title), at, at, Map.of("org_id", org));
    }

    @Test
    void theIndexersStateSurvivesAReopenSoASecondRunEmbedsNothing(@TempDir Path folder) {
        List<GraphObject> objects = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            objects.add(ticket("t" + i, i % 2 == 0 ? "acme" : "globex", "printer jam number " + i, T.plusSeconds(i)));
        }
        HashingEmbedder embedder = new HashingEmbedder();
        try (LuceneIndex index = LuceneIndex.open(folder)) {
            EmbeddingIndexer.Report first = indexer(objects, embedder, index).run();
            assertThat(first.objects()).isEqualTo(50);
        }
        try (LuceneIndex index = LuceneIndex.open(folder)) {
            assertThat(index.state()).contains(new IndexState(embedder.model(), T.plusSeconds(49), "t49"));
            assertThat(index.size()).isEqualTo(50);
            EmbeddingIndexer.Report second = indexer(objects, embedder, index).run();
            assertThat(second.objects()).isZero();
            assertThat(second.chunks()).isZero();
            // one changed, one gone
            List<GraphObject> changed = new ArrayList<>(objects.subList(1, 50));
            changed.set(0, ticket("t1", "acme", "toner is empty", T.plusSeconds(100)));
            EmbeddingIndexer.Report third = indexer(changed, embedder, index).run();
            assertThat(third.objects()).isEqualTo(1);
            assertThat(third.deleted()).isEqualTo(1);
            assertThat(index.size()).isEqualTo(49);
            assertThat(keys(index.keyword("toner", 10, Set.of(), Scope.of("org_id", "acme"))))
                    .containsExactly("t1#0");
        }
    }

    @Test
    void anotherModelRebuildsTheIndexEvenWithAnotherDimension(@TempDir Path folder) {
        List<GraphObject> objects =
                List.of(ticket("t1", "acme", "printer jam", T), ticket("t2", "acme", "late refund", T));
        try (LuceneIndex index = LuceneIndex.open(folder)) {
            indexer(objects, new HashingEmbedder(), index).run();
            index.upsert(List.of(new VectorEntry("stale#0", "stale", "Ticket", new float[256])));
        }
        HashingEmbedder other = new HashingEmbedder("hashing-64", 64);
        try (LuceneIndex index = LuceneIndex.open(folder)) {
            EmbeddingIndexer.Report report = indexer(objects, other, index).run();
            assertThat(report.reembedded()).isTrue();
            assertThat(index.size()).isEqualTo(2);
            assertThat(index.nearest(other.embed(List.of("printer")).get(0), 1, Set.of()))
                    .extracting(VectorMatch::objectId)
                    .containsExactly("t1");
        }
    }

    @Test
    void anIndexOpenInAnotherWriterIsRefusedWithAMessage(@TempDir Path folder) {
        try (LuceneIndex index = LuceneIndex.open(folder)) {
            assertThatThrownBy(() -> LuceneIndex.open(folder))
                    .isInstanceOf(EmbeddingException.class)
                    .hasMessage("The index " + folder + " is open in another process; close it there first.");
            assertThat(index.size()).isZero();
        }
    }

    private static EmbeddingIndexer indexer(List<GraphObject> objects, HashingEmbedder embedder, LuceneIndex index) {
        return EmbeddingIndexer.builder()
                .store(InMemoryObjectStore.of(objects, List.of()))
                .embedder(embedder)
                .index(index)
                .text(EmbeddedText.defaults(io.quarry.schema.Schema.builder().build()))
                .build();
    }

    private static List<String> keys(List<VectorMatch> matches) {
        return matches.stream().map(VectorMatch::key).toList();
    }
}
