package io.quarry.config;

import static java.util.Objects.requireNonNull;

import io.quarry.sql.Dialect;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.dialect.Dialects;
import io.quarry.sql.introspect.Introspection;
import io.quarry.sql.introspect.Introspector;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import javax.sql.DataSource;

/**
 * Which store serves a database, decided in one place for every host (the command line and the
 * Spring Boot starter call it): the configuration's {@code store} section when it has one; else
 * Quarry's graph layout when the database has it (or the layout is {@link Layout#GRAPH}); else the
 * database's own tables, introspected. A configuration without a {@code store} section on a database
 * without the graph layout is refused: it was written for other tables than the ones introspection
 * would serve.
 *
 * <pre>{@code
 * DatabaseSource.Opened opened = DatabaseSource.builder(dataSource).config(config).open();
 * Toolkit.Builder toolkit = Toolkit.builder().store(opened.store());
 * if (opened.config() != null) {
 *     toolkit.config(opened.config());
 * }
 * }</pre>
 */
public final class DatabaseSource {
    /** The source name of an introspected configuration, in its messages. */
    static final String INTROSPECTED = "the database's tables (introspected)";

    /** The columns of the graph layout's objects table that are not scope columns: the full-text column. */
    private static final Set<String> NOT_SCOPE = Set.of("quarry_fts");

    private final DataSource dataSource;
    private final QuarryConfig config;
    private final Layout layout;
    private final StoreMapping graph;
    private final Supplier<Introspection> introspection;
    private final Function<StoreMapping, Dialect> dialect;
    private final Consumer<JdbcObjectStore.Builder> settings;
    private final Predicate<JdbcObjectStore> helperFunctions;
    private final Consumer<String> warnings;

    private DatabaseSource(Builder b) {
        this.dataSource = b.dataSource;
        this.config = b.config;
        this.layout = b.layout;
        this.graph = b.graph;
        StoreMapping names = graphNames();
        this.introspection = b.introspection != null
                ? b.introspection
                : () -> Introspector.builder()
                        .dataSource(dataSource)
                        .exclude(names.objectsTable(), names.relationshipsTable())
                        .build()
                        .introspect();
        this.dialect = b.dialect != null ? b.dialect : mapping -> Dialects.detect(dataSource);
        this.settings = b.settings;
        this.helperFunctions = b.helperFunctions;
        this.warnings = b.warnings;
    }

    /** How a database without a configured {@code store} section is read. */
    public enum Layout {
        /** The graph layout if the database has it, else the database's own tables by introspection. */
        AUTO,
        /** The graph layout; a database without it is refused. */
        GRAPH,
        /** The database's own tables, by introspection. */
        TABLES
    }

    /**
     * The store chosen and the configuration to build the toolkit with.
     *
     * @param store the store over the database
     * @param config the configuration given, the introspected one, or {@code null} (the graph layout
     *     without a configuration: the types are inferred from the data)
     * @param layout which layout serves: {@link Layout#GRAPH} or {@link Layout#TABLES}
     */
    public record Opened(JdbcObjectStore store, QuarryConfig config, Layout layout) {
        /** Checks the arguments: a store and a layout that is not {@code AUTO}. */
        public Opened {
            requireNonNull(store, "store");
            if (requireNonNull(layout, "layout") == Layout.AUTO) {
                throw new IllegalArgumentException("Opened: the layout chosen is GRAPH or TABLES, not AUTO");
            }
        }
    }

    /** A builder over this database. */
    public static Builder builder(DataSource dataSource) {
        return new Builder(requireNonNull(dataSource, "dataSource"));
    }

    /**
     * Chooses the store and opens it: the configured mapping, the graph layout or the introspected
     * tables; a table layout gets the dialect's helper functions installed (or a warning when the user
     * may not create them, and the database's own are used).
     *
     * @throws ConfigException when the configuration has no {@code store} section and the database has
     *     no graph layout
     * @throws IllegalStateException when the graph layout is asked for and missing, the database has no
     *     table to serve, or cannot be reached
     */
    private Opened decide() {
        Optional<StoreMapping> configured = config == null ? Optional.empty() : config.store();
        if (configured.isPresent()) {
            StoreMapping mapping = configured.get();
            return new Opened(store(mapping), config, mapping.tables() == null ? Layout.GRAPH : Layout.TABLES);
        }
        StoreMapping names = graphNames();
        boolean hasGraph = JdbcObjectStore.graphLayoutExists(dataSource, names);
        if (layout == Layout.GRAPH || (layout == Layout.AUTO && hasGraph)) {
            if (!hasGraph) {
                throw new IllegalStateException("the database has no graph layout (no " + names.objectsTable()
                        + " and " + names.relationshipsTable() + " tables); create it with 'quarry init' or"
                        + " JdbcObjectStore.createLayout(), or read its own tables with --layout tables"
                        + " (DatabaseSource.Layout.TABLES)");
            }
            return new Opened(store(graph != null ? graph : detectedGraph()), config, Layout.GRAPH);
        }
        if (config != null) {
            throw new ConfigException(
                    config.source(),
                    "",
                    "there is no store section, and the database has no graph layout (no " + names.objectsTable()
                            + " table), so its own tables would be read by introspection, which this"
                            + " configuration was not written for; write a configuration of the tables with 'quarry"
                            + " introspect' (or Introspector...toYaml()) and edit it, create the graph layout with"
                            + " 'quarry init', or leave the configuration out",
                    null);
        }
        Introspection result = introspection.get();
        if (result.configuration().path("store").path("tables").path("types").isEmpty()) {
            throw new IllegalStateException("the database has neither Quarry's graph layout (a "
                    + names.objectsTable() + " table) nor tables Quarry can serve"
                    + (result.warnings().isEmpty() ? "" : "; skipped: " + String.join("; ", result.warnings())));
        }
        QuarryConfig introspected = QuarryConfig.parse(result.toYaml(), INTROSPECTED);
        return new Opened(store(introspected.store().orElseThrow()), introspected, Layout.TABLES);
    }

