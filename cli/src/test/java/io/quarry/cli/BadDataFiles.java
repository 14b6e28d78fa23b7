package io.quarry.cli;

import static io.quarry.cli.QuarryCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Bad data files, each refused by {@code load} and by {@code --data} with the same one line naming the
 * entry, and nothing loaded; and a file whose ids are already in the database, refused with one line
 * naming the id. Every backend's command test runs {@link #refusedWholly}.
 */
final class BadDataFiles {
    private static final String GOOD_OBJECTS = "{\"id\": \"t1\", \"type\": \"Task\", \"org_id\": \"acme\"},"
            + " {\"id\": \"d1\", \"type\": \"Document\", \"org_id\": \"acme\"}";

    /** A file and what its one-line error says. */
    record Bad(String name, String json, String message) {}

    static final List<Bad> FILES = List.of(
            new Bad(
                    "dangling",
                    "{\"objects\": [" + GOOD_OBJECTS + "], \"relationships\": [{\"id\": \"r1\", \"src_id\": \"d1\","
                            + " \"dst_id\": \"ghost\", \"type\": \"documents\"}]}",
                    "relationships[0]: relationship 'r1' refers to object 'ghost', which the data does not have"),
            new Bad(
                    "duplicate-object",
                    "{\"objects\": [" + GOOD_OBJECTS + ", {\"id\": \"t1\", \"type\": \"Task\"}]}",
                    "objects[2]: duplicate object id 't1', also at objects[0]; ids must be unique"),
            new Bad(
                    "duplicate-relationship",
                    "{\"objects\": [" + GOOD_OBJECTS + "], \"relationships\": ["
                            + "{\"id\": \"r1\", \"src_id\": \"d1\", \"dst_id\": \"t1\", \"type\": \"documents\"},"
                            + "{\"id\": \"r1\", \"src_id\": \"t1\", \"dst_id\": \"d1\", \"type\": \"x\"}]}",
                    "relationships[1]: duplicate relationship id 'r1', also at relationships[0]"),
            new Bad(
                    "lone-surrogate",
                    "{\"objects\": [" + GOOD_OBJECTS + ", {\"id\": \"t2\", \"type\": \"Task\", \"properties\":"
                            + " {\"title\": [\"ok\", \"a\\ud800b\"]}}]}",
                    "objects[2]: holds text that is not valid Unicode"),
            new Bad("bad-json", "{\"objects\": [" + GOOD_OBJECTS + ",]}", "not valid JSON: unexpected ']'"));

    private BadDataFiles() {}

    /**
     * Loads each bad file into {@code url} (an empty database or schema) and checks the one-line error,
     * that {@code --data} gives the same, and that nothing was loaded; then loads the good data file
     * and loads it again, which names an id already there.
     */
    static void refusedWholly(Path dir, String url) throws Exception {
        for (Bad bad : FILES) {
            Path file = dir.resolve(bad.name() + ".json");
            Files.writeString(file, bad.json());
            QuarryCliTest.Run load = run("", "load", "--data", file.toString(), "--jdbc-url", url);
            assertThat(load.exit()).as(bad.name()).isNotZero();
            assertThat(load.err().lines().toList()).as(bad.name()).hasSize(1);
            assertThat(load.err()).as(bad.name()).contains(file + ": " + bad.message());
            QuarryCliTest.Run data = run("", "call", "get_database_schema", "{}", "--data", file.toString());
            assertThat(data.exit()).as(bad.name()).isNotZero();
            assertThat(data.err().lines().toList()).as(bad.name()).hasSize(1);
            assertThat(data.err()).as(bad.name()).contains(file + ": " + bad.message());
            assertThat(objects(url)).as(bad.name() + ": nothing loaded").isZero();
        }
        QuarryCliTest.Run first = run("", "load", "--data", QuarryCliTest.data.toString(), "--jdbc-url", url);
        assertThat(first.exit()).as(first.err()).isZero();
        QuarryCliTest.Run again = run("", "load", "--data", QuarryCliTest.data.toString(), "--jdbc-url", url);
        assertThat(again.exit()).isNotZero();
        assertThat(again.err().lines().toList()).hasSize(1);
        assertThat(again.err())
                .containsPattern(
                        "loading failed, nothing was loaded: object '(t1|t2|t3|d1)' is already in the database")
                .doesNotContain("INSERT")
                .doesNotContain("Exception");
        assertThat(objects(url)).isEqualTo(4);
    }

    /** The number of objects in the database, summed over its types. */
    private static int objects(String url) throws Exception {
        QuarryCliTest.Run names = run("", "call", "get_database_schema", "{\"detail\": \"names\"}", "--jdbc-url", url);
        if (names.exit() != 0 || names.out().isBlank()) {
            return 0; // no layout yet: nothing was ever loaded
        }
        int count = 0;
        for (JsonNode type : names.lines().get(0).path("types")) {
            count += type.path("count").asInt();
        }
        return count;
    }
}
