package io.quarry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.tool.ToolSupport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cli/bin/quarry}, the launcher that starts {@code quarry.jar} with a class-data archive: the first run
 * of a command records the archive, later runs map it; the MCP protocol on standard output stays clean
 * whatever the archive is (missing, recorded, corrupt); the command's arguments reach it as given.
 */
class LauncherIT {
    private static final Path LAUNCHER = Path.of("bin", "quarry").toAbsolutePath();
    private static final Path QUARRY = Path.of("target", "quarry.jar").toAbsolutePath();
    private static final String REQUESTS = String.join(
            "\n",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"launcher-it\",\"version\":\"1\"}}}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
            "");

    @TempDir
    Path cache;

    @Test
    void theFirstRunRecordsTheArchiveAndTheNextMapsIt() throws Exception {
        Result first = run(Map.of(), REQUESTS, "mcp");
        assertProtocolOnly(first);
        List<Path> archives = archives();
        assertThat(archives).as(first.err()).hasSize(1);
        assertThat(archives.get(0).getFileName().toString()).endsWith("-mcp.jsa");

        Result second = run(Map.of("QUARRY_JAVA_OPTS", "-Xlog:class+load=info:stderr"), REQUESTS, "mcp");
        assertProtocolOnly(second);
        assertThat(second.err()).contains("io.quarry.mcp.QuarryMcpServer source: shared objects file (top)");
        assertThat(archives()).isEqualTo(archives);
    }

    @Test
    void aCorruptArchiveIsPassedOverWithoutAWordOnStandardOutput() throws Exception {
        assertProtocolOnly(run(Map.of(), REQUESTS, "mcp"));
        Path archive = archives().get(0);
        archive.toFile().setWritable(true);
        Files.write(archive, "not an archive".repeat(1000).getBytes(StandardCharsets.UTF_8));
        assertProtocolOnly(run(Map.of(), REQUESTS, "mcp"));
    }

    @Test
    void argumentsReachTheCommandAsGiven() throws Exception {
        Result r = run(
                Map.of(),
                "",
                "call",
                "query_graph_objects",
                "{\"type\": \"Task\", \"properties\": {\"status\": \"Done\"}, \"limit\": 2}");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode page = ToolSupport.parse(r.out().strip());
        assertThat(page.path("objects")).as(r.out()).hasSize(2);
        assertThat(page.path("objects").get(0).path("properties").path("status").asText())
                .isEqualTo("Done");
    }

    @Test
    void withoutTheJarItSaysInOneLineWhatToDo() throws Exception {
        Result r = run(Map.of("QUARRY_JAR", cache.resolve("missing.jar").toString()), "", "tools");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).startsWith("quarry: quarry.jar not found").contains("./mvnw");
    }

    @Test
    void withoutArchivesItRunsAsTheJarDoes() throws Exception {
        Result r = run(Map.of("QUARRY_CDS", "off"), REQUESTS, "mcp");
        assertProtocolOnly(r);
        assertThat(archives()).isEmpty();
    }

    /** Every line of standard output is a JSON-RPC answer: the tools/list one lists query_graph_objects. */
    private static void assertProtocolOnly(Result r) throws Exception {
        assertThat(r.exit()).as(r.err()).isZero();
        List<String> lines = r.out().strip().lines().toList();
        assertThat(lines).as(r.out()).hasSize(2);
        for (String line : lines) {
            assertThat(ToolSupport.parse(line).path("jsonrpc").asText())
                    .as(line)
                    .isEqualTo("2.0");
        }
        assertThat(lines.get(1)).contains("query_graph_objects");
    }

    private List<Path> archives() throws Exception {
        Path dir = cache.resolve("quarry");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }

    private record Result(int exit, String out, String err) {}

    private Result run(Map<String, String> env, String stdin, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("sh", LAUNCHER.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("XDG_CACHE_HOME", cache.toString());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("QUARRY_JAR", QUARRY.toString());
        builder.environment().remove("QUARRY_JAVA_OPTS");
        builder.environment().remove("QUARRY_CDS");
        builder.environment().putAll(env);
        Path out = cache.resolve("out.txt");
        Path err = cache.resolve("err.txt");
        Process process =
                builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try (var in = process.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Result(process.exitValue(), Files.readString(out), Files.readString(err));
    }
}