    /** The graph layout's table names: the given mapping's or the default ones. */
    private StoreMapping graphNames() {
        return graph != null ? graph : StoreMapping.graph();
    }

    private JdbcObjectStore store(StoreMapping mapping) {
        JdbcObjectStore.Builder b = JdbcObjectStore.builder()
                .dataSource(dataSource)
                .dialect(dialect.apply(mapping))
                .mapping(mapping);
        if (config != null) {
            config.sessionSettings().forEach(b::sessionSetting);
            config.sessionRoles().forEach(b::sessionRole);
        }
        settings.accept(b);
        JdbcObjectStore store = b.build();
        // the host's own tables: the SQL calls Quarry's helper functions (H2's aliases, the guarded casts)
        if (mapping.tables() != null && !helperFunctions.test(store)) {
            warnings.accept("the database user may not create Quarry's helper functions; using the ones in the"
                    + " database, which may be of an older Quarry version");
        }
        return store;
    }

    /** The default graph layout; its scope columns are the objects table's other columns. */
    private StoreMapping detectedGraph() {
        StoreMapping plain = StoreMapping.graph();
        Set<String> fixed = Set.of(plain.id(), plain.type(), plain.properties(), plain.createdAt(), plain.updatedAt());
        List<String> scope = new ArrayList<>();
        try (Connection c = dataSource.getConnection()) {
            DatabaseMetaData meta = c.getMetaData();
            try (ResultSet rs = meta.getColumns(c.getCatalog(), c.getSchema(), plain.objectsTable(), null)) {
                while (rs.next()) {
                    String column = rs.getString("COLUMN_NAME");
                    if (!fixed.contains(column) && !NOT_SCOPE.contains(column)) {
                        scope.add(column);
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot connect to the database: " + e.getMessage(), e);
        }
        return StoreMapping.graph(scope.toArray(String[]::new));
    }

    /** Builds the decision; {@link #open()} makes it. */
    public static final class Builder {
        private final DataSource dataSource;
        private QuarryConfig config;
        private Layout layout = Layout.AUTO;
        private StoreMapping graph;
        private Supplier<Introspection> introspection;
        private Function<StoreMapping, Dialect> dialect;
        private Consumer<JdbcObjectStore.Builder> settings = b -> {};
        private Predicate<JdbcObjectStore> helperFunctions = JdbcObjectStore::installHelperFunctions;
        private Consumer<String> warnings = w -> {};

        private Builder(DataSource dataSource) {
            this.dataSource = dataSource;
        }

        /** The configuration, or {@code null} for none (the default). */
        public Builder config(QuarryConfig config) {
            this.config = config;
            return this;
        }

        /** How the database is read without a configured {@code store} section; default {@link Layout#AUTO}. */
        public Builder layout(Layout layout) {
            this.layout = requireNonNull(layout, "layout");
            return this;
        }

        /**
         * The graph layout's tables and scope columns. Default: {@link StoreMapping#graph}'s tables, with
         * the objects table's other columns as the scope columns.
         */
        public Builder graph(StoreMapping graph) {
            if (requireNonNull(graph, "graph").tables() != null) {
                throw new IllegalArgumentException(
                        "DatabaseSource.builder().graph: a graph layout, not a table layout");
            }
            this.graph = graph;
            return this;
        }

        /**
         * How the database's own tables are introspected when they are served. Default: an {@link
         * Introspector} of the connection's schema without the graph layout's tables.
         */
        public Builder introspection(Supplier<Introspection> introspection) {
            this.introspection = requireNonNull(introspection, "introspection");
            return this;
        }

        /** The dialect for the mapping chosen, such as one with full text; default {@link Dialects#detect}. */
        public Builder dialect(Function<StoreMapping, Dialect> dialect) {
            this.dialect = requireNonNull(dialect, "dialect");
            return this;
        }

        /** More settings of the store (a timeout, a read data source, a count cap, an observer). */
        public Builder store(Consumer<JdbcObjectStore.Builder> settings) {
            this.settings = requireNonNull(settings, "settings");
            return this;
        }

        /**
         * How the helper functions of a table layout are installed, answering whether they were created
         * ({@code false}: the user may not, and the database's own are kept, with a warning). Default
         * {@link JdbcObjectStore#installHelperFunctions()}; the command line also tries a writable
         * connection when it opened an embedded file read-only.
         */
        public Builder helperFunctions(Predicate<JdbcObjectStore> helperFunctions) {
            this.helperFunctions = requireNonNull(helperFunctions, "helperFunctions");
            return this;
        }

        /** Receives one line per thing worth telling the operator; default: nothing. */
        public Builder warnings(Consumer<String> warnings) {
            this.warnings = requireNonNull(warnings, "warnings");
            return this;
        }

        /**
         * Chooses the store and opens it (see {@link DatabaseSource}).
         *
         * @throws ConfigException when the configuration has no {@code store} section and the database
         *     has no graph layout
         * @throws IllegalStateException when the graph layout is asked for and missing, the database has
         *     no table to serve, or cannot be reached
         */
        public Opened open() {
            return new DatabaseSource(this).decide();
        }
    }
}
