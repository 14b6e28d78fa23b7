package io.quarry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.tool.ToolSupport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class QuarryCliTest {
    @TempDir
    static Path dir;

    static Path data;
    static Path config;

    @BeforeAll
    static void files() throws Exception {
        files(dir);
    }

    /** Writes the data file and the configuration into {@code dir}. */
    static void files(Path dir) throws Exception {
        data = dir.resolve("data.json");
        Files.writeString(data, """
                {"objects": [
                  {"id": "t1", "type": "Task", "org_id": "acme", "updated_at": "2024-01-01T00:00:00Z", "properties": {"title": "Fix auth", "status": "Done", "priority": 8}},
                  {"id": "t2", "type": "Task", "org_id": "acme", "updated_at": "2024-01-02T00:00:00Z", "properties": {"title": "Write docs", "status": "Open", "priority": "3"}},
                  {"id": "t3", "type": "Task", "org_id": "globex", "updated_at": "2024-01-03T00:00:00Z", "properties": {"title": "Other tenant", "status": "Done", "priority": 9}},
                  {"id": "d1", "type": "Document", "org_id": "acme", "properties": {"title": "Auth design"}}],
                 "relationships": [{"src_id": "d1", "dst_id": "t1", "type": "documents"}]}
                """);
        config = dir.resolve("quarry.yaml");
        Files.writeString(config, """
                types:
                  Task:
                    fields:
                      title: string
                      status: {type: enum, values: [Open, Done]}
                      priority: integer
                  Document:
                    fields:
                      title: string
                """);
    }

    record Run(int exit, String out, String err) {
        List<JsonNode> lines() throws Exception {
            List<JsonNode> nodes = new ArrayList<>();
            for (String line : out.split("\n")) {
                if (!line.isBlank()) {
                    nodes.add(ToolSupport.parse(line));
                }
            }
            return nodes;
        }
    }

    /**
     * Eight hex digits of the build's working directory, for database and schema names: builds of two
     * checkouts on one machine never drop each other's (as core's test {@code Backend} names them).
     */
    static String checkout() {
        return String.format(
                java.util.Locale.ROOT,
                "%08x",
                Path.of(System.getProperty("user.dir")).toAbsolutePath().hashCode());
    }

    static Run run(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = QuarryCli.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void callPrintsOneLineOfJson() throws Exception {
        Run run = run(
                "",
                "call",
                "query_graph_objects",
                "{\"type\": \"Task\", \"properties\": {\"priority\": {\"$gt\": 5}}}",
                "--data",
                data.toString(),
                "--config",
                config.toString());
        assertThat(run.exit()).isZero();
        assertThat(run.out().strip()).doesNotContain("\n");
        JsonNode result = run.lines().get(0);
        assertThat(result.get("returned").asInt()).isEqualTo(2);
        assertThat(result.at("/objects/0/id").asText()).isEqualTo("t3");
    }

    @Test
    void scopeConfinesTheData() throws Exception {
        Run run = run(
                "",
                "call",
                "query_graph_objects",
                "{\"type\": \"Task\"}",
                "--data",
                data.toString(),
                "--scope",
                "org_id=acme");
        assertThat(run.lines().get(0).get("objects").findValuesAsText("id")).containsExactly("t2", "t1");
    }

    @Test
    void errorObjectsExitZero() throws Exception {
        Run run = run(
                "",
                "call",
                "query_graph_objects",
                "{\"type\": \"Task\", \"properties\": {\"prority\": 1}}",
                "--data",
                data.toString(),
                "--config",
                config.toString());
        assertThat(run.exit()).isZero();
        JsonNode error = run.lines().get(0).get("error");
        assertThat(error.get("code").asText()).isEqualTo("UNKNOWN_FIELD");
        assertThat(error.get("hint").asText()).contains("Did you mean 'priority'?");
    }

    @Test
    void malformedToolInputIsAnInvalidJsonResult() throws Exception {
        Run run = run("", "call", "query_graph_objects", "{type: Task", "--data", data.toString());
        assertThat(run.exit()).isZero();
        assertThat(run.lines().get(0).at("/error/code").asText()).isEqualTo("INVALID_JSON");
    }

    @Test
    void withoutConfigTheTypesAreInferredAndUnseenFieldsWarn() throws Exception {
        Run run = run(
                "",
                "call",
                "query_graph_objects",
                "{\"type\": \"Task\", \"properties\": {\"prority\": {\"$exists\": false}}}",
                "--data",
                data.toString());
        JsonNode result = run.lines().get(0);
        assertThat(result.get("returned").asInt()).isEqualTo(3);
        assertThat(result.at("/warnings/0/code").asText()).isEqualTo("UNKNOWN_FIELD");
        assertThat(result.at("/warnings/0/hint").asText()).contains("priority");
    }

    @Test
    void batchAnswersEveryLineInOrder() throws Exception {
        String stdin = """
                {"tool": "get_database_schema", "arguments": {"detail": "names"}}
                not json
                {"tool": "query_graph_objects", "arguments": {"type": "Document", "related_to_id": "t1"}}
                {"tool": "no_such_tool", "arguments": {}}
                {"arguments": {}}

                \t
                {"tool": "get_database_schema", "arguments": {"detail": "names"}}
                """;
        Run run = run(stdin, "call", "--batch", "--data", data.toString(), "--config", config.toString());
        assertThat(run.exit()).isZero();
        List<JsonNode> lines = run.lines();
        assertThat(lines).hasSize(8);
        assertThat(lines.get(0).at("/types/0/name").asText()).isEqualTo("Task");
        assertThat(lines.get(1).at("/error/code").asText()).isEqualTo("INVALID_JSON");
        assertThat(lines.get(2).at("/objects/0/id").asText()).isEqualTo("d1");
        assertThat(lines.get(3).at("/error/code").asText()).isEqualTo("NOT_FOUND");
        assertThat(lines.get(3).at("/error/hint").asText()).contains("query_graph_objects");
        assertThat(lines.get(4).at("/error/code").asText()).isEqualTo("INVALID_JSON");
        // blank lines are answered too, so a client counting lines never waits for an answer
        assertThat(lines.get(5).at("/error/code").asText()).isEqualTo("INVALID_JSON");
        assertThat(lines.get(5).at("/error/message").asText()).isEqualTo("The line is empty.");
        assertThat(lines.get(6).at("/error/code").asText()).isEqualTo("INVALID_JSON");
        assertThat(lines.get(7)).isEqualTo(lines.get(0));
    }

    @Test
    void inputThatIsNotUnicodeIsRefusedLineByLine() throws Exception {
        java.io.ByteArrayOutputStream stdin = new java.io.ByteArrayOutputStream();
        String good = "{\"tool\": \"get_database_schema\", \"arguments\": {\"detail\": \"names\"}}\n";
        stdin.write(good.getBytes(StandardCharsets.UTF_8));
        // a lone 0xFF and a truncated two-byte sequence are not UTF-8
        stdin.write(
                "{\"tool\": \"query_graph_objects\", \"arguments\": {\"query\": \"a".getBytes(StandardCharsets.UTF_8));
        stdin.write(new byte[] {(byte) 0xFF, (byte) 0xC3});
        stdin.write("\"}}\n".getBytes(StandardCharsets.UTF_8));
        // a lone surrogate is valid JSON text but not valid Unicode
        stdin.write(
                "{\"tool\": \"query_graph_objects\", \"arguments\": {\"properties\": {\"title\": {\"$regex\": \"\\ud800\"}}}}\n"
                        .getBytes(StandardCharsets.UTF_8));
        stdin.write(good.getBytes(StandardCharsets.UTF_8));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = QuarryCli.run(
                new String[] {"call", "--batch", "--data", data.toString(), "--config", config.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new java.io.ByteArrayInputStream(stdin.toByteArray()));
        assertThat(exit).isZero();
        List<JsonNode> lines = new Run(0, out.toString(StandardCharsets.UTF_8), "").lines();
        assertThat(lines).hasSize(4);
        assertThat(lines.get(1).at("/error/code").asText()).isEqualTo("INVALID_JSON");
        assertThat(lines.get(1).at("/error/message").asText()).isEqualTo("The line is not valid UTF-8.");
        assertThat(lines.get(2).at("/error/code").asText()).isEqualTo("INVALID_JSON");
        assertThat(lines.get(2).at("/error/path").asText()).isEqualTo("properties.title.$regex");
        assertThat(lines.get(3)).isEqualTo(lines.get(0));
        Run argument = run("", "call", "query_graph_objects", "{\"query\": \"a\uFFFD\"}", "--data", data.toString());
        assertThat(argument.exit()).isZero();
        assertThat(argument.lines().get(0).at("/error/code").asText()).isEqualTo("INVALID_JSON");
        assertThat(argument.lines().get(0).at("/error/message").asText()).contains("not valid UTF-8");
    }

    @Test
    void usageErrorsExitTwo() {
        Run unknownTool = run("", "call", "frobnicate", "{}", "--data", data.toString());
        assertThat(unknownTool.exit()).isEqualTo(2);
        assertThat(unknownTool.err()).contains("Unknown tool 'frobnicate'").contains("query_graph_objects");
        assertThat(run("", "call", "--data", data.toString()).exit()).isEqualTo(2);
        assertThat(run("", "call", "--bogus").exit()).isEqualTo(2);
        assertThat(run("").exit()).isEqualTo(2);
        Run missingFile = run(
                "",
                "call",
                "get_database_schema",
                "--data",
                dir.resolve("nope.json").toString());
        assertThat(missingFile.exit()).isEqualTo(2);
        assertThat(missingFile.err()).contains("nope.json");
        Run badConfig = run("", "call", "get_database_schema", "--data", data.toString(), "--config", data.toString());
        assertThat(badConfig.exit()).isEqualTo(2);
        assertThat(badConfig.err())
                .contains(data
                        + ": unknown key 'objects'; allowed keys are graph, left_out, limits, projections, search, store,"
                        + " tools, types");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "call", "tools", "tour"})
    void everyCommandHasHelp(String command) {
        Run run = command.isEmpty() ? run("", "--help") : run("", command, "--help");
        assertThat(run.exit()).isZero();
        assertThat(run.out()).contains("Usage:");
    }

    @Test
    void versionIsTheOneTheBuildIsMaking() throws java.io.IOException {
        String parent = java.nio.file.Files.readString(java.nio.file.Path.of("../pom.xml"));
        java.util.regex.Matcher version = java.util.regex.Pattern.compile(
                        "<artifactId>quarry-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(parent);
        assertThat(version.find()).isTrue();
        Run run = run("", "--version");
        assertThat(run.exit()).isZero();
        assertThat(run.out().strip()).isEqualTo("quarry " + version.group(1));
    }

    @Test
    void toolsListsTheCatalog() {
        Run run = run("", "tools", "--data", data.toString());
        assertThat(run.out()).contains("get_database_schema").contains("query_graph_objects");
    }
}
