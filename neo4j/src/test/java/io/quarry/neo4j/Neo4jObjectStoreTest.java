package io.quarry.neo4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.FieldPath;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectQuery;
import io.quarry.store.ObjectStore;
import io.quarry.store.Scope;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What the store reads besides filters gives the in-memory store's answers, in and out of scope:
 * {@code get}, {@code relationships} (both directions, a self-loop once), {@code countByType},
 * {@code related_to} both ways with and without a relationship type, full-text words, {@code graph};
 * and a cursor of another query is {@code INVALID_CURSOR}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class Neo4jObjectStoreTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Scope ACME = Scope.of("tenant", "acme");
    private static final Scope OTHER = Scope.of("tenant", "other");

    private InMemoryObjectStore memory;
    private Neo4jObjectStore neo4j;

    @BeforeAll
    void load() throws Exception {
        List<GraphObject> objects = List.of(
                object("p1", "Project", "acme", "{\"name\": \"Auth service\", \"tags\": [\"login\", \"Security\"]}"),
                object("t1", "Task", "acme", "{\"title\": \"Fix the login page\", \"priority\": 2}"),
                object("t2", "Task", "acme", "{\"title\": \"Rotate keys\", \"priority\": \"3\"}"),
                object("t3", "Task", "other", "{\"title\": \"Other tenant's login\"}"),
                object("u1", "User", "acme", "{\"name\": \"Ada\"}"));
        List<GraphRelationship> relationships = List.of(
                new GraphRelationship("r1", "t1", "p1", "belongs_to"),
                new GraphRelationship("r2", "t2", "p1", "belongs_to"),
                new GraphRelationship("r3", "u1", "t1", "assigned_to"),
                new GraphRelationship("r4", "t3", "p1", "belongs_to"),
                new GraphRelationship("r5", "t1", "t1", "blocks"));
        DataFile.DataSet data = new DataFile.DataSet(objects, relationships);
        memory = InMemoryObjectStore.of(data);
        neo4j = TestNeo4j.store("store", data);
    }

    private static GraphObject object(String id, String type, String tenant, String properties) throws Exception {
        return new GraphObject(
                id,
                type,
                (ObjectNode) JSON.readTree(properties),
                Instant.parse("2024-01-0" + (1 + Math.abs(id.hashCode()) % 8) + "T10:00:00Z"),
                Instant.parse("2024-02-01T10:00:00Z"),
                Map.of("tenant", tenant));
    }

    @ParameterizedTest(name = "{0} in {1}")
    @CsvSource({"p1,acme", "t1,acme", "t3,acme", "t3,other", "p1,other", "missing,acme", "t1,"})
    void getAndRelationshipsAsInMemory(String id, String tenant) {
        Scope scope = tenant == null ? Scope.unrestricted() : Scope.of("tenant", tenant);
        assertThat(neo4j.get(id, scope)).isEqualTo(memory.get(id, scope));
        assertThat(neo4j.relationships(id, scope)).isEqualTo(memory.relationships(id, scope));
    }

    @ParameterizedTest(name = "related to {0} by {1} in {2}")
    @CsvSource({
        "p1,,acme",
        "p1,belongs_to,acme",
        "t1,,acme",
        "t1,blocks,acme",
        "t1,assigned_to,acme",
        "p1,,other",
        "p1,,",
        "t3,,acme"
    })
    void relatedToAsInMemory(String id, String relationshipType, String tenant) {
        Scope scope = tenant == null ? Scope.unrestricted() : Scope.of("tenant", tenant);
        ObjectQuery query = ObjectQuery.builder()
                .types(List.of("Project", "Task", "User"))
                .relatedTo(id, relationshipType)
                .scope(scope)
                .build();
        assertThat(ids(neo4j, query)).isEqualTo(ids(memory, query));
        assertThat(neo4j.search(query).total()).isEqualTo(memory.search(query).total());
    }

    @ParameterizedTest(name = "{0} over {1}")
    @CsvSource({"login,", "LOGIN,title", "login security,", "login,name", "nothing,", "'ada  Ada',"})
    void wordsAsInMemory(String text, String field) {
        ObjectQuery query = ObjectQuery.builder()
                .types(List.of("Project", "Task", "User"))
                .text(text, field == null ? List.of() : List.of(FieldPath.property(field)))
                .scope(ACME)
                .build();
        assertThat(ids(neo4j, query)).isEqualTo(ids(memory, query));
    }

    @ParameterizedTest(name = "tenant {0}")
    @CsvSource({"acme", "other", "any"})
    void countsAndGraphAsInMemory(String tenant) {
        Scope scope = tenant.equals("any") ? Scope.unrestricted() : Scope.of("tenant", tenant);
        assertThat(neo4j.countByType(scope)).isEqualTo(memory.countByType(scope));
        assertThat(neo4j.graph(scope).objects().stream()
                        .map(GraphObject::id)
                        .sorted()
                        .toList())
                .isEqualTo(memory.graph(scope).objects().stream()
                        .map(GraphObject::id)
                        .sorted()
                        .toList());
        Comparator<GraphRelationship> byId = Comparator.comparing(GraphRelationship::id);
        assertThat(neo4j.graph(scope).relationships().stream().sorted(byId).toList())
                .isEqualTo(memory.graph(scope).relationships().stream()
                        .sorted(byId)
                        .toList());
    }

    @org.junit.jupiter.api.Test
    void aCursorOfAnotherQueryIsRefused() {
        String cursor = neo4j.search(
                        ObjectQuery.builder().type("Task").limit(1).scope(ACME).build())
                .nextCursor();
        assertThat(cursor).isNotNull();
        assertThatThrownBy(() -> neo4j.search(ObjectQuery.builder()
                        .type("User")
                        .limit(1)
                        .cursor(cursor)
                        .scope(OTHER)
                        .build()))
                .isInstanceOfSatisfying(
                        QueryException.class,
                        e -> assertThat(e.errors().get(0).code()).isEqualTo(ErrorCode.INVALID_CURSOR));
    }

    private static List<String> ids(ObjectStore store, ObjectQuery query) {
        return store.search(query).items().stream().map(GraphObject::id).toList();
    }
}
