package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Schema;
import io.quarry.search.EmbeddedText;
import io.quarry.search.EmbeddingIndexer;
import io.quarry.search.HashingEmbedder;
import io.quarry.search.InMemoryVectorIndex;
import io.quarry.search.VectorEntry;
import io.quarry.search.VectorIndex;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectStore;
import io.quarry.store.Scope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@code semantic_search} and the hybrid rankings over a small help desk of two tenants, with a
 * deterministic hashing embedder: scope, filter, hidden fields, determinism, fallback by keywords.
 */
public class SemanticSearchToolTest {
    public static final Scope ACME = Scope.of("org_id", "acme");
    public static final Scope GLOBEX = Scope.of("org_id", "globex");
    static final Instant T = Instant.parse("2024-05-01T10:00:00Z");

    public static final Schema SCHEMA = Schema.builder()
            .type(new EntityType(
                    "Ticket",
                    "A customer's support request",
                    List.of(
                            Field.of("title", FieldType.STRING),
                            Field.of("body", FieldType.TEXT),
                            Field.ofEnum("status", List.of("Open", "Closed")),
                            Field.of("internal_note", FieldType.TEXT).hidden()),
                    List.of(),
                    EntityType.Origin.DECLARED))
            .type(EntityType.of("Customer", Field.of("name", FieldType.STRING), Field.of("city", FieldType.STRING)))
            .build();

    static GraphObject ticket(String id, String org, String title, String body, String status, String note) {
        ObjectNode p = Json.object().put("title", title).put("body", body).put("status", status);
        if (note != null) {
            p.put("internal_note", note);
        }
        return new GraphObject(id, "Ticket", p, T, T, Map.of("org_id", org));
    }

    static GraphObject customer(String id, String org, String name, String city) {
        return new GraphObject(
                id, "Customer", Json.object().put("name", name).put("city", city), T, T, Map.of("org_id", org));
    }

    public static final String SECRET = "merger negotiations with initech";

    public static List<GraphObject> objects() {
        return List.of(
                ticket(
                        "t1",
                        "acme",
                        "Printer jams on floor two",
                        "The office printer jams every morning",
                        "Open",
                        null),
                ticket(
                        "t2",
                        "acme",
                        "Invoice total is wrong",
                        "The March invoice charges twice for shipping",
                        "Open",
                        null),
                ticket(
                        "t3",
                        "acme",
                        "Refund for late delivery",
                        "Parcel arrived two weeks late, customer wants a refund",
                        "Closed",
                        null),
                ticket("t4", "acme", "Password reset email missing", "Reset link never arrives", "Open", SECRET),
                ticket(
                        "t5",
                        "globex",
                        "Invoice shipping charged twice",
                        "Invoice shipping charged twice in March",
                        "Open",
                        null),
                ticket(
                        "t6",
                        "globex",
                        "Merger negotiations with initech",
                        "Merger negotiations with initech",
                        "Open",
                        null),
                customer("c1", "acme", "Initrode", "Berlin"),
                customer("c2", "globex", "Initech", "Austin"));
    }

    static List<GraphRelationship> relationships() {
        return List.of(new GraphRelationship("r1", "t2", "c1", "raised_by"));
    }

    /** The index under test: in memory here; quarry-lucene's tests run every case on its own. */
    protected VectorIndex newIndex() {
        return new InMemoryVectorIndex();
    }

    final class Setup {
        final HashingEmbedder embedder = new HashingEmbedder();
        final VectorIndex index = newIndex();
        final ObjectStore store;
        final Toolkit toolkit;

        Setup(List<GraphObject> objects) {
            this(objects, relationships());
        }

        Setup(List<GraphObject> objects, List<GraphRelationship> relationships) {
            store = InMemoryObjectStore.of(objects, relationships);
            EmbeddingIndexer.builder()
                    .store(store)
                    .embedder(embedder)
                    .index(index)
                    .text(EmbeddedText.defaults(SCHEMA))
                    .build()
                    .run();
            toolkit = Toolkit.builder()
                    .schema(SCHEMA)
                    .store(store)
                    .embedder(embedder)
                    .vectorIndex(index)
                    .build();
        }

