package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolSupport;
import io.quarry.tool.Toolkit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The Boot starter's statement timeout reaches every statement of every tool: over a table whose
 * reads take minutes (a view counting to 10^11), 2 s set in the file's {@code limits} section, in
 * {@code quarry.limits.statement-timeout} or (without either) in {@code quarry.store.timeout} answers
 * {@code QUERY_TIMEOUT} naming 2 s from the filter tools and from {@code run_readonly_sql}.
 */
class StatementTimeoutTest {
    @TempDir
    Path dir;

    private final ApplicationContextRunner runner =
            new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(QuarryAutoConfiguration.class));

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "file|query_graph_objects|{\"type\": \"Task\"}",
                "file|run_readonly_sql|{\"sql\": \"SELECT count(*) AS n FROM Task\"}",
                "quarry.limits.statement-timeout=2s|query_graph_objects|{\"type\": \"Task\"}",
                "quarry.limits.statement-timeout=2s|aggregate_graph_objects|{\"type\": \"Task\", \"group_by\": \"title\"}",
                "quarry.store.timeout=2s|get_graph_object|{\"id\": \"1\"}",
                "quarry.store.timeout=2s|run_readonly_sql|{\"sql\": \"SELECT count(*) AS n FROM Task\"}"
            })
    void theConfiguredTimeoutEndsEveryToolsStatement(String where, String tool, String arguments) throws Exception {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:boot_timeout_" + Math.abs((where + tool).hashCode()) + ";DB_CLOSE_DELAY=-1");
        try (Connection c = ds.getConnection();
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE \"tasks\" (\"id\" VARCHAR(20) PRIMARY KEY, \"title\" VARCHAR(100))");
            st.execute("INSERT INTO \"tasks\" VALUES ('1', 'Fix login')");
            st.execute("CREATE VIEW \"slow_tasks\" AS SELECT t.\"id\", t.\"title\" FROM \"tasks\" t"
                    + " WHERE (SELECT sum(x) FROM SYSTEM_RANGE(1, 100000000000)) > 0");
        }
        Path config = Files.writeString(
                dir.resolve("quarry.yaml"),
                "store:\n  layout: tables\n  tables:\n    types:\n"
                        + "      Task:\n        table: slow_tasks\n        id: {column: id, form: bare}\n"
                        + "        fields:\n          title: title\n"
                        + "tools:\n  readonly_sql: [h2]\n"
                        + (where.equals("file") ? "limits:\n  statement_timeout_seconds: 2\n" : ""));
        ApplicationContextRunner configured =
                runner.withBean(DataSource.class, () -> ds).withPropertyValues("quarry.config=file:" + config);
        if (!where.equals("file")) {
            configured = configured.withPropertyValues(where);
        }
        configured.run(context -> {
            Toolkit toolkit = context.getBean(Toolkit.class);
            JsonNode result = toolkit.call(tool, ToolSupport.parse(arguments), ToolContext.unrestricted())
                    .json();
            assertThat(result.at("/error/code").asText()).as(result.toString()).isEqualTo("QUERY_TIMEOUT");
            assertThat(result.at("/error/message").asText()).isEqualTo("The query ran longer than the 2 s limit.");
        });
    }
}
