package io.quarry.springai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.quarry.graph.SnapshotBuilder;
import io.quarry.projection.Projections;
import io.quarry.schema.Schema;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.dialect.Dialects;
import io.quarry.tool.ToolListener;
import io.quarry.tool.Toolkit;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import javax.sql.DataSource;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;

/**
 * Spring Boot auto-configuration: an application with a {@link DataSource} bean and this module on
 * its classpath gets a {@link Toolkit} over that database (Quarry's graph layout, the configuration
 * at {@code quarry.config} with its types, projections and graph section) and a
 * {@link QuarryToolCallbacks} bean, which Spring AI's MCP server
 * starter also serves as MCP tools. Public because Spring Boot loads it; hosts never call it.
 */
@AutoConfiguration(after = DataSourceAutoConfiguration.class)
@ConditionalOnClass({ToolCallbackProvider.class, Toolkit.class})
@ConditionalOnProperty(prefix = "quarry", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(QuarryProperties.class)
public class QuarryAutoConfiguration {

    /** The toolkit over the application's DataSource; a host's own Toolkit bean replaces it. */
    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnBean(DataSource.class)
    public Toolkit quarryToolkit(
            DataSource dataSource,
            QuarryProperties properties,
            ResourceLoader resources,
            ObjectProvider<ToolListener> listeners) {
        QuarryProperties.Store store = properties.getStore();
        String config = read(resources.getResource(properties.getConfig()), properties.getConfig());
        StoreMapping graph = StoreMapping.graph(store.getScopeColumns().toArray(String[]::new));
        // the configuration file's store section, when it has one, names the tables and columns
        StoreMapping mapping = StoreMapping.parse(config, properties.getConfig())
                .orElseGet(() -> new StoreMapping(
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
                        graph.relationshipType()));
        Schema schema = Schema.parse(config);
        Projections projections = Projections.parse(config, schema);
        Toolkit.Builder toolkit = Toolkit.builder()
                .schema(schema)
                .projections(projections)
                .snapshots(SnapshotBuilder.fromConfig(yaml(config), properties.getConfig(), projections)
                        .build())
                .store(JdbcObjectStore.builder()
                        .dataSource(dataSource)
                        .dialect(Dialects.detect(dataSource))
                        .mapping(mapping)
                        .timeout(store.getTimeout())
                        .build())
                .limits(properties.getLimits().toLimits());
        listeners.orderedStream().forEach(toolkit::listener);
        return toolkit.build();
    }

    /** The tools as Spring AI callbacks, limited to {@code quarry.tools} when set. */
    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnBean(Toolkit.class)
    public QuarryToolCallbacks quarryToolCallbacks(Toolkit toolkit, QuarryProperties properties) {
        return QuarryToolCallbacks.of(toolkit, properties.getTools(), QuarryToolCallbacks::context);
    }

    private static JsonNode yaml(String config) {
        try {
            return new YAMLMapper().readTree(config);
        } catch (IOException e) {
            throw new UncheckedIOException("quarry.config: " + e.getMessage(), e);
        }
    }

    private static String read(Resource resource, String location) {
        if (!resource.exists()) {
            throw new IllegalStateException("quarry.config: there is no Quarry configuration at '" + location
                    + "'; add one with your types and fields (see docs/configuration.md) or set quarry.config "
                    + "to its location, such as file:config/quarry.yaml");
        }
        try (InputStream in = resource.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("quarry.config: cannot read " + location, e);
        }
    }
}
