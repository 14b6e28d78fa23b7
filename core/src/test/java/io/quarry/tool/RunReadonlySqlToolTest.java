package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.config.ConfigException;
import io.quarry.config.QuarryConfig;
import io.quarry.internal.Json;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Schema;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.dialect.H2Dialect;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.Scope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code run_readonly_sql} in a toolkit on H2: in the catalog only when enabled for the store's
 * dialect, answering with columns, rows and the statement that ran, and every refusal an error with a
 * code, a position and a hint.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RunReadonlySqlToolTest {
    static final Schema SCHEMA = Schema.builder()
            .type(EntityType.of(
                    "Task",
                    Field.of("title", FieldType.STRING),
                    Field.of("priority", FieldType.INTEGER),
                    Field.of("secret", FieldType.STRING).hidden()))
            .build();
    static final ToolContext ACME =
            ToolContext.builder().scope(Scope.of("org_id", "acme")).build();

    JdbcObjectStore store;

    @BeforeAll
    void load() {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:run_readonly_sql_tool;DB_CLOSE_DELAY=-1");
        store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(new H2Dialect())
                .mapping(StoreMapping.graph("org_id"))
                .build();
        store.createLayout();
        List<GraphObject> objects = new ArrayList<>();
        Instant at = Instant.parse("2024-01-01T00:00:00Z");
        for (String org : List.of("acme", "globex")) {
            for (int i = 1; i <= 30; i++) {
                objects.add(new GraphObject(
                        org + "-" + i,
                        "Task",
                        Json.object()
                                .put("title", org + " " + i)
                                .put("priority", i % 3)
                                .put("secret", "s"),
                        at,
                        at,
                        Map.of("org_id", org)));
            }
        }
        store.load(new DataFile.DataSet(objects, List.of()));
    }

    private Toolkit enabled() {
        return Toolkit.builder().schema(SCHEMA).store(store).readonlySql("h2").build();
    }

    @Test
    void offUnlessEnabledForTheStoresDialect() {
        assertThat(Toolkit.builder().schema(SCHEMA).store(store).build().tool("run_readonly_sql"))
                .isEmpty();
        assertThat(Toolkit.builder()
                        .schema(SCHEMA)
                        .store(store)
                        .readonlySql("postgres")
                        .build()
                        .tool("run_readonly_sql"))
                .isEmpty();
        assertThat(Toolkit.builder()
                        .schema(SCHEMA)
                        .store(InMemoryObjectStore.of(new DataFile.DataSet(List.of(), List.of())))
                        .readonlySql("h2")
                        .build()
                        .tool("run_readonly_sql"))
                .isEmpty();
        assertThat(enabled().tool("run_readonly_sql")).isPresent();
        Toolkit configured = Toolkit.builder()
                .config(QuarryConfig.parse(
                        "types:\n  Task:\n    fields:\n      title: string\n      priority: integer\n"
                                + "tools:\n  readonly_sql: [h2, postgres]\n",
                        "quarry.yaml"))
                .store(store)
                .build();
        assertThat(configured.tool("run_readonly_sql")).isPresent();
        assertThat(configured.tool("run_readonly_sql").orElseThrow().description())
                .contains("Task(id, title, priority, created_at, updated_at)");
    }

    /** tools.disabled (and Builder.disable) leave run_readonly_sql out even where readonly_sql turns it on. */
    @Test
    void disabledWinsOverReadonlySql() {
        assertThat(Toolkit.builder()
                        .config(QuarryConfig.parse(
                                "types:\n  Task:\n    fields:\n      title: string\n"
                                        + "tools:\n  readonly_sql: [h2]\n  disabled: [run_readonly_sql]\n",
                                "quarry.yaml"))
                        .store(store)
                        .build()
                        .tool("run_readonly_sql"))
                .isEmpty();
        assertThat(Toolkit.builder()
                        .schema(SCHEMA)
                        .store(store)
                        .readonlySql("h2")
                        .disable("run_readonly_sql")
                        .build()
                        .tool("run_readonly_sql"))
                .isEmpty();
    }

    @Test
    void aSchemaInferredPerScopeKeepsTheToolAndItsScope() {
        Toolkit inferred = Toolkit.builder().store(store).readonlySql("h2").build();
        assertThat(inferred.tool("run_readonly_sql")).isPresent();
        ToolResult r =
                inferred.call("run_readonly_sql", Json.object().put("sql", "SELECT count(*) AS n FROM Task"), ACME);
        assertThat(r.isError()).as(r.text()).isFalse();
        assertThat(r.json().get("rows").toString()).isEqualTo("[[30]]");
    }

    @Test
    void anUnknownDialectIsAConfigurationError() {
        assertThatThrownBy(() -> Toolkit.builder()
                        .config(QuarryConfig.parse(
                                "types:\n  Task:\n    fields:\n      title: string\ntools:\n  readonly_sql: [oracle]\n",
                                "quarry.yaml"))
                        .store(store)
                        .build())
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("oracle");
        assertThatThrownBy(() -> Toolkit.builder().readonlySql("oracle"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("h2, sqlite, postgres, mysql, mariadb");
    }

    @Test
    void answersWithColumnsRowsAndTheStatementThatRan() {
        ToolResult r = enabled()
                .call(
                        "run_readonly_sql",
                        Json.object()
                                .put(
                                        "sql",
                                        "SELECT priority, count(*) AS n FROM Task GROUP BY priority ORDER BY priority"),
                        ACME);
        assertThat(r.isError()).as(r.text()).isFalse();
        JsonNode json = r.json();
        assertThat(json.get("columns").toString()).isEqualToIgnoringCase("[\"priority\",\"n\"]");
        assertThat(json.get("rows").toString()).isEqualTo("[[0,10],[1,10],[2,10]]");
        assertThat(json.get("truncated").asBoolean()).isFalse();
        assertThat(json.get("sql").asText())
                .startsWith("SELECT \"quarry_t1\".\"priority\", COUNT(*) AS \"n\" FROM (SELECT ")
                .contains("\"org_id\" = ?")
                .doesNotContain("acme")
                .endsWith("LIMIT " + (Limits.DEFAULTS.maxLimit() + 1));
    }

    /**
     * Limits at the top of their range answer as any others: {@code max_limit: 1000000} (tools fetch one
     * row more; 2147483647 overflowed, and is now a configuration error), {@code size_budget} and {@code
     * statement_timeout_seconds: 2147483647} (H2 and PostgreSQL take milliseconds as an int: it failed
     * every read); and a call's context narrows the SQL tool's limits.
     */
    @Test
    void limitsAtTheTopOfTheirRangeAndNarrowedPerCall() throws Exception {
        Toolkit huge = Toolkit.builder()
                .config(QuarryConfig.parse(
                        "types:\n  Task:\n    fields:\n      title: string\n      priority: integer\n"
                                + "tools:\n  readonly_sql: [h2]\n"
                                + "limits: {default_limit: 1000000, max_limit: 1000000,"
                                + " size_budget: 2147483647, statement_timeout_seconds: 2147483647}\n",
                        "quarry.yaml"))
                .store(store)
                .build();
        for (String[] call : new String[][] {
            {"run_readonly_sql", "{\"sql\": \"SELECT title FROM Task\"}"},
            {"query_graph_objects", "{\"type\": \"Task\"}"},
            {"get_graph_object", "{\"id\": \"acme-1\"}"},
            {"aggregate_graph_objects", "{\"type\": \"Task\", \"group_by\": \"priority\"}"},
        }) {
            ToolResult r = huge.call(
                    call[0], (com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER.readTree(call[1]), ACME);
            assertThat(r.isError()).as(call[0] + ": " + r.text()).isFalse();
        }
        assertThatThrownBy(() -> Toolkit.builder()
                        .config(QuarryConfig.parse(
                                "types:\n  Task:\n    fields:\n      title: string\n"
                                        + "limits: {max_limit: 2147483647}\n",
                                "quarry.yaml"))
                        .store(store)
                        .build())
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("max_limit")
                .hasMessageContaining("at most 1000000");
        ToolResult narrowed = enabled()
                .call(
                        "run_readonly_sql",
                        Json.object().put("sql", "SELECT title FROM Task"),
                        ToolContext.builder()
                                .scope(Scope.of("org_id", "acme"))
                                .limits(Limits.builder().maxLimit(3).build())
                                .build());
        assertThat(narrowed.json().get("returned").asInt()).isEqualTo(3);
        assertThat(narrowed.json().get("caps").toString()).isEqualTo("[\"max_limit\"]");
    }

    @Test
    void theMaxLimitCapsTheRows() {
        ToolResult r = Toolkit.builder()
                .schema(SCHEMA)
                .store(store)
                .readonlySql("h2")
                .limits(Limits.builder().defaultLimit(5).maxLimit(10).build())
                .build()
                .call("run_readonly_sql", Json.object().put("sql", "SELECT title FROM Task"), ACME);
        assertThat(r.json().get("returned").asInt()).isEqualTo(10);
        assertThat(r.json().get("truncated").asBoolean()).isTrue();
        assertThat(r.json().get("caps").toString()).isEqualTo("[\"max_limit\"]");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT prority FROM Task|UNKNOWN_FIELD|sql@1:8|Task has no column 'prority'; did you mean 'priority'?",
                "SELECT title FROM Tsak|UNKNOWN_TYPE|sql@1:19|Did you mean 'Task'? The relations are: Task.",
                "SELECT secret FROM Task|FORBIDDEN_FIELD|sql@1:8|Use only the columns get_database_schema lists for Task.",
                "DELETE FROM Task|SQL_NOT_ALLOWED|sql|",
                "SELECT title FROM Task; DROP TABLE quarry_objects|SQL_NOT_ALLOWED|sql|Send one SELECT, without a semicolon between statements.",
                "SELECT pg_sleep(5) FROM Task|SQL_NOT_ALLOWED|sql@1:8|",
                "SELECT title FROM Task FOR UPDATE|SQL_NOT_ALLOWED|sql@1:1|",
                "SELECT * FROM INFORMATION_SCHEMA.TABLES|SQL_NOT_ALLOWED|sql@1:15|",
                "SELECT title FROM WHERE|INVALID_SQL|sql@1:14|",
            })
    void refusalsAreErrorsWithACodeAPositionAndAHint(String sql, String code, String path, String hint) {
        ToolResult r = enabled().call("run_readonly_sql", Json.object().put("sql", sql), ACME);
        assertThat(r.isError()).isTrue();
        JsonNode error = r.json().get("error");
        assertThat(error.get("code").asText()).isEqualTo(code);
        assertThat(error.get("path").asText()).isEqualTo(path);
        assertThat(error.get("hint").asText()).isNotBlank();
        if (hint != null) {
            assertThat(error.get("hint").asText()).isEqualTo(hint);
        }
        assertThat(r.text()).doesNotContain("Exception").doesNotContain("at io.quarry");
    }
}
