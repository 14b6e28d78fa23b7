package io.quarry.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.config.ConfigException;
import io.quarry.config.QuarryConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SchemaConfigTest {

    private static Schema schema(String yaml) {
        return QuarryConfig.parse(yaml, "quarry.yaml").schema().orElseThrow();
    }

    @Test
    void readsEveryFieldTypeAndOption() {
        Schema schema = schema("""
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
                      meta: {type: object, masked: true}
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
        // masked: usable (exposed), its values shown as masks
        assertThat(task.field("meta").orElseThrow().masked()).isTrue();
        assertThat(task.masks("meta")).isTrue();
        assertThat(task.masks("title")).isFalse();
        assertThat(task.exposedFieldNames()).contains("meta");
        assertThat(Field.of("a", FieldType.STRING).mask())
                .isEqualTo(new Field("a", FieldType.STRING, null, List.of(), null, true, true));
        assertThat(task.relationships())
                .containsExactly(new Relationship("part_of", "Project", Relationship.Direction.OUT, "The project."));
        assertThat(task.schemaless()).isFalse();
        assertThat(schema.type("Project").orElseThrow().schemaless()).isTrue();
    }

    @Test
    void jsonIsAcceptedToo(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("quarry.json");
        Files.writeString(file, "{\"types\": {\"Task\": {\"fields\": {\"title\": {\"type\": \"string\"}}}}}");
        assertThat(QuarryConfig.load(file)
                        .schema()
                        .orElseThrow()
                        .type("Task")
                        .orElseThrow()
                        .exposedFieldNames())
                .containsExactly("title");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "unknown field type|types: {Task: {fields: {a: {type: strng}}}}|types.Task.fields.a.type: unknown field type 'strng'; use one of string, text, number, integer, boolean, date, datetime, enum, array, object",
                "missing type|types: {Task: {fields: {a: {description: x}}}}|types.Task.fields.a: 'type' is missing; add type: one of string, text, number, integer, boolean, date, datetime, enum, array, object",
                "enum without values|types: {Task: {fields: {a: {type: enum}}}}|types.Task.fields.a: an enum field needs 'values'; add values: [the allowed strings]",
                "values on a string|types: {Task: {fields: {a: {type: string, values: [x]}}}}|types.Task.fields.a.values: only enum fields have values; set type: enum or remove values",
                "numbers as enum values|types: {Task: {fields: {a: {type: enum, values: [1]}}}}|types.Task.fields.a.values[0]: expected a string, found the number 1; write the allowed values as strings, quoting numbers",
                "items on a string|types: {Task: {fields: {a: {type: string, items: string}}}}|types.Task.fields.a.items: only array fields have items; set type: array or remove items",
                "exposed not boolean|types: {Task: {fields: {a: {type: string, exposed: 'no'}}}}|types.Task.fields.a.exposed: expected true or false, found the string 'no'; write true or false",
                "unknown field key|types: {Task: {fields: {a: {type: string, hidden: true}}}}|types.Task.fields.a: unknown key 'hidden'; allowed keys are description, exposed, items, masked, roles, type, values",
                "masked and hidden|types: {Task: {fields: {a: {type: string, exposed: false, masked: true}}}}|types.Task.fields.a.masked: a hidden field (exposed: false) cannot be masked: nothing ever shows it; remove masked, or exposed: false to let tools filter, sort, group and count by it",
                "masked not boolean|types: {Task: {fields: {a: {type: string, masked: 'yes'}}}}|types.Task.fields.a.masked: expected true or false, found the string 'yes'; write true or false",
                "unknown type key|types: {Task: {feilds: {}}}|types.Task: unknown key 'feilds' (did you mean 'fields'?); allowed keys are description, fields, left_out, module, order, relationships, roles",
                "unknown section|typez: {}|unknown key 'typez' (did you mean 'types'?); allowed keys are graph, left_out, limits, projections, search, store, tools, types",
                "types not an object|types: [Task]|types: expected an object, found a list; map each type name to its description, fields and relationships",
                "bad type name|types: {'My Task': {}}|types.My Task: 'My Task' is not a valid type name; use letters, digits, '_' and '-', starting with a letter or '_' (at most 64)",
                "bad field name|types: {Task: {fields: {'due at': string}}}|types.Task.fields.due at: 'due at' is not a valid field name; use letters, digits, '_' and '-', starting with a letter or '_' (at most 64)",
                "unknown target|types: {Task: {relationships: [{name: part_of, target: Projet}]}, Project: {}}|types.Task.relationships[0].target: unknown type 'Projet' (did you mean 'Project'?); declared types: Task, Project",
                "bad direction|types: {Task: {relationships: [{name: r, target: Task, direction: sideways}]}}|types.Task.relationships[0].direction: unknown direction 'sideways'; write out, in or both",
                "relationship without target|types: {Task: {relationships: [{name: r}]}}|types.Task.relationships[0]: 'target' is missing; give name and target, and optionally direction",
                "duplicate type|types: {Task: {}, Task: {}}|types: duplicate key 'Task'; write each key once",
                "duplicate field|types: {Task: {fields: {a: string, a: text}}}|types.Task.fields: duplicate key 'a'; write each key once",
                "not an object|[1, 2]|expected an object, found a list; write an object with some of graph, left_out, limits, projections, search, store, tools, types",
                "not YAML|types: {Task: [}|not valid YAML or JSON at line 1, column 16: while parsing a flow node: expected the node content, but found '}'; correct the syntax there"
            })
    void invalidConfigurationSaysWhatToChange(String name, String yaml, String message) {
        assertThatThrownBy(() -> schema(yaml))
                .isInstanceOf(ConfigException.class)
                .hasMessage("quarry.yaml: " + message);
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
