package io.quarry.graph;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.internal.Json;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.dialect.H2Dialect;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectStore;
import io.quarry.store.Scope;
import io.quarry.store.ScopeGraph;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** JdbcObjectStore over H2 loads the same scope graph and neighbourhoods as the in-memory store, so snapshots are identical. */
class JdbcSnapshotTest {

    private static JdbcObjectStore h2(String name, DataFile.DataSet data) {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:graph_" + name + ";DB_CLOSE_DELAY=-1");
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(new H2Dialect())
                .mapping(StoreMapping.graph("org_id", "project_id"))
                .build();
        store.createLayout();
        store.load(data);
        return store;
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 42, 2026})
    void h2AndMemoryGiveTheSameGraphsAndSnapshots(long seed) {
        DataFile.DataSet data = Graphs.random(seed, 120, 400);
        ObjectStore memory = InMemoryObjectStore.of(data);
        ObjectStore h2 = h2("s" + seed, data);
        for (Scope scope : List.of(Scope.of("org_id", "a"), Scope.of("org_id", "b"), Scope.unrestricted())) {
            ScopeGraph m = memory.graph(scope);
            ScopeGraph j = h2.graph(scope);
            assertThat(objectIds(j)).as("objects of %s", scope).isEqualTo(objectIds(m));
            assertThat(relationshipIds(j)).as("relationships of %s", scope).isEqualTo(relationshipIds(m));
            for (GraphObject o : m.objects()) {
                assertThat(j.object(o.id())).contains(o);
            }
        }
        SnapshotBuilder builder =
                SnapshotBuilder.builder().projections(Graphs.PROJECTIONS).build();
        Scope a = Scope.of("org_id", "a");
        assertThat(Json.write(builder.build(h2.graph(a), Graphs.ROOT).toJson()))
                .isEqualTo(
                        Json.write(builder.build(memory.graph(a), Graphs.ROOT).toJson()));

        List<String> page = List.of(Graphs.ROOT, "o001", "o002", "o003", "o050", "missing");
        for (Scope scope : List.of(a, Scope.of("org_id", "b"))) {
            ScopeGraph m = memory.neighbourhood(page, scope);
            ScopeGraph j = h2.neighbourhood(page, scope);
            assertThat(objectIds(j)).as("neighbourhood objects in %s", scope).isEqualTo(objectIds(m));
            assertThat(relationshipIds(j))
                    .as("neighbourhood relationships in %s", scope)
                    .isEqualTo(relationshipIds(m));
            for (GraphObject o : j.objects()) {
                assertThat(scope.admits(o)).isTrue();
            }
        }
    }

    private static Set<String> objectIds(ScopeGraph g) {
        return g.objects().stream().map(GraphObject::id).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> relationshipIds(ScopeGraph g) {
        return g.relationships().stream().map(GraphRelationship::id).collect(Collectors.toCollection(TreeSet::new));
    }
}
