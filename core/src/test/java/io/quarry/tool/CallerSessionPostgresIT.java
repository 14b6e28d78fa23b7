package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.config.DatabaseSource;
import io.quarry.config.QuarryConfig;
import io.quarry.internal.Json;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Schema;
import io.quarry.sql.Backend;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.dialect.H2Dialect;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The caller's identity in every statement (issue 34 item 1): a real PostgreSQL row-level security
 * policy on the objects table reads {@code current_setting('app.user_id')}, which the store sets from
 * the {@link ToolContext}'s user on every read. Two callers of one toolkit see different rows through
 * every tool, a call without a user sees none, and nothing the model sends changes the setting.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CallerSessionPostgresIT {
    private static final String READER = "quarry_rls_reader";
    private static final Schema SCHEMA = Schema.builder()
            .type(EntityType.of("Note", Field.of("title", FieldType.STRING), Field.of("owner", FieldType.STRING)))
            .build();

    Toolkit toolkit;
    PGSimpleDataSource reader;

    @BeforeAll
    void open() throws Exception {
        DataSource admin = Backend.POSTGRES.dataSource("caller_session");
        JdbcObjectStore owner =
                Backend.POSTGRES.store(admin, StoreMapping.graph(), new DataFile.DataSet(notes(), List.of()));
        String schema;
        try (Connection c = admin.getConnection();
                Statement st = c.createStatement()) {
            schema = c.getSchema();
            st.execute("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + READER
                    + "') THEN CREATE ROLE " + READER + " LOGIN; END IF; END $$");
            st.execute("GRANT USAGE ON SCHEMA " + schema + " TO " + READER);
            st.execute("GRANT SELECT ON ALL TABLES IN SCHEMA " + schema + " TO " + READER);
            st.execute("ALTER TABLE " + schema + ".quarry_objects ENABLE ROW LEVEL SECURITY");
            st.execute("CREATE POLICY own_notes ON " + schema + ".quarry_objects FOR SELECT USING"
                    + " (properties->>'owner' = current_setting('app.user_id', true))");
        }
        reader = new PGSimpleDataSource();
        reader.setURL(((PGSimpleDataSource) admin).getURL());
        reader.setUser(READER);
        reader.setCurrentSchema(schema + ",public");
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(reader)
                .dialect(owner.dialect())
                .mapping(StoreMapping.graph())
                .sessionSetting("app.user_id", "user")
                .build();
        toolkit = Toolkit.builder()
                .schema(SCHEMA)
                .store(store)
                .readonlySql("postgres")
                .build();
    }

    private static List<GraphObject> notes() {
        List<GraphObject> notes = new ArrayList<>();
        Instant at = Instant.parse("2024-01-01T00:00:00Z");
        for (String owner : List.of("alice", "bob")) {
            for (int i = 1; i <= 3; i++) {
                notes.add(new GraphObject(
                        owner + "-" + i,
                        "Note",
                        Json.object().put("title", owner + "'s note " + i).put("owner", owner),
                        at,
                        at,
                        Map.of()));
            }
        }
        return notes;
    }

    private static ToolContext as(String user) {
        return ToolContext.builder().user(user).build();
    }

    private TreeSet<String> ids(String user, String tool, String arguments) {
        ToolResult result = toolkit.call(tool, arguments, as(user));
        assertThat(result.isError()).as(result.text()).isFalse();
        TreeSet<String> ids = new TreeSet<>();
        JsonNode json = result.json();
        for (JsonNode o : json.path("objects")) {
            ids.add(o.path("id").asText());
        }
        for (JsonNode row : json.path("rows")) {
            ids.add(row.get(0).asText());
        }
        return ids;
    }

    @Test
    void twoCallersOfOneToolkitSeeTheirOwnRows() {
        String query = "{\"type\": \"Note\"}";
        assertThat(ids("alice", "query_graph_objects", query)).containsExactly("alice-1", "alice-2", "alice-3");
        assertThat(ids("bob", "query_graph_objects", query)).containsExactly("bob-1", "bob-2", "bob-3");
        assertThat(toolkit.call("query_graph_objects", query, as("alice"))
                        .json()
                        .path("total")
                        .asLong())
                .isEqualTo(3);
        assertThat(toolkit.call("get_graph_object", "{\"id\": \"bob-1\"}", as("alice"))
                        .isError())
                .isTrue();
        assertThat(toolkit.call("get_graph_object", "{\"id\": \"bob-1\"}", as("bob"))
                        .isError())
                .isFalse();
        JsonNode groups = toolkit.call(
                        "aggregate_graph_objects",
                        "{\"type\": \"Note\", \"group_by\": \"owner\", \"metrics\": [{\"op\": \"count\"}]}",
                        as("bob"))
                .json();
        assertThat(groups.toString()).contains("bob").doesNotContain("alice");
    }

    @Test
    void theConfigurationsSessionMapSetsTheSameSetting() {
        QuarryConfig config = QuarryConfig.parse("store:\n  session:\n    app.user_id: user\n", "quarry.yaml");
        DatabaseSource.Opened opened =
                DatabaseSource.builder(reader).config(config).open();
        Toolkit configured =
                Toolkit.builder().schema(SCHEMA).store(opened.store()).build();
        ToolResult alice = configured.call("query_graph_objects", "{\"type\": \"Note\"}", as("alice"));
        assertThat(alice.json().path("total").asLong()).as(alice.text()).isEqualTo(3);
        assertThat(alice.text()).doesNotContain("bob");
    }

    @Test
    void aCallWithoutAUserSeesNothing() {
        assertThat(ids(null, "query_graph_objects", "{\"type\": \"Note\"}")).isEmpty();
    }

    @Test
    void theGuardedSqlToolReadsAsTheCaller() {
        assertThat(ids("alice", "run_readonly_sql", "{\"sql\": \"SELECT id FROM Note ORDER BY id\"}"))
                .containsExactly("alice-1", "alice-2", "alice-3");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT set_config('app.user_id', 'bob', false) AS x",
                "SELECT id FROM Note WHERE set_config('app.user_id', 'bob', true) IS NOT NULL",
                "SET app.user_id = 'bob'",
                "RESET app.user_id",
            })
    void theModelCannotChangeTheSetting(String sql) {
        ToolResult result = toolkit.call("run_readonly_sql", Json.object().put("sql", sql), as("alice"));
        assertThat(result.isError()).as(result.text()).isTrue();
        assertThat(result.text()).doesNotContain("bob-");
        assertThat(ids("alice", "query_graph_objects", "{\"type\": \"Note\"}"))
                .containsExactly("alice-1", "alice-2", "alice-3");
    }

    @Test
    void aUserValueIsBoundNeverWritten() {
        // a user name that would end the statement if it were written into SQL
        assertThat(ids(
                        "x', true); SELECT set_config('app.user_id', 'bob",
                        "query_graph_objects",
                        "{\"type\": \"Note\"}"))
                .isEmpty();
    }

    @Test
    void settingsAreRefusedWhereTheDatabaseHasNone() {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:caller_session_h2;DB_CLOSE_DELAY=-1");
        assertThatThrownBy(() -> JdbcObjectStore.builder()
                        .dataSource(h2)
                        .dialect(new H2Dialect())
                        .sessionSetting("app.user_id", "user")
                        .build())
                .hasMessage("JdbcObjectStore.builder(): session settings need PostgreSQL or MariaDB/MySQL; h2 has"
                        + " none a policy could read");
        assertThatThrownBy(() -> JdbcObjectStore.builder().sessionSetting("statement_timeout", "user"))
                .hasMessageContaining("must be prefix.name");
        assertThatThrownBy(() -> JdbcObjectStore.builder().sessionSetting("app.user_id", "the model"))
                .hasMessageContaining("use user or scope.KEY");
    }
}
