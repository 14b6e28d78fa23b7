package io.quarry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code quarry load} streams its file: 100,000 objects and 20,000 relationships (a 28 MB file)
 * load in a JVM of 64 MB of heap, with progress lines on standard error (the whole-file load held
 * ~17 times the file and died with an OutOfMemoryError). The 1M-object, 512 MB run of the same
 * shape is a documented command (bench/README.md).
 */
class LoadStreamsTest {
    @TempDir
    Path dir;

    @Test
    void aFileBiggerThanTheHeapLoadsUnder64Megabytes() throws Exception {
        Path file = dir.resolve("load-100k.json");
        LoadFiles.write(file, 100_000, 20_000);
        assertThat(Files.size(file)).isGreaterThan(20L << 20);
        String url = "jdbc:h2:file:" + dir.resolve("graph").toAbsolutePath();
        Forked load = fork("-Xmx64m", "load", "--data", file.toString(), "--jdbc-url", url);
        assertThat(load.exit()).as(load.err()).isZero();
        assertThat(load.out().strip()).isEqualTo("{\"objects\": 100000, \"relationships\": 20000}");
        List<String> err = load.err().lines().toList();
        assertThat(err.get(0)).isEqualTo("checked " + file + ": 100,000 objects, 20,000 relationships");
        assertThat(err).contains("loading 12,000 of 120,000 rows (10%)", "loading 120,000 of 120,000 rows (100%)");
        assertThat(err).allMatch(line -> line.startsWith("checked ") || line.startsWith("loading "));
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement();
                ResultSet objects =
                        s.executeQuery("SELECT COUNT(*), COUNT(DISTINCT \"org_id\") FROM \"quarry_objects\"")) {
            objects.next();
            assertThat(objects.getLong(1)).isEqualTo(100_000);
            assertThat(objects.getLong(2)).isEqualTo(2);
            try (ResultSet rels = s.executeQuery("SELECT COUNT(*) FROM \"quarry_relationships\"")) {
                rels.next();
                assertThat(rels.getLong(1)).isEqualTo(20_000);
            }
        }
    }

    record Forked(int exit, String out, String err) {}

    /** Runs the command line in a new JVM with the test's class path and these JVM options. */
    static Forked fork(String jvmOption, String... args) throws IOException, InterruptedException {
        return fork(jvmOption, java.io.InputStream.nullInputStream(), args);
    }

    /** The same with this standard input, written to the process as it reads it. */
    static Forked fork(String jvmOption, java.io.InputStream stdin, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                jvmOption,
                "-cp",
                System.getProperty("java.class.path"),
                QuarryCli.class.getName()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("quarry-out", ".txt");
        Path err = Files.createTempFile("quarry-err", ".txt");
        try {
            Process p = new ProcessBuilder(command)
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .start();
            Thread feeder = new Thread(() -> {
                try (var in = p.getOutputStream()) {
                    stdin.transferTo(in);
                } catch (IOException e) {
                    // the process has stopped reading: its answers say what happened
                }
            });
            feeder.start();
            int exit = p.waitFor();
            feeder.join();
            return new Forked(
                    exit, Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
