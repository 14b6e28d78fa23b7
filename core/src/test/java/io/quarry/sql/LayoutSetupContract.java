package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.filter.FieldPath;
import io.quarry.store.GraphObject;
import io.quarry.store.ObjectQuery;
import io.quarry.store.SortKey;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * What a host without a configuration file decides from the database: whether the graph layout is
 * there ({@link JdbcObjectStore#graphLayoutExists}), and the dialect's helper functions installed by
 * {@link JdbcObjectStore#installHelperFunctions} (the read-only user's side is the Spring Boot
 * starter's tests, which create such a user).
 */
abstract class LayoutSetupContract implements BackendUnderTest {

    private JdbcObjectStore store(DataSource ds, StoreMapping mapping) {
        return JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(backend().dialect(ds))
                .mapping(mapping)
                .build();
    }

    @Test
    void theGraphLayoutExistsOnlyOnceBothItsTablesDo() throws Exception {
        DataSource ds = backend().dataSource("setup_graph");
        StoreMapping graph = StoreMapping.graph();
        assertThat(JdbcObjectStore.graphLayoutExists(ds, graph)).isFalse();
        // a name is not a pattern: '_' matches only itself
        execute(ds, "CREATE TABLE quarryxobjects (id INTEGER)", "CREATE TABLE quarryxrelationships (id INTEGER)");
        assertThat(JdbcObjectStore.graphLayoutExists(ds, graph)).isFalse();
        execute(ds, "CREATE TABLE " + quoted(ds, "quarry_objects") + " (id INTEGER)");
        assertThat(JdbcObjectStore.graphLayoutExists(ds, graph)).isFalse();
        execute(ds, "DROP TABLE " + quoted(ds, "quarry_objects"));

        store(ds, graph).createLayout();
        assertThat(JdbcObjectStore.graphLayoutExists(ds, graph)).isTrue();
        StoreMapping renamed = new StoreMapping(
                "mapped_objects",
                "id",
                "type",
                "properties",
                "created_at",
                "updated_at",
                List.of(),
                "mapped_edges",
                "id",
                "src_id",
                "dst_id",
                "type");
        assertThat(JdbcObjectStore.graphLayoutExists(ds, renamed)).isFalse();
    }

    @Test
    void installedHelperFunctionsServeTheQueriesThatCallThem() throws Exception {
        DataSource ds = backend().dataSource("setup_functions");
        execute(
                ds,
                "CREATE TABLE " + quoted(ds, "notes") + " (" + quoted(ds, "id") + " VARCHAR(20) PRIMARY KEY, "
                        + quoted(ds, "title") + " VARCHAR(100))",
                "INSERT INTO " + quoted(ds, "notes") + " VALUES ('n1', 'beta'), ('n2', '10'), ('n3', 'alpha')");
        StoreMapping layout = io.quarry.config.QuarryConfig.parse(
                        "store: {layout: tables, tables: {types: {Note: {table: notes, id: id, fields: {title: title}}}}}",
                        "notes.yaml")
                .store()
                .orElseThrow();
        JdbcObjectStore store = store(ds, layout);

        assertThat(store.installHelperFunctions()).isTrue();
        assertThat(store.installHelperFunctions()).as("idempotent").isTrue();
        // a sort on a text column calls the sort-key functions where the dialect has them
        List<String> ids = store
                .search(ObjectQuery.builder()
                        .type("Note")
                        .sort(List.of(new SortKey(FieldPath.property("title"), false)))
                        .build())
                .items()
                .stream()
                .map(GraphObject::id)
                .toList();
        assertThat(ids).hasSize(3).containsExactlyInAnyOrder("n1", "n2", "n3");
        assertThat(ids.get(0)).isEqualTo("n2"); // a numeric string sorts before other strings
    }

    private static String quoted(DataSource ds, String name) {
        return io.quarry.sql.dialect.Dialects.detect(ds).quoteIdentifier(name);
    }

    private static void execute(DataSource ds, String... statements) throws Exception {
        try (Connection c = ds.getConnection();
                Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }
}