        ObjectNode call(String tool, String json, Scope scope) {
            return Fixture.call(
                    toolkit, tool, json, ToolContext.builder().scope(scope).build());
        }
    }

    @Test
    void objectsAreRankedByMeaningWithAScoreInTheUsualEnvelope() {
        Setup s = new Setup(objects());
        ObjectNode r = s.call("semantic_search", "{\"query\": \"invoice charged twice\", \"limit\": 2}", ACME);
        assertThat(Fixture.ids(r)).hasSize(2).startsWith("t2");
        assertThat(r.path("objects").get(0).path("score").doubleValue()).isBetween(0.0, 1.0);
        assertThat(r.path("objects").get(0).path("score").doubleValue())
                .isGreaterThan(r.path("objects").get(1).path("score").doubleValue());
        assertThat(r.path("returned").intValue()).isEqualTo(2);
        assertThat(r.path("has_more").booleanValue()).isTrue();
        assertThat(r.path("caps")).extracting(JsonNode::asText).containsExactly("limit");
    }

    /** Another tenant's object nearest the question and a hidden field holding its very words never show. */
    @Test
    void anotherTenantsObjectAndHiddenTextNeverReachAResultOrAScore() {
        Setup s = new Setup(objects());
        assertThat(s.embedder.texts()).as("what was indexed").noneMatch(t -> t.contains(SECRET));
        ObjectNode r = s.call("semantic_search", "{\"query\": \"" + SECRET + "\", \"limit\": 10}", ACME);
        String text = Json.write(r);
        assertThat(Fixture.ids(r)).doesNotContain("t5", "t6", "c2");
        assertThat(text)
                .doesNotContain("initech")
                .doesNotContain("internal_note")
                .doesNotContain("merger");
        // t4 holds the question in its hidden note: it may be listed for its visible words, never first by them
        List<String> ids = Fixture.ids(r);
        if (ids.contains("t4")) {
            double score =
                    r.path("objects").get(ids.indexOf("t4")).path("score").doubleValue();
            assertThat(score).isLessThan(0.5);
        }
        // the same question from globex finds its own ticket first
        assertThat(Fixture.ids(s.call("semantic_search", "{\"query\": \"" + SECRET + "\"}", GLOBEX)))
                .startsWith("t6")
                .doesNotContain("t1", "t2", "t3", "t4", "c1");
    }

