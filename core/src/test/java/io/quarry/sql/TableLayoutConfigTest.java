package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.config.ConfigException;
import io.quarry.config.QuarryConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
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
                    id: {column: id, form: bare}
                    updated_at: updated_at
                    scope: [org_id]
                    fields:
                      name: name
                      budget: {column: budget, type: number}
                  Person:
                    table: people
                    id: {column: person_id, form: bare}
                    scope: [org_id]
                    fields:
                      name: full_name
                      active: {column: active, type: boolean}
                      joined: {column: joined, type: timestamp}
                  Task:
                    table: tasks
                    id: {column: id, form: bare}
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

    static Optional<TableLayout> layout(String yaml) {
        return QuarryConfig.parse(yaml, "quarry.yaml").store().map(StoreMapping::tables);
    }

    @Test
    void theDocumentedConfigurationIsTheContractsLayout(@TempDir Path dir) throws Exception {
        assertThat(layout(CONFIG)).contains(TableLayoutContract.layout());
        Path file = Files.writeString(dir.resolve("quarry.yaml"), CONFIG);
        assertThat(QuarryConfig.load(file).store().orElseThrow().tables()).isEqualTo(TableLayoutContract.layout());
    }

    @Test
    void keysSchemasAndTypedEdgeEndsAreRead() {
        TableLayout layout = layout("""
                        store:
                          layout: tables
                          tables:
                            types:
                              Order: {table: orders, schema: sales, id: {column: order_id, type: integer}}
                              OrderLine:
                                table: order_lines
                                schema: sales
                                id: {columns: [order_id, line_no], types: [integer, integer]}
                                foreign_keys: [{column: order_id, target: Order, relationship: of_order}]
                              Note:
                                table: notes
                                id: {column: note_id, type: uuid, form: bare}
                                foreign_keys: [{columns: [order_id, line_no], target: OrderLine, relationship: about}]
                              Tag: {table: tags}
                            edges:
                              - {table: order_tags, schema: sales, src: order_id, dst: tag, type: tagged,
                                 src_type: Order, dst_type: Tag}
                        """).orElseThrow();
        TableLayout.TypeTable line = layout.table("OrderLine").orElseThrow();
        assertThat(line.schema()).isEqualTo("sales");
        assertThat(line.key())
                .isEqualTo(new TableLayout.Key(
                        List.of("order_id", "line_no"),
                        List.of(TableLayout.KeyType.INTEGER, TableLayout.KeyType.INTEGER),
                        true));
        assertThat(layout.table("Note").orElseThrow().key().qualified()).isFalse();
        assertThat(layout.table("Note").orElseThrow().foreignKeys().get(0).columns())
                .containsExactly("order_id", "line_no");
        assertThat(layout.table("Tag").orElseThrow().key())
                .isEqualTo(new TableLayout.Key(List.of("id"), List.of(TableLayout.KeyType.TEXT), true));
        TableLayout.EdgesTable edges = layout.edges().get(0);
        assertThat(List.of(edges.schema(), edges.srcType(), edges.dstType())).containsExactly("sales", "Order", "Tag");
    }

    @Test
    void withoutTheTablesLayoutThereIsNone() throws Exception {
        assertThat(layout("types: {}")).isEmpty();
        assertThat(layout("store: {layout: graph, objects: {table: things}}")).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "store: {tables: {types: {}}}|store.tables: is set but store.layout is not 'tables'; add layout: tables",
                "store: {layout: tables, tables: {types: {T: {table: t, colour: red}}}}|store.tables.types.T: unknown key 'colour'; allowed keys are created_at, fields, foreign_keys, id, rest, schema, scope, table, updated_at",
                "store: {layout: tables, tables: {types: {T: {table: t, table: u}}}}|store.tables.types.T: duplicate key 'table'; write each key once",
                "store: {layout: tables, tables: {types: {T: {table: t, fields: {f: c, f: d}}}}}|store.tables.types.T.fields: duplicate key 'f'; write each key once",
                "store: {layout: tables, tables: {types: {T: {id: x}}}}|store.tables.types.T: 'table' is missing; name the type's table",
                "store: {layout: tables, tables: {types: {T: {table: t, fields: {f: {column: c, type: timestamp, path: a.b}}}}}}|store.tables.types.T.fields.f.type: a path inside column 'c' needs a json column; set type: json",
                "store: {layout: tables, tables: {types: {T: {table: 'x;y'}}}}|store.tables.types.T.table: 'x;y' is not a table name Quarry can quote; use letters, digits, spaces and _ $ # & . ( ) / + - (at most 64, no space at either end)",
                "store: {layout: tables, tables: {types: {Task: {table: t, foreign_keys: [{column: c, target: Tsak, relationship: r}]}}}}|store.tables.types.Task.foreign_keys[0].target: unknown type 'Tsak' (did you mean 'Task'?); map it under store.tables.types, or point to one of Task",
                "store: {layout: tables, tables: {types: {T: {table: t}}, edges: [{table: e, type: r, type_column: k}]}}|store.tables.edges[0]: has both type_column and type; give type_column (the column holding each row's type) or type (one type for every row)",
                "store: {layout: tables, tables: {types: {}}}|store.tables.types: maps no type; map at least one type name to its table",
                "store: {layout: tables, tables: {types: {T: {table: t, id: {column: a, type: int}}}}}|store.tables.types.T.id.type: unknown key type 'int'; use one of text, integer, number, uuid, date, as_text",
                "store: {layout: tables, tables: {types: {T: {table: t, id: {columns: [a, b], types: [integer]}}}}}|store.tables.types.T.id: names 2 column(s) and 1 type(s); give one type per key column, in the same order",
                "store: {layout: tables, tables: {types: {T: {table: t, id: {column: a, form: short}}}}}|store.tables.types.T.id.form: unknown id form 'short'; use qualified (ids Type:key, the default) or bare",
                "store: {layout: tables, tables: {types: {T: {table: t, id: {column: a, columns: [b]}}}}}|store.tables.types.T.id: has both column and columns; give column: name, or columns: [a, b] for a key of several columns",
                "store: {layout: tables, tables: {types: {T: {table: t, scope: org_id}}}}|store.tables.types.T.scope: expected a list, found the string 'org_id'; write a list of column names, such as [org_id]"
            })
    void errorsNameTheEntryAndWhatToChange(String config, String message) {
        assertThatThrownBy(() -> layout(config))
                .isInstanceOf(ConfigException.class)
                .hasMessage("quarry.yaml: " + message);
    }
}
