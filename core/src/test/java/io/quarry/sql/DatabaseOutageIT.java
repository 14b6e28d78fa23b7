package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.config.QuarryConfig;
import io.quarry.internal.Json;
import io.quarry.schema.Schema;
import io.quarry.store.DataFile;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.Toolkit;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.h2.tools.Server;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A database that goes down under a running toolkit is answered {@code DATABASE_UNAVAILABLE} (with a
 * hint to retry, and one log line per failure without a stack trace), and the same calls succeed once
 * it is back. PostgreSQL: a second cluster made for the test with Debian's cluster tools
 * ({@code pg_createcluster}, {@code pg_ctlcluster}), stopped and started again. H2: its TCP server,
 * stopped and started again on the same port. SQLite has no server to stop.
 */
class DatabaseOutageIT {
    private static final List<String> CALLS = List.of(
            "query_graph_objects {\"type\": \"Task\", \"properties\": {\"status\": \"Done\"}}",
            "get_graph_object {\"id\": \"123\"}",
            "get_object_relationships {\"id\": \"123\"}",
            "aggregate_graph_objects {\"type\": \"Task\", \"group_by\": \"status\"}",
            "get_database_schema {}");

    @Test
    void postgresStoppedAndStartedUnderARunningToolkit() throws Exception {
        String version = postgresVersion();
        String cluster =
                ("quarry-outage-" + Backend.checkout()).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-");
        int port = freePort();
        quietly("pg_dropcluster", "--stop", version, cluster); // a leftover of an interrupted run, if any
        runOrSkip("pg_createcluster", version, cluster, "-p", Integer.toString(port), "--", "--auth=trust");
        try {
            run("pg_ctlcluster", "--skip-systemctl-redirect", version, cluster, "start");
            PGSimpleDataSource ds = new PGSimpleDataSource();
            ds.setURL("jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres&connectTimeout=5");
            Toolkit toolkit = toolkit(Backend.POSTGRES, ds);
            List<String> before = answers(toolkit);

            run("pg_ctlcluster", "--skip-systemctl-redirect", version, cluster, "stop", "-m", "fast");
            assertUnavailable(toolkit);

            run("pg_ctlcluster", "--skip-systemctl-redirect", version, cluster, "start");
            assertThat(answers(toolkit)).isEqualTo(before);
        } finally {
            quietly("pg_dropcluster", "--stop", version, cluster);
        }
    }

    @Test
    void h2ServerStoppedAndStartedUnderARunningToolkit() throws Exception {
        Path dir = Files.createTempDirectory("quarry-outage-h2");
        int port = freePort();
        String[] args = {"-tcp", "-tcpPort", Integer.toString(port), "-baseDir", dir.toString(), "-ifNotExists"};
        Server server = Server.createTcpServer(args).start();
        try {
            org.h2.jdbcx.JdbcDataSource ds = new org.h2.jdbcx.JdbcDataSource();
            ds.setURL("jdbc:h2:tcp://127.0.0.1:" + port + "/outage");
            Toolkit toolkit = toolkit(Backend.H2, ds);
            List<String> before = answers(toolkit);

            server.stop();
            assertUnavailable(toolkit);

            server = Server.createTcpServer(args).start();
            assertThat(answers(toolkit)).isEqualTo(before);
        } finally {
            server.stop();
        }
    }

    private static Toolkit toolkit(Backend backend, javax.sql.DataSource ds) throws IOException {
        DataFile.DataSet data;
        try (InputStream in = Toolkit.class.getResourceAsStream("fixture-data.json")) {
            data = DataFile.read(in, "fixture");
        }
        String yaml;
        try (InputStream in = Toolkit.class.getResourceAsStream("fixture.yaml")) {
            yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Schema schema = QuarryConfig.parse(yaml, "schema.yaml").schema().orElseThrow();
        return Toolkit.builder()
                .schema(schema)
                .store(backend.store(ds, StoreMapping.graph("org_id"), data))
                .build();
    }

    /** Every call's answer, as text; none of them an error. */
    private static List<String> answers(Toolkit toolkit) throws IOException {
        List<String> answers = new ArrayList<>();
        for (String call : CALLS) {
            ToolResult result = call(toolkit, call);
            assertThat(result.isError()).as(call + " → " + result.text()).isFalse();
            answers.add(result.text());
        }
        return answers;
    }

    /** Every call that reads the database answers DATABASE_UNAVAILABLE and logs one line. */
    private static void assertUnavailable(Toolkit toolkit) throws IOException {
        for (String call : CALLS.subList(0, 4)) {
            PrintStream err = System.err;
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            ToolResult result;
            System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
            try {
                result = call(toolkit, call);
            } finally {
                System.setErr(err);
            }
            JsonNode error = result.json().path("error");
            assertThat(error.path("code").asText())
                    .as(call + " → " + result.text())
                    .isEqualTo("DATABASE_UNAVAILABLE");
            assertThat(error.path("hint").asText()).contains("retry");
            List<String> lines = log.toString(StandardCharsets.UTF_8).lines().toList();
            assertThat(lines).as(call).hasSize(1);
            assertThat(lines.get(0)).contains("database unavailable: ").doesNotContain("\tat ");
        }
    }

    private static ToolResult call(Toolkit toolkit, String call) throws IOException {
        int space = call.indexOf(' ');
        ObjectNode args = (ObjectNode) Json.parse(call.substring(space + 1));
        return toolkit.call(
                call.substring(0, space), args, ToolContext.builder().build());
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** The installed PostgreSQL major version, as Debian's cluster tools name it. */
    static String postgresVersion() throws IOException {
        Path etc = Path.of("/etc/postgresql");
        boolean ci = "true".equals(System.getenv("CI"));
        if (!Files.isDirectory(etc)) {
            Assumptions.assumeTrue(ci, "no Debian PostgreSQL cluster tools");
        }
        try (Stream<Path> versions = Files.list(etc)) {
            return versions.map(p -> p.getFileName().toString())
                    .filter(v -> v.matches("\\d+"))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("no PostgreSQL version under /etc/postgresql"));
        }
    }

    static void runOrSkip(String... command) throws Exception {
        int exit = exec(command);
        if (exit != 0 && !"true".equals(System.getenv("CI"))) {
            Assumptions.abort(String.join(" ", command) + " failed with exit code " + exit);
        }
        assertThat(exit).as(String.join(" ", command)).isZero();
    }

    static void run(String... command) throws Exception {
        assertThat(exec(command)).as(String.join(" ", command)).isZero();
    }

    static void quietly(String... command) throws Exception {
        exec(command);
    }

    static int exec(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " did not finish: " + output);
        }
        return process.exitValue();
    }
}
