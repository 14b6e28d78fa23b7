package io.quarry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.quarry.demo.DemoData;
import io.quarry.demo.DemoDataGenerator;
import io.quarry.schema.Schema;
import io.quarry.schema.SchemaException;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectQuery;
import io.quarry.store.ObjectStore;
import io.quarry.store.Scope;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** Where the data comes from and in which scope: shared by every command that runs tools. */
final class SourceOptions {
    private static final YAMLMapper YAML = new YAMLMapper();

    @Option(
            names = "--data",
            paramLabel = "FILE",
            description = "A data file ({\"objects\": [...], \"relationships\": [...]}), served from memory. "
                    + "Default: the built-in demo, in an embedded H2 database created on first use.")
    Path data;

    @Option(
            names = "--config",
            paramLabel = "FILE",
            description = "A JSON or YAML configuration with the types (and, with --jdbc-url, a 'store' section "
                    + "naming the tables). Default: the demo's with the demo data, else types inferred from the data.")
    Path config;

    @Option(
            names = "--jdbc-url",
            paramLabel = "URL",
            description =
                    "A database in Quarry's graph layout (see 'quarry init' and 'quarry load'), e.g. jdbc:h2:file:./graph.")
    String jdbcUrl;

    @Option(names = "--user", paramLabel = "USER", description = "The database user.")
    String user;

    @Option(names = "--password", paramLabel = "PASSWORD", description = "The database password.")
    String password;

    @Option(
            names = "--scope",
            paramLabel = "KEY=VALUE",
            description = "Confine every read to objects with this scope value (repeatable), e.g. --scope org_id=acme.")
    Map<String, String> scope = new LinkedHashMap<>();

    @Option(
            names = "--now",
            paramLabel = "INSTANT",
            description = "The clock for relative dates (last_7_days), e.g. 2026-11-01T12:00:00Z. Default: the "
                    + "demo's fixed clock (2026-11-01T12:00:00Z) with the demo, else the system clock.")
    Instant now;

    /**
     * The toolkit over the chosen data, with the configuration's projections and graph settings.
     *
     * @throws IllegalArgumentException with a message for the user when a file is unusable
     */
    Toolkit toolkit() {
        Source source = source();
        Toolkit.Builder b = Toolkit.builder().schema(source.schema()).store(source.store());
        try {
            if (config != null) {
                b.config(config);
            } else if (source.config() != null) {
                b.config(source.config());
            }
            return b.build();
        } catch (SchemaException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** Whether the tools run over the built-in demo. */
    boolean demo() {
        return data == null && jdbcUrl == null;
    }

    /** The data, its schema and its configuration ({@code null} for types inferred from the data). */
    record Source(ObjectStore store, Schema schema, JsonNode config, String configSource) {}

    /**
     * The chosen data, its schema and configuration.
     *
     * @throws IllegalArgumentException with a message for the user when a file is unusable
     */
    Source source() {
        if (data != null && jdbcUrl != null) {
            throw new IllegalArgumentException("give --data or --jdbc-url, not both");
        }
        try {
            JsonNode configTree = config != null ? readConfig(config) : null;
            String configSource = config != null ? config.toString() : null;
            if (jdbcUrl != null) {
                JdbcObjectStore jdbc = Databases.open(jdbcUrl, user, password, Databases.configured(config));
                return new Source(
                        jdbc, config != null ? Schema.load(config) : inferred(sample(jdbc)), configTree, configSource);
            } else if (data != null) {
                DataFile.DataSet dataSet = DataFile.read(data);
                return new Source(
                        InMemoryObjectStore.of(dataSet),
                        config != null ? Schema.load(config) : inferred(dataSet.objects()),
                        configTree,
                        configSource);
            }
            ObjectStore store = Databases.demo();
            if (config != null) {
                return new Source(store, Schema.load(config), configTree, configSource);
            }
            return new Source(store, Schema.parse(DemoData.configText()), DemoData.config(), "the demo's quarry.yaml");
        } catch (SchemaException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the configuration: " + e.getMessage(), e);
        }
    }

    private static JsonNode readConfig(Path file) throws IOException {
        return YAML.readTree(Files.readString(file));
    }

    /** Up to 500 objects of each type, to infer the types of a database without a configuration. */
    private static List<GraphObject> sample(ObjectStore store) {
        List<GraphObject> objects = new ArrayList<>();
        for (String type : store.countByType(Scope.unrestricted()).keySet()) {
            objects.addAll(
                    store.search(ObjectQuery.builder().type(type).limit(500).build())
                            .items());
        }
        return objects;
    }

    ToolContext context() {
        Clock clock = now != null
                ? Clock.fixed(now, ZoneOffset.UTC)
                : demo() ? Clock.fixed(DemoDataGenerator.NOW, ZoneOffset.UTC) : Clock.systemUTC();
        return ToolContext.builder().scope(new Scope(scope)).clock(clock).build();
    }

    private static Schema inferred(List<GraphObject> objects) {
        Map<String, List<JsonNode>> byType = new LinkedHashMap<>();
        for (GraphObject o : objects) {
            byType.computeIfAbsent(o.type(), k -> new ArrayList<>()).add(o.properties());
        }
        if (byType.isEmpty()) {
            throw new IllegalArgumentException("the data file holds no objects, so there are no types to query");
        }
        return Schema.infer(byType);
    }
}
