package io.quarry.springai;

import io.micrometer.observation.ObservationRegistry;
import io.quarry.config.DatabaseSource;
import io.quarry.config.QuarryConfig;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.introspect.Introspection;
import io.quarry.sql.introspect.Introspector;
import io.quarry.tool.ToolExtension;
import io.quarry.tool.ToolListener;
import io.quarry.tool.Toolkit;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;

/**
 * Spring Boot auto-configuration: an application with a {@link DataSource} bean and this module on
 * its classpath gets a {@link Toolkit} over that database and a {@link QuarryToolCallbacks} bean, which
 * Spring AI's MCP server starter also serves as MCP tools. Public because Spring Boot loads it; hosts
 * never call it.
 *
 * <p>What it serves is core's decision ({@link DatabaseSource}), as on the command line: the
 * configuration file at {@code quarry.config} (default {@code classpath:quarry.yaml} when there is
 * one) with its {@code store} section; else Quarry's graph layout when the database has it (the
 * configuration's types, or types inferred from the data in each call's scope); else the database's
 * own tables, introspected ({@code quarry.introspect.*}). A configuration without a {@code store}
 * section on a database without the graph layout is refused at startup. A table layout gets the
 * dialect's helper functions installed at startup. It runs after the application's database initialization
 * (schema scripts, Flyway, Liquibase).
 */
// by name: Boot 3 and Boot 4 (which moved it to spring-boot-jdbc) compile this same source
@AutoConfiguration(
        afterName = {
            "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration",
            "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration"
        })
