package io.quarry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.tool.ToolSupport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs every {@code java -jar cli/target/quarry.jar ...} and {@code java -jar
 * cli/target/quarry-semantic.jar ...} command of the README against the packaged jars, in the README's
 * order, from the repository root, exactly as a reader would paste it.
 */
class ReadmeCommandsIT {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final String PREFIX = "java -jar cli/target/quarry.jar ";
    private static final String SEMANTIC_PREFIX = "java -jar cli/target/quarry-semantic.jar ";
    /** The README shows two mistakes on purpose; each must get its documented error. */
    private static final java.util.Map<String, String> DELIBERATE_MISTAKES = java.util.Map.of(
            "\"prority\"", "UNKNOWN_FIELD",
            "\"status\": [\"Open\", \"Blocked\"]", "INVALID_OPERAND");

    /**
     * The Chinook database the README's own-database commands read, made as the README's {@code
     * sqlite3} line makes it (that line is not a quarry command, so it is not run).
     */
    @BeforeAll
    static void chinook() throws Exception {
        Path db = ROOT.resolve("target/chinook.db");
        Files.createDirectories(db.getParent());
        Files.deleteIfExists(db);
        Chinook.create("jdbc:sqlite:" + db, "sqlite");
    }

    static Stream<String> readmeCommands() throws IOException {
        List<String> commands = Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8).stream()
                .map(String::strip)
                .filter(line -> line.startsWith(PREFIX) || line.startsWith(SEMANTIC_PREFIX))
                .toList();
        assertThat(commands).as("README commands").hasSizeGreaterThanOrEqualTo(3);
        return commands.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("readmeCommands")
    void readmeCommandRuns(String command) throws Exception {
        Process process = new ProcessBuilder("bash", "-c", command)
                .directory(ROOT.toFile())
                .redirectError(ProcessBuilder.Redirect.PIPE)
                .start();
        byte[] out = process.getInputStream().readAllBytes();
        byte[] err = process.getErrorStream().readAllBytes();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String stdout = new String(out, StandardCharsets.UTF_8);
        assertThat(process.exitValue())
                .as("exit code; stderr: " + new String(err, StandardCharsets.UTF_8))
                .isZero();
        if (command.startsWith(PREFIX + "call ") || command.startsWith(SEMANTIC_PREFIX + "call ")) {
            String[] lines = stdout.strip().split("\n");
            assertThat(lines).hasSize(1);
            JsonNode result = ToolSupport.parse(lines[0]);
            assertThat(result.isObject()).isTrue();
            String expectedError = DELIBERATE_MISTAKES.entrySet().stream()
                    .filter(e -> command.contains(e.getKey()))
                    .map(java.util.Map.Entry::getValue)
                    .findFirst()
                    .orElse(null);
            if (expectedError == null) {
                assertThat(result.has("error")).as(lines[0]).isFalse();
                assertThat(result.has("types") || result.path("returned").asInt() > 0)
                        .as("a non-empty answer: " + lines[0])
                        .isTrue();
            } else {
                assertThat(result.at("/error/code").asText()).as(lines[0]).isEqualTo(expectedError);
                assertThat(result.at("/error/hint").asText()).as(lines[0]).isNotBlank();
            }
        } else if (command.equals(PREFIX + "tour")) {
            // the try-it command: every tool, each step numbered, no failure
            for (String tool : List.of(
                    "get_database_schema",
                    "discover_schema",
                    "query_graph_objects",
                    "get_graph_object",
                    "get_object_relationships",
                    "text_pattern_search",
                    "datetime_range_search",
                    "number_range_search",
                    "enum_filter_search",
                    "aggregate_graph_objects",
                    "get_project_graph")) {
                assertThat(stdout).as(tool).contains("   " + tool + " {");
            }
            assertThat(stdout).contains("\n12. ").doesNotContain("INTERNAL");
        } else if (command.contains(" --output ")) {
            // the result goes to the file; standard error says where
            Path written = ROOT.resolve(command.replaceAll(".* --output (\\S+).*", "$1"));
            assertThat(written).isNotEmptyFile();
            assertThat(Files.readString(written)).contains("types:");
            assertThat(new String(err, StandardCharsets.UTF_8)).contains("wrote " + ROOT.relativize(written));
        } else {
            assertThat(stdout).isNotBlank();
        }
    }
}
