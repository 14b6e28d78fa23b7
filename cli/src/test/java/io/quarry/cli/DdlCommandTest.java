package io.quarry.cli;

import static io.quarry.cli.QuarryCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.sql.dialect.Dialects;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code quarry ddl}: the printed script is the layout {@code init} creates, and runs as printed. */
class DdlCommandTest {
    @TempDir
    static Path dir;

    @ParameterizedTest
    @CsvSource({"sqlite, jdbc:sqlite:", "h2, jdbc:h2:file:"})
    void thePrintedScriptCreatesTheLayoutTwice(String dialect, String prefix) throws Exception {
        QuarryCliTest.Run ddl = run("", "ddl", "--dialect", dialect, "--scope-column", "org_id");
        assertThat(ddl.exit()).as(ddl.err()).isZero();
        assertThat(ddl.out())
                .startsWith("-- Quarry graph layout for " + dialect)
                .contains("CREATE TABLE IF NOT EXISTS \"quarry_objects\"", "\"org_id\"", "CREATE INDEX IF NOT EXISTS");
        List<String> statements = Arrays.stream(ddl.out().split(";\\R"))
                .map(s -> s.replaceAll("(?m)^--.*$", "").strip())
                .filter(s -> !s.isEmpty())
                .toList();
        String url = prefix + dir.resolve("ddl-" + dialect).toAbsolutePath();
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement()) {
            for (int i = 0; i < 2; i++) {
                for (String statement : statements) {
                    st.execute(statement);
                }
            }
        }
        QuarryCliTest.Run load = run("", "load", "--data", data().toString(), "--jdbc-url", url);
        assertThat(load.exit()).as(load.err()).isZero();
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM \"quarry_objects\" WHERE \"org_id\" = 'acme'")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(3);
        }
    }

    @Test
    void aJdbcUrlPrintsWhatItsDialectPrints() {
        String url = "jdbc:sqlite:" + dir.resolve("detected").toAbsolutePath();
        assertThat(run("", "ddl", "--jdbc-url", url).out())
                .isEqualTo(run("", "ddl", "--dialect", "sqlite").out());
    }

    @Test
    void aConfigurationAddsTheIndexesItsFieldsNeed() throws Exception {
        Path config = dir.resolve("fields.yaml");
        java.nio.file.Files.writeString(config, """
                types:
                  Task:
                    description: work
                    fields:
                      title: string
                      priority: number
                      due_at: datetime
                      tags: {type: array, items: integer}
                      status: {type: enum, values: [Open, Done]}
                """);
        QuarryCliTest.Run ddl =
                run("", "ddl", "--dialect", "postgres", "--config", config.toString(), "--full-text", "english");
        assertThat(ddl.exit()).as(ddl.err()).isZero();
        assertThat(ddl.out())
                .contains(
                        "\"quarry_fts\" tsvector GENERATED ALWAYS AS (jsonb_to_tsvector('english'::regconfig",
                        "\"quarry_objects_priority_numkey\" ON \"quarry_objects\" (quarry_num_key(",
                        "\"quarry_objects_tags_numkey\"",
                        "\"quarry_objects_due_at_instantkey\" ON \"quarry_objects\" (quarry_instant_key(",
                        "\"quarry_objects_title_trgm\"",
                        "\"quarry_objects_newest\" ON \"quarry_objects\" (\"updated_at\")")
                .doesNotContain("quarry_objects_status");
        // without a configuration: the layout alone
        assertThat(run("", "ddl", "--dialect", "postgres").out()).doesNotContain("quarry_objects_priority_numkey");
    }

    @Test
    void fullTextNeedsPostgresOrMariaDb() {
        QuarryCliTest.Run ddl = run("", "ddl", "--dialect", "sqlite", "--full-text", "english");
        assertThat(ddl.exit()).isEqualTo(2);
        assertThat(ddl.err().strip())
                .isEqualTo("quarry: --full-text needs PostgreSQL (a stored tsvector column) or MariaDB (a FULLTEXT"
                        + " index); this database is sqlite");
        ddl = run("", "ddl", "--dialect", "postgres", "--full-text");
        assertThat(ddl.exit()).isEqualTo(2);
        assertThat(ddl.err().strip())
                .isEqualTo("quarry: --full-text needs a text search configuration on PostgreSQL, such as --full-text"
                        + " english");
        ddl = run("", "ddl", "--dialect", "mariadb", "--full-text", "english");
        assertThat(ddl.exit()).isEqualTo(2);
        assertThat(ddl.err().strip())
                .isEqualTo("quarry: --full-text takes no configuration on MariaDB (InnoDB's own word parser and"
                        + " stopwords); give --full-text alone, not --full-text english");
    }

    @Test
    void fullTextOnMariaDbIsAStoredColumnWithAFulltextIndex() {
        QuarryCliTest.Run ddl = run("", "ddl", "--dialect", "mariadb", "--full-text");
        assertThat(ddl.exit()).as(ddl.err()).isZero();
        assertThat(ddl.out())
                .contains(
                        "ALTER TABLE `quarry_objects` ADD COLUMN IF NOT EXISTS `quarry_fts` LONGTEXT",
                        "STORED COMMENT 'quarry:fulltext:v1';",
                        "CREATE FULLTEXT INDEX IF NOT EXISTS `quarry_objects_quarry_fts` ON `quarry_objects`"
                                + " (`quarry_fts`);");
    }

    @Test
    void anUnknownDialectListsTheKnownOnes() {
        QuarryCliTest.Run ddl = run("", "ddl", "--dialect", "oracle");
        assertThat(ddl.exit()).isEqualTo(2);
        assertThat(ddl.err().strip())
                .isEqualTo("quarry: unknown dialect 'oracle'; supported: " + String.join(", ", Dialects.names()));
    }

    @Test
    void aDialectOrAUrlIsRequired() {
        QuarryCliTest.Run ddl = run("", "ddl");
        assertThat(ddl.exit()).isEqualTo(2);
        assertThat(ddl.err()).contains("--dialect", "--jdbc-url");
    }

    private static Path data() throws Exception {
        Path data = dir.resolve("ddl-data.json");
        java.nio.file.Files.writeString(data, """
                {"objects": [
                  {"id": "a", "type": "Task", "org_id": "acme", "properties": {"title": "One"}},
                  {"id": "b", "type": "Task", "org_id": "acme", "properties": {"title": "Two"}},
                  {"id": "c", "type": "Task", "org_id": "acme", "properties": {}},
                  {"id": "d", "type": "Task", "org_id": "globex", "properties": {}}]}
                """);
        return data;
    }
}
