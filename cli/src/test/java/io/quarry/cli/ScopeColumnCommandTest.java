package io.quarry.cli;

import static io.quarry.cli.QuarryCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --scope-column} on a database's own tables (issue 28 item 5): two tenants, each seeing its
 * rows; a table without the column left out with a line on standard error.
 */
class ScopeColumnCommandTest {
    @TempDir
    static Path dir;

    static String url;

    @BeforeAll
    static void database() throws Exception {
        url = "jdbc:sqlite:" + dir.resolve("tenants.db").toAbsolutePath();
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, name TEXT)");
            s.execute("CREATE TABLE country (code VARCHAR(2) PRIMARY KEY, name TEXT)");
            s.execute("INSERT INTO customer VALUES (1, 'acme', 'Ada'), (2, 'acme', 'Bob'), (3, 'globex', 'Cy')");
            s.execute("INSERT INTO country VALUES ('FR', 'France')");
        }
    }

    static List<String> ids(QuarryCliTest.Run r) throws Exception {
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode answer = r.lines().get(0);
        List<String> out = new ArrayList<>();
        answer.get("objects").forEach(o -> out.add(o.get("id").asText()));
        return out;
    }

    @Test
    void eachTenantSeesItsOwnRowsAndATableWithoutTheColumnIsLeftOut() throws Exception {
        String all = "{\"type\": \"Customer\"}";
        QuarryCliTest.Run acme = run(
                "",
                "call",
                "query_graph_objects",
                all,
                "--jdbc-url",
                url,
                "--scope-column",
                "tenant_id",
                "--scope",
                "tenant_id=acme");
        assertThat(ids(acme)).containsExactlyInAnyOrder("Customer:1", "Customer:2");
        assertThat(acme.err()).contains("quarry: country: no scope column [tenant_id]; left out");
        QuarryCliTest.Run globex = run(
                "",
                "call",
                "query_graph_objects",
                "{\"type\": \"Customer\"}",
                "--jdbc-url",
                url,
                "--scope-column",
                "tenant_id",
                "--scope",
                "tenant_id=globex");
        assertThat(ids(globex)).containsExactly("Customer:3");
        QuarryCliTest.Run country = run(
                "",
                "call",
                "query_graph_objects",
                "{\"type\": \"Country\"}",
                "--jdbc-url",
                url,
                "--scope-column",
                "tenant_id",
                "--scope",
                "tenant_id=globex");
        assertThat(country.out() + country.err()).doesNotContain("INTERNAL").contains("Country");
        // introspect writes the same scope into the file a host reviews
        QuarryCliTest.Run yaml = run("", "introspect", "--jdbc-url", url, "--scope-column", "tenant_id");
        assertThat(yaml.exit()).as(yaml.err()).isZero();
        assertThat(yaml.out()).contains("scope:\n          - tenant_id").doesNotContain("Country");
    }
}
