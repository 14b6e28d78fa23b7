package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TableLayoutConfigTest {
    /** The layout of {@link TableLayoutContract}, as docs/configuration.md shows it. */
    static final String CONFIG = """
            store:
              layout: tables
              tables:
                types:
                  Project:
                    table: projects
                    created_at: created_at
                    updated_at: updated_at
                    scope: [org_id]
                    fields:
                      name: name
                      budget: {column: budget, type: number}
                  Person:
                    table: people
                    id: person_id
                    scope: [org_id]
                    fields:
                      name: full_name
                      active: {column: active, type: boolean}
                      joined: {column: joined, type: timestamp}
                  Task:
                    table: tasks
                    created_at: created_at
                    updated_at: updated_at
                    scope: [org_id]
                    rest: props
                    fields:
                      title: title
                      status: {column: status, type: text}
                      priority: {column: priority, type: number}
                      done: {column: done, type: boolean}
                      due_at: {column: due_at, type: timestamp}
                      code: code
                      tags: {column: tags, type: json}
                      owner: {column: extra, path: meta.owner}
                    foreign_keys:
                      - {column: project_id, target: Project, relationship: in_project}
                      - {column: assignee_id, target: Person, relationship: assigned_to}
                edges:
                  - {table: links, id: link_id, src: src, dst: dst, type_column: kind}
                  - {table: follows, src: follower, dst: followee, type: follows}
            """;

    static JsonNode yaml(String text) throws Exception {
        return new YAMLMapper().readTree(text);
    }

    @Test
    void theDocumentedConfigurationIsTheContractsLayout(@TempDir Path dir) throws Exception {
        assertThat(TableLayout.fromConfig(yaml(CONFIG))).contains(TableLayoutContract.layout());
        Path file = Files.writeString(dir.resolve("quarry.yaml"), CONFIG);
        assertThat(TableLayout.load(file)).contains(TableLayoutContract.layout());
    }

    @Test
    void withoutTheTablesLayoutThereIsNone() throws Exception {
        assertThat(TableLayout.fromConfig(yaml("types: {}"))).isEmpty();
        assertThat(TableLayout.fromConfig(yaml("store: {layout: graph, objects_table: things}")))
                .isEmpty();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "store: {tables: {types: {}}}|configuration: store.tables: is set but store.layout is not 'tables'",
                "store: {layout: tables, tables: {types: {T: {table: t, colour: red}}}}|configuration:"
                        + " store.tables.types.T: unknown key 'colour'; allowed keys are created_at, fields,"
                        + " foreign_keys, id, rest, scope, table, updated_at",
                "store: {layout: tables, tables: {types: {T: {id: x}}}}|store.tables.types.T.table: is required",
                "store: {layout: tables, tables: {types: {T: {table: t, fields: {f: {column: c, type: date}}}}}}"
                        + "|store.tables.types.T.fields.f.type: unknown column type 'date'; use one of text,"
                        + " number, boolean, timestamp, json",
                "store: {layout: tables, tables: {types: {T: {table: t, fields: {f: {column: c, type: text,"
                        + " path: a.b}}}}}}|store.tables.types.T.fields.f: a path inside column 'c' needs a json"
                        + " column",
                "store: {layout: tables, tables: {types: {T: {table: 'x y'}}}}|store.tables.types.T: 'x y' is not"
                        + " a valid table, column or type name",
                "store: {layout: tables, tables: {types: {T: {table: t, foreign_keys: [{column: c, target: U,"
                        + " relationship: r}]}}}}|store.tables: foreign key t.c points to type 'U', which has no"
                        + " table",
                "store: {layout: tables, tables: {types: {T: {table: t}}, edges: [{table: e, type: r,"
                        + " type_column: k}]}}|store.tables.edges[0]: edges table 'e' needs either a type column"
                        + " or a fixed type",
                "store: {layout: tables, tables: {types: {}}}|store.tables: the table layout needs at least one"
                        + " type table"
            })
    void errorsNameTheEntryAndWhatToChange(String config, String message) {
        assertThatThrownBy(() -> TableLayout.fromConfig(yaml(config)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }
}
