package io.quarry.cli;

import static io.quarry.cli.QuarryCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.demo.DemoData;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neo4j.harness.Neo4j;
import org.neo4j.harness.Neo4jBuilders;

/**
 * {@code --neo4j-url} (issue 29 item 5): {@code quarry load} writes the demo into an embedded Neo4j
 * 5.26, and every call of a set over the tools answers there exactly as over the same file in memory
 * ({@code --data}), for two tenants; a second load of the same ids, an unreachable server and options
 * that cannot go together are one line each. Tagged {@code neo4j}: the build runs it on a class path
 * with Neo4j's Lucene (cli/pom.xml).
 */
@Tag("neo4j")
class Neo4jCommandsTest {
    @TempDir
    static Path dir;

    static Neo4j neo4j;
    static String url;
    static Path data;
    static Path config;

    @BeforeAll
    static void start() throws Exception {
        neo4j = Neo4jBuilders.newInProcessBuilder().withDisabledServer().build();
        url = neo4j.boltURI().toString();
        data = dir.resolve("demo-data.json");
        try (InputStream in = DemoData.class.getClassLoader().getResourceAsStream(DemoData.DATA_RESOURCE)) {
            Files.copy(in, data);
        }
        config = dir.resolve("quarry.yaml");
        Files.writeString(config, DemoData.configText(), StandardCharsets.UTF_8);
        QuarryCliTest.Run load = run("", "load", "--data", data.toString(), "--neo4j-url", url);
        assertThat(load.exit()).as(load.err()).isZero();
        assertThat(load.lines().get(0).path("objects").asInt()).isPositive();
    }

    @AfterAll
    static void stop() {
        if (neo4j != null) {
            neo4j.close();
        }
    }

    /** Calls whose answers must be the same text over Neo4j as over the file in memory. */
    static final String[][] CALLS = {
        {"get_database_schema", "{}"},
        {"query_graph_objects", "{\"type\": \"Task\", \"limit\": 7}"},
        {"query_graph_objects", "{\"type\": \"Task\", \"properties\": {\"priority\": {\"$gte\": 3}}, \"limit\": 5}"},
        {"query_graph_objects", "{\"query\": \"login\", \"limit\": 5}"},
        {"query_graph_objects", "{\"type\": \"Task\", \"related_to_id\": \"proj-01\", \"limit\": 5}"},
        {"aggregate_graph_objects", "{\"type\": \"Task\", \"group_by\": \"status\", \"metrics\": [{\"op\": \"count\"}]}"
        },
        {"get_graph_object", "{\"id\": \"proj-01\"}"},
        {"get_object_relationships", "{\"id\": \"proj-01\"}"},
        {"get_project_graph", "{\"root_id\": \"proj-01\"}"},
        {"get_graph_object", "{\"id\": \"proj-09\"}"},
    };

    @Test
    void everyCallAnswersAsTheSameFileInMemory() throws Exception {
        List<String> compared = new ArrayList<>();
        for (String tenant : new String[] {"acme", "globex"}) {
            for (String[] call : CALLS) {
                String[] common = {
                    "call",
                    call[0],
                    call[1],
                    "--config",
                    config.toString(),
                    "--scope",
                    "org_id=" + tenant,
                    "--now",
                    "2026-11-01T12:00:00Z"
                };
                QuarryCliTest.Run memory = run("", concat(common, "--data", data.toString()));
                QuarryCliTest.Run graph = run("", concat(common, "--neo4j-url", url));
                assertThat(memory.exit()).as(memory.err()).isZero();
                assertThat(graph.exit()).as(graph.err()).isZero();
                assertThat(graph.lines())
                        .as("%s %s as %s", call[0], call[1], tenant)
                        .isEqualTo(memory.lines());
                compared.add(graph.out());
            }
        }
        // the set reads objects, not only errors: both tenants see their own projects
        assertThat(String.join("", compared)).contains("proj-01", "proj-09");
    }

    @Test
    void aSecondLoadOfTheSameIdsIsOneLine() {
        QuarryCliTest.Run again = run("", "load", "--data", data.toString(), "--neo4j-url", url);
        assertThat(again.exit()).isEqualTo(2);
        assertThat(again.err().strip())
                .startsWith("quarry: " + data + ": an object id is already under the label QuarryObject")
                .doesNotContain("Exception")
                .hasLineCount(1);
        // into a label of its own the same file loads
        QuarryCliTest.Run other =
                run("", "load", "--data", data.toString(), "--neo4j-url", url, "--neo4j-label", "SecondCopy");
        assertThat(other.exit()).as(other.err()).isZero();
    }

    @Test
    void whatCannotBeServedIsOneLine() {
        String[][] rows = {
            // exit code, the line, the arguments
            {
                "1",
                "quarry: cannot reach Neo4j at bolt://127.0.0.1:1; check that it is running",
                "--neo4j-url",
                "bolt://127.0.0.1:1"
            },
            {
                "2",
                "quarry: --neo4j-url takes a Bolt URL such as bolt://localhost:7687",
                "--neo4j-url",
                "http://localhost:7474"
            },
            {"2", "quarry: give one of --data, --jdbc-url and --neo4j-url", "--neo4j-url", "{url}", "--data", "x.json"},
            {"2", "quarry: --neo4j-database needs --neo4j-url", "--neo4j-database", "shop"},
            {
                "1",
                "quarry: Neo4j at {url} has no database shop; check --neo4j-database",
                "--neo4j-url",
                "{url}",
                "--neo4j-database",
                "shop"
            },
        };
        for (String[] row : rows) {
            List<String> args = new ArrayList<>(List.of("call", "get_database_schema", "{}"));
            for (int i = 2; i < row.length; i++) {
                args.add(row[i].replace("{url}", url));
            }
            QuarryCliTest.Run r = run("", args.toArray(String[]::new));
            assertThat(r.exit()).as("%s: %s", args, r.err()).isEqualTo(Integer.parseInt(row[0]));
            assertThat(r.err().strip())
                    .as("%s", args)
                    .startsWith(row[1].replace("{url}", url))
                    .doesNotContain("Exception")
                    .hasLineCount(1);
        }
    }

    private static String[] concat(String[] head, String... tail) {
        String[] out = java.util.Arrays.copyOf(head, head.length + tail.length);
        System.arraycopy(tail, 0, out, head.length, tail.length);
        return out;
    }
}