    @Test
    void theFilterTheTypeAndTheRelatedObjectApplyToEveryCandidate() {
        Setup s = new Setup(objects());
        assertThat(Fixture.ids(s.call(
                        "semantic_search",
                        "{\"query\": \"invoice charged twice\", \"properties\": {\"status\": \"Closed\"}}",
                        ACME)))
                .containsExactly("t3");
        assertThat(Fixture.ids(
                        s.call("semantic_search", "{\"query\": \"initrode berlin\", \"type\": \"Customer\"}", ACME)))
                .containsExactly("c1");
        assertThat(Fixture.ids(s.call("semantic_search", "{\"query\": \"printer\", \"related_to_id\": \"c1\"}", ACME)))
                .containsExactly("t2");
        ObjectNode unknown =
                s.call("semantic_search", "{\"query\": \"x\", \"properties\": {\"internal_note\": \"x\"}}", ACME);
        assertThat(unknown.path("error").path("code").asText()).isEqualTo("UNKNOWN_FIELD");
        ObjectNode gone = s.call("semantic_search", "{\"query\": \"x\", \"related_to_id\": \"c2\"}", ACME);
        assertThat(gone.path("error").path("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(Json.write(gone)).doesNotContain("Initech");
        ObjectNode missing = s.call("semantic_search", "{\"limit\": 3}", ACME);
        assertThat(missing.path("error").path("path").asText()).isEqualTo("query");
    }

    @Test
    void theSameQuestionGivesTheSameRanking() {
        Setup s = new Setup(objects());
        String call = "{\"query\": \"customer problem with a delivery or a bill\", \"limit\": 10}";
        ObjectNode first = s.call("semantic_search", call, ACME);
        for (int i = 0; i < 5; i++) {
            assertThat(s.call("semantic_search", call, ACME)).isEqualTo(first);
        }
        assertThat(new Setup(objects()).call("semantic_search", call, ACME)).isEqualTo(first);
    }

    @Test
    void aFailingModelFallsBackToKeywordsWithAWarning() {
        Setup s = new Setup(objects());
        s.embedder.failAfter(0);
        ObjectNode r = s.call("semantic_search", "{\"query\": \"the invoice for shipping\"}", ACME);
        assertThat(r.has("error")).isFalse();
        assertThat(Fixture.ids(r)).startsWith("t2").doesNotContain("t5");
        assertThat(r.path("warnings").get(0).path("code").asText()).isEqualTo("MODEL_UNAVAILABLE");
        ObjectNode d = s.call("discover_schema", "{\"query\": \"invoice\"}", ACME);
        assertThat(d.has("error")).isFalse();
        assertThat(d.path("warnings").get(0).path("code").asText()).isEqualTo("MODEL_UNAVAILABLE");
        ObjectNode q = s.call("query_graph_objects", "{\"query\": \"invoice\", \"rank\": \"hybrid\"}", ACME);
        assertThat(Fixture.ids(q)).containsExactly("t2");
        assertThat(q.path("warnings").get(0).path("code").asText()).isEqualTo("MODEL_UNAVAILABLE");
    }

    @Test
    void theToolIsListedOnlyWithAnEmbedderAndAnIndex() {
        ObjectStore store = InMemoryObjectStore.of(objects(), relationships());
        Toolkit plain = Toolkit.builder().schema(SCHEMA).store(store).build();
        assertThat(plain.tool("semantic_search")).isEmpty();
        assertThat(plain.tool("query_graph_objects")
                        .orElseThrow()
                        .inputSchema()
                        .path("properties")
                        .has("rank"))
                .isFalse();
        Toolkit onlyModel = Toolkit.builder()
                .schema(SCHEMA)
                .store(store)
                .embedder(new HashingEmbedder())
                .build();
        assertThat(onlyModel.tool("semantic_search")).isEmpty();
        Setup s = new Setup(objects());
        assertThat(s.toolkit.tools()).extracting(Tool::name).containsSubsequence("discover_schema", "semantic_search");
        assertThat(s.toolkit
                        .tool("query_graph_objects")
                        .orElseThrow()
                        .inputSchema()
                        .path("properties")
                        .has("rank"))
                .isTrue();
        Toolkit off = Toolkit.builder()
                .schema(SCHEMA)
                .store(store)
                .embedder(s.embedder)
                .vectorIndex(s.index)
                .disable("semantic_search")
                .build();
        assertThat(off.tool("semantic_search")).isEmpty();
    }

    @Test
    void queryGraphObjectsRanksHybridWhenAsked() {
        Setup s = new Setup(objects());
        ObjectNode r = s.call(
                "query_graph_objects", "{\"query\": \"invoice shipping\", \"rank\": \"hybrid\", \"limit\": 3}", ACME);
        assertThat(Fixture.ids(r)).startsWith("t2").doesNotContain("t5");
        assertThat(r.path("objects").get(0).has("score")).isTrue();
        assertThat(r.has("next_cursor")).isFalse();
        ObjectNode noQuery = s.call("query_graph_objects", "{\"rank\": \"hybrid\"}", ACME);
        assertThat(noQuery.path("error").path("path").asText()).isEqualTo("rank");
        ObjectNode sorted = s.call(
                "query_graph_objects",
                "{\"query\": \"invoice\", \"rank\": \"hybrid\", \"sort\": [{\"field\": \"title\"}]}",
                ACME);
        assertThat(sorted.path("error").path("path").asText()).isEqualTo("sort");
        // words stays the default: every word must match, newest first
        ObjectNode words = s.call("query_graph_objects", "{\"query\": \"invoice shipping\"}", ACME);
        assertThat(Fixture.ids(words)).containsExactly("t2");
        assertThat(words.path("objects").get(0).has("score")).isFalse();
    }

    @Test
    void discoverSchemaFusesWordsAndMeaningAndStaysDeterministic() {
        Setup s = new Setup(objects());
        ObjectNode r = s.call("discover_schema", "{\"query\": \"support requests\"}", ACME);
        assertThat(r.path("types").get(0).path("name").asText()).isEqualTo("Ticket");
        assertThat(s.call("discover_schema", "{\"query\": \"support requests\"}", ACME))
                .isEqualTo(r);
        // without an embedder the keyword ranking is unchanged
        Toolkit plain = Toolkit.builder()
                .schema(SCHEMA)
                .store(InMemoryObjectStore.of(objects(), relationships()))
                .build();
        ObjectNode keyword = Fixture.call(
                plain,
                "discover_schema",
                "{\"query\": \"city\"}",
                ToolContext.builder().scope(ACME).build());
        assertThat(keyword.path("types").get(0).path("name").asText()).isEqualTo("Customer");
        assertThat(keyword.path("types").get(0).path("score").doubleValue()).isEqualTo(6.0);
    }

    /**
     * A host's index may hold every tenant's vectors, even vectors of text Quarry would not embed: still,
     * only objects in the caller's scope that pass the filter are shown, with their scores.
     */
    @Provide
    Arbitrary<List<GraphObject>> tenants() {
        Arbitrary<String> word =
                Arbitraries.of("invoice", "printer", "refund", "delivery", "merger", "password", "late");
        Arbitrary<GraphObject> ticket = net.jqwik.api.Combinators.combine(
                        Arbitraries.of("acme", "globex", "initech"),
                        word.list().ofMinSize(1).ofMaxSize(4),
                        Arbitraries.of("Open", "Closed"))
                .as((org, words, status) -> ticket("x", org, String.join(" ", words), "", status, null));
        return ticket.list().ofMinSize(1).ofMaxSize(30).map(list -> {
            List<GraphObject> out = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                GraphObject o = list.get(i);
                out.add(new GraphObject("o" + i, o.type(), o.properties(), T, T, o.scope()));
            }
            return out;
        });
    }

    @Property(tries = 60)
    void scopeNeverLeaks(
            @ForAll("tenants") List<GraphObject> objects,
            @ForAll("words") String question,
            @ForAll boolean closedOnly) {
        Setup s = new Setup(objects, List.of());
        // the host's index also holds a vector of the very question for an object of another tenant
        s.index.upsert(List.of(new VectorEntry(
                "o0#leak", "o0", "Ticket", s.embedder.embed(List.of(question)).get(0))));
        String filter = closedOnly ? ", \"properties\": {\"status\": \"Closed\"}" : "";
        ObjectNode r =
                s.call("semantic_search", "{\"query\": \"" + question + "\", \"limit\": 50" + filter + "}", ACME);
        for (JsonNode o : r.path("objects")) {
            GraphObject source = objects.stream()
                    .filter(x -> x.id().equals(o.path("id").asText()))
                    .findFirst()
                    .orElseThrow();
            assertThat(source.scope()).containsEntry("org_id", "acme");
            if (closedOnly) {
                assertThat(source.property("status").asText()).isEqualTo("Closed");
            }
        }
        long visible = objects.stream()
                .filter(x -> x.scope().get("org_id").equals("acme"))
                .filter(x -> !closedOnly || x.property("status").asText().equals("Closed"))
                .count();
        assertThat(r.path("returned").intValue()).isLessThanOrEqualTo((int) visible);
    }

    @Provide
    Arbitrary<String> words() {
        return Arbitraries.of("invoice", "printer", "refund", "delivery", "merger", "password", "late")
                .list()
                .ofMinSize(1)
                .ofMaxSize(3)
                .map(l -> String.join(" ", l));
    }
}
