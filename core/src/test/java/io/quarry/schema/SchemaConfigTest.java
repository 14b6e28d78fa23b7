package io.quarry.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SchemaConfigTest {

    @Test
    void readsEveryFieldTypeAndOption() {
        Schema schema = Schema.parse("""
                types:
                  Task:
                    description: A unit of work.
                    fields:
                      title: {type: string, description: Short name.}
                      body: text
                      estimate: {type: number}
                      priority: {type: integer}
                      done: {type: boolean}
                      due_on: {type: date}
                      due_at: {type: datetime}
                      status: {type: enum, values: [Open, Done]}
                      tags: {type: array, items: string}
                      meta: {type: object}
                      cost_code: {type: string, exposed: false}
                    relationships:
                      - {name: part_of, target: Project, direction: out, description: The project.}
                  Project: {}
                """);
        EntityType task = schema.type("Task").orElseThrow();
        assertThat(task.description()).isEqualTo("A unit of work.");
        assertThat(task.fields())
                .extracting(Field::type)
                .containsExactly(
                        FieldType.STRING,
                        FieldType.TEXT,
                        FieldType.NUMBER,
                        FieldType.INTEGER,
                        FieldType.BOOLEAN,
                        FieldType.DATE,
                        FieldType.DATETIME,
                        FieldType.ENUM,
                        FieldType.ARRAY,
                        FieldType.OBJECT,
                        FieldType.STRING);
        assertThat(task.field("status").orElseThrow().values()).containsExactly("Open", "Done");
        assertThat(task.field("tags").orElseThrow().items()).isEqualTo(FieldType.STRING);
        assertThat(task.field("cost_code")).isEmpty();
        assertThat(task.hides("cost_code")).isTrue();
        assertThat(task.exposedFieldNames()).doesNotContain("cost_code");
        assertThat(task.relationships())
                .containsExactly(new Relationship("part_of", "Project", Relationship.Direction.OUT, "The project."));
        assertThat(task.schemaless()).isFalse();
        assertThat(schema.type("Project").orElseThrow().schemaless()).isTrue();
    }

    @Test
    void jsonIsAcceptedToo(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("quarry.json");
        Files.writeString(file, "{\"types\": {\"Task\": {\"fields\": {\"title\": {\"type\": \"string\"}}}}}");
        assertThat(Schema.load(file).type("Task").orElseThrow().exposedFieldNames())
                .containsExactly("title");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "unknown field type|types: {Task: {fields: {a: {type: strng}}}}|types.Task.fields.a: unknown field type 'strng'; use one of string, text",
                "missing type|types: {Task: {fields: {a: {description: x}}}}|types.Task.fields.a: 'type' is required",
                "enum without values|types: {Task: {fields: {a: {type: enum}}}}|an enum field needs 'values'",
                "values on a string|types: {Task: {fields: {a: {type: string, values: [x]}}}}|'values' is only for enum fields",
                "numbers as enum values|types: {Task: {fields: {a: {type: enum, values: [1]}}}}|enum values must be strings",
                "items on a string|types: {Task: {fields: {a: {type: string, items: string}}}}|'items' is only for array fields",
                "exposed not boolean|types: {Task: {fields: {a: {type: string, exposed: 'no'}}}}|'exposed' must be true or false",
                "unknown field key|types: {Task: {fields: {a: {type: string, hidden: true}}}}|unknown field key 'hidden'; allowed: description, exposed, items, type, values",
                "unknown type key|types: {Task: {feilds: {}}}|unknown type key 'feilds'",
                "unknown section|typez: {}|unknown configuration key 'typez'",
                "no types|limits: {}|'types' must map each type name",
                "bad type name|types: {'My Task': {}}|type names must match",
                "bad field name|types: {Task: {fields: {'due at': string}}}|field names must match",
                "unknown target|types: {Task: {relationships: [{name: part_of, target: Projet}]}}|relationship 'part_of' targets unknown type 'Projet'",
                "bad direction|types: {Task: {relationships: [{name: r, target: Task, direction: sideways}]}}|direction must be out, in or both",
                "relationship without target|types: {Task: {relationships: [{name: r}]}}|'name' and 'target' are required",
                "duplicate key|types: {Task: {}, Task: {}}|not valid JSON or YAML",
                "not an object|[1, 2]|must be an object with a 'types' section"
            })
    void invalidConfigurationSaysWhatToChange(String name, String yaml, String message) {
        assertThatThrownBy(() -> Schema.parse(yaml))
                .isInstanceOf(SchemaException.class)
                .hasMessageContaining(message);
    }

    @Test
    void builderRejectsDuplicatesAndDanglingTargets() {
        assertThatThrownBy(() -> Schema.builder()
                        .type(EntityType.of("Task"))
                        .type(EntityType.of("Task"))
                        .build())
                .hasMessageContaining("'Task' is declared twice");
        EntityType task = EntityType.of("Task").withRelationships(List.of(Relationship.out("part_of", "Project")));
        assertThatThrownBy(() -> Schema.builder().type(task).build()).hasMessageContaining("unknown type 'Project'");
        assertThatThrownBy(() -> EntityType.of("Task", Field.of("a", FieldType.STRING), Field.of("a", FieldType.TEXT)))
                .hasMessageContaining("declares field 'a' twice");
    }
}
