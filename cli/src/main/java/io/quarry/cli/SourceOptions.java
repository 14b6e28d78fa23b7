package io.quarry.cli;

import io.quarry.config.DatabaseSource;
import io.quarry.config.QuarryConfig;
import io.quarry.demo.DemoData;
import io.quarry.demo.DemoDataGenerator;
import io.quarry.graph.SnapshotBuilder;
import io.quarry.projection.Projections;
import io.quarry.schema.Schema;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.dialect.Dialects;
import io.quarry.store.DataFile;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectStore;
import io.quarry.store.Scope;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.sql.DataSource;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Where the data comes from and in which scope: shared by every command that runs tools. */
final class SourceOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(
            names = "--data",
            paramLabel = "FILE",
            description = "A data file ({\"objects\": [...], \"relationships\": [...]}), served from memory. "
                    + "Default: the built-in demo, in an embedded H2 database created on first use.")
    Path data;

    @Option(
            names = "--config",
            paramLabel = "FILE",
            description =
                    "A JSON or YAML configuration: types, tools, limits, projections, graph and, with --jdbc-url, "
                            + "a 'store' section naming the tables. Default: the demo's with the demo data; without types, "
                            + "they are inferred from the data.")
    Path config;

    @Option(
            names = "--jdbc-url",
            paramLabel = "URL",
            description = "A database: its own tables, introspected, or Quarry's graph layout where it has one (see "
                    + "--layout), e.g. jdbc:sqlite:shop.db or jdbc:postgresql://localhost:5432/shop.")
    String jdbcUrl;

    @Option(
            names = "--neo4j-url",
            paramLabel = "URL",
            description = "A Neo4j database holding Quarry's graph layout (quarry load --neo4j-url writes it), e.g."
                    + " bolt://localhost:7687; --user and --password when the server asks for them.")
    String neo4jUrl;

    @Option(
            names = "--neo4j-database",
            paramLabel = "NAME",
            description = "The database of --neo4j-url to read. Default: the server's default database.")
    String neo4jDatabase;

    @Option(
            names = "--neo4j-label",
            paramLabel = "LABEL",
            description = "The label of the object nodes in --neo4j-url (several graphs in one database each have"
                    + " their own). Default: QuarryObject.")
    String neo4jLabel;

    @Option(
            names = "--layout",
            paramLabel = "LAYOUT",
            defaultValue = "auto",
            description = "How --jdbc-url's tables are read without a 'store' section in --config: auto (default: "
                    + "the graph layout if the database has its " + "quarry_objects table, else the tables by "
                    + "introspection), graph, or tables (introspection).")
    Layout layout;

    @Mixin
    TableOptions tables;

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

    @Option(
            names = "--feedback",
            paramLabel = "FILE",
            description = "Offer the agent report_missing_capability and append each report to FILE as a JSON line "
                    + "(summarize them with 'quarry feedback summarize FILE').")
    java.nio.file.Path feedback;

    @Option(
            names = "--semantic",
            description =
                    "Serve semantic_search and hybrid ranking (discover_schema, query_graph_objects' rank: hybrid)"
                            + " with the built-in model: over the vectors 'quarry embed' wrote with --jdbc-url; with --data"
                            + " or the demo, the objects are embedded in memory first.")
    boolean semantic;

    @Option(
            names = "--index",
            paramLabel = "DIR",
            description = "The vectors in a Lucene index in DIR (HNSW and BM25, created when missing): 'quarry embed'"
                    + " writes it and a second run embeds only what changed; --semantic brings it up to date and"
                    + " serves it (the keyword side of hybrid ranking too).")
    java.nio.file.Path index;

    @Mixin
    ApiOptions api;

    /**
     * The toolkit over the chosen data, configured by the configuration file (its types, tools, limits,
     * projections and graph section) when there is one, with the API tools when --openapi is given.
     *
     * @throws IllegalArgumentException with a message for the user when a file is unusable
     */
    Toolkit toolkit() {
        return toolkit(source());
    }

    /** The toolkit over this source, configured by its configuration file when there is one. */
    Toolkit toolkit(Source source) {
        return toolkit(source, b -> {});
    }

    /** The toolkit over this source, with more settings (a cursor key, listeners). */
    Toolkit toolkit(Source source, java.util.function.Consumer<Toolkit.Builder> more) {
        Toolkit.Builder b = Toolkit.builder().schema(source.schema()).store(source.store());
        if (source.config() != null) {
            b.config(source.config());
        }
        if (feedback != null) {
            b.capabilityListener(new FeedbackFile(feedback));
        }
        if (api != null && mixee != null) { // null when made without picocli, as DemoDatabase does
            api.tools(mixee.name()).ifPresent(tools -> b.extensions(tools.tools()));
        }
        if (semantic) {
            Semantic.attach(
                    b, source, jdbcUrl == null ? null : Databases.reading(jdbcUrl, user, password), index, err());
        }
        more.accept(b);
        return b.build();
    }

    private java.io.PrintWriter err() {
        return mixee == null
                ? new java.io.PrintWriter(System.err, true)
                : mixee.commandLine().getErr();
    }

    /** How a database's tables are read without a configured store. */
    enum Layout {
        auto,
        graph,
        tables
    }

    /**
     * Connections of a pool for --jdbc-url, for commands that serve many calls ({@code mcp}, {@code call
     * --batch}); 0 opens a connection per call.
     */
    int pool;

    /** Whether the command writes to the database (quarry embed): then it is not opened read-only. */
    boolean writes;

    /** Whether the tools run over the built-in demo. */
    boolean demo() {
        return data == null && jdbcUrl == null && neo4jUrl == null;
    }

    /**
     * The data, its schema (the configuration's types, else inferred from the data) and the
     * configuration ({@code null} without one).
     */
    record Source(ObjectStore store, Schema schema, QuarryConfig config) {
        /** The configuration's projections, or generic ones. */
        Projections projections() {
            return config == null
                    ? Projections.none(schema)
                    : config.projections().orElseGet(() -> Projections.none(schema));
        }

        /** The configuration's graph settings, or the defaults. */
        SnapshotBuilder snapshots() {
            return config == null || config.snapshots().isEmpty()
                    ? SnapshotBuilder.builder().projections(projections()).build()
                    : config.snapshots().get();
        }
    }

    /**
     * The chosen data, its schema and configuration.
     *
     * @throws IllegalArgumentException with a message for the user when a file is unusable
     */
    Source source() {
        if ((data != null ? 1 : 0) + (jdbcUrl != null ? 1 : 0) + (neo4jUrl != null ? 1 : 0) > 1) {
            throw new IllegalArgumentException("give one of --data, --jdbc-url and --neo4j-url");
        }
        Neo4jDatabase.requireUrl(neo4jUrl, neo4jDatabase, neo4jLabel);
        QuarryConfig file = config != null ? QuarryConfig.load(config) : demo() ? DemoData.config() : null;
        Schema declared = file == null ? null : file.schema().orElse(null);
        if (neo4jUrl != null) {
            if (file != null && file.store().isPresent()) {
                throw new IllegalArgumentException(
                        config + ": a 'store' section names SQL tables; --neo4j-url reads Quarry's graph layout in"
                                + " Neo4j: leave the section out");
            }
            // the store's reads under the configuration's statement timeout (the toolkit checks the value)
            java.time.Duration timeout = java.util.Optional.ofNullable(file)
                    .flatMap(QuarryConfig::limits)
                    .flatMap(limits -> limits.get("statement_timeout_seconds"))
                    .map(n -> n.number("a whole number of seconds"))
                    .filter(n -> n.signum() > 0 && n.compareTo(java.math.BigDecimal.valueOf(2_000_000)) < 0)
                    .map(n -> java.time.Duration.ofSeconds(n.longValue()))
                    .orElse(io.quarry.tool.Limits.builder().build().statementTimeout());
            ObjectStore graph = Neo4jDatabase.store(neo4jUrl, user, password, neo4jDatabase, neo4jLabel, timeout);
            return new Source(graph, declared != null ? declared : inferred(graph), file);
        }
        if (jdbcUrl != null) {
            return database(file, declared);
        } else if (data != null) {
            DataFile.DataSet dataSet = DataFile.read(data);
            InMemoryObjectStore memory = InMemoryObjectStore.of(dataSet);
            return new Source(memory, declared != null ? declared : inferred(memory), file);
        }
        ObjectStore store = Databases.demo();
        return new Source(store, declared != null ? declared : inferred(store), file);
    }

    /**
     * The database at --jdbc-url, as core's {@link DatabaseSource} decides for every host (the Spring
     * Boot starter too): the configuration's store mapping if it has one; else the graph layout or the
     * tables by introspection, as --layout says.
     */
    private Source database(QuarryConfig file, Schema declared) {
        DataSource ds = pool > 0
                ? Databases.pooled(jdbcUrl, user, password, pool)
                : writes ? Databases.reading(jdbcUrl, user, password) : Databases.readingOnly(jdbcUrl, user, password);
        java.io.PrintWriter err = err();
        DatabaseSource.Opened opened;
        try {
            opened = DatabaseSource.builder(ds)
                    .config(file)
                    .layout(DatabaseSource.Layout.valueOf(layout.name().toUpperCase(java.util.Locale.ROOT)))
                    .introspection(() -> Databases.introspect(ds, tables, line -> err.println("quarry: " + line)))
                    .dialect(mapping -> Databases.fullTextOf(ds, Dialects.detect(ds), mapping.objectsTable()))
                    .helperFunctions(store -> Databases.installHelperFunctions(store, ds))
                    .warnings(line -> err.println("quarry: " + line))
                    .open();
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof java.sql.SQLException sql) {
                throw Databases.explain(sql);
            }
            throw new DatabaseProblem(e.getMessage().lines().findFirst().orElse(""), e);
        }
        JdbcObjectStore jdbc = opened.store();
        Schema schema = declared != null
                ? declared
                : java.util.Optional.ofNullable(opened.config())
                        .flatMap(QuarryConfig::schema)
                        .orElseGet(() -> inferred(jdbc));
        return new Source(jdbc, schema, opened.config());
    }

    ToolContext context() {
        Clock clock = now != null
                ? Clock.fixed(now, ZoneOffset.UTC)
                : demo() ? Clock.fixed(DemoDataGenerator.NOW, ZoneOffset.UTC) : Clock.systemUTC();
        return ToolContext.builder().scope(new Scope(scope)).clock(clock).build();
    }

    /**
     * The types of the data in the scope, inferred from a sample of it: another tenant's types and
     * fields are never shown (the scope is fixed for the whole command).
     */
    private Schema inferred(ObjectStore store) {
        Schema schema = store.inferSchema(new Scope(scope), 500);
        if (schema.isEmpty()) {
            throw new IllegalArgumentException(
                    scope.isEmpty()
                            ? "the data holds no objects, so there are no types to query"
                            : "the data holds no objects in the scope " + scope + ", so there are no types to query");
        }
        return schema;
    }
}
