package io.quarry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.tool.ToolSupport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The two runnable jars as a user gets them: {@code quarry.jar} without the embedding stack (and small),
 * saying in one line which jar to take for semantic search, and {@code quarry-semantic.jar} serving it.
 */
class PackagedJarsIT {
    private static final Path TARGET = Path.of("target").toAbsolutePath();
    private static final Path QUARRY = TARGET.resolve("quarry.jar");
    private static final Path SEMANTIC = TARGET.resolve("quarry-semantic.jar");
    /** issue 24: the default download at most 30 MB (it was 103 MB with the model and its natives). */
    private static final long MAX_QUARRY_BYTES = 30_000_000L;
    /** What only semantic search needs, and what no jar may carry (JMH, GPL, came with JSqlParser 5.3). */
    private static final List<String> EMBEDDING_STACK = List.of(
            "ai/onnxruntime/",
            "ai/djl/",
            "native/lib/",
            "com/sun/jna/",
            "dev/langchain4j/",
            "io/quarry/embeddings/",
            "all-minilm-l6-v2-q.onnx");

    private static final List<String> NEVER = List.of("org/openjdk/jmh/", "joptsimple/", "org/apache/commons/math3/");

    @TempDir
    static Path dir;

    @BeforeAll
    static void data() throws Exception {
        QuarryCliTest.files(dir);
    }

    @Test
    void quarryJarLeavesTheEmbeddingStackOutAndIsSmall() throws IOException {
        assertThat(Files.size(QUARRY)).as("bytes of %s", QUARRY).isLessThanOrEqualTo(MAX_QUARRY_BYTES);
        List<String> entries = entries(QUARRY);
        for (String part : EMBEDDING_STACK) {
            assertThat(entries).as(part).noneMatch(e -> e.startsWith(part));
        }
        for (String part : NEVER) {
            assertThat(entries).as(part).noneMatch(e -> e.startsWith(part));
        }
        assertThat(entries).doesNotContain("META-INF/services/io.quarry.search.Embedder");
    }

    @Test
    void semanticJarCarriesTheModelAsAService() throws IOException {
        List<String> entries = entries(SEMANTIC);
        for (String part : EMBEDDING_STACK) {
            assertThat(entries).as(part).anyMatch(e -> e.startsWith(part));
        }
        for (String part : NEVER) {
            assertThat(entries).as(part).noneMatch(e -> e.startsWith(part));
        }
        try (JarFile jar = new JarFile(SEMANTIC.toFile())) {
            ZipEntry service = jar.getEntry("META-INF/services/io.quarry.search.Embedder");
            assertThat(service).isNotNull();
            assertThat(new String(jar.getInputStream(service).readAllBytes(), StandardCharsets.UTF_8))
                    .contains("io.quarry.embeddings.MiniLmEmbedder");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"call", "tools", "embed"})
    void withoutTheModelACommandSaysInOneLineWhichJarToUse(String command) throws Exception {
        List<String> args = new ArrayList<>(List.of(command));
        if (command.equals("call")) {
            args.addAll(List.of("semantic_search", "{\"query\": \"docs\"}"));
        }
        args.addAll(List.of("--data", QuarryCliTest.data.toString(), "--config", QuarryCliTest.config.toString()));
        if (!command.equals("embed")) {
            args.add("--semantic");
        }
        Result r = java(QUARRY, args);
        assertThat(r.exit()).as(r.err()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
        assertThat(r.err())
                .startsWith("quarry: ")
                .contains("quarry-semantic.jar")
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
    }

    @Test
    void theSemanticJarServesSemanticSearch() throws Exception {
        Result r = java(
                SEMANTIC,
                List.of(
                        "call",
                        "semantic_search",
                        "{\"type\": \"Task\", \"query\": \"writing the documentation\", \"limit\": 1}",
                        "--data",
                        QuarryCliTest.data.toString(),
                        "--config",
                        QuarryCliTest.config.toString(),
                        "--scope",
                        "org_id=acme",
                        "--semantic"));
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode objects = ToolSupport.parse(r.out().strip()).path("objects");
        assertThat(objects).as(r.out()).hasSize(1);
        assertThat(objects.get(0).path("id").asText()).isEqualTo("t2");
    }

    private static List<String> entries(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.stream().map(ZipEntry::getName).toList();
        }
    }

    private record Result(int exit, String out, String err) {}

    private static Result java(Path jar, List<String> args) throws Exception {
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString()));
        command.addAll(args);
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process process = new ProcessBuilder(command)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        process.getOutputStream().close();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Result(
                process.exitValue(),
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
