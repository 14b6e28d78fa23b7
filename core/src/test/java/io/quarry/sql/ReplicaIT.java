package io.quarry.sql;

import static io.quarry.sql.DatabaseOutageIT.freePort;
import static io.quarry.sql.DatabaseOutageIT.postgresVersion;
import static io.quarry.sql.DatabaseOutageIT.quietly;
import static io.quarry.sql.DatabaseOutageIT.run;
import static io.quarry.sql.DatabaseOutageIT.runOrSkip;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import io.quarry.sql.dialect.Dialects;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Two PostgreSQL clusters in streaming replication, made by the test with Debian's cluster tools
 * ({@code pg_createcluster}, {@code pg_basebackup -R}) and dropped after: the layout's DDL and loads go
 * to the primary, the tools read the replica, and a page walk alternating between two toolkits that
 * share only the cursor key, while objects are loaded on the primary between pages, sees every object
 * that was there when it began exactly once.
 */
class ReplicaIT {
    private static final byte[] KEY = "replica-test-key-0123456789abcdef".getBytes(StandardCharsets.UTF_8);

    @Test
    void aPageWalkOverAReplicaDuringWritesNeverRepeatsOrSkips() throws Exception {
        String version = postgresVersion();
        String name = ("quarry-replica-" + Backend.checkout()).toLowerCase(Locale.ROOT);
        String primaryCluster = name + "-p";
        String replicaCluster = name + "-r";
        int primaryPort = freePort();
        int replicaPort = freePort();
        quietly("pg_dropcluster", "--stop", version, replicaCluster);
        quietly("pg_dropcluster", "--stop", version, primaryCluster);
        runOrSkip(
                "pg_createcluster", version, primaryCluster, "-p", Integer.toString(primaryPort), "--", "--auth=trust");
        try {
            run("pg_ctlcluster", "--skip-systemctl-redirect", version, primaryCluster, "start");
            run("pg_createcluster", version, replicaCluster, "-p", Integer.toString(replicaPort), "--", "--auth=trust");
            String dir = "/var/lib/postgresql/" + version + "/" + replicaCluster;
            run("find", dir, "-mindepth", "1", "-delete");
            run(
                    "runuser",
                    "-u",
                    "postgres",
                    "--",
                    "pg_basebackup",
                    "-h",
                    "127.0.0.1",
                    "-p",
                    Integer.toString(primaryPort),
                    "-U",
                    "postgres",
                    "-D",
                    dir,
                    "-R",
                    "-X",
                    "stream");
            run("pg_ctlcluster", "--skip-systemctl-redirect", version, replicaCluster, "start");

            DataSource primary = dataSource(primaryPort);
            DataSource replica = dataSource(replicaPort);
            assertThat(query(replica, "SELECT pg_is_in_recovery()")).isEqualTo("t");

            JdbcObjectStore loader = store(primary, replica);
            loader.createLayout();
            loader.load(tasks(0, 40));
            awaitReplica(replica, 40);

            Toolkit a = Toolkit.builder()
                    .store(store(primary, replica))
                    .cursorKey(KEY)
                    .build();
            Toolkit b = Toolkit.builder()
                    .store(store(primary, replica))
                    .cursorKey(KEY)
                    .build();
            Set<String> seen = new LinkedHashSet<>();
            String cursor = null;
            int pages = 0;
            do {
                ObjectNode args = Json.object().put("type", "Task").put("limit", 7);
                if (cursor != null) {
                    args.put("cursor", cursor);
                }
                JsonNode page = (pages % 2 == 0 ? a : b)
                        .call("query_graph_objects", args, ToolContext.unrestricted())
                        .json();
                assertThat(page.has("error")).as(page.toString()).isFalse();
                page.path("objects")
                        .forEach(o -> assertThat(seen.add(o.path("id").asText()))
                                .as("seen twice: %s", o.path("id"))
                                .isTrue());
                cursor = page.path("next_cursor").isTextual()
                        ? page.path("next_cursor").asText()
                        : null;
                // writes during the walk: newer objects, loaded on the primary, replicated
                loader.load(tasks(100 + pages * 3, 3));
                pages++;
            } while (cursor != null);

            List<String> before = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                before.add("t" + i);
            }
            assertThat(seen).containsExactlyInAnyOrderElementsOf(before);
            assertThat(query(primary, "SELECT COUNT(*) FROM quarry_objects"))
                    .isEqualTo(Integer.toString(40 + 3 * pages));
        } finally {
            quietly("pg_dropcluster", "--stop", version, replicaCluster);
            quietly("pg_dropcluster", "--stop", version, primaryCluster);
        }
    }

    private static JdbcObjectStore store(DataSource primary, DataSource replica) {
        return JdbcObjectStore.builder()
                .dataSource(primary)
                .readDataSource(replica)
                .dialect(Dialects.detect(primary))
                .build();
    }

    /** Tasks numbered from {@code first}, each updated a minute after the one before. */
    private static DataFile.DataSet tasks(int first, int n) {
        List<GraphObject> objects = new ArrayList<>();
        for (int i = first; i < first + n; i++) {
            Instant at = Instant.parse("2024-01-01T00:00:00Z").plusSeconds(60L * i);
            objects.add(new GraphObject("t" + i, "Task", Json.object().put("n", i), at, at, Map.of()));
        }
        return new DataFile.DataSet(objects, List.of());
    }

    private static void awaitReplica(DataSource replica, int objects) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        String count = "";
        while (System.nanoTime() < deadline) {
            try {
                count = query(replica, "SELECT COUNT(*) FROM quarry_objects");
            } catch (java.sql.SQLException notYet) {
                count = notYet.getMessage();
            }
            if (count.equals(Integer.toString(objects))) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the replica did not catch up in 30 s: " + count);
    }

    private static DataSource dataSource(int port) {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL("jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres&connectTimeout=5");
        return ds;
    }

    private static String query(DataSource ds, String sql) throws Exception {
        try (Connection c = ds.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
