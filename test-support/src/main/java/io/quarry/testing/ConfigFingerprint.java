package io.quarry.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.config.QuarryConfig;
import io.quarry.demo.DemoData;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.dialect.Dialects;
import io.quarry.store.Scope;
import io.quarry.tool.Limits;
import io.quarry.tool.Tool;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;

/**
 * One configuration file with every section, and a canonical fingerprint of the toolkit it gives, so
 * that the API, the command line and the Spring Boot starter can be shown to make the same toolkit of
 * it: the same tools (names, descriptions, input schemas), limits, projections, graph settings and
 * store (the last three seen through the answers of calls on the same database).
 */
public final class ConfigFingerprint {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** Calls whose answers show the projections (derived fields), the graph section and the store. */
    private static final Map<String, String> PROBES = Map.of(
            "query_graph_objects", "{\"type\": \"Task\"}",
            "get_graph_object", "{\"id\": \"goal-015\"}",
            "get_project_graph", "{\"root_id\": \"proj-01\"}",
            "aggregate_graph_objects",
                    "{\"type\": \"Risk\", \"group_by\": \"impact\", \"metrics\": [{\"op\": \"count\"}]}",
            "number_range_search",
                    "{\"entity_type\": \"Task\", \"field\": \"priority\", \"operator\": \"gt\", \"value\": 11}",
            "discover_schema", "{}");

    private ConfigFingerprint() {}

    /**
     * Writes the configuration: the demo's types, tools, projections and graph sections, with a tool
     * disabled, a {@code limits} section that sets {@code max_limit} alone, and a {@code store}
     * section that renames the graph layout's tables.
     */
    public static Path config(Path dir) {
        try {
            String demo = DemoData.configText();
            if (!demo.contains("\ntools:\n")) {
                throw new IllegalStateException("the demo configuration has no tools section to extend");
            }
            String text = demo.replace("\ntools:\n", "\ntools:\n  disabled: [discover_schema]\n")
                    + "\nlimits: {max_limit: 7, size_budget: 12000}\n"
                    + "\nstore:\n"
                    + "  objects: {table: fingerprint_objects, scope_columns: [org_id, project_id]}\n"
                    + "  relationships: {table: fingerprint_edges}\n";
            return Files.writeString(dir.resolve("quarry.yaml"), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A new in-memory H2 database of this name holding the demo in the tables the configuration names. */
    public static DataSource database(Path config, String name) {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL(url(name));
        JdbcObjectStore store = store(config, ds);
        store.createLayout();
        store.load(DemoData.data());
        return ds;
    }

    /** The JDBC URL of {@link #database}. */
    public static String url(String name) {
        return "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1";
    }

    /** The toolkit as the API makes it: {@code Toolkit.builder().config(QuarryConfig.load(file))}. */
    public static Toolkit api(Path config, DataSource database) {
        return Toolkit.builder()
                .config(QuarryConfig.load(config))
                .store(store(config, database))
                .build();
    }

    /**
     * The fingerprint: the limits, each tool's name, description and input schema, and the answers of
     * a few calls in acme's scope at a fixed clock, as indented JSON (so a difference reads as a diff).
     */
    public static String of(Toolkit toolkit) {
        ObjectNode out = JSON.createObjectNode();
        Limits limits = toolkit.limits();
        out.putObject("limits")
                .put("default_limit", limits.defaultLimit())
                .put("max_limit", limits.maxLimit())
                .put("size_budget", limits.sizeBudget())
                .put("statement_timeout", limits.statementTimeout().toString())
                .put("filter", limits.filter().toString());
        ArrayNode tools = out.putArray("tools");
        for (Tool tool : toolkit.tools()) {
            tools.addObject()
                    .put("name", tool.name())
                    .put("description", tool.description())
                    .set("input_schema", tool.inputSchema());
        }
        ToolContext acme = ToolContext.builder()
                .scope(Scope.of("org_id", "acme"))
                .clock(Clock.fixed(Instant.parse("2026-11-01T12:00:00Z"), ZoneOffset.UTC))
                .build();
        ObjectNode answers = out.putObject("answers");
        new java.util.TreeMap<>(PROBES).forEach((name, arguments) -> {
            try {
                JsonNode answer = JSON.readTree(
                        toolkit.call(name, JSON.readTree(arguments), acme).text());
                answers.set(name, answer);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        try {
            return JSON.writeValueAsString(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JdbcObjectStore store(Path config, DataSource ds) {
        return JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(Dialects.detect(ds))
                .mapping(QuarryConfig.load(config).store().orElseThrow())
                .build();
    }
}
