package io.quarry.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.internal.Json;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
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
    void badRowsAreNamed(String json, String message) {
        assertThatThrownBy(() -> DataFile.read(Json.parse(json), "data.json"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("data.json")
                .hasMessageContaining(message);
    }
}
