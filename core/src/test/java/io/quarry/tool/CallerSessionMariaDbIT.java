package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.config.DatabaseSource;
import io.quarry.config.QuarryConfig;
import io.quarry.internal.Json;
import io.quarry.sql.Backend;
import java.sql.Connection;
import java.sql.Statement;
import java.util.TreeSet;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The caller's identity in every statement on MariaDB (issue 34 item 1), end to end from the
 * configuration: {@code store.session} sets the user variable {@code @`app.user_id`} from the
 * {@link ToolContext}'s user before every read, and the host's view of its own table reads it
 * through a function (a view may not name a variable itself). Two callers of one toolkit see their
 * own rows through every tool, a call without a user sees none, and nothing the model sends changes
 * the variable.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CallerSessionMariaDbIT {
    private static final String CONFIG = """
            types:
              Note:
                fields:
                  title: {type: string}
                  owner: {type: string}
            store:
              layout: tables
              tables:
                types:
                  Note:
                    table: my_notes
                    id: {column: id, form: bare}
                    fields:
                      title: title
                      owner: owner
              session:
                app.user_id: user
            """;

    Toolkit toolkit;

    @BeforeAll
    void open() throws Exception {
        DataSource ds = Backend.MARIADB.dataSource("caller_session_maria");
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE notes (id VARCHAR(20) PRIMARY KEY, title VARCHAR(100), owner VARCHAR(20))");
            st.execute("INSERT INTO notes VALUES ('alice-1', 'a first', 'alice'), ('alice-2', 'a second', 'alice'),"
                    + " ('alice-3', 'a third', 'alice'), ('bob-1', 'b first', 'bob'), ('bob-2', 'b second', 'bob')");
            st.execute("CREATE FUNCTION quarry_caller() RETURNS VARCHAR(64) NOT DETERMINISTIC RETURN @`app.user_id`");
            st.execute("CREATE VIEW my_notes AS SELECT * FROM notes WHERE owner = quarry_caller()");
        }
        QuarryConfig config = QuarryConfig.parse(CONFIG, "quarry.yaml");
        DatabaseSource.Opened opened = DatabaseSource.builder(ds).config(config).open();
        toolkit = Toolkit.builder()
                .config(config)
                .store(opened.store())
                .readonlySql("mariadb")
                .build();
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
        assertThat(ids("bob", "query_graph_objects", query)).containsExactly("bob-1", "bob-2");
        assertThat(ids("alice", "query_graph_objects", query)).containsExactly("alice-1", "alice-2", "alice-3");
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
        assertThat(ids("bob", "run_readonly_sql", "{\"sql\": \"SELECT id FROM Note ORDER BY id\"}"))
                .containsExactly("bob-1", "bob-2");
    }

    @Test
    void aCallWithoutAUserSeesNothing() {
        assertThat(ids(null, "query_graph_objects", "{\"type\": \"Note\"}")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT @`app.user_id` := 'bob' AS x",
                "SELECT id FROM Note WHERE (@`app.user_id` := 'bob') IS NOT NULL",
                "SET @`app.user_id` = 'bob'",
                "SELECT quarry_caller() AS x",
            })
    void theModelCannotChangeTheVariable(String sql) {
        ToolResult result = toolkit.call("run_readonly_sql", Json.object().put("sql", sql), as("alice"));
        assertThat(result.isError()).as(result.text()).isTrue();
        assertThat(result.text()).doesNotContain("bob-");
        assertThat(ids("alice", "query_graph_objects", "{\"type\": \"Note\"}"))
                .containsExactly("alice-1", "alice-2", "alice-3");
    }

    @Test
    void aUserValueIsBoundNeverWritten() {
        assertThat(ids("x'; SET @`app.user_id` = 'bob", "query_graph_objects", "{\"type\": \"Note\"}"))
                .isEmpty();
    }
}
