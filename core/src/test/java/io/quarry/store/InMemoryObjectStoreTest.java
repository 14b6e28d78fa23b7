package io.quarry.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.FieldPath;
import io.quarry.internal.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class InMemoryObjectStoreTest {

    /** Values a sort key may meet: numbers, numeric strings, poison strings, dates, booleans, nulls, arrays. */
    private static Arbitrary<JsonNode> sortValues() {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(-5, 5).map(i ->
                        (JsonNode) Json.MAPPER.getNodeFactory().numberNode(i)),
                Arbitraries.of("3", " 4 ", "high", "", "n/a", "2024-01-01", "2024-01-01T05:00:00+02:00", "b", "B", "é")
                        .map(s -> (JsonNode) Json.MAPPER.getNodeFactory().textNode(s)),
                Arbitraries.of(true, false)
                        .map(b -> (JsonNode) Json.MAPPER.getNodeFactory().booleanNode(b)),
                Arbitraries.just(Json.MAPPER.nullNode()),
                Arbitraries.just((JsonNode) Json.MAPPER.createArrayNode().add(1)),
                Arbitraries.just((JsonNode) null));
    }

    @Provide
    Arbitrary<List<GraphObject>> objects() {
        Arbitrary<GraphObject> object = Combinators.combine(
                        sortValues(), Arbitraries.integers().between(0, 5), Arbitraries.of("acme", "globex"))
                .as((value, minute, org) -> {
                    ObjectNode props = Json.object();
                    if (value != null) {
                        props.set("rank", value);
                    }
                    Instant at = Instant.parse("2024-01-01T00:00:00Z").plusSeconds(60L * minute);
                    return new GraphObject("placeholder", "Task", props, at, at, Map.of("org_id", org));
                });
        return object.list().ofMinSize(0).ofMaxSize(40).map(list -> {
            List<GraphObject> withIds = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                GraphObject o = list.get(i);
                withIds.add(
                        new GraphObject("o" + i, o.type(), o.properties(), o.createdAt(), o.updatedAt(), o.scope()));
            }
            return withIds;
        });
    }

    @Property(tries = 300)
    void pagingVisitsEveryMatchOnceInTheOrderOfOnePage(
            @ForAll("objects") List<GraphObject> objects,
            @ForAll @IntRange(min = 1, max = 7) int pageSize,
            @ForAll boolean byRank,
            @ForAll boolean descending,
            @ForAll boolean scoped) {
        InMemoryObjectStore store = InMemoryObjectStore.of(objects, List.of());
        Scope scope = scoped ? Scope.of("org_id", "acme") : Scope.unrestricted();
        List<SortKey> sort = byRank ? List.of(new SortKey(FieldPath.property("rank"), descending)) : List.of();
        ObjectQuery.Builder query =
                ObjectQuery.builder().type("Task").sort(sort).scope(scope);
        List<String> onePage = store.search(query.limit(1000).build()).items().stream()
                .map(GraphObject::id)
                .toList();
        List<String> paged = new ArrayList<>();
        String cursor = null;
        do {
            Page page = store.search(query.limit(pageSize).cursor(cursor).build());
            assertThat(page.items().size()).isLessThanOrEqualTo(pageSize);
            page.items().forEach(o -> paged.add(o.id()));
            cursor = page.nextCursor();
        } while (cursor != null);
        assertThat(paged).isEqualTo(onePage);
        long expected = objects.stream().filter(scope::admits).count();
        assertThat(onePage).hasSize((int) expected);
    }

    @Test
    void sortBracketsKeepNumbersFirstAndMissingLastInBothDirections() {
        List<GraphObject> objects = new ArrayList<>();
        String[] values = {"5", "\"7\"", "\"high\"", "\"2024-01-01\"", "true", "null", "[1]", "10.5", "\"B\"", "\"a\""};
        for (int i = 0; i < values.length; i++) {
            objects.add(object("o" + i, "{\"rank\": " + values[i] + "}"));
        }
        objects.add(object("missing", "{}"));
        InMemoryObjectStore store = InMemoryObjectStore.of(objects, List.of());
        assertThat(ids(store, false))
                .containsExactly("o0", "o1", "o7", "o3", "o8", "o9", "o2", "o4", "o6", "missing", "o5");
        assertThat(ids(store, true))
                .containsExactly("o7", "o1", "o0", "o3", "o2", "o9", "o8", "o4", "o6", "missing", "o5");
    }

    private static List<String> ids(InMemoryObjectStore store, boolean descending) {
        ObjectQuery q = ObjectQuery.builder()
                .type("Task")
                .sort(List.of(new SortKey(FieldPath.property("rank"), descending)))
                .limit(100)
                .build();
        return store.search(q).items().stream().map(GraphObject::id).toList();
    }

    @Test
    void aTamperedCursorIsRefused() {
        InMemoryObjectStore store = InMemoryObjectStore.of(List.of(object("a", "{}"), object("b", "{}")), List.of());
        String cursor = store.search(ObjectQuery.builder().type("Task").limit(1).build())
                .nextCursor();
        assertThatThrownBy(() -> store.search(ObjectQuery.builder()
                        .type("Task")
                        .limit(1)
                        .cursor(cursor.substring(0, 12))
                        .build()))
                .isInstanceOfSatisfying(
                        QueryException.class, e -> assertThat(e.first().code()).isEqualTo(ErrorCode.INVALID_CURSOR));
        assertThatThrownBy(() -> store.search(ObjectQuery.builder()
                        .type("Task")
                        .sort(List.of(new SortKey(FieldPath.systemField("id"), false)))
                        .limit(1)
                        .cursor(cursor)
                        .build()))
                .isInstanceOfSatisfying(
                        QueryException.class, e -> assertThat(e.first().code()).isEqualTo(ErrorCode.INVALID_CURSOR));
    }

    @Test
    void relationshipsStayInsideTheScope() {
        GraphObject a =
                new GraphObject("a", "Task", Json.object(), Instant.EPOCH, Instant.EPOCH, Map.of("org_id", "acme"));
        GraphObject b =
                new GraphObject("b", "Task", Json.object(), Instant.EPOCH, Instant.EPOCH, Map.of("org_id", "globex"));
        GraphObject c =
                new GraphObject("c", "Task", Json.object(), Instant.EPOCH, Instant.EPOCH, Map.of("org_id", "acme"));
        InMemoryObjectStore store = InMemoryObjectStore.of(
                List.of(a, b, c),
                List.of(new GraphRelationship("r1", "a", "b", "x"), new GraphRelationship("r2", "c", "a", "y")));
        Scope acme = Scope.of("org_id", "acme");
        assertThat(store.relationships("a", acme))
                .extracting(GraphRelationship::id)
                .containsExactly("r2");
        assertThat(store.relationships("b", acme)).isEmpty();
        assertThat(store.get("b", acme)).isEmpty();
        assertThat(store.countByType(acme)).isEqualTo(Map.of("Task", 2L));
        assertThat(store.search(ObjectQuery.builder()
                                .type("Task")
                                .relatedTo("a", null)
                                .scope(acme)
                                .build())
                        .items())
                .extracting(GraphObject::id)
                .containsExactly("c");
        assertThat(store.search(ObjectQuery.builder()
                                .type("Task")
                                .relatedTo("b", null)
                                .scope(acme)
                                .build())
                        .items())
                .isEmpty();
    }

    @Test
    void constructionRefusesBrokenData() {
        GraphObject a = object("a", "{}");
        assertThatThrownBy(() -> InMemoryObjectStore.of(List.of(a, a), List.of()))
                .hasMessageContaining("duplicate object id 'a'");
        assertThatThrownBy(
                        () -> InMemoryObjectStore.of(List.of(a), List.of(new GraphRelationship("r", "a", "zz", "x"))))
                .hasMessageContaining("refers to object 'zz', which the data does not have");
    }

    private static GraphObject object(String id, String properties) {
        try {
            return new GraphObject(
                    id, "Task", (ObjectNode) Json.parse(properties), Instant.EPOCH, Instant.EPOCH, Map.of());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    @Test
    void inferSchemaReadsAtMostSoManyObjectsOfEachType() throws Exception {
        ObjectStore store = InMemoryObjectStore.of(DataFile.read(Json.parse("""
                {"objects": [
                  {"id": "t1", "type": "Task", "properties": {"rank": 1}},
                  {"id": "t2", "type": "Task", "properties": {"rank": 2, "title": "late"}},
                  {"id": "p1", "type": "Project", "properties": {"name": "Apollo"}}]}
                """), "inline"));
        io.quarry.schema.Schema one = store.inferSchema(1);
        assertThat(one.type("Project").orElseThrow().field("name")).isPresent();
        assertThat(one.type("Task").orElseThrow().field("rank")).isPresent();
        assertThat(one.type("Task").orElseThrow().field("title"))
                .as("only the first Task was read")
                .isEmpty();
        assertThat(store.inferSchema(5).type("Task").orElseThrow().field("title"))
                .isPresent();
        assertThatThrownBy(() -> InMemoryObjectStore.of(List.of(), List.of()).inferSchema(5))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the store holds no objects, so there are no types to infer");
    }
}
