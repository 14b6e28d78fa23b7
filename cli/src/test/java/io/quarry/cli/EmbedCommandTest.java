package io.quarry.cli;

import static io.quarry.cli.QuarryCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code quarry embed} with the default model, into H2 and SQLite files and in memory. */
class EmbedCommandTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void data() throws Exception {
        QuarryCliTest.files(dir);
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdbc:h2:file:", "jdbc:sqlite:"})
    void aSecondRunEmbedsOnlyWhatChangedAndTheToolsSearchByMeaning(String prefix) throws Exception {
        String url = prefix + dir.resolve("embed" + prefix.length()).toAbsolutePath();
        assertThat(run("", "load", "--data", QuarryCliTest.data.toString(), "--jdbc-url", url)
                        .exit())
                .isZero();
        String config = QuarryCliTest.config.toString();

        QuarryCliTest.Run first = run("", "embed", "--jdbc-url", url, "--config", config);
        assertThat(first.exit()).as(first.err()).isZero();
        JsonNode report = first.lines().get(0);
        assertThat(report.path("model").asText()).isEqualTo("all-minilm-l6-v2-q");
        assertThat(report.path("index").asText()).isEqualTo("quarry_embeddings");
        assertThat(report.path("objects").asInt()).isEqualTo(4);
        assertThat(report.path("index_size").asInt()).isEqualTo(4);
        assertThat(report.path("objects_per_second").asDouble()).isPositive();

        // the state is kept in the database: only objects at or after the last updated_at come again
        JsonNode again =
                run("", "embed", "--jdbc-url", url, "--config", config).lines().get(0);
        assertThat(again.path("objects").asInt()).isLessThanOrEqualTo(1);
        assertThat(again.path("index_size").asInt()).isEqualTo(4);

        // --semantic serves semantic_search over the table: "documentation" is nearest to "Write docs"
        QuarryCliTest.Run search = run(
                "",
                "call",
                "semantic_search",
                "{\"type\": \"Task\", \"query\": \"writing the documentation\", \"limit\": 1}",
                "--jdbc-url",
                url,
                "--config",
                config,
                "--scope",
                "org_id=acme",
                "--semantic");
        assertThat(search.exit()).as(search.err()).isZero();
        JsonNode items = search.lines().get(0).path("objects");
        assertThat(items).as(search.out()).hasSize(1);
        assertThat(items.get(0).path("id").asText()).isEqualTo("t2");
        assertThat(items.get(0).path("score").asDouble()).isPositive();

        JsonNode rebuilt = run("", "embed", "--jdbc-url", url, "--config", config, "--rebuild")
                .lines()
                .get(0);
        assertThat(rebuilt.path("objects").asInt()).isEqualTo(4);
        assertThat(rebuilt.path("index_size").asInt()).isEqualTo(4);
    }

    @Test
    void inMemoryTheRunReportsThroughputAndSize() throws Exception {
        QuarryCliTest.Run r =
                run("", "embed", "--data", QuarryCliTest.data.toString(), "--config", QuarryCliTest.config.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode report = r.lines().get(0);
        assertThat(report.path("index").asText()).isEqualTo("memory");
        assertThat(report.path("objects").asInt()).isEqualTo(4);
        assertThat(report.path("chunks").asInt()).isEqualTo(4);
        assertThat(r.err()).doesNotContain("embedding 4 of 4"); // no progress bar when stderr is no terminal
    }

    @Test
    void semanticInMemoryEmbedsFirstAndKeepsTheScope() throws Exception {
        // "Other tenant" (globex) is never a candidate for acme, whatever the question
        for (String question : new String[] {"authentication", "another tenant's task"}) {
            QuarryCliTest.Run r = run(
                    "",
                    "call",
                    "semantic_search",
                    "{\"query\": \"" + question + "\", \"limit\": 10}",
                    "--data",
                    QuarryCliTest.data.toString(),
                    "--config",
                    QuarryCliTest.config.toString(),
                    "--scope",
                    "org_id=acme",
                    "--semantic");
            assertThat(r.exit()).as(r.err()).isZero();
            JsonNode items = r.lines().get(0).path("objects");
            assertThat(items).as(r.out()).extracting(i -> i.path("id").asText()).containsOnly("t1", "t2", "d1");
            if (question.equals("authentication")) {
                assertThat(items.get(0).path("id").asText()).isIn("t1", "d1");
            }
        }
    }

    @Test
    void semanticOverADatabaseWithoutVectorsSaysToEmbedFirst() throws Exception {
        String url = "jdbc:h2:file:" + dir.resolve("novectors").toAbsolutePath();
        assertThat(run("", "load", "--data", QuarryCliTest.data.toString(), "--jdbc-url", url)
                        .exit())
                .isZero();
        QuarryCliTest.Run r = run("", "tools", "--jdbc-url", url, "--semantic");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("run 'quarry embed'").doesNotContain("Exception");
    }

    @Test
    void withoutADatabaseOrAFileItSaysWhatToGive() {
        QuarryCliTest.Run r = run("", "embed");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("give --jdbc-url").doesNotContain("Exception");
    }
}
