package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.sql.introspect.Introspector;
import io.quarry.tool.Toolkit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Arrays;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.autoconfigure.sql.init.SqlInitializationAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * A Spring Boot application with nothing but a DataSource holding the Chinook sample (created by
 * {@code spring.sql.init}, which the starter waits for) and no Quarry configuration file: the starter
 * introspects the tables, installs the dialect's helper functions and serves every tool; a read-only
 * database user gets one startup message naming the statements to run, and once a database
 * administrator ran them, a working toolkit. Assertions never depend on the format of object ids.
 */
abstract class ZeroConfigurationContract {
    /** The Chinook tracks whose name contains "Rock", on every backend (the scripts hold the same rows). */
    static final String ROCK = "For Those About To Rock (We Salute You)";

    final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(
                    DataSourceAutoConfiguration.class,
                    SqlInitializationAutoConfiguration.class,
                    QuarryAutoConfiguration.class));

    /**
     * The {@code spring.datasource.*} properties of a new, empty database (a schema on a server) of
     * this name, as its owner.
     */
    abstract String[] database(String name);

    /** The Chinook script of this backend, as a Spring resource location. */
    abstract String chinook();

    /**
     * Creates a user of this database who may read its tables and nothing else, and returns its
     * {@code spring.datasource.*} properties.
     */
    abstract String[] readOnlyUser(DataSource owner, String name) throws Exception;

    /** The number of Quarry helper functions the database holds. */
    abstract int helperFunctions(DataSource owner) throws Exception;

    /** The database's owner with Chinook loaded by {@code spring.sql.init}, and more properties. */
    ApplicationContextRunner chinook(String name, String... properties) {
        return runner.withPropertyValues(concat(
                database(name),
                new String[] {"spring.sql.init.mode=always", "spring.sql.init.schema-locations=" + chinook()},
                properties));
    }

    static String[] concat(String[]... parts) {
        return Arrays.stream(parts).flatMap(Stream::of).toArray(String[]::new);
    }

    static String call(AssertableApplicationContext context, String tool, String arguments) {
        for (ToolCallback callback : context.getBean(ToolCallbackProvider.class).getToolCallbacks()) {
            if (callback.getToolDefinition().name().equals(tool)) {
                return callback.call(arguments);
            }
        }
        throw new AssertionError("no tool " + tool);
    }

    static void execute(DataSource ds, String... statements) throws Exception {
        try (Connection c = ds.getConnection();
                Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    @Test
    void theTablesOfADataSourceWithoutAConfigurationAreServed() {
        chinook("spring_served").run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(Toolkit.class);
            assertThat(context.getBean(ToolCallbackProvider.class).getToolCallbacks())
                    .extracting(c -> c.getToolDefinition().name())
                    .contains(
                            "get_database_schema",
                            "query_graph_objects",
                            "get_graph_object",
                            "aggregate_graph_objects",
                            "discover_schema");
            assertThat(call(context, "get_database_schema", "{}"))
                    .contains(
                            "\"name\":\"Album\"",
                            "\"name\":\"Artist\"",
                            "\"name\":\"Customer\"",
                            "\"name\":\"Employee\"",
                            "\"name\":\"Invoice\"",
                            "\"name\":\"InvoiceLine\"",
                            "\"name\":\"Track\"",
                            "\"milliseconds\":{\"type\":\"integer\"")
                    .doesNotContain("\"name\":\"PlaylistTrack\"", "\"error\"");
            assertThat(call(context, "query_graph_objects", "{\"type\": \"Track\", \"limit\": 3}"))
                    .contains("\"returned\":3", "\"type\":\"Track\"")
                    .doesNotContain("\"error\"");
        });
    }

    @Test
    void theHelperFunctionsAreInstalledSoEveryFilterAndSortWorks() {
        chinook("spring_functions").run(context -> {
            assertThat(helperFunctions(context.getBean(DataSource.class))).isPositive();
            // a substring and a sort on a text column call the helper functions on H2 and PostgreSQL
            assertThat(call(
                            context,
                            "query_graph_objects",
                            "{\"type\": \"Track\", \"properties\": {\"name\": {\"$contains\": \"Rock\"}}}"))
                    .contains(ROCK)
                    .doesNotContain("\"error\"");
            assertThat(call(
                            context,
                            "query_graph_objects",
                            "{\"type\": \"Track\", \"sort\": [{\"field\": \"name\", \"direction\": \"desc\"}],"
                                    + " \"limit\": 2}"))
                    .contains("\"returned\":2")
                    .doesNotContain("\"error\"");
        });
    }

    @Test
    void includeAndExcludeChooseTheTables() {
        chinook("spring_globs", "quarry.introspect.include=*track*,*album*", "quarry.introspect.exclude=playlist*")
                .run(context -> assertThat(call(context, "get_database_schema", "{}"))
                        .contains("\"name\":\"Track\"", "\"name\":\"Album\"")
                        .doesNotContain("\"name\":\"Artist\"", "\"name\":\"Playlist\"", "\"name\":\"Customer\""));
    }

    @Test
    void withIntrospectionOffStartupSaysWhatToDo() {
        chinook("spring_off", "quarry.introspect.enabled=false").run(context -> assertThat(context)
                .hasFailed()
                .getFailure()
                .rootCause()
                .hasMessageContaining("quarry.introspect.enabled is false; add a configuration"));
    }

    @Test
    void scopeColumnsNoTableHasLeaveNothingToServeRatherThanServeEveryTenant() {
        // Chinook has no org_id: every table is left out, so startup fails, naming why
        chinook("spring_scoped", "quarry.store.scope-columns=org_id").run(context -> assertThat(context)
                .hasFailed()
                .getFailure()
                .rootCause()
                .hasMessageContaining("the DataSource has no table to serve")
                .hasMessageContaining("no scope column [org_id]; left out"));
    }

    @Test
    void aReadOnlyUserGetsOneStartupMessageNamingTheStatementsThenTheFunctionsADbaInstalled() {
        String[] reader = new String[1];
        // the owner loads Chinook without Quarry, and creates the reader
        chinook("spring_reader", "quarry.enabled=false").run(context -> {
            assertThat(context).hasNotFailed();
            reader[0] = String.join("\n", readOnlyUser(context.getBean(DataSource.class), "spring_reader"));
        });
        String[] asReader = concat(reader[0].split("\n"), new String[] {"spring.sql.init.mode=never"});

        runner.withPropertyValues(asReader).run(context -> {
            assertThat(context).hasFailed();
            Throwable quarry = context.getStartupFailure();
            while (quarry != null && !(quarry instanceof IllegalStateException)) {
                quarry = quarry.getCause();
            }
            assertThat(quarry)
                    .isNotNull()
                    .hasMessageStartingWith("the database user may not create Quarry's helper functions and ")
                    .hasMessageContaining("Run these statements once as a user who may (they are idempotent), then"
                            + " start again:\n")
                    .hasMessageContaining("\nCREATE ")
                    // the database's own reason, for the administrator
                    .hasMessageContaining(quarry.getCause().getMessage().strip());
        });

        // a database administrator runs them (here: the owner's application starts once)
        runner.withPropertyValues(database("spring_reader"))
                .run(context -> assertThat(context).hasNotFailed());
        runner.withPropertyValues(asReader).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(call(
                            context,
                            "query_graph_objects",
                            "{\"type\": \"Track\", \"properties\": {\"name\": {\"$contains\": \"Rock\"}},"
                                    + " \"sort\": [{\"field\": \"name\"}]}"))
                    .contains(ROCK)
                    .doesNotContain("\"error\"");
        });
    }

    @Test
    void aConfigurationFileWithATableLayoutGetsTheHelperFunctionsToo(@TempDir Path dir) {
        Path file = dir.resolve("quarry.yaml");
        chinook("spring_written", "quarry.enabled=false")
                .run(context -> Files.writeString(
                        file,
                        Introspector.builder()
                                .dataSource(context.getBean(DataSource.class))
                                .build()
                                .introspect()
                                .toYaml()));
        runner.withPropertyValues(database("spring_written"))
                .withPropertyValues("spring.sql.init.mode=never", "quarry.config=file:" + file)
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(helperFunctions(context.getBean(DataSource.class)))
                            .isPositive();
                    assertThat(call(
                                    context,
                                    "query_graph_objects",
                                    "{\"type\": \"Track\", \"properties\": {\"name\": {\"$contains\": \"Rock\"}}}"))
                            .contains(ROCK)
                            .doesNotContain("\"error\"");
                });
    }
}
