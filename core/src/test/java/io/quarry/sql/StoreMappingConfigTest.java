package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.config.ConfigException;
import io.quarry.config.QuarryConfig;
import io.quarry.filter.FilterCases;
import io.quarry.sql.dialect.SqliteDialect;
import io.quarry.store.GraphObject;
import io.quarry.store.ObjectQuery;
import io.quarry.store.Scope;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The {@code store} section of the configuration file: names, defaults, and messages that say what to change. */
class StoreMappingConfigTest {
    private static Optional<StoreMapping> parse(String yaml, String source) {
        return QuarryConfig.parse(yaml, source).store();
    }

    private static final String FULL = """
            types: {Thing: {}}
            store:
              objects:
                table: graph_objects
                id: oid
                type: kind
                properties: props
                created_at: created
                updated_at: modified
                scope_columns: [org_id, project_id]
              relationships: {table: graph_edges, id: eid, src_id: from_id, dst_id: to_id, type: rel}
            """;

    @Test
    void everyNameComesFromTheFile() {
        assertThat(parse(FULL, "quarry.yaml"))
                .contains(new StoreMapping(
                        "graph_objects",
                        "oid",
                        "kind",
                        "props",
                        "created",
                        "modified",
                        List.of("org_id", "project_id"),
                        "graph_edges",
                        "eid",
                        "from_id",
                        "to_id",
                        "rel"));
    }

    @Test
    void layoutTablesGivesTheTableLayoutAndGraphTheNamedGraphLayout() {
        StoreMapping tables = parse(
                        "store: {layout: tables, tables: {types: {Thing: {table: things, fields: {name: name}}}}}",
                        "q.yaml")
                .orElseThrow();
        assertThat(tables.tables()).isNotNull();
        assertThat(tables.tables().table("Thing")).isPresent();
        assertThat(parse("store: {layout: graph, objects: {table: objs}}", "q.yaml"))
                .hasValueSatisfying(m -> {
                    assertThat(m.tables()).isNull();
                    assertThat(m.objectsTable()).isEqualTo("objs");
                });
    }

    @Test
    void missingNamesTakeTheDefaults() {
        assertThat(parse("store: {objects: {scope_columns: [org_id]}}", "q.yaml"))
                .contains(StoreMapping.graph("org_id"));
        assertThat(parse("store: {}", "q.yaml")).contains(StoreMapping.graph());
        assertThat(parse("types: {Thing: {}}", "q.yaml")).isEqualTo(Optional.empty());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "store: {objcts: {}}|q.yaml: store: unknown key 'objcts' (did you mean 'objects'?); allowed keys are layout, objects, relationships, roles, session, tables",
                "store: {layout: tabels}|q.yaml: store.layout: unknown layout 'tabels'; use graph (the default) or tables",
                "store: {layout: tables, objects: {table: t}, tables: {types: {Thing: {table: things}}}}|q.yaml: store: 'objects' and 'relationships' name the graph layout's tables; with layout: tables, name the tables under 'tables' instead",
                "store: {objects: {tabel: t}}|q.yaml: store.objects: unknown key 'tabel' (did you mean 'table'?); allowed keys are created_at, id, properties, scope_columns, table, type, updated_at",
                "store: {objects: {table: 'my table'}}|q.yaml: store.objects.table: 'my table' is not a valid table name; use letters, digits, '_' and '-', starting with a letter or '_' (at most 64)",
                "store: {objects: {id: 7}}|q.yaml: store.objects.id: expected a string, found the number 7; write a column name, such as 'id'",
                "store: {objects: {scope_columns: org_id}}|q.yaml: store.objects.scope_columns: expected a list, found the string 'org_id'; write a list of column names, such as [org_id]",
                "store: {objects: {scope_columns: [org_id, 'a;b']}}|q.yaml: store.objects.scope_columns[1]: 'a;b' is not a valid column name; use letters, digits, '_' and '-', starting with a letter or '_' (at most 64)",
                "store: {objects: {scope_columns: [type]}}|q.yaml: store.objects: 'type' and 'scope_columns' both name the column 'type'; give each its own column",
                "store: {relationships: {src_id: a, dst_id: a}}|q.yaml: store.relationships: 'src_id' and 'dst_id' both name the column 'a'; give each its own column",
                "store: {relationships: {table: quarry_objects}}|q.yaml: store: objects and relationships need two tables, not both 'quarry_objects'; rename relationships.table",
                "store: [objects]|q.yaml: store: expected an object, found a list; give some of layout, objects, relationships, roles, session, tables",
                "store: {objects: [table]}|q.yaml: store.objects: expected an object, found a list; give some of created_at, id, properties, scope_columns, table, type, updated_at",
                "store: {objects: {table: a, table: b}}|q.yaml: store.objects: duplicate key 'table'; write each key once"
            })
    void mistakesSayWhatToChange(String config, String message) {
        assertThatThrownBy(() -> parse(config, "q.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessage(message);
    }

    @Test
    void aStoreWithTheFilesNamesAnswersAsTheDefaultOne() {
        StoreMapping mapping = parse(FULL, "quarry.yaml").orElseThrow();
        DataSource ds = Backend.SQLITE.dataSource("store_mapping_config");
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(new SqliteDialect())
                .mapping(mapping)
                .build();
        store.createLayout();
        store.load(FilterCases.data());
        ObjectQuery query = ObjectQuery.builder()
                .type("Thing")
                .filter(new SqlCompiler(store.dialect())
                        .validate("{\"n\": {\"$gt\": 4}}", FilterCases.schema(), "Thing"))
                .limit(100)
                .build();
        List<String> ids =
                store.search(query).items().stream().map(GraphObject::id).toList();
        assertThat(ids)
                .isNotEmpty()
                .isEqualTo(io.quarry.store.InMemoryObjectStore.of(FilterCases.data()).search(query).items().stream()
                        .map(GraphObject::id)
                        .toList());
        assertThat(store.countByType(Scope.unrestricted())).isNotEmpty();
    }
}
