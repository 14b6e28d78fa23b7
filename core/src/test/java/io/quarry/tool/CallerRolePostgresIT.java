package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.config.ConfigException;
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
 * The caller's database role on PostgreSQL (issue 34 item 1, {@code SET ROLE} per caller): the
 * configuration's {@code store.roles} maps caller roles to database roles, each read runs as the
 * caller's ({@code set_config('role', …, true)} in its read-only transaction), and a real row-level
 * security policy on {@code current_user} shows each its own rows through every tool. A caller with no
 * mapped role reads as the login role, which the policy shows nothing; the model cannot switch roles.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CallerRolePostgresIT {
    private static final String LOGIN = "quarry_role_login";
    private static final String HR = "quarry_role_hr";
    private static final String SUPPORT = "quarry_role_support";
    private static final Schema SCHEMA = Schema.builder()
            .type(EntityType.of("Note", Field.of("title", FieldType.STRING), Field.of("audience", FieldType.STRING)))
            .build();

    Toolkit toolkit;

    @BeforeAll
    void open() throws Exception {
        DataSource admin = Backend.POSTGRES.dataSource("caller_role");
        Backend.POSTGRES.store(admin, StoreMapping.graph(), new DataFile.DataSet(notes(), List.of()));
        String schema;
        try (Connection c = admin.getConnection();
                Statement st = c.createStatement()) {
            schema = c.getSchema();
            for (String role : List.of(LOGIN, HR, SUPPORT)) {
                st.execute("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + role
                        + "') THEN CREATE ROLE " + role + (role.equals(LOGIN) ? " LOGIN" : " NOLOGIN")
                        + "; END IF; END $$");
                st.execute("GRANT USAGE ON SCHEMA " + schema + " TO " + role);
                st.execute("GRANT SELECT ON ALL TABLES IN SCHEMA " + schema + " TO " + role);
            }
            st.execute("GRANT " + HR + ", " + SUPPORT + " TO " + LOGIN);
            st.execute("ALTER TABLE " + schema + ".quarry_objects ENABLE ROW LEVEL SECURITY");
            st.execute("CREATE POLICY by_role ON " + schema + ".quarry_objects FOR SELECT USING"
                    + " (properties->>'audience' = current_user)");
        }
        PGSimpleDataSource login = new PGSimpleDataSource();
        login.setURL(((PGSimpleDataSource) admin).getURL());
        login.setUser(LOGIN);
        login.setCurrentSchema(schema + ",public");
        QuarryConfig config = QuarryConfig.parse(
                "store:\n  roles:\n    hr: " + HR + "\n    support: " + SUPPORT + "\n", "quarry.yaml");
        toolkit = Toolkit.builder()
                .schema(SCHEMA)
                .store(DatabaseSource.builder(login).config(config).open().store())
                .readonlySql("postgres")
                .build();
    }

    private static List<GraphObject> notes() {
        List<GraphObject> notes = new ArrayList<>();
        Instant at = Instant.parse("2024-01-01T00:00:00Z");
        for (String audience : List.of(HR, SUPPORT)) {
            for (int i = 1; i <= 3; i++) {
                String id = (audience.equals(HR) ? "hr-" : "support-") + i;
                notes.add(new GraphObject(
                        id, "Note", Json.object().put("title", id).put("audience", audience), at, at, Map.of()));
            }
        }
        return notes;
    }

    private static ToolContext as(String... roles) {
        return ToolContext.builder().roles(List.of(roles)).build();
    }

    private TreeSet<String> ids(ToolContext caller, String tool, String arguments) {
        ToolResult result = toolkit.call(tool, arguments, caller);
        assertThat(result.isError()).as(result.text()).isFalse();
        TreeSet<String> ids = new TreeSet<>();
        JsonNode json = result.json();
        json.path("objects").forEach(o -> ids.add(o.path("id").asText()));
        json.path("rows").forEach(row -> ids.add(row.get(0).asText()));
        return ids;
    }

    @Test
    void eachCallerReadsAsItsDatabaseRoleThroughEveryTool() {
        String query = "{\"type\": \"Note\"}";
        assertThat(ids(as("hr"), "query_graph_objects", query)).containsExactly("hr-1", "hr-2", "hr-3");
        assertThat(ids(as("support"), "query_graph_objects", query))
                .containsExactly("support-1", "support-2", "support-3");
        assertThat(ids(as("support"), "run_readonly_sql", "{\"sql\": \"SELECT id FROM Note ORDER BY id\"}"))
                .containsExactly("support-1", "support-2", "support-3");
        assertThat(toolkit.call("get_graph_object", "{\"id\": \"hr-1\"}", as("support"))
                        .isError())
                .isTrue();
        assertThat(toolkit.call("get_graph_object", "{\"id\": \"hr-1\"}", as("hr"))
                        .isError())
                .isFalse();
        JsonNode groups = toolkit.call(
                        "aggregate_graph_objects", "{\"type\": \"Note\", \"group_by\": \"audience\"}", as("hr"))
                .json();
        assertThat(groups.path("groups")).hasSize(1);
        assertThat(groups.toString()).contains(HR).doesNotContain(SUPPORT);
        // several mapped roles: the first in code-point order (hr before support)
        assertThat(ids(as("support", "hr"), "query_graph_objects", query)).containsExactly("hr-1", "hr-2", "hr-3");
    }

    @Test
    void aCallerWithoutAMappedRoleReadsAsTheLoginRole() {
        assertThat(ids(as(), "query_graph_objects", "{\"type\": \"Note\"}")).isEmpty();
        assertThat(ids(as("visitor"), "run_readonly_sql", "{\"sql\": \"SELECT id FROM Note\"}"))
                .isEmpty();
        // and the role of one read does not stay on for the next
        assertThat(ids(as("hr"), "query_graph_objects", "{\"type\": \"Note\"}")).hasSize(3);
        assertThat(ids(as(), "query_graph_objects", "{\"type\": \"Note\"}")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT set_config('role', 'quarry_role_hr', false) AS x",
                "SELECT id FROM Note WHERE set_config('role', 'quarry_role_hr', true) IS NOT NULL",
                "SET ROLE quarry_role_hr",
                "RESET ROLE",
                "SELECT id FROM Note; SET ROLE quarry_role_hr",
            })
    void theModelCannotSwitchRoles(String sql) {
        ToolResult result = toolkit.call("run_readonly_sql", Json.object().put("sql", sql), as("support"));
        assertThat(result.isError()).as(result.text()).isTrue();
        assertThat(result.text()).doesNotContain("hr-");
        assertThat(ids(as("support"), "query_graph_objects", "{\"type\": \"Note\"}"))
                .containsExactly("support-1", "support-2", "support-3");
    }

    @Test
    void rolesAreRefusedWhereTheDatabaseCannotSwitchAndNamesThatAreNoRole() {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:caller_role_h2;DB_CLOSE_DELAY=-1");
        assertThatThrownBy(() -> JdbcObjectStore.builder()
                        .dataSource(h2)
                        .dialect(new H2Dialect())
                        .sessionRole("hr", "quarry_hr")
                        .build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("session roles need PostgreSQL");
        assertThatThrownBy(() -> QuarryConfig.parse("store:\n  roles:\n    hr: \"x; DROP ROLE y\"\n", "quarry.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("store.roles.hr")
                .hasMessageContaining("not a role name");
    }
}
