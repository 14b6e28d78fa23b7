package io.quarry.demo;

import io.quarry.config.QuarryConfig;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.dialect.Dialects;
import io.quarry.store.DataFile;
import io.quarry.store.ObjectStore;
import io.quarry.tool.Toolkit;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import javax.sql.DataSource;

/**
 * The built-in demo knowledge graph (see this package's {@code README.md}): its data and
 * configuration, read from the classpath, and a store and toolkit over them.
 */
public final class DemoData {
    /** Where the demo's configuration is on the classpath, as a {@code classpath:} location names it. */
    public static final String CONFIG_RESOURCE = "io/quarry/demo/quarry.yaml";

    /** Where the demo's data file ({@code {"objects": [...], "relationships": [...]}}) is on the classpath. */
    public static final String DATA_RESOURCE = "io/quarry/demo/demo-data.json";

    private DemoData() {}

    /** The demo's objects and relationships. */
    public static DataFile.DataSet data() {
        try (InputStream in = open(DATA_RESOURCE)) {
            return DataFile.read(in, "demo data");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The demo's configuration file (YAML): types, tools, limits, projections and graph sections. */
    public static String configText() {
        return new String(bytes(CONFIG_RESOURCE), StandardCharsets.UTF_8);
    }

    /** The demo's configuration, read as every configuration is. */
    public static QuarryConfig config() {
        return QuarryConfig.parse(configText(), "classpath:" + CONFIG_RESOURCE);
    }

    /** A short checksum of the demo data, for naming a database built from it. */
    public static String version() {
        CRC32 crc = new CRC32();
        crc.update(bytes(DATA_RESOURCE));
        return Long.toHexString(crc.getValue());
    }

    /**
     * Creates Quarry's graph layout in this (empty) database, with the demo's scope columns {@code
     * org_id} and {@code project_id}, loads the demo into it and returns the store over it.
     */
    public static JdbcObjectStore load(DataSource dataSource) {
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(dataSource)
                .dialect(Dialects.detect(dataSource))
                .mapping(StoreMapping.graph("org_id", "project_id"))
                .build();
        store.createLayout();
        store.load(data());
        return store;
    }

    /** The demo's tools over this store (which holds the demo), configured by the demo's file. */
    public static Toolkit toolkit(ObjectStore store) {
        return Toolkit.builder().config(config()).store(store).build();
    }

    private static byte[] bytes(String resource) {
        try (InputStream in = open(resource)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream open(String resource) {
        InputStream in = DemoData.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException("the demo is missing from the classpath: " + resource);
        }
        return in;
    }
}
