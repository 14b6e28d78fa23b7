package io.quarry.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The one reader: every section checked the same way, every error in one format. */
class QuarryConfigTest {
    private static final String TYPES = "types: {Task: {fields: {title: string, priority: integer}}}\n";

    @Test
    void aFileATextAndAStreamReadAlike(@TempDir Path dir) throws Exception {
        String text = TYPES + "store: {objects: {scope_columns: [org_id]}}\n";
        Path file = Files.writeString(dir.resolve("quarry.yaml"), text);
        QuarryConfig fromFile = QuarryConfig.load(file);
        QuarryConfig fromText = QuarryConfig.parse(text, "quarry.yaml");
        QuarryConfig fromStream =
                QuarryConfig.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "classpath:q.yaml");
        assertThat(fromFile.source()).isEqualTo(file.toString());
        assertThat(fromStream.source()).isEqualTo("classpath:q.yaml");
        for (QuarryConfig c : new QuarryConfig[] {fromText, fromStream}) {
            assertThat(c.schema()).isEqualTo(fromFile.schema());
            assertThat(c.store()).isEqualTo(fromFile.store());
        }
        assertThat(fromFile.projections().orElseThrow().schema())
                .isEqualTo(fromFile.schema().orElseThrow());
        assertThat(fromFile.snapshots()).isPresent();
        assertThat(fromFile.tools()).isEmpty();
        assertThat(fromFile.limits()).isEmpty();
    }

    @Test
    void everySectionIsOptional() {
        QuarryConfig empty = QuarryConfig.parse("", "empty.yaml");
        assertThat(empty.schema()).isEmpty();
        assertThat(empty.projections()).isEmpty();
        assertThat(empty.snapshots()).isEmpty();
        assertThat(empty.store()).isEmpty();
        assertThat(QuarryConfig.parse("store: {}", "q.yaml").store()).isPresent();
        assertThat(QuarryConfig.parse("limits: {max_limit: 5}", "q.yaml").limits())
                .isPresent();
    }

    @Test
    void aMissingFileSaysSo(@TempDir Path dir) {
        Path missing = dir.resolve("nowhere.yaml");
        assertThatThrownBy(() -> QuarryConfig.load(missing))
                .isInstanceOf(ConfigException.class)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(missing + ": there is no such file; check the path");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "top level|types: {}\\ntypes: {}|duplicate key 'types'; write each key once",
                "types|types: {Task: {}, Task: {}}|types: duplicate key 'Task'; write each key once",
                "fields|types: {Task: {fields: {a: string, a: text}}}|types.Task.fields: duplicate key 'a'; write each"
                        + " key once",
                "tools|" + "types: {Task: {}}\\ntools: {disabled: [], disabled: []}"
                        + "|tools: duplicate key 'disabled'; write each key once",
                "limits|limits: {max_limit: 5, max_limit: 6}|limits: duplicate key 'max_limit'; write each key once",
                "store|store: {objects: {table: a, table: b}}|store.objects: duplicate key 'table'; write each key once",
                "table layout|store: {layout: tables, tables: {types: {T: {table: t, id: a, id: b}}}}"
                        + "|store.tables.types.T: duplicate key 'id'; write each key once",
                "edges|store: {layout: tables, tables: {types: {T: {table: t}}, edges: [{table: e, src: a, src: b}]}}"
                        + "|store.tables.edges[0]: duplicate key 'src'; write each key once",
                "projections|types: {Task: {}}\\nprojections: {Task: {light: [], light: []}}"
                        + "|projections.Task: duplicate key 'light'; write each key once",
                "graph|types: {Task: {}}\\ngraph: {max_depth: 1, max_depth: 2}"
                        + "|graph: duplicate key 'max_depth'; write each key once",
                "search|search: {chunk_size: 100, chunk_size: 200}"
                        + "|search: duplicate key 'chunk_size'; write each key once",
                "JSON|{\"types\": {\"Task\": {}}, \"types\": {}}|duplicate key 'types'; write each key once"
            })
    void aKeyWrittenTwiceIsRefusedInEverySection(String section, String yaml, String message) {
        assertThatThrownBy(() -> QuarryConfig.parse(yaml.replace("\\n", "\n"), "q.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("q.yaml: " + message);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "top level|typez: {}|unknown key 'typez' (did you mean 'types'?); allowed keys are graph, left_out, limits,"
                        + " projections, search, store, tools, types",
                "search|search: {chunk: 5}|search: unknown key 'chunk' (did you mean 'chunk_size'?); allowed keys are chunk_overlap, chunk_size,"
                        + " fields",
                "type|types: {Task: {colour: red}}|types.Task: unknown key 'colour'; allowed keys are description,"
                        + " fields, left_out, module, order, relationships, roles",
                "store|store: {colour: red}|store: unknown key 'colour'; allowed keys are layout, objects,"
                        + " relationships, roles, session, tables",
                "table layout|store: {layout: tables, tables: {types: {Task: {table: t, colour: red}}}}"
                        + "|store.tables.types.Task: unknown key 'colour'; allowed keys are created_at, fields,"
                        + " foreign_keys, id, rest, schema, scope, table, updated_at",
                "projections|types: {Task: {}}\\nprojections: {Task: {colour: red}}|projections.Task: unknown key"
                        + " 'colour'; allowed keys are derived, graph, light, truncate",
                "graph|types: {Task: {}}\\ngraph: {colour: red}|graph: unknown key 'colour'; allowed keys are max_depth,"
                        + " max_edges, max_nodes, max_per_kind, membership_key, membership_kinds"
            })
    void anUnknownKeyIsRefusedInEverySection(String section, String yaml, String message) {
        assertThatThrownBy(() -> QuarryConfig.parse(yaml.replace("\\n", "\n"), "q.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("q.yaml: " + message);
    }

    @Test
    void theSessionSettingsAreReadAndLeaveTheLayoutToTheDatabase() {
        QuarryConfig only = QuarryConfig.parse(
                "store:\n  session:\n    app.user_id: user\n    app.tenant: scope.org_id\n", "q.yaml");
        assertThat(only.sessionSettings())
                .containsExactlyInAnyOrderEntriesOf(Map.of("app.user_id", "user", "app.tenant", "scope.org_id"));
        // a section with only the settings says nothing of where the data lives: the database decides
        assertThat(only.store()).isEmpty();
        QuarryConfig both = QuarryConfig.parse("store: {objects: {table: o}, session: {app.user_id: user}}", "q.yaml");
        assertThat(both.store()).isPresent();
        assertThat(both.sessionSettings()).containsOnlyKeys("app.user_id");
        assertThat(QuarryConfig.parse("types: {}", "q.yaml").sessionSettings()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "a built-in setting|store: {session: {statement_timeout: user}}|store.session.statement_timeout:"
                        + " session setting 'statement_timeout' must be prefix.name (letters, digits and underscores),"
                        + " such as app.user_id",
                "a quote|store: {session: {\"app.x'y\": user}}|store.session.app.x'y: session setting 'app.x'y'"
                        + " must be prefix.name (letters, digits and underscores), such as app.user_id",
                "another source|store: {session: {app.user_id: model}}|store.session.app.user_id: session setting"
                        + " 'app.user_id' comes from 'model'; use user or scope.KEY, such as scope.org_id",
                "an empty scope key|store: {session: {app.user_id: scope.}}|store.session.app.user_id: session"
                        + " setting 'app.user_id' comes from 'scope.'; use user or scope.KEY, such as scope.org_id",
                "not a map|store: {session: [user]}|store.session: expected an object, found a list; map each"
                        + " session setting to where its value comes from, such as app.user_id: user"
            })
    void aSessionSettingTheStoreCannotSetIsRefused(String what, String yaml, String message) {
        assertThatThrownBy(() -> QuarryConfig.parse(yaml, "q.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("q.yaml: " + message);
    }

    @Test
    void projectionsAndTheGraphSectionNeedTheTypes() {
        assertThatThrownBy(() -> QuarryConfig.parse("graph: {max_depth: 1}", "q.yaml"))
                .hasMessage("q.yaml: graph: needs the types section of the same file; add types, or remove graph");
        assertThatThrownBy(() -> QuarryConfig.parse("projections: {}", "q.yaml"))
                .hasMessage("q.yaml: projections: needs the types section of the same file; add types, or remove"
                        + " projections");
    }

    @Test
    void theGraphSectionSetsTheSnapshots() {
        var snapshots = QuarryConfig.parse(
                        TYPES + "graph: {membership_key: project_id, membership_kinds: [Task], max_nodes: 9}", "q.yaml")
                .snapshots()
                .orElseThrow();
        assertThat(snapshots.membershipKey()).isEqualTo("project_id");
        assertThat(snapshots.membershipKinds()).containsExactly("Task");
        assertThat(snapshots.limits().maxNodes()).isEqualTo(9);
        assertThatThrownBy(() -> QuarryConfig.parse(TYPES + "graph: {membership_kinds: [Tsak]}", "q.yaml"))
                .hasMessage("q.yaml: graph.membership_kinds[0]: unknown type 'Tsak' (did you mean 'Task'?); types:"
                        + " Task");
        assertThatThrownBy(() -> QuarryConfig.parse(TYPES + "graph: {max_depth: 0}", "q.yaml"))
                .hasMessageStartingWith("q.yaml: graph: snapshot limits: need maxDepth >= 1 (0)");
    }
}
