package io.quarry.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Generates a big data file for {@code quarry load}: {@code objects} objects of about 190 bytes each
 * (tasks and documents of two organisations, with text, numbers, dates and tags) and {@code
 * relationships} relationships between them, written as it goes. JDK only, so it also runs as a
 * source file: {@code java cli/src/test/java/io/quarry/cli/LoadFiles.java 1000000 200000 target/load-1m.json}.
 */
public final class LoadFiles {
    private LoadFiles() {}

    /** {@code objects relationships file}. */
    public static void main(String[] args) throws IOException {
        write(Path.of(args[2]), Integer.parseInt(args[0]), Integer.parseInt(args[1]));
    }

    /** Writes the file. */
    static void write(Path file, int objects, int relationships) throws IOException {
        try (Writer out = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16)) {
            out.write("{\"objects\": [\n");
            for (int i = 0; i < objects; i++) {
                boolean task = i % 3 != 0;
                out.write(String.format(
                        "%s{\"id\": \"o%07d\", \"type\": \"%s\", \"org_id\": \"%s\", \"created_at\": \"2024-%02d-%02dT09:30:00Z\","
                                + " \"properties\": {\"title\": \"%s %d about the %s\", \"status\": \"%s\", \"priority\": %d,"
                                + " \"estimate\": %d.5, \"tags\": [\"t%d\", \"t%d\"], \"summary\": \"%s\"}}",
                        i == 0 ? "" : ",\n",
                        i,
                        task ? "Task" : "Document",
                        i % 2 == 0 ? "acme" : "globex",
                        1 + i % 12,
                        1 + i % 28,
                        task ? "Task" : "Document",
                        i,
                        WORDS[i % WORDS.length],
                        STATUSES[i % STATUSES.length],
                        i % 5,
                        i % 40,
                        i % 17,
                        i % 23,
                        SUMMARIES[i % SUMMARIES.length]));
            }
            out.write("\n], \"relationships\": [\n");
            for (int i = 0; i < relationships; i++) {
                int src = (int) ((i * 7919L) % objects);
                int dst = (int) ((i * 104_729L + 1) % objects);
                out.write(String.format(
                        "%s{\"src_id\": \"o%07d\", \"dst_id\": \"o%07d\", \"type\": \"%s\"}",
                        i == 0 ? "" : ",\n", src, dst, i % 2 == 0 ? "depends_on" : "documents"));
            }
            out.write("\n]}\n");
        }
    }

    private static final String[] WORDS = {"billing", "search", "onboarding", "exports", "the mobile app"};
    private static final String[] STATUSES = {"open", "in_progress", "done", "blocked"};
    private static final String[] SUMMARIES = {
        "Customers asked for it twice", "Follow-up of the review", "Needs a design first", "Small, well understood"
    };
}
