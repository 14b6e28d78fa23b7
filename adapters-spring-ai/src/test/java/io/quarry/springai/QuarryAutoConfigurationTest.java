package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarry.config.ConfigException;
import io.quarry.testing.ConfigFingerprint;
import io.quarry.testing.Demo;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolListener;
import io.quarry.tool.Toolkit;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The Boot auto-configuration, as a host application would get it. */
class QuarryAutoConfigurationTest {
    private static final DataSource DEMO = Demo.dataSource("spring-boot");
    private static final String CONFIG = "quarry.config=file:" + Demo.config();

    private final ApplicationContextRunner runner =
            new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(QuarryAutoConfiguration.class));

    @Test
    void aDataSourceIsAllAHostNeedsForToolCallbacks() {
        runner.withBean(DataSource.class, () -> DEMO).withPropertyValues(CONFIG).run(context -> {
            assertThat(context).hasSingleBean(Toolkit.class).hasSingleBean(ToolCallbackProvider.class);
            ToolCallback[] callbacks =
                    context.getBean(ToolCallbackProvider.class).getToolCallbacks();
            assertThat(callbacks).extracting(c -> c.getToolDefinition().name()).containsExactly(Demo.toolNames());
            assertThat(callbacks[1].call("{\"type\": \"Project\", \"limit\": 1}"))
                    .contains("\"returned\":1");
        });
    }

    @Test
    void theConfigurationsProjectionsAndGraphSectionsApply() {
        runner.withBean(DataSource.class, () -> DEMO).withPropertyValues(CONFIG).run(context -> {
            Toolkit toolkit = context.getBean(Toolkit.class);
            assertThat(toolkit.tool("get_graph_object")
                            .orElseThrow()
                            .call("{\"id\": \"goal-015\"}", ToolContext.unrestricted())
                            .text())
                    .contains("\"derived\":{\"total_tasks\":");
            assertThat(toolkit.tool("get_project_graph")
                            .orElseThrow()
                            .call("{\"root_id\": \"proj-01\", \"max_nodes\": 1}", ToolContext.unrestricted())
                            .text())
                    .contains("\"health\":\"amber\"");
        });
    }

    @Test
    void theGraphLayoutWithoutAConfigurationFileIsServedWithTypesFromItsObjects() {
        runner.withBean(DataSource.class, () -> DEMO).run(context -> {
            assertThat(context).hasNotFailed();
            ToolCallback[] callbacks =
                    context.getBean(ToolCallbackProvider.class).getToolCallbacks();
            assertThat(callbacks[0].call("{}")).contains("\"name\":\"Project\"", "\"name\":\"Task\"");
            assertThat(callbacks[1].call("{\"type\": \"Project\", \"limit\": 1}"))
                    .contains("\"returned\":1");
        });
    }

    @Test
    void readsGoToTheReadDataSourceAndCursorsAreSignedWithTheKey() {
        org.h2.jdbcx.JdbcDataSource primary = new org.h2.jdbcx.JdbcDataSource();
        primary.setURL("jdbc:h2:mem:spring-primary-empty;DB_CLOSE_DELAY=-1");
        io.quarry.sql.JdbcObjectStore.builder()
                .dataSource(primary)
                .dialect(new io.quarry.sql.dialect.H2Dialect())
                .build()
                .createLayout();
        String page = "{\"type\": \"Project\", \"limit\": 1}";
        runner.withBean("primary", DataSource.class, () -> primary, bd -> bd.setPrimary(true))
                .withBean("replica", DataSource.class, () -> DEMO)
                .withPropertyValues(CONFIG, "quarry.read-data-source=replica", "quarry.cursor-key=" + "k".repeat(32))
                .run(context -> {
                    Toolkit toolkit = context.getBean(Toolkit.class);
                    String first = toolkit.tool("query_graph_objects")
                            .orElseThrow()
                            .call(page, ToolContext.unrestricted())
                            .text();
                    assertThat(first).contains("\"returned\":1");
                    String cursor = com.fasterxml.jackson.databind.json.JsonMapper.builder()
                            .build()
                            .readTree(first)
                            .path("next_cursor")
                            .asText();
                    assertThat(cursor).contains(".");
                    String forged = toolkit.tool("query_graph_objects")
                            .orElseThrow()
                            .call(
                                    "{\"type\": \"Project\", \"limit\": 1, \"cursor\": \"x" + cursor + "\"}",
                                    ToolContext.unrestricted())
                            .text();
                    assertThat(forged).contains("INVALID_CURSOR");
                });
        runner.withBean("primary", DataSource.class, () -> primary, bd -> bd.setPrimary(true))
                .withBean("replica", DataSource.class, () -> DEMO)
                .withPropertyValues(CONFIG)
                .run(context -> assertThat(context.getBean(Toolkit.class)
                                .tool("query_graph_objects")
                                .orElseThrow()
                                .call(page, ToolContext.unrestricted())
                                .text())
                        .contains("\"returned\":0"));
    }

    @Test
    void withoutADataSourceThereAreNoBeans() {
        runner.withPropertyValues(CONFIG).run(context -> assertThat(context)
                .hasNotFailed()
                .doesNotHaveBean(Toolkit.class)
                .doesNotHaveBean(ToolCallbackProvider.class));
    }

    @Test
    void aToolkitOfTheHostsOwnGetsTheCallbacksWithoutADataSource() {
        Toolkit own = io.quarry.testing.Demo.toolkit("spring-boot-own");
        runner.withBean(Toolkit.class, () -> own).run(context -> {
            assertThat(context).hasSingleBean(ToolCallbackProvider.class);
            assertThat(context.getBean(Toolkit.class)).isSameAs(own);
        });
    }

    @Test
    void quarryEnabledFalseTurnsItOff() {
        runner.withBean(DataSource.class, () -> DEMO)
                .withPropertyValues(CONFIG, "quarry.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(ToolCallbackProvider.class));
    }

    @Test
    void propertiesAreBound() {
        runner.withBean(DataSource.class, () -> DEMO)
                .withPropertyValues(
                        CONFIG,
                        "quarry.tools=query_graph_objects",
                        "quarry.store.scope-columns=org_id,project_id",
                        "quarry.store.timeout=3s",
                        "quarry.store.count-cap=3",
                        "quarry.limits.default-limit=5",
                        "quarry.limits.max-limit=7",
                        "quarry.limits.size-budget=9000",
                        "quarry.limits.statement-timeout=2s")
                .run(context -> {
                    QuarryProperties p = context.getBean(QuarryProperties.class);
                    assertThat(p.getTools()).containsExactly("query_graph_objects");
                    assertThat(p.getStore().getScopeColumns()).containsExactly("org_id", "project_id");
                    assertThat(p.getStore().getTimeout()).isEqualTo(Duration.ofSeconds(3));
                    assertThat(p.getLimits().getStatementTimeout()).isEqualTo(Duration.ofSeconds(2));
                    ToolCallback[] callbacks =
                            context.getBean(ToolCallbackProvider.class).getToolCallbacks();
                    assertThat(callbacks)
                            .extracting(c -> c.getToolDefinition().name())
                            .containsExactly("query_graph_objects");
                    assertThat(callbacks[0].call("{\"type\": \"Task\"}")).contains("\"returned\":5");
                    assertThat(callbacks[0].call("{\"type\": \"Task\", \"limit\": 1}"))
                            .as("counted up to quarry.store.count-cap")
                            .contains("\"total\":3,\"total_exact\":false");
                    assertThat(callbacks[0].call("{\"type\": \"Task\", \"limit\": 50}"))
                            .contains("'limit' must be from 1 to 7, not 50.");
                });
    }

    @Test
    void theConfigurationsStoreSectionNamesTheTables(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path config = dir.resolve("quarry.yaml");
        java.nio.file.Files.writeString(
                config,
                java.nio.file.Files.readString(Demo.config())
                        + "\nstore:\n  objects: {table: mapped_objects, scope_columns: [org_id, project_id]}\n"
                        + "  relationships: {table: mapped_edges}\n");
        org.h2.jdbcx.JdbcDataSource ds = new org.h2.jdbcx.JdbcDataSource();
        ds.setURL("jdbc:h2:mem:spring-mapped;DB_CLOSE_DELAY=-1");
        io.quarry.sql.JdbcObjectStore mapped = io.quarry.sql.JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(io.quarry.sql.dialect.Dialects.detect(ds))
                .mapping(io.quarry.config.QuarryConfig.load(config).store().orElseThrow())
                .build();
        mapped.createLayout();
        mapped.load(io.quarry.store.DataFile.read(Demo.DIR.resolve("demo-data.json")));
        runner.withBean(DataSource.class, () -> ds)
                .withPropertyValues("quarry.config=file:" + config)
                .run(context -> assertThat(context.getBean(ToolCallbackProvider.class)
                                .getToolCallbacks()[1]
                                .call("{\"type\": \"Project\", \"limit\": 1}"))
                        .contains("\"returned\":1"));
    }

    @Test
    void theFileGivesTheSameToolkitAsTheApi(@TempDir Path dir) {
        Path config = ConfigFingerprint.config(dir);
        DataSource database = ConfigFingerprint.database(config, "spring-fingerprint");
        String api = ConfigFingerprint.of(ConfigFingerprint.api(config, database));
        runner.withBean(DataSource.class, () -> database)
                .withPropertyValues("quarry.config=file:" + config)
                .run(context -> {
                    Toolkit toolkit = context.getBean(Toolkit.class);
                    // the file's tools and limits sections, which this path used to ignore
                    assertThat(toolkit.tool("discover_schema")).isEmpty();
                    assertThat(toolkit.limits().maxLimit()).isEqualTo(7);
                    assertThat(toolkit.limits().defaultLimit()).isEqualTo(7);
                    assertThat(ConfigFingerprint.of(toolkit)).isEqualTo(api);
                });
    }

    @Test
    void limitsInTheFileAndInPropertiesFailStartup(@TempDir Path dir) throws Exception {
        Path config = Files.writeString(
                dir.resolve("quarry.yaml"), Files.readString(Demo.config()) + "\nlimits: {max_limit: 50}\n");
        runner.withBean(DataSource.class, () -> DEMO)
                .withPropertyValues("quarry.config=file:" + config, "quarry.limits.default-limit=5")
                .run(context -> assertThat(context)
                        .hasFailed()
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining("has a limits section too; set the limits in one place"));
    }

    @Test
    void aBadConfigurationFailsStartupNamingTheEntry(@TempDir Path dir) throws Exception {
        Path config = Files.writeString(
                dir.resolve("quarry.yaml"),
                Files.readString(Demo.config())
                        .replace("\ntools:\n", "\ntools:\n  disabled: [agregate_graph_objects]\n"));
        runner.withBean(DataSource.class, () -> DEMO)
                .withPropertyValues("quarry.config=file:" + config)
                .run(context -> assertThat(context)
                        .hasFailed()
                        .getFailure()
                        .rootCause()
                        .isInstanceOf(ConfigException.class)
                        .hasMessage("file:" + config + ": tools.disabled[0]: unknown tool 'agregate_graph_objects' (did"
                                + " you mean 'aggregate_graph_objects'?); tools: "
                                // the opt-in tools are names the file may use
                                + String.join(", ", Demo.toolNames())
                                        .replace("discover_schema, ", "discover_schema, semantic_search, ")
                                + ", run_readonly_sql"));
    }

    @Test
    void aMissingConfigurationFailsStartupWithWhatToDo() {
        runner.withBean(DataSource.class, () -> DEMO)
                .withPropertyValues("quarry.config=classpath:nowhere.yaml")
                .run(context -> assertThat(context)
                        .hasFailed()
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining("there is no Quarry configuration at 'classpath:nowhere.yaml'"));
    }

    @Test
    void toolListenerBeansHearEveryCall() {
        List<String> heard = new ArrayList<>();
        runner.withBean(DataSource.class, () -> DEMO)
                .withBean(ToolListener.class, () -> call -> heard.add(call.tool()))
                .withPropertyValues(CONFIG)
                .run(context -> {
                    context.getBean(ToolCallbackProvider.class)
                            .getToolCallbacks()[0]
                            .call("{}");
                    assertThat(heard).containsExactly("get_database_schema");
                });
    }

    @Test
    void bootFindsTheAutoConfigurationOnTheClasspath() {
        assertThat(ImportCandidates.load(AutoConfiguration.class, getClass().getClassLoader()))
                .contains(QuarryAutoConfiguration.class.getName());
    }

    @Test
    void everyPropertyHasMetadataForIdeCompletion() throws Exception {
        JsonNode metadata;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            metadata = new ObjectMapper().readTree(in);
        }
        Map<String, String> described = new TreeMap<>();
        metadata.path("properties")
                .forEach(p -> described.put(
                        p.path("name").asText(), p.path("description").asText()));

        assertThat(described)
                .containsOnlyKeys(
                        "quarry.enabled",
                        "quarry.config",
                        "quarry.tools",
                        "quarry.read-data-source",
                        "quarry.cursor-key",
                        "quarry.store.objects-table",
                        "quarry.store.relationships-table",
                        "quarry.store.scope-columns",
                        "quarry.store.timeout",
                        "quarry.store.count-cap",
                        "quarry.limits.default-limit",
                        "quarry.limits.max-limit",
                        "quarry.limits.size-budget",
                        "quarry.limits.statement-timeout",
                        "quarry.introspect.enabled",
                        "quarry.introspect.schemas",
                        "quarry.introspect.include",
                        "quarry.introspect.exclude",
                        "quarry.introspect.type-names",
                        "quarry.search.enabled",
                        "quarry.search.index-name",
                        "quarry.openapi.enabled",
                        "quarry.openapi.document",
                        "quarry.openapi.base-url",
                        "quarry.openapi.enable",
                        "quarry.openapi.allow",
                        "quarry.openapi.deny",
                        "quarry.openapi.include-deprecated",
                        "quarry.openapi.timeout");
        assertThat(described.values()).allSatisfy(d -> assertThat(d).isNotBlank());
    }

    @Test
    void theApplicationsEmbeddingModelAndVectorStoreGiveSemanticSearch() {
        MiniLmEmbeddingModel model = new MiniLmEmbeddingModel();
        runner.withBean(DataSource.class, () -> DEMO)
                .withBean(org.springframework.ai.embedding.EmbeddingModel.class, () -> model)
                .withBean(
                        org.springframework.ai.vectorstore.VectorStore.class,
                        () -> org.springframework.ai.vectorstore.SimpleVectorStore.builder(model)
                                .build())
                .withPropertyValues(CONFIG)
                .run(context -> {
                    Toolkit toolkit = context.getBean(Toolkit.class);
                    assertThat(toolkit.tool("semantic_search")).isPresent();
                    // nothing embedded yet: no candidate, and no error
                    assertThat(toolkit.tool("semantic_search")
                                    .orElseThrow()
                                    .call("{\"query\": \"security risks\"}", ToolContext.unrestricted())
                                    .text())
                            .contains("\"returned\":0");
                });
        runner.withBean(DataSource.class, () -> DEMO)
                .withBean(org.springframework.ai.embedding.EmbeddingModel.class, () -> model)
                .withPropertyValues(CONFIG, "quarry.search.enabled=false")
                .run(context -> assertThat(context.getBean(Toolkit.class).tool("semantic_search"))
                        .isEmpty());
        runner.withBean(DataSource.class, () -> DEMO)
                .withBean(org.springframework.ai.embedding.EmbeddingModel.class, () -> model)
                .withPropertyValues(CONFIG)
                .run(context -> assertThat(context.getBean(Toolkit.class).tool("semantic_search"))
                        .as("a model without a store ranks discover_schema by meaning too, but has no index")
                        .isEmpty());
    }
}
