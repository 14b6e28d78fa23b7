package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.filter.ValidatedFilter;
import io.quarry.internal.Json;
import io.quarry.sql.dialect.H2Dialect;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.ObjectQuery;
import io.quarry.store.Scope;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * A store with a read data source: the tools' reads go to it, the layout's DDL and loads to the
 * primary. Two separate H2 databases stand for a primary and its replica, so where each statement
 * went shows in what each database holds.
 */
class ReadDataSourceTest {

    private static DataSource h2(String name) {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:" + name + "-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        return ds;
    }

    private static DataFile.DataSet tasks(String prefix, int n) {
        Instant at = Instant.parse("2024-03-01T10:00:00Z");
        List<GraphObject> objects = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            objects.add(new GraphObject(
                    prefix + i, "Task", Json.object().put("title", prefix + " " + i), at, at, Map.of()));
        }
        return new DataFile.DataSet(objects, List.of());
    }

    private static long rows(DataSource ds) throws Exception {
        try (Connection c = ds.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM \"quarry_objects\"")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static boolean hasLayout(DataSource ds) {
        return JdbcObjectStore.graphLayoutExists(ds, StoreMapping.graph());
    }

    @Test
    void readsGoToTheReadDataSourceAndWritesToThePrimary() throws Exception {
        DataSource primary = h2("primary");
        DataSource replica = h2("replica");
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(primary)
                .readDataSource(replica)
                .dialect(new H2Dialect())
                .build();

        store.createLayout();
        assertThat(hasLayout(primary)).isTrue();
        assertThat(hasLayout(replica)).isFalse();

        // the replica's own copy, as replication would have made it, lagging by two objects
        JdbcObjectStore replicaWriter = JdbcObjectStore.builder()
                .dataSource(replica)
                .dialect(new H2Dialect())
                .build();
        replicaWriter.createLayout();
        replicaWriter.load(tasks("t", 3));

        store.load(tasks("t", 5));
        assertThat(rows(primary)).isEqualTo(5);
        assertThat(rows(replica)).isEqualTo(3);

        ObjectQuery query = ObjectQuery.builder()
                .type("Task")
                .filter(ValidatedFilter.matchAll())
                .limit(50)
                .scope(Scope.unrestricted())
                .build();
        assertThat(store.search(query).items()).hasSize(3);
        assertThat(store.countByType(Scope.unrestricted())).containsEntry("Task", 3L);
        assertThat(store.get("t4", Scope.unrestricted())).isEmpty();
        assertThat(store.get("t2", Scope.unrestricted())).isPresent();
    }

    @Test
    void withoutAReadDataSourceReadsGoToThePrimary() {
        DataSource primary = h2("only");
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(primary)
                .dialect(new H2Dialect())
                .build();
        store.createLayout();
        store.load(tasks("t", 4));
        assertThat(store.countByType(Scope.unrestricted())).containsEntry("Task", 4L);
    }
}
