package io.quarry.examples.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.quarry.examples.demo.DemoDataGenerator;
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
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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
    static final String DEMO_DATA = "/io/quarry/examples/demo/demo-data.json";
    static final String DEMO_CONFIG = "/io/quarry/examples/demo/quarry.yaml";

    @Option(
            names = "--data",
            paramLabel = "FILE",
            description = "A data file ({\"objects\": [...], \"relationships\": [...]}), served from memory. "
                    + "Default: the built-in demo, in an embedded H2 database created on first use.")
    Path data;

    @Option(
            names = "--config",
            paramLabel = "FILE",
            description = "A JSON or YAML configuration with the types. Default: the demo's with the demo data, "
                    + "else types inferred from the data.")
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
     * The toolkit over the chosen data.
     *
     * @throws IllegalArgumentException with a message for the user when a file is unusable
     */
    Toolkit toolkit() {
        if (data != null && jdbcUrl != null) {
            throw new IllegalArgumentException("give --data or --jdbc-url, not both");
        }
        // the configuration's tools and limits sections apply too, not only its types
        Toolkit.Builder builder = Toolkit.builder();
        try {
            if (config != null) {
                builder.config(config);
            }
            if (jdbcUrl != null) {
                JdbcObjectStore jdbc = Databases.open(jdbcUrl, user, password);
                builder.store(jdbc);
                if (config == null) {
                    builder.schema(inferred(sample(jdbc)));
                }
            } else if (data != null) {
                DataFile.DataSet dataSet = DataFile.read(data);
                builder.store(InMemoryObjectStore.of(dataSet));
                if (config == null) {
                    builder.schema(inferred(dataSet.objects()));
                }
            } else {
                builder.store(Databases.demo(SourceOptions::demoData));
                if (config == null) {
                    builder.config(demoConfigTree());
                }
            }
            return builder.build();
        } catch (SchemaException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** Whether the tools run over the built-in demo. */
    boolean demo() {
        return data == null && jdbcUrl == null;
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

    static DataFile.DataSet demoData() {
        try (InputStream in = SourceOptions.class.getResourceAsStream(DEMO_DATA)) {
            if (in == null) {
                throw new IllegalStateException("the demo data is missing from the jar: " + DEMO_DATA);
            }
            return DataFile.read(in, "demo data");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A checksum of the demo data as packaged, in hex. */
    static String demoChecksum() {
        try (InputStream in = SourceOptions.class.getResourceAsStream(DEMO_DATA)) {
            if (in == null) {
                throw new IllegalStateException("the demo data is missing from the jar: " + DEMO_DATA);
            }
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                crc.update(buffer, 0, n);
            }
            return Long.toHexString(crc.getValue());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The demo's configuration as a tree: its types, tools and limits. */
    static JsonNode demoConfigTree() {
        try {
            return new YAMLMapper().readTree(demoConfig());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String demoConfig() {
        return resource(DEMO_CONFIG);
    }

    private static String resource(String name) {
        try (InputStream in = SourceOptions.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
