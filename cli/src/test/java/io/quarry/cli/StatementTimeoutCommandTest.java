package io.quarry.cli;

import static io.quarry.cli.QuarryCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code limits.statement_timeout_seconds} of the {@code --config} file bounds every statement of
 * {@code quarry call --jdbc-url}: over a table layout whose table is a view that counts to 10^11, a
 * 2 s limit answers {@code QUERY_TIMEOUT} naming 2 s, from the filter tools and from {@code
 * run_readonly_sql} alike (before, the filter tools ran under the store's 5 s and said so).
 */
class StatementTimeoutCommandTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "jdbc:h2:file:|query_graph_objects|{\"type\": \"Task\"}",
                "jdbc:h2:file:|get_graph_object|{\"id\": \"1\"}",
                "jdbc:h2:file:|aggregate_graph_objects|{\"type\": \"Task\", \"group_by\": \"title\"}",
                "jdbc:h2:file:|run_readonly_sql|{\"sql\": \"SELECT count(*) AS n FROM Task\"}",
                "jdbc:sqlite:|query_graph_objects|{\"type\": \"Task\"}",
                "jdbc:sqlite:|aggregate_graph_objects|{\"type\": \"Task\", \"group_by\": \"title\"}",
                "jdbc:sqlite:|run_readonly_sql|{\"sql\": \"SELECT count(*) AS n FROM Task\"}"
            })
    void theConfiguredTimeoutEndsEveryToolsStatement(String prefix, String tool, String arguments) throws Exception {
        boolean h2 = prefix.startsWith("jdbc:h2");
        String url = prefix + dir.resolve("slow").toAbsolutePath() + (h2 ? "" : ".db");
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE \"tasks\" (\"id\" VARCHAR(20) PRIMARY KEY, \"title\" VARCHAR(100))");
            st.execute("INSERT INTO \"tasks\" VALUES ('1', 'Fix login')");
            st.execute("CREATE VIEW \"slow_tasks\" AS SELECT t.\"id\", t.\"title\" FROM \"tasks\" t WHERE "
                    + (h2
                            ? "(SELECT sum(x) FROM SYSTEM_RANGE(1, 100000000000)) > 0"
                            : "(WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 100000000000)"
                                    + " SELECT max(n) FROM r) > 0"));
        }
        Path config = Files.writeString(
                dir.resolve("quarry.yaml"),
                "store:\n  layout: tables\n  tables:\n    types:\n"
                        + "      Task:\n        table: slow_tasks\n        id: {column: id, form: bare}\n"
                        + "        fields:\n          title: title\n"
                        + "tools:\n  readonly_sql: [" + (h2 ? "h2" : "sqlite") + "]\n"
                        + "limits:\n  statement_timeout_seconds: 2\n");
        QuarryCliTest.Run call = run("", "call", tool, arguments, "--jdbc-url", url, "--config", config.toString());
        JsonNode error = call.lines().get(0).get("error");
        assertThat(error).as(call.out() + call.err()).isNotNull();
        assertThat(error.get("code").asText()).isEqualTo("QUERY_TIMEOUT");
        assertThat(error.get("message").asText()).isEqualTo("The query ran longer than the 2 s limit.");
    }
}
