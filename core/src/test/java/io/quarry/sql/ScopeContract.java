package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.FieldPath;
import io.quarry.filter.FilterParser;
import io.quarry.filter.FilterValidator;
import io.quarry.filter.ValidatedFilter;
import io.quarry.internal.Json;
import io.quarry.schema.Schema;
import io.quarry.store.AggregateQuery;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectQuery;
import io.quarry.store.ObjectStore;
import io.quarry.store.Page;
import io.quarry.store.Scope;
import io.quarry.store.ScopeGraph;
import io.quarry.store.SortKey;
import io.quarry.tool.Tool;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * With two tenants' data (and objects of no tenant) in one store, nothing reveals a row outside the
 * scope: no filter (not even one on a property named like the scope column), no related_to_id (a
 * tenant's own, another tenant's, an unknown one), no relationship listing, get-by-id, count,
 * aggregate, graph or neighbourhood, and no cursor (another tenant's, or forged with any key values
 * and id) returns, counts or links an object of the other tenant. Every answer also equals
 * {@link InMemoryObjectStore}'s. Each backend's test class nests one subclass ({@link BackendUnderTest}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ScopeContract implements BackendUnderTest {
    static final Scope ACME = Scope.of("org_id", "acme");
    static final Scope GLOBEX = Scope.of("org_id", "globex");
    private static final Schema SCHEMA = GeneratedData.schema();
    private static final List<String> TYPES = GeneratedData.TYPES;

    JdbcObjectStore store;
    InMemoryObjectStore memory;
    DataFile.DataSet data;
    Set<String> acme;

    @BeforeAll
    void load() {
        List<GraphObject> objects = new ArrayList<>();
        Instant at = Instant.parse("2024-03-01T10:00:00Z");
        for (int i = 1; i <= 6; i++) {
            for (String org : List.of("acme", "globex")) {
                ObjectNode p = Json.object()
                        .put("n", i)
                        .put("org_id", org.equals("acme") ? "globex" : "acme")
                        .put("name", org + " " + i);
                objects.add(new GraphObject(
                        org.charAt(0) + String.valueOf(i),
                        TYPES.get(i % 2),
                        p,
                        at.plusSeconds(i),
                        at.plusSeconds(i % 3),
                        Map.of("org_id", org)));
            }
        }
        objects.add(new GraphObject("n1", "Thing", Json.object().put("n", 1), at, at, Map.of()));
        // names only globex's data carries: a type, a field on a shared type, a field of that type
        objects.add(new GraphObject(
                "g7",
                "Secret",
                Json.object().put("classified", "yes").put("n", 7),
                at,
                at,
                Map.of("org_id", "globex")));
        objects.add(new GraphObject(
                "g8",
                TYPES.get(0),
                Json.object().put("payroll", 1000).put("n", 8),
                at,
                at,
                Map.of("org_id", "globex")));
        List<GraphRelationship> relationships = List.of(
                new GraphRelationship("r1", "a1", "a2", "links"),
                new GraphRelationship("r2", "a1", "g1", "links"),
                new GraphRelationship("r3", "g1", "g2", "links"),
                new GraphRelationship("r4", "g2", "a3", "owns"),
                new GraphRelationship("r5", "a1", "n1", "owns"),
                new GraphRelationship("r6", "a3", "a1", "owns"),
                new GraphRelationship("r7", "g3", "g3", "links"));
        data = new DataFile.DataSet(objects, relationships);
        acme = objects.stream().filter(ACME::admits).map(GraphObject::id).collect(Collectors.toSet());
        store = backend().store("differential_scope_" + backend().name(), StoreMapping.graph("org_id"), data);
        memory = InMemoryObjectStore.of(data);
    }

    static Stream<String> filters() {
        return Stream.of(
                "{}",
                "{\"org_id\": \"globex\"}",
                "{\"properties.org_id\": {\"$in\": [\"globex\", \"acme\"]}}",
                "{\"$or\": [{\"org_id\": \"globex\"}, {\"n\": {\"$gt\": 0}}]}",
                "{\"id\": \"g1\"}",
                "{\"id\": {\"$in\": [\"g1\", \"a1\", \"n1\"]}}",
                "{\"$nor\": [{\"id\": \"a1\"}]}",
                "{\"name\": {\"$regex\": \"globex\"}}",
                "{\"n\": {\"$exists\": true}}");
    }

    @ParameterizedTest
    @MethodSource("filters")
    void noFilterReachesAnotherTenant(String filter) {
        ObjectQuery query = ObjectQuery.builder()
                .types(TYPES)
                .filter(validate(filter))
                .limit(100)
                .scope(ACME)
                .build();
        Page page = same(query, ObjectStore::search, ScopeContract::ids);
        assertThat(ids(page)).isSubsetOf(acme);
        assertThat(page.total()).isLessThanOrEqualTo(acme.size());
    }

    static Stream<String> ids() {
        return Stream.of("a1", "a2", "a3", "a6", "g1", "g2", "g3", "n1", "zz", "' OR '1'='1");
    }

    @ParameterizedTest
    @MethodSource("ids")
    void noRelatedIdReachesAnotherTenant(String id) {
        for (String relationshipType : new String[] {null, "links", "owns"}) {
            ObjectQuery query = ObjectQuery.builder()
                    .types(TYPES)
                    .relatedTo(id, relationshipType)
                    .limit(100)
                    .scope(ACME)
                    .build();
            Page page = same(query, ObjectStore::search, ScopeContract::ids);
            assertThat(ids(page)).isSubsetOf(acme);
            if (!acme.contains(id)) {
                assertThat(ids(page))
                        .as("related to an object outside the scope")
                        .isEmpty();
            }
        }
    }

    @ParameterizedTest
    @MethodSource("ids")
    void noRelationshipGetOrNeighbourhoodReachesAnotherTenant(String id) {
        List<GraphRelationship> relationships = same(id, (s, i) -> s.relationships(i, ACME), r -> r);
        for (GraphRelationship r : relationships) {
            assertThat(List.of(r.srcId(), r.dstId())).isSubsetOf(acme);
        }
        java.util.Optional<GraphObject> found = same(id, (s, i) -> s.get(i, ACME), o -> o.map(GraphObject::id));
        assertThat(found.map(GraphObject::id))
                .isEqualTo(acme.contains(id) ? java.util.Optional.of(id) : java.util.Optional.empty());
        ScopeGraph neighbourhood =
                same(id, (s, i) -> s.neighbourhood(List.of(i, "g1", "a1"), ACME), ScopeContract::graph);
        assertInScope(neighbourhood);
    }

    @Test
    void countsAggregatesAndTheGraphStayInTheScope() {
        Map<String, Long> counts = same(ACME, ObjectStore::countByType, c -> c);
        assertThat(counts.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(acme.size());
        AggregateQuery aggregate = new AggregateQuery(
                TYPES,
                ValidatedFilter.matchAll(),
                null,
                List.of(
                        new AggregateQuery.Metric(AggregateQuery.Op.COUNT, null, null),
                        new AggregateQuery.Metric(AggregateQuery.Op.SUM, FieldPath.property("n"), null)),
                ACME,
                1_000);
        var result = same(aggregate, ObjectStore::aggregate, a -> a);
        assertThat(result.objects()).isEqualTo(acme.size());
        assertThat(result.groups().get(0).values().get(1).decimalValue()).isEqualByComparingTo(new BigDecimal(21));
        assertInScope(same(ACME, ObjectStore::graph, ScopeContract::graph));
    }

    @Test
    void anotherTenantsCursorStaysInTheScope() {
        for (List<SortKey> sort : sorts()) {
            ObjectQuery globex = ObjectQuery.builder()
                    .types(TYPES)
                    .sort(sort)
                    .limit(2)
                    .scope(GLOBEX)
                    .build();
            for (String cursor : memory.search(globex).cursors()) {
                ObjectQuery query = ObjectQuery.builder()
                        .types(TYPES)
                        .sort(sort)
                        .limit(100)
                        .cursor(cursor)
                        .scope(ACME)
                        .build();
                assertThat(ids(same(query, ObjectStore::search, ScopeContract::ids)))
                        .isSubsetOf(acme);
            }
        }
    }

    static Stream<String> forgedKeys() {
        return Stream.of(
                "null",
                "\"2024-03-01T10:00:00Z\"",
                "\"not a date\"",
                "123",
                "-1e999",
                "{\"x\": 1}",
                "[1]",
                "true",
                "\"' OR '1'='1\"",
                "\"\\u0000\"",
                "\"a3\\u0000x\"");
    }

    @ParameterizedTest
    @MethodSource("forgedKeys")
    void aForgedCursorIsRefusedOrStaysInTheScope(String key) throws Exception {
        for (List<SortKey> sort : sorts()) {
            for (String id : List.of("g6", "", "' OR '1'='1", "zzz", "a3\u0000x")) {
                ObjectQuery plain = ObjectQuery.builder()
                        .types(TYPES)
                        .sort(sort)
                        .limit(100)
                        .scope(ACME)
                        .build();
                ObjectNode forged = Json.object();
                ArrayNode keys = forged.putArray("k");
                for (int i = 0; i < sort.size(); i++) {
                    keys.add(Json.parse(key));
                }
                forged.put("i", id);
                forged.put("q", Integer.toHexString(plain.fingerprint().hashCode()));
                String cursor = Base64.getUrlEncoder()
                        .withoutPadding()
                        .encodeToString(Json.write(forged).getBytes(StandardCharsets.UTF_8));
                ObjectQuery query = ObjectQuery.builder()
                        .types(TYPES)
                        .sort(sort)
                        .limit(100)
                        .cursor(cursor)
                        .scope(ACME)
                        .build();
                Object expected = outcome(memory, query);
                Object actual = outcome(store, query);
                assertThat(actual).as(sort + " " + Json.write(forged)).isEqualTo(expected);
                if (actual instanceof List<?> list) {
                    assertThat(acme)
                            .containsAll(list.stream().map(String::valueOf).toList());
                }
            }
        }
    }

    /** Names that only globex's objects carry: a type, a field of a shared type, a field of that type. */
    static final List<String> GLOBEX_ONLY_NAMES = List.of("Secret", "payroll", "classified");

    /** Calls whose answers or hints could name a type or field: near misses of globex's names. */
    static Stream<String[]> nameProbes() {
        return Stream.of(
                new String[] {"get_database_schema", "{}"},
                new String[] {"get_database_schema", "{\"detail\": \"full\"}"},
                new String[] {"get_database_schema", "{\"detail\": \"names\"}"},
                new String[] {"get_database_schema", "{\"types\": [\"Secre\"]}"},
                new String[] {"discover_schema", "{\"query\": \"secret classified payroll\"}"},
                new String[] {"query_graph_objects", "{\"type\": \"Secre\"}"},
                new String[] {"query_graph_objects", "{\"properties\": {\"payrol\": 1}}"},
                new String[] {"query_graph_objects", "{\"properties\": {\"classifie\": \"yes\"}}"},
                new String[] {"query_graph_objects", "{\"sort\": [{\"field\": \"payrol\"}]}"},
                new String[] {"query_graph_objects", "{\"query\": \"yes\"}"},
                new String[] {"aggregate_graph_objects", "{\"group_by\": \"payrol\"}"},
                new String[] {"aggregate_graph_objects", "{\"group_by\": \"type\"}"},
                new String[] {"get_graph_object", "{\"id\": \"g7\"}"},
                new String[] {"get_project_graph", "{\"root_id\": \"a1\"}"},
                new String[] {"quer_graph_objects", "{}"});
    }

    /**
     * With the schema inferred from the data (no schema given), nothing seen in acme's scope names a
     * type or field that only globex's objects carry: no answer, hint, tool description or input
     * schema, neither of the toolkit's own tools nor of the scope's ({@link Toolkit#forScope}). In
     * globex's scope the same names do appear, so the check can fail.
     */
    @Test
    void noNameOfAnotherTenantIsSeenWithASchemaInferredFromData() {
        for (ObjectStore s : List.of(memory, store)) {
            Toolkit toolkit = Toolkit.builder().store(s).build();
            StringBuilder seen = new StringBuilder();
            for (Tool tool : toolkit.tools()) {
                seen.append(tool.description()).append(tool.inputSchemaJson());
            }
            for (Tool tool : toolkit.forScope(ACME).tools()) {
                seen.append(tool.description()).append(tool.inputSchemaJson());
            }
            ToolContext inAcme = ToolContext.builder().scope(ACME).build();
            nameProbes().forEach(p -> {
                seen.append(toolkit.call(p[0], json(p[1]), inAcme).text());
                seen.append(
                        toolkit.tool(p[0]).map(t -> t.call(p[1], inAcme).text()).orElse(""));
            });
            for (String name : GLOBEX_ONLY_NAMES) {
                assertThat(seen.toString()).as(s.getClass().getSimpleName()).doesNotContain(name);
            }
            String inGlobex = toolkit.call(
                            "get_database_schema",
                            json("{}"),
                            ToolContext.builder().scope(GLOBEX).build())
                    .text();
            assertThat(inGlobex).contains(GLOBEX_ONLY_NAMES);
        }
    }

    static com.fasterxml.jackson.databind.JsonNode json(String text) {
        try {
            return Json.parse(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    /** The ids of a search, or the code of its {@link QueryException}; anything else fails the test. */
    static Object outcome(ObjectStore s, ObjectQuery query) {
        try {
            return ids(s.search(query));
        } catch (QueryException e) {
            assertThat(e.first().code()).isEqualTo(ErrorCode.INVALID_CURSOR);
            return e.first().code();
        }
    }

    static List<List<SortKey>> sorts() {
        FilterParser parser = FilterParser.withDefaults();
        return List.of(
                List.of(SortKey.NEWEST_FIRST),
                List.of(new SortKey(parser.parsePath("n", "sort"), false)),
                List.of(new SortKey(parser.parsePath("id", "sort"), true)),
                List.of(
                        new SortKey(parser.parsePath("name", "sort"), false),
                        new SortKey(parser.parsePath("created_at", "sort"), false)));
    }

    /** Runs on both stores, asserts the views agree, and returns the SQL store's answer. */
    <Q, R, V> R same(Q query, java.util.function.BiFunction<ObjectStore, Q, R> call, Function<R, V> view) {
        R expected = call.apply(memory, query);
        R actual = call.apply(store, query);
        assertThat(view.apply(actual)).as(String.valueOf(query)).isEqualTo(view.apply(expected));
        return actual;
    }

    void assertInScope(ScopeGraph graph) {
        assertThat(graph.objects().stream().map(GraphObject::id).toList()).isSubsetOf(acme);
        for (GraphRelationship r : graph.relationships()) {
            assertThat(List.of(r.srcId(), r.dstId())).isSubsetOf(acme);
        }
    }

    static List<String> graph(ScopeGraph graph) {
        List<String> out = new ArrayList<>();
        graph.objects().stream().map(GraphObject::id).sorted().forEach(out::add);
        graph.relationships().stream().map(GraphRelationship::id).sorted().forEach(out::add);
        return out;
    }

    static List<String> ids(Page page) {
        return page.items().stream().map(GraphObject::id).toList();
    }

    static ValidatedFilter validate(String json) {
        return new FilterValidator(SCHEMA).validate(FilterParser.withDefaults().parse(json), null);
    }
}