@ConditionalOnClass({ToolCallbackProvider.class, Toolkit.class})
@ConditionalOnProperty(prefix = "quarry", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(QuarryProperties.class)
public class QuarryAutoConfiguration {
    private static final Logger LOG = LoggerFactory.getLogger(QuarryAutoConfiguration.class);

    /** The configuration file read when {@code quarry.config} is not set, if it exists. */
    static final String DEFAULT_CONFIG = "classpath:quarry.yaml";

    /** The toolkit over the application's DataSource; a host's own Toolkit bean replaces it. */
    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnBean(DataSource.class)
    @DependsOnDatabaseInitialization
    public Toolkit quarryToolkit(
            DataSource dataSource,
            QuarryProperties properties,
            ResourceLoader resources,
            ObjectProvider<ToolListener> listeners,
            BeanFactory beans,
            ObjectProvider<ToolExtension> extensions,
            ObjectProvider<ObservationRegistry> observations,
            ObjectProvider<io.quarry.search.Embedder> embedders,
            ObjectProvider<io.quarry.search.VectorIndex> vectorIndexes,
            ObjectProvider<org.springframework.ai.embedding.EmbeddingModel> embeddingModels) {
        try {
            QuarryProperties.Store store = properties.getStore();
            DatabaseSource.Opened source = DatabaseSource.builder(dataSource)
                    .config(configFile(properties, resources))
                    .graph(graphMapping(store))
                    .introspection(() -> introspect(dataSource, properties))
                    .store(b -> b.readDataSource(
                                    properties.getReadDataSource() == null
                                            ? null
                                            : beans.getBean(properties.getReadDataSource(), DataSource.class))
                            .timeout(store.getTimeout())
                            .statementObserver(statementObserver(observations))
                            .countCap(store.getCountCap()))
                    .warnings(w -> LOG.info("Quarry: {}", w))
                    .open();
            QuarryConfig config = source.config();
            Toolkit.Builder toolkit = Toolkit.builder().store(source.store());
            if (config != null) {
                toolkit.config(config);
            } // else the graph layout's types are inferred from the data in each call's scope
            if (properties.getLimits().isSet()) {
                if (config != null && config.limits().isPresent()) {
                    throw new IllegalStateException("quarry.limits: " + config.source() + " has a limits section"
                            + " too; set the limits in one place, the file's limits section or the quarry.limits.*"
                            + " properties");
                }
                toolkit.limits(properties.getLimits().toLimits(store.getTimeout()));
            } else if (config == null || config.limits().isEmpty()) {
                // no limits anywhere: the tools' statements run under quarry.store.timeout, as they did
                toolkit.limits(io.quarry.tool.Limits.builder()
                        .statementTimeout(store.getTimeout())
                        .build());
            }
            listeners.orderedStream().forEach(toolkit::listener);
            if (properties.getCursorKey() != null) {
                try { // the rule is the Toolkit's
                    toolkit.cursorKey(
                            properties.getCursorKey().strip().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                } catch (IllegalArgumentException e) {
                    throw new IllegalStateException("quarry.cursor-key: " + e.getMessage()
                            + "; use a secret such as the output of: openssl rand -base64 32");
                }
            }
            toolkit.extensions(extensions.orderedStream().toList()); // such as quarry.openapi.*'s API tools
            SearchBeans.apply(toolkit, properties.getSearch(), embedders, vectorIndexes, embeddingModels, beans);
            return toolkit.build();
        } catch (IllegalArgumentException | IllegalStateException e) {
            // a configuration or database the toolkit cannot serve: one line, by QuarryFailureAnalyzer
            throw QuarryStartupException.of(e);
        }
    }

    /**
     * The tools as Spring AI callbacks, limited to {@code quarry.tools} when set; each call observed
     * ({@link QuarryObservations}) when the application has an {@link ObservationRegistry}.
     */
    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnBean(Toolkit.class)
    public QuarryToolCallbacks quarryToolCallbacks(
            Toolkit toolkit,
            QuarryProperties properties,
            ObjectProvider<ObservationRegistry> observations,
            ObjectProvider<QuarryMcpHttp.Authenticator> authenticator) {
        ObservationRegistry registry = observations.getIfAvailable(() -> ObservationRegistry.NOOP);
        return QuarryToolCallbacks.of(
                toolkit,
                properties.getTools(),
                // with an authenticator the MCP request's caller, and never a default scope
                authenticator.getIfAvailable() == null ? QuarryToolCallbacks::context : QuarryMcpHttp::context,
                registry.isNoop() ? tool -> tool : tool -> QuarryObservations.observed(tool, registry));
    }

    /** Each statement observed ({@link QuarryObservations#statements}) when the application has an {@link ObservationRegistry}. */
    private static io.quarry.sql.StatementObserver statementObserver(ObjectProvider<ObservationRegistry> observations) {
        ObservationRegistry registry = observations.getIfAvailable(() -> ObservationRegistry.NOOP);
        return registry.isNoop() ? null : QuarryObservations.statements(registry);
    }

    /** The configuration file, or {@code null} when {@code quarry.config} is unset and there is no default file. */
    private static QuarryConfig configFile(QuarryProperties properties, ResourceLoader resources) {
        String location = properties.getConfig();
        if (location == null) {
            Resource fallback = resources.getResource(DEFAULT_CONFIG);
            return fallback.exists() ? read(fallback, DEFAULT_CONFIG) : null;
        }
        Resource resource = resources.getResource(location);
        if (!resource.exists()) {
            // a location the host set and mistyped must not silently serve something else
            throw new IllegalStateException("quarry.config: there is no Quarry configuration at '" + location
                    + "'; add one with your types and fields (see docs/configuration.md), fix the location (such"
                    + " as file:config/quarry.yaml), or remove quarry.config to serve the database's own tables");
        }
        return read(resource, location);
    }

    private static QuarryConfig read(Resource resource, String location) {
        try (InputStream in = resource.getInputStream()) {
            return QuarryConfig.read(in, location);
        } catch (IOException e) {
            throw new UncheckedIOException("quarry.config: cannot read " + location, e);
        }
    }

    /** The graph layout of the {@code quarry.store.*} properties. */
    private static StoreMapping graphMapping(QuarryProperties.Store store) {
        StoreMapping graph = StoreMapping.graph(store.getScopeColumns().toArray(String[]::new));
        return new StoreMapping(
                store.getObjectsTable(),
                graph.id(),
                graph.type(),
                graph.properties(),
                graph.createdAt(),
                graph.updatedAt(),
                graph.scopeColumns(),
                store.getRelationshipsTable(),
                graph.relationshipId(),
                graph.srcId(),
                graph.dstId(),
                graph.relationshipType());
    }

    /** The DataSource's tables, introspected, as {@code quarry.introspect.*} says. */
    private static Introspection introspect(DataSource dataSource, QuarryProperties properties) {
        QuarryProperties.Introspect settings = properties.getIntrospect();
        if (!settings.isEnabled()) {
            throw new IllegalStateException("quarry: there is no configuration file (quarry.config, default "
                    + DEFAULT_CONFIG + "), the database has no Quarry graph layout ("
                    + properties.getStore().getObjectsTable() + ") and quarry.introspect.enabled is false; add a"
                    + " configuration, or enable introspection to serve the database's own tables");
        }
        // the tenant columns scope every table that has them; a table without them is left out (a warning)
        Introspector.Builder introspector = Introspector.builder()
                .dataSource(dataSource)
                .scopeColumns(properties.getStore().getScopeColumns().toArray(String[]::new))
                .schemas(settings.getSchemas().toArray(String[]::new))
                .include(settings.getInclude().toArray(String[]::new))
                .exclude(settings.getExclude().toArray(String[]::new));
        if (settings.getTypeNames() == QuarryProperties.TypeNames.TABLE) {
            introspector.typeNames(table -> table);
        }
        Introspection result = introspector.build().introspect();
        List<String> types = new ArrayList<>();
        // the table layout names every type; the types section only those with a description, relationships…
        result.configuration()
                .path("store")
                .path("tables")
                .path("types")
                .fieldNames()
                .forEachRemaining(types::add);
        if (types.isEmpty()) {
            throw new IllegalStateException("quarry.introspect: the DataSource has no table to serve (schemas "
                    + (settings.getSchemas().isEmpty() ? "the connection's current one" : settings.getSchemas())
                    + ", include " + settings.getInclude() + ", exclude " + settings.getExclude() + ")"
                    + (result.warnings().isEmpty() ? "" : "; skipped: " + String.join("; ", result.warnings())));
        }
        LOG.info(
                "Quarry serves {} types introspected from the DataSource's tables: {}; hidden fields: {}. To review"
                        + " or change them, write the configuration (Introspector...toYaml()) to a file and set"
                        + " quarry.config to it",
                types.size(),
                types,
                result.hiddenFields());
        result.warnings().forEach(w -> LOG.info("Quarry introspection: {}", w));
        return result;
    }
}
