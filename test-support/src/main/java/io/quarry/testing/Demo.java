package io.quarry.testing;

import io.quarry.demo.DemoData;
import io.quarry.tool.Toolkit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;

/** The demo knowledge graph of the {@code quarry-demo} artifact, loaded into an in-memory H2 database. */
public final class Demo {
    /**
     * A temporary directory holding copies of the demo's {@code quarry.yaml} and {@code demo-data.json}
     * from the classpath, for the APIs that take a file; deleted when the JVM exits.
     */
    public static final Path DIR = copyToTemporaryDirectory();

    private Demo() {}

    /** The demo's configuration file (a copy in {@link #DIR}). */
    public static Path config() {
        return DIR.resolve("quarry.yaml");
    }

    /** A new in-memory H2 database of this name holding the demo in Quarry's graph layout. */
    public static DataSource dataSource(String database) {
        DataSource ds = inMemory(database);
        DemoData.load(ds);
        return ds;
    }

    /** The names of the demo's tools, in the order a toolkit lists them. */
    public static String[] toolNames() {
        return ToolNames.NAMES.clone();
    }

    private static final class ToolNames {
        static final String[] NAMES = toolkit("quarry-demo-tool-names").tools().stream()
                .map(io.quarry.tool.Tool::name)
                .toArray(String[]::new);
    }

    /** The demo's tools over a new in-memory H2 database of this name, configured by the demo's file. */
    public static Toolkit toolkit(String database) {
        return DemoData.toolkit(DemoData.load(inMemory(database)));
    }

    /**
     * The demo's tools with {@code semantic_search}: over a new in-memory H2 database of this name, with
     * the embedder given and an in-memory index of the risks' text (title, description, mitigation; the
     * other types are not embedded, to keep the tests short).
     */
    public static Toolkit semanticToolkit(String database, io.quarry.search.Embedder embedder) {
        return semanticToolkit(database, embedder, new io.quarry.search.InMemoryVectorIndex());
    }

    /** {@link #semanticToolkit(String, io.quarry.search.Embedder)} with the risks' vectors in this index. */
    public static Toolkit semanticToolkit(
            String database, io.quarry.search.Embedder embedder, io.quarry.search.VectorIndex index) {
        io.quarry.sql.JdbcObjectStore store = DemoData.load(inMemory(database));
        io.quarry.schema.Schema schema = DemoData.config().schema().orElseThrow();
        io.quarry.search.EmbeddedText.Builder text = io.quarry.search.EmbeddedText.builder(schema);
        for (String type : schema.typeNames()) {
            if (!type.equals("Risk")) {
                text.fields(type, java.util.List.of());
            }
        }
        io.quarry.search.EmbeddingIndexer.builder()
                .store(store)
                .embedder(embedder)
                .index(index)
                .text(text.build())
                .build()
                .run();
        return Toolkit.builder()
                .config(DemoData.config())
                .store(store)
                .embedder(embedder)
                .vectorIndex(index)
                .build();
    }

    private static DataSource inMemory(String database) {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:" + database + ";DB_CLOSE_DELAY=-1");
        return ds;
    }

    private static Path copyToTemporaryDirectory() {
        try {
            Path dir = Files.createTempDirectory("quarry-demo-");
            dir.toFile().deleteOnExit();
            Path config = Files.writeString(dir.resolve("quarry.yaml"), DemoData.configText(), StandardCharsets.UTF_8);
            config.toFile().deleteOnExit();
            Path data = dir.resolve("demo-data.json");
            try (var in = Demo.class.getClassLoader().getResourceAsStream(DemoData.DATA_RESOURCE)) {
                Files.copy(in, data);
            }
            data.toFile().deleteOnExit();
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
