package io.quarry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A read never writes an embedded database: thousands of reads, in many commands with pauses between
 * them, leave every file of an H2 or SQLite database byte for byte as the load left it (H2 used to
 * write and compact the file as each command closed it, and a file once became corrupt during a
 * read-only batch).
 */
class ReadsLeaveTheFileTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void data() throws Exception {
        QuarryCliTest.files(dir);
    }

    private static final List<String> CALLS = List.of(
            "{\"tool\": \"query_graph_objects\", \"arguments\": {\"type\": \"Task\", \"properties\": {\"priority\": {\"$gt\": 5}}}}",
            "{\"tool\": \"get_database_schema\", \"arguments\": {\"detail\": \"names\"}}",
            "{\"tool\": \"query_graph_objects\", \"arguments\": {\"type\": \"Task\", \"sort\": [\"-priority\"], \"limit\": 1}}",
            "{\"tool\": \"aggregate_graph_objects\", \"arguments\": {\"type\": \"Task\", \"metrics\": [{\"op\": \"count\"}]}}",
            "{\"tool\": \"get_graph_object\", \"arguments\": {\"id\": \"t1\"}}",
            "{\"tool\": \"query_graph_objects\", \"arguments\": {\"type\": \"Nope\"}}");

    @ParameterizedTest
    @ValueSource(strings = {"jdbc:h2:file:", "jdbc:sqlite:"})
    void thousandsOfReadsLeaveTheFileByteIdentical(String prefix) throws Exception {
        Path db = Files.createDirectories(dir.resolve("db" + prefix.length()));
        String url = prefix + db.resolve("graph").toAbsolutePath();
        QuarryCliTest.Run load =
                QuarryCliTest.run("", "load", "--data", QuarryCliTest.data.toString(), "--jdbc-url", url);
        assertThat(load.exit()).as(load.err()).isZero();
        Map<String, String> before = digests(db);
        String batch = String.join("\n", java.util.Collections.nCopies(50, String.join("\n", CALLS))) + "\n";
        for (int run = 0; run < 10; run++) {
            QuarryCliTest.Run reads = QuarryCliTest.run(
                    batch,
                    "call",
                    "--batch",
                    "--jdbc-url",
                    url,
                    "--config",
                    QuarryCliTest.config.toString(),
                    "--scope",
                    "org_id=acme");
            assertThat(reads.exit()).as(reads.err()).isZero();
            assertThat(reads.out().lines().count()).isEqualTo(50L * CALLS.size());
            assertThat(reads.out()).doesNotContain("INTERNAL").doesNotContain("DATABASE_UNAVAILABLE");
            Thread.sleep(20); // a pause between commands, as between a user's calls
        }
        assertThat(digests(db)).as("the files of " + url).isEqualTo(before);
    }

    /** The SHA-256 of every file in the directory, by name. */
    private static Map<String, String> digests(Path db) throws Exception {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.list(db)) {
            for (Path f : files.toList()) {
                out.put(
                        f.getFileName().toString(),
                        HexFormat.of()
                                .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f))));
            }
        }
        return out;
    }
}
