package io.quarry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.tool.Limits;
import io.quarry.tool.ToolSupport;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code call --batch} reads at most 1 MiB of a line: a longer one is skipped unread to its newline
 * and answered {@code LIMIT_EXCEEDED}, and the next line is answered. The streams are generated, so
 * no test holds the long line.
 */
class BatchLinesTest {
    @TempDir
    static Path dir;

    private static final String CALL = "{\"tool\": \"get_database_schema\", \"arguments\": {}}";

    @BeforeAll
    static void data() throws Exception {
        QuarryCliTest.files(dir);
    }

    @Test
    void aLineOverTheCapIsAnsweredLimitExceededAndTheNextLineIsAnswered() throws Exception {
        InputStream in = concat(
                text(CALL + "\n"),
                longLine(3L << 20),
                text("\n" + CALL + "\r\n"),
                longLine(Limits.MAX_INPUT_BYTES + 1),
                text("\n"),
                exactly(Limits.MAX_INPUT_BYTES, "\r\n"),
                longLine(Limits.MAX_INPUT_BYTES + 1)); // the last line without its newline
        List<JsonNode> answers = batch(in);
        assertThat(answers).as(answers.toString()).hasSize(6);
        assertThat(answers.get(0).has("types")).as(answers.get(0).toString()).isTrue();
        assertThat(answers.get(1).at("/error/code").asText()).isEqualTo("LIMIT_EXCEEDED");
        assertThat(answers.get(1).at("/error/message").asText())
                .isEqualTo(
                        "The line is larger than 1048576 bytes (the limit of one tool input); it was skipped unread.");
        assertThat(answers.get(2).has("types")).isTrue();
        assertThat(answers.get(3).at("/error/code").asText()).isEqualTo("LIMIT_EXCEEDED");
        // a line of exactly the cap (and its \r\n) is read and answered by the tool: its query is too long
        assertThat(answers.get(4).at("/error/path").asText()).isEqualTo("query");
        assertThat(answers.get(4).at("/error/message").asText()).doesNotStartWith("The line is larger");
        assertThat(answers.get(5)).as("the last line, without its newline").isEqualTo(answers.get(1));
    }

    /**
     * The 300 MB line of the issue, in a JVM of 64 MB of heap: the line before and the line after it
     * are answered (reading the line whole died with an OutOfMemoryError and answered nothing more).
     */
    @Test
    void aThreeHundredMegabyteLineUnder64MegabytesOfHeap() throws Exception {
        LoadStreamsTest.Forked run = LoadStreamsTest.fork(
                "-Xmx64m",
                concat(text(CALL + "\n"), longLine(300L << 20), text("\n" + CALL + "\n")),
                "call",
                "--batch",
                "--data",
                QuarryCliTest.data.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        List<String> lines = run.out().lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(ToolSupport.parse(lines.get(0)).has("types")).isTrue();
        assertThat(ToolSupport.parse(lines.get(1)).at("/error/code").asText()).isEqualTo("LIMIT_EXCEEDED");
        assertThat(ToolSupport.parse(lines.get(2)).has("types")).isTrue();
    }

    private static List<JsonNode> batch(InputStream in) throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        int exit = QuarryCli.run(
                new String[] {"call", "--batch", "--data", QuarryCliTest.data.toString()},
                new java.io.PrintStream(out, true, StandardCharsets.UTF_8),
                new java.io.PrintStream(new java.io.ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                in);
        assertThat(exit).isZero();
        List<JsonNode> answers = new ArrayList<>();
        for (String line : out.toString(StandardCharsets.UTF_8).lines().toList()) {
            answers.add(ToolSupport.parse(line));
        }
        return answers;
    }

    private static InputStream text(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    private static InputStream concat(InputStream... parts) {
        return new SequenceInputStream(Collections.enumeration(List.of(parts)));
    }

    /** A call whose arguments hold one string, {@code bytes} long in all, generated as it is read. */
    private static InputStream longLine(long bytes) {
        byte[] head =
                "{\"tool\": \"query_graph_objects\", \"arguments\": {\"query\": \"".getBytes(StandardCharsets.UTF_8);
        byte[] tail = "\"}}".getBytes(StandardCharsets.UTF_8);
        return new InputStream() {
            private long at;

            @Override
            public int read() {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (at >= bytes) {
                    return -1;
                }
                int n = (int) Math.min(len, bytes - at);
                for (int i = 0; i < n; i++, at++) {
                    long fromEnd = bytes - at;
                    b[off + i] = at < head.length
                            ? head[(int) at]
                            : fromEnd <= tail.length ? tail[tail.length - (int) fromEnd] : (byte) 'x';
                }
                return n;
            }
        };
    }

    /** A line of exactly {@code bytes} bytes before its end. */
    private static InputStream exactly(int bytes, String end) throws IOException {
        return concat(longLine(bytes), text(end));
    }
}
