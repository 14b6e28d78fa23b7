package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.config.ConfigException;
import io.quarry.config.DatabaseSource;
import io.quarry.config.QuarryConfig;
import io.quarry.store.Scope;
import io.quarry.testing.Demo;
import io.quarry.tool.Tool;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The Spring Boot starter and core's {@link DatabaseSource} (the command line's path) given the same
 * database and the same configuration choose the same layout and serve the same types and tools, or
 * refuse with the same message: the decision is written once.
 */
class SameSourceAsCoreTest {
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static final String NO_TYPES = "limits: {max_limit: 7}\n";

    @TempDir
    static Path dir;

    private final ApplicationContextRunner runner =
            new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(QuarryAutoConfiguration.class));

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
                Arguments.of(Database.GRAPH, Config.NONE, DatabaseSource.Layout.GRAPH),
                Arguments.of(Database.GRAPH, Config.DEMO, DatabaseSource.Layout.GRAPH),
                Arguments.of(Database.GRAPH, Config.NO_TYPES, DatabaseSource.Layout.GRAPH),
                Arguments.of(Database.TABLES, Config.NONE, DatabaseSource.Layout.TABLES),
                Arguments.of(Database.TABLES, Config.INTROSPECTED, DatabaseSource.Layout.TABLES),
                // a configuration without a store section on a database without the graph layout: refused
                Arguments.of(Database.TABLES, Config.DEMO, null),
                Arguments.of(Database.TABLES, Config.NO_TYPES, null));
    }

    @ParameterizedTest(name = "{0} database, {1} configuration")
    @MethodSource("cases")
    void bootAndCoreChooseTheSameStoreAndServeTheSameTools(
            Database database, Config config, DatabaseSource.Layout expected) throws Exception {
        DataSource ds = database(database);
        Path file = config(config, ds);
        String location = file == null ? null : "file:" + file;
        ApplicationContextRunner boot = runner.withBean(DataSource.class, () -> ds);
        if (location != null) {
            boot = boot.withPropertyValues("quarry.config=" + location);
        }

        QuarryConfig read = null;
        if (file != null) {
            try (InputStream in = Files.newInputStream(file)) {
                read = QuarryConfig.read(in, location);
            }
        }
        DatabaseSource.Builder source = DatabaseSource.builder(ds).config(read);
        if (expected == null) {
            ConfigException refused =
                    org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class, source::open);
            assertThat(refused.getMessage()).contains(location + ": there is no store section");
            boot.run(context -> {
                assertThat(context).hasFailed();
                Throwable cause = context.getStartupFailure();
                while (cause.getCause() != null && !(cause instanceof ConfigException)) {
                    cause = cause.getCause();
                }
                assertThat(cause).isInstanceOf(ConfigException.class).hasMessage(refused.getMessage());
            });
            return;
        }
        DatabaseSource.Opened opened = source.open();
        assertThat(opened.layout()).isEqualTo(expected);
        Toolkit.Builder builder = Toolkit.builder().store(opened.store());
        if (opened.config() != null) {
            builder.config(opened.config());
        }
        Toolkit core = builder.build().forScope(Scope.unrestricted());

        boot.run(context -> {
            assertThat(context).hasNotFailed();
            Toolkit served = context.getBean(Toolkit.class).forScope(Scope.unrestricted());
            assertThat(served.schema()).isEqualTo(core.schema());
            assertThat(served.limits()).isEqualTo(core.limits());
            assertThat(describe(served.tools())).isEqualTo(describe(core.tools()));
            for (String[] call : List.of(
                    new String[] {"get_database_schema", "{\"detail\": \"full\"}"},
                    new String[] {"query_graph_objects", "{\"limit\": 5}"})) {
                String answer = call(served, call);
                assertThat(answer).doesNotContain("\"error\"").isEqualTo(call(core, call));
            }
        });
    }

    private static String call(Toolkit toolkit, String[] call) {
        return toolkit.tool(call[0])
                .orElseThrow()
                .call(call[1], ToolContext.unrestricted())
                .text();
    }

    /** Every tool's name, read-only flag, description and input schema. */
    private static List<String> describe(List<Tool> tools) {
        return tools.stream()
                .map(t -> t.name() + " " + t.readOnly() + " " + t.description() + " " + t.inputSchemaJson())
                .toList();
    }

    private static DataSource database(Database database) throws Exception {
        String name = "same-source-" + DATABASES.incrementAndGet();
        if (database == Database.GRAPH) {
            return Demo.dataSource(name);
        }
        org.h2.jdbcx.JdbcDataSource ds = new org.h2.jdbcx.JdbcDataSource();
        ds.setURL("jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1");
        try (Connection c = ds.getConnection();
                Statement s = c.createStatement()) {
            s.execute("RUNSCRIPT FROM 'classpath:io/quarry/sql/introspect/chinook.h2.sql'");
        }
        return ds;
    }

    private static Path config(Config config, DataSource ds) throws Exception {
        if (config == Config.DEMO) {
            return Demo.config();
        }
        String text =
                switch (config) {
                    case NONE, DEMO -> null;
                    case NO_TYPES -> NO_TYPES;
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
