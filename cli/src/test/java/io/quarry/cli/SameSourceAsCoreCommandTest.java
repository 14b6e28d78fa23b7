package io.quarry.cli;

import static io.quarry.cli.QuarryCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.quarry.cli.QuarryCliTest.Run;
import io.quarry.config.ConfigException;
import io.quarry.config.DatabaseSource;
import io.quarry.config.QuarryConfig;
import io.quarry.store.Scope;
import io.quarry.testing.Demo;
import io.quarry.tool.Tool;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolSupport;
import io.quarry.tool.Toolkit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The command line and core's {@link DatabaseSource} (the Spring Boot starter's path, checked by its
 * own SameSourceAsCoreTest) given the same database and configuration choose the same layout and
 * serve the same tools and answers, or refuse with the same message: the decision is written once.
 */
class SameSourceAsCoreCommandTest {
    private static final AtomicInteger DATABASES = new AtomicInteger();
    /** One database of each kind: neither the command line nor the store writes to it. */
    private static final java.util.Map<Database, String> URLS = new java.util.EnumMap<>(Database.class);

    private static final List<String[]> CALLS = List.of(
            new String[] {"get_database_schema", "{\"detail\": \"full\"}"},
            new String[] {"query_graph_objects", "{\"limit\": 5}"});

    @TempDir
    static Path dir;

    /** The database's content. */
    enum Database {
        /** The demo in Quarry's graph layout. */
        GRAPH,
        /** The Chinook sample's own tables, no graph layout. */
        TABLES
    }

    /** The configuration given to both. */
    enum Config {
        NONE,
        /** The demo's: types, no store section. */
        DEMO,
        /** Limits only: no types, no store section. */
        NO_TYPES,
        /** The database's tables as introspection writes them: a store section. */
        INTROSPECTED
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of(Database.GRAPH, Config.NONE, "auto", DatabaseSource.Layout.GRAPH),
                Arguments.of(Database.GRAPH, Config.DEMO, "auto", DatabaseSource.Layout.GRAPH),
                Arguments.of(Database.GRAPH, Config.NO_TYPES, "graph", DatabaseSource.Layout.GRAPH),
                Arguments.of(Database.TABLES, Config.NONE, "auto", DatabaseSource.Layout.TABLES),
                Arguments.of(Database.TABLES, Config.NONE, "tables", DatabaseSource.Layout.TABLES),
                Arguments.of(Database.TABLES, Config.INTROSPECTED, "auto", DatabaseSource.Layout.TABLES),
                // the graph layout asked for and missing: refused by both
                Arguments.of(Database.TABLES, Config.NONE, "graph", null),
                // a configuration without a store section on a database without the graph layout: refused
                Arguments.of(Database.TABLES, Config.DEMO, "auto", null),
                Arguments.of(Database.TABLES, Config.NO_TYPES, "tables", null));
    }

    @ParameterizedTest(name = "{0} database, {1} configuration, --layout {2}")
    @MethodSource("cases")
    void theCommandLineAndCoreChooseTheSameStoreAndServeTheSameTools(
            Database database, Config config, String layout, DatabaseSource.Layout expected) throws Exception {
        String url = database(database);
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL(url);
        Path file = config(config, ds);
        List<String> options = new ArrayList<>(List.of("--jdbc-url", url, "--layout", layout));
        if (file != null) {
            options.addAll(List.of("--config", file.toString()));
        }
        DatabaseSource.Builder source = DatabaseSource.builder(ds)
                .config(file == null ? null : QuarryConfig.load(file))
                .layout(DatabaseSource.Layout.valueOf(layout.toUpperCase(java.util.Locale.ROOT)));

        if (expected == null) {
            RuntimeException refused = assertThrows(RuntimeException.class, source::open);
            assertThat(refused).isInstanceOfAny(ConfigException.class, IllegalStateException.class);
            Run cli = cli("tools", options);
            assertThat(cli.exit()).isNotZero();
            assertThat(cli.err().strip())
                    .isEqualTo("quarry: "
                            + refused.getMessage().lines().findFirst().orElseThrow());
            return;
        }
        DatabaseSource.Opened opened = source.open();
        assertThat(opened.layout()).isEqualTo(expected);
        Toolkit.Builder builder = Toolkit.builder().store(opened.store());
        if (opened.config() != null) {
            builder.config(opened.config());
        }
        Toolkit core = builder.build().forScope(Scope.unrestricted());

        Run tools = cli("tools", options);
        assertThat(tools.exit()).as(tools.err()).isZero();
        assertThat(tools.out()).isEqualTo(describe(core.tools()));
        for (String[] call : CALLS) {
            List<String> args = new ArrayList<>(List.of(call[0], call[1]));
            args.addAll(options);
            Run answer = cli("call", args);
            assertThat(answer.exit()).as(answer.err()).isZero();
            String expectedAnswer = core.tool(call[0])
                    .orElseThrow()
                    .call(call[1], ToolContext.unrestricted())
                    .text();
            assertThat(expectedAnswer).doesNotContain("\"error\"");
            assertThat(ToolSupport.parse(answer.out().strip())).isEqualTo(ToolSupport.parse(expectedAnswer));
        }
    }

    private static Run cli(String command, List<String> args) {
        List<String> all = new ArrayList<>();
        all.add(command);
        all.addAll(args);
        return run("", all.toArray(String[]::new));
    }

    /** What {@code quarry tools} prints for these tools: each name and description. */
    private static String describe(List<Tool> tools) {
        StringBuilder out = new StringBuilder();
        for (Tool tool : tools) {
            out.append(tool.name()).append(System.lineSeparator());
            out.append("  ").append(tool.description()).append(System.lineSeparator());
        }
        return out.toString();
    }

    /** An in-memory H2 database kept for the JVM, so that the command line opens the same one by its URL. */
    private static synchronized String database(Database database) throws Exception {
        String url = URLS.get(database);
        if (url == null) {
            url = create(database);
            URLS.put(database, url);
        }
        return url;
    }

    private static String create(Database database) throws Exception {
        String name = "same-source-cli-" + DATABASES.incrementAndGet();
        if (database == Database.GRAPH) {
            Demo.dataSource(name);
            return "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1";
        }
        String url = "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1";
        Chinook.create(url, "h2");
        return url;
    }

    private static Path config(Config config, JdbcDataSource ds) throws Exception {
        if (config == Config.DEMO) {
            return Demo.config();
        }
        String text =
                switch (config) {
                    case NONE, DEMO -> null;
                    case NO_TYPES -> "limits: {max_limit: 7}\n";
                    case INTROSPECTED ->
                        io.quarry.sql.introspect.Introspector.builder()
                                .dataSource(ds)
                                .build()
                                .introspect()
                                .toYaml();
                };
        if (text == null) {
            return null;
        }
        Path file = Files.createTempFile(dir, "quarry-", ".yaml");
        Files.writeString(file, text);
        return file;
    }
}
