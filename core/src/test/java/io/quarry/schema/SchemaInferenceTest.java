package io.quarry.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.internal.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SchemaInferenceTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "[1, 2, 3]|integer",
                "[1, 2.5]|number",
                "[1, \"2\", \" 3 \", 4]|number",
                "[\"7\", \"high\", \"8\"]|number",
                "[\"2024-01-01\", \"2024-02-01\"]|date",
                "[\"2024-01-01\", \"2024-02-01T10:00:00Z\"]|datetime",
                "[true, false, null]|boolean",
                "[[\"a\"], []]|array",
                "[{\"a\": 1}]|object",
                "[\"Open\", \"Done\"]|string",
                "[null, null]|string"
            })
    void infersTheMajorityKind(String values, String expected) throws Exception {
        List<JsonNode> objects = new ArrayList<>();
        for (JsonNode v : Json.parse(values)) {
            objects.add(Json.object().set("f", v));
        }
        EntityType type = Schema.infer(Map.of("Thing", objects)).type("Thing").orElseThrow();
        assertThat(type.origin()).isEqualTo(EntityType.Origin.INFERRED);
        assertThat(type.schemaless()).isTrue();
        assertThat(type.field("f").orElseThrow().type().jsonName()).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"40,string", "200,text"})
    void longStringsAreText(int length, String expected) {
        JsonNode o = Json.object().put("body", "x".repeat(length));
        assertThat(Schema.infer(Map.of("Doc", List.of(o)))
                        .type("Doc")
                        .orElseThrow()
                        .field("body")
                        .orElseThrow()
                        .type()
                        .jsonName())
                .isEqualTo(expected);
    }
}
