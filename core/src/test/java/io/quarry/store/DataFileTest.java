package io.quarry.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.quarry.internal.Json;
import io.quarry.testing.Seeds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DataFileTest {

    @Test
    void readsObjectsScopeKeysTimestampsAndRelationships() throws Exception {
        DataFile.DataSet data = DataFile.read(Json.parse("""
                {"objects": [
                  {"id": "t1", "type": "Task", "project_id": "p1", "updated_at": "2024-01-02T10:00:00+02:00", "properties": {"a": 1}},
                  {"id": "p1", "type": "Project"}],
                 "relationships": [{"src_id": "t1", "dst_id": "p1", "type": "part_of"}]}
                """), "inline");
        GraphObject t1 = data.objects().get(0);
        assertThat(t1.scope()).isEqualTo(Map.of("project_id", "p1"));
        assertThat(t1.updatedAt()).isEqualTo(Instant.parse("2024-01-02T08:00:00Z"));
        assertThat(t1.createdAt()).isEqualTo(t1.updatedAt());
        assertThat(data.objects().get(1).createdAt()).isEqualTo(Instant.EPOCH);
        assertThat(data.relationships().get(0))
                .isEqualTo(new GraphRelationship("t1:part_of:p1", "t1", "p1", "part_of"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"objects\": [{\"type\": \"Task\"}]}|objects[0]: 'id' is required",
                "{\"objects\": [{\"id\": \"a\", \"type\": \"My Task\"}]}|type 'My Task' must match",
                "{\"objects\": [{\"id\": \"a\", \"type\": \"T\", \"properties\": []}]}|'properties' must be an object",
                "{\"objects\": [{\"id\": \"a\", \"type\": \"T\", \"updated_at\": \"yesterday\"}]}|'updated_at' is not an ISO-8601 date-time",
                "{\"objects\": [{\"id\": \"a\", \"type\": \"T\", \"project_id\": 5}]}|scope key 'project_id' must have a string value",
                "{\"objects\": {}}|'objects' must be an array",
                "{\"relationships\": [{\"src_id\": \"a\", \"type\": \"x\"}]}|relationships[0]: 'dst_id' is required",
                "[]|expected an object"
            })
    void badRowsAreNamed(String json, String message) throws Exception {
        assertThatThrownBy(() -> DataFile.read(Json.parse(json), "data.json"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("data.json")
                .hasMessageContaining(message);
        Path file = dir.resolve("data.json");
        Files.writeString(file, json);
        assertThatThrownBy(() -> DataFile.scan(file))
                .as("the streaming scan says the same")
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(file + ": ")
                .hasMessageContaining(message);
    }

    @TempDir
    Path dir;

    /** The scan, which holds only ids, refuses what reading whole refuses, with the same one line. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"objects\": [{\"id\": \"a\", \"type\": \"T\"}, {\"id\": \"a\", \"type\": \"T\"}]}",
                "{\"objects\": [{\"id\": \"a\", \"type\": \"T\"}], \"relationships\": [{\"src_id\": \"a\", \"dst_id\": \"b\", \"type\": \"x\"}]}",
                "{\"relationships\": [{\"src_id\": \"a\", \"dst_id\": \"b\", \"type\": \"x\"}], \"objects\": [{\"id\": \"a\", \"type\": \"T\"}]}",
                "{\"relationships\": [{\"src_id\": \"a\", \"dst_id\": \"a\", \"type\": \"x\"}]}",
                "{\"objects\": [{\"id\": \"a\", \"type\": \"T\"}], \"relationships\": [{\"id\": \"r\", \"src_id\": \"a\", \"dst_id\": \"a\", \"type\": \"x\"}, {\"id\": \"r\", \"src_id\": \"a\", \"dst_id\": \"a\", \"type\": \"y\"}]}",
                "{\"objects\": [{\"id\": \"a\", \"type\": \"T\", \"properties\": {\"t\": \"x\\ud800\"}}]}",
                "{\"objects\": [{\"id\": \"a\", \"type\": \"T\"},]}",
                "{\"objects\": [{\"id\": \"a\", \"type\": \"T\", \"type\": \"U\"}]}",
                "{\"objects\": [], \"objects\": []}",
                "{\"objects\": []} x",
                "''",
                "{\"objects\": [{\"id\": \"a\", \"type\": \"T\", \"properties\": {\"n\": 1e2147483648}}]}"
            })
    void theScanRefusesWhatReadingRefusesWithTheSameLine(String json) throws Exception {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, json);
        String whole = catchThrowableOfType(IllegalArgumentException.class, () -> DataFile.read(file))
                .getMessage();
        assertThat(whole).doesNotContain("Source:").doesNotContain("REDACTED").doesNotContain("\n");
        assertThatThrownBy(() -> DataFile.scan(file))
                .isInstanceOf(IllegalArgumentException.class)
                .satisfies(e -> assertThat(e.getMessage().replaceAll(" \\(line .*", ""))
                        .isEqualTo(whole.replaceAll(" \\(line .*", "")));
    }

    /** The scan gives what reading whole gives, in file order, with relationships before objects too. */
    @Test
    void aScannedFileVisitsWhatReadingWholeReads() throws Exception {
        String objects =
                "\"objects\": [{\"id\": \"t1\", \"type\": \"Task\", \"org_id\": \"acme\", \"properties\": {\"n\": 1.50}},"
                        + " {\"id\": \"p\u00e9\", \"type\": \"Project\", \"team\": \"x\"}]";
        String relationships =
                "\"relationships\": [{\"src_id\": \"t1\", \"dst_id\": \"p\u00e9\", \"type\": \"part_of\"}]";
        for (String json : List.of(
                "{" + objects + ", \"other\": {\"a\": [1]}, " + relationships + "}",
                "{" + relationships + ", " + objects + "}")) {
            Path file = dir.resolve("good.json");
            Files.writeString(file, json);
            DataFile.DataSet whole = DataFile.read(file);
            DataFile.Scanned scanned = DataFile.scan(file);
            assertThat(scanned.objectCount()).isEqualTo(2);
            assertThat(scanned.relationshipCount()).isEqualTo(1);
            assertThat(scanned.scopeKeys()).containsExactly("org_id", "team");
            List<Object> visited = new ArrayList<>();
            scanned.forEach(new DataFile.Visitor<RuntimeException>() {
                @Override
                public void object(GraphObject object) {
                    visited.add(object);
                }

                @Override
                public void relationship(GraphRelationship relationship) {
                    visited.add(relationship);
                }
            });
            List<Object> expected = new ArrayList<>(whole.objects());
            expected.addAll(whole.relationships());
            assertThat(visited).isEqualTo(expected);
        }
    }

    /** The compact id set against a HashMap: ids of every length and script, first positions kept. */
    @Test
    void theIdIndexAgreesWithAMap() {
        IdIndex index = new IdIndex();
        Map<String, Integer> map = new HashMap<>();
        java.util.Random random = new java.util.Random(Seeds.seed());
        for (int i = 0; i < 50_000; i++) {
            StringBuilder id = new StringBuilder();
            int length = random.nextInt(i % 100 == 0 ? 300 : 6);
            for (int j = 0; j < length; j++) {
                id.appendCodePoint(random.nextBoolean() ? 'a' + random.nextInt(3) : 0x80 + random.nextInt(0x2000));
            }
            String key = id.toString();
            Integer first = map.putIfAbsent(key, map.size());
            assertThat(index.add(key)).as(key).isEqualTo(first == null ? -1 : first);
            assertThat(index.contains(key + "\u00ff")).isEqualTo(map.containsKey(key + "\u00ff"));
        }
        assertThat(index.size()).isEqualTo(map.size());
        map.forEach((key, at) -> assertThat(index.contains(key)).isTrue());
    }
}
