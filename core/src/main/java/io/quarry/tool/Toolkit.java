package io.quarry.tool;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.config.QuarryConfig;
import io.quarry.graph.SnapshotBuilder;
import io.quarry.internal.Masking;
import io.quarry.projection.Projections;
import io.quarry.schema.Schema;
import io.quarry.store.ObjectStore;
import io.quarry.store.Scope;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The tools generated from a schema over a store: what a host registers with its agent framework.
 *
 * <pre>{@code
 * Toolkit toolkit = Toolkit.builder()
 *         .config(QuarryConfig.load(Path.of("quarry.yaml")))   // or .schema(Schema.builder()...build())
 *         .store(store)
 *         .build();
 * ToolResult result = toolkit.call("query_graph_objects", arguments, ToolContext.builder().scope(scope).build());
 * }</pre>
 *
 * <p>Immutable and thread-safe once built.
 */
public final class Toolkit {
    /** Every tool this version can generate, in catalog order; configuration may disable any of them. */
    static final List<String> CATALOG = List.of(
            GetDatabaseSchemaTool.NAME,
            QueryGraphObjectsTool.NAME,
            DiscoverSchemaTool.NAME,
            SemanticSearchTool.NAME,
            GetGraphObjectTool.NAME,
            GetObjectRelationshipsTool.NAME,
            TextPatternSearchTool.NAME,
            DatetimeRangeSearchTool.NAME,
            NumberRangeSearchTool.NAME,
            EnumFilterSearchTool.NAME,
            AggregateGraphObjectsTool.NAME,
            GetProjectGraphTool.NAME,
            RunReadonlySqlTool.NAME);

    /** How many objects of each type a scope's schema is inferred from. */
    private static final int INFERENCE_SAMPLE = 500;

    /** How many scopes' inferred toolkits stay cached; the least recently used goes first. */
    private static final int SCOPES_CACHED = 64;

    private final Schema schema;
    private final Limits limits;
    private final Map<String, Tool> tools;
    private final List<ToolListener> listeners;
    private final Runnable refreshStatistics;
    private final java.util.function.Consumer<Scope> warm;
    /** Without a schema: the settings each scope's toolkit is built from; {@code null} with a schema. */
    private final Settings inferred;

    private final ContextBlocks contextBlocks;

    /** With roles: the settings each role set's toolkit is built from; {@code null} without. */
    private final Settings byRole;

    private final Map<java.util.Set<String>, Toolkit> byRoles = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<java.util.Set<String>, Toolkit> eldest) {
            return size() > SCOPES_CACHED;
        }
    };

    private final Map<Scope, Toolkit> byScope = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Scope, Toolkit> eldest) {
            return size() > SCOPES_CACHED;
        }
    };

    /**
     * A toolkit over the settings' schema, or, with {@code perScope}, one whose schema is inferred from
     * the data in each call's scope: its own tools then carry no name from the data (the schema they
     * describe is empty) and run each call on the toolkit of the call's scope. Catalog, guard, wrap.
     */
    private Toolkit(Settings settings, boolean perScope) {
        Settings described = perScope ? settings.withSchema(Schema.builder().build()) : settings;
        ToolConfig config = described.toolConfig();
        this.inferred = perScope ? settings : null;
        this.byRole = !perScope && !settings.roles().isEmpty() ? settings : null;
        this.schema = described.schema();
        this.limits = settings.limits();
        this.listeners = settings.listeners();
        SchemaView view = new SchemaView(described.schema(), config);
        // masks, and the seals of cursors sorted by a masked field, under keys derived from the
        // cursor key when there is one: every instance with the key shows the same ones
        Masking masking = settings.cursorKey() != null ? Masking.derivedFrom(settings.cursorKey()) : Masking.random();
        Projections projections = settings.cursorKey() != null
                ? projections(described).maskingKey(settings.cursorKey())
                : projections(described);
        ObjectStore store = perCall(described.store());
        SchemaTool.Parts parts = new SchemaTool.Parts(
                view, new QueryRunner(view, store, projections, masking), store, described.limits());
        GetDatabaseSchemaTool schemaTool = new GetDatabaseSchemaTool(parts);
        SnapshotBuilder snapshots = described.snapshots() == null
                ? SnapshotBuilder.builder().projections(projections).build()
                : settings.cursorKey() != null
                        ? described.snapshots().maskingKey(settings.cursorKey())
                        : described.snapshots();
        this.contextBlocks = new ContextBlocks(parts, snapshots, projections, limits);
        Map<String, Tool> byName = new LinkedHashMap<>();
        for (CatalogTool tool : catalog(described, config, parts, projections, snapshots, schemaTool)) {
            Tool guarded = new GuardedTool(tool, limits, listeners, settings.cursorKey());
            byName.put(tool.name(), perScope ? new ScopedTool(guarded, this) : guarded);
        }
        this.tools = byName;
        this.refreshStatistics = perScope
                ? this::forgetScopes
                : () -> {
                    schemaTool.refreshStatistics();
                    synchronized (byRoles) {
                        byRoles.clear(); // each role set's toolkit computes its own again
                    }
                };
        this.warm = perScope ? scope -> forScope(scope).warm(scope) : schemaTool::warm;
    }

    /**
     * The store as the tools read it: a {@link io.quarry.sql.JdbcObjectStore} under each call's
     * statement timeout ({@link CallTimeoutStore}), any other store as it is.
     */
    private static ObjectStore perCall(ObjectStore store) {
        return store instanceof io.quarry.sql.JdbcObjectStore jdbc ? new CallTimeoutStore(jdbc) : store;
    }

    /**
     * The tools in catalog order, less the disabled ones, then the host's extensions; a type-specialized
     * tool only when some type has its fields.
     */
    private static List<CatalogTool> catalog(
            Settings s,
            ToolConfig config,
            SchemaTool.Parts parts,
            Projections projections,
            SnapshotBuilder snapshots,
            GetDatabaseSchemaTool schemaTool) {
        SemanticRanker ranker = s.embedder() != null && s.vectorIndex() != null
                ? new SemanticRanker(parts.store(), s.embedder(), s.vectorIndex())
                : null;
        List<CatalogTool> tools = new ArrayList<>();
        tools.add(schemaTool);
        tools.add(new QueryGraphObjectsTool(parts, ranker));
        tools.add(new DiscoverSchemaTool(parts, schemaTool, s.embedder()));
        if (ranker != null) {
            tools.add(new SemanticSearchTool(parts, ranker));
        }
        tools.add(new GetGraphObjectTool(parts, projections));
        tools.add(new GetObjectRelationshipsTool(parts));
        for (TypedSearch search : List.of(
                new TextPatternSearchTool(parts, config),
                new DatetimeRangeSearchTool(parts, config),
                new NumberRangeSearchTool(parts, config),
                new EnumFilterSearchTool(parts, config))) {
            if (search.available()) {
                tools.add(search);
            }
        }
        tools.add(new AggregateGraphObjectsTool(parts));
        if (s.store() instanceof io.quarry.sql.JdbcObjectStore jdbc
                && (config.readonlySql.contains(jdbc.dialect().name())
                        || s.readonlySql().contains(jdbc.dialect().name()))) {
            tools.add(new RunReadonlySqlTool(parts, jdbc));
        }
        tools.add(new GetProjectGraphTool(parts, snapshots));
        if (!s.capabilityListeners().isEmpty()) {
            tools.add(new ReportMissingCapabilityTool(s.capabilityListeners()));
        }
        tools.removeIf(
                tool -> config.disabled.contains(tool.name()) || s.disabled().contains(tool.name()));
        s.extensions().forEach(extension -> tools.add(CatalogTool.of(extension)));
        return tools;
    }

    /** The host's projections, or none for the schema. */
    private static Projections projections(Settings s) {
        return s.projections() != null ? s.projections() : Projections.none(s.schema());
    }

    /** Forgets every scope's toolkit: the next call in a scope infers its schema again. */
    private void forgetScopes() {
        synchronized (byScope) {
            byScope.clear();
        }
    }

    /**
     * Forgets the statistics computed from the data (the common values {@code get_database_schema}
     * shows at detail {@code full}), also those of each role set's toolkit ({@link #forRoles}); the next
     * call computes them again. Call it after large data changes.
     */
    public void refreshStatistics() {
        refreshStatistics.run();
    }

    /**
     * Reads ahead what the first {@code get_database_schema {"detail": "full"}} of a call in this
     * scope would read (the common values of every type, from up to 5,000 objects each), so that
     * first answer costs what the later ones do. A host calls it once at start, on a thread of its
     * own if it should not wait (the command line's {@code quarry mcp} does, for the unrestricted
     * scope); {@link #refreshStatistics()} forgets it. Without a schema it builds the scope's inferred
     * toolkit too. Thread-safe; a call answered meanwhile computes what it needs itself.
     */
    public void warm(Scope scope) {
        warm.accept(requireNonNull(scope, "scope"));
    }

    /**
     * The toolkit a call in this scope runs on. With a schema (given, or the configuration's types)
     * it is this toolkit. Without one it is built over the schema inferred from the data in the scope
     * ({@link ObjectStore#inferSchema(Scope, int)}, from up to 500 objects of each type), so its descriptions, input schemas and answers name only
     * types and fields that objects in the scope carry; it is cached per scope until
     * {@link #refreshStatistics()}. A server whose scope is fixed for a session (MCP over stdio)
     * lists this toolkit's tools.
     */
    public Toolkit forScope(Scope scope) {
        requireNonNull(scope, "scope");
        if (inferred == null) {
            return this;
        }
        synchronized (byScope) {
            Toolkit cached = byScope.get(scope);
            if (cached != null) {
                return cached;
            }
        }
        Schema inScope = inferred.store().inferSchema(scope, INFERENCE_SAMPLE);
        Toolkit built = new Toolkit(inferred.withSchema(inScope), false);
        synchronized (byScope) {
            byScope.put(scope, built);
        }
        return built;
    }

    /**
     * The toolkit a caller with these roles runs on ({@link io.quarry.schema.Roles}, {@link
     * Builder#roles}): its tools, descriptions, input schemas and answers show only the types and fields
     * the roles may see, masked where they are masked. Without roles, or for roles none of which the
     * toolkit's roles name, it is this toolkit. Cached per set of named roles.
     */
    public Toolkit forRoles(java.util.Collection<String> roles) {
        requireNonNull(roles, "roles");
        if (byRole == null) {
            return this;
        }
        java.util.Set<String> named = byRole.roles().named(roles);
        if (named.isEmpty()) {
            return this;
        }
        synchronized (byRoles) {
            Toolkit cached = byRoles.get(named);
            if (cached != null) {
                return cached;
            }
        }
        Toolkit built = new Toolkit(byRole.forRoles(named), false);
        synchronized (byRoles) {
            byRoles.put(named, built);
        }
        return built;
    }

    /**
     * The toolkit a call in this context runs on: its scope's ({@link #forScope}) and its roles' ({@link
     * #forRoles}). A server lists this toolkit's tools to the caller.
     */
    public Toolkit forCaller(ToolContext context) {
        requireNonNull(context, "context");
        return inferred != null ? forScope(context.scope()) : forRoles(context.roles());
    }

    /** A builder: a store is required; without a schema it is inferred from the data in each scope. */
    public static Builder builder() {
        return new Builder();
    }

    /** The tools, in catalog order. */
    public List<Tool> tools() {
        return List.copyOf(tools.values());
    }

    /** The tool with this name. */
    public Optional<Tool> tool(String name) {
        return Optional.ofNullable(tools.get(name));
    }

    /** The limits every call runs under; a call's {@link ToolContext} may only narrow them. */
    public Limits limits() {
        return limits;
    }

    /**
     * The schema the tools were generated from: empty when the schema is inferred from the data in each
     * scope (see {@link #forScope}).
     */
    public Schema schema() {
        return schema;
    }

    /**
     * Calls a tool by name with the model's input as JSON text, as frameworks hand it over: text that
     * is not JSON gives {@code INVALID_JSON}, an unknown name an error result, like any other mistake.
     *
     * @param name the tool name
     * @param arguments the model's input as JSON text ({@code null} or blank: no arguments)
     * @param context the host's context for this call
     */
    public ToolResult call(String name, String arguments, ToolContext context) {
        Toolkit scoped = forCaller(context);
        Tool tool = scoped.tools.get(name);
        return tool != null ? tool.call(arguments, context) : scoped.call(name, (JsonNode) null, context);
    }

    /**
     * Calls a tool by name; an unknown name gives an error result, like any other mistake.
     *
     * @param name the tool name
     * @param arguments the model's input
     * @param context the host's context for this call
     */
    public ToolResult call(String name, JsonNode arguments, ToolContext context) {
        Toolkit caller = forCaller(context);
        if (caller != this) {
            return caller.call(name, arguments, context);
        }
        Tool tool = tools.get(name);
        if (tool == null) {
            ToolResult unknown = ToolResult.unknownTool(name, tools.keySet());
            GuardedTool.notify(
                    listeners,
                    new ToolCall(
                            String.valueOf(name),
                            arguments,
                            context.scope(),
                            context.user(),
                            java.time.Duration.ZERO,
                            0,
                            unknown.errorCode()));
            return unknown;
        }
        return tool.call(arguments, context);
    }

    /**
     * The project context block of a root, for a host's system prompt or an MCP prompt: a header with the
     * root and its entity counts, the graph snapshot, per-type slices and coverage
     * ({@link io.quarry.graph.ContextFormatter}), at most {@code budget} characters. It is read as
     * {@code get_project_graph} reads the data: in the context's scope, only the types the tools show,
     * with this toolkit's snapshot settings and projections, every statement under the call's timeout and
     * with the caller's session settings. The same data gives the same text.
     *
     * @param rootId the root, usually a project
     * @param budget the most characters, from {@link io.quarry.graph.ContextFormatter#MIN_BUDGET} to the size
     *     budget of the call's limits
     * @param context the host's context for this call
     * @throws io.quarry.error.QueryException {@code NOT_FOUND} (path {@code root_id}) for a root the caller
     *     cannot see, {@code INVALID_OPERAND} for a blank root or a budget out of range (path {@code budget}),
     *     each with a hint
     */
    public String contextBlock(String rootId, int budget, ToolContext context) {
        requireNonNull(context, "context");
        Toolkit caller = forCaller(context);
        return caller != this
                ? caller.contextBlock(rootId, budget, context)
                : contextBlocks.format(rootId, budget, context);
    }

    /** Builds a {@link Toolkit}; {@link #build()} checks that what is required is there. */
    public static final class Builder {
        private Schema schema;
        private ObjectStore store;
        private Limits limits;
        private final List<ToolListener> listeners = new ArrayList<>();
        private final List<CapabilityListener> capabilityListeners = new ArrayList<>();
        private byte[] cursorKey;
        private final java.util.Set<String> disabled = new java.util.LinkedHashSet<>();
        private final java.util.Set<String> readonlySql = new java.util.LinkedHashSet<>();
        private final List<ToolExtension> extensions = new ArrayList<>();
        private QuarryConfig config;
        private io.quarry.schema.Roles roles;

        private Projections projections;
        private SnapshotBuilder snapshots;
        private io.quarry.search.Embedder embedder;
        private io.quarry.search.VectorIndex vectorIndex;

        private Builder() {}

        /**
         * The embedding model. With it, {@code discover_schema} ranks types by keywords and by meaning
         * fused (reciprocal-rank fusion); with a {@link #vectorIndex} too, the catalog has {@code
         * semantic_search} and {@code query_graph_objects} accepts {@code "rank": "hybrid"}. Without it,
         * the keyword rankings stay as they are. A failing model never fails a call: the tools rank by
         * keywords and say so in a {@code MODEL_UNAVAILABLE} warning. See docs/search.md.
         */
        public Builder embedder(io.quarry.search.Embedder embedder) {
            this.embedder = requireNonNull(embedder, "embedder");
            return this;
        }

        /**
         * The vectors of the objects' text, filled by an {@link io.quarry.search.EmbeddingIndexer} with
         * the same {@link #embedder}: the candidates of {@code semantic_search}, every one read through the
         * caller's scope and filter before it is shown. See docs/search.md.
         */
        public Builder vectorIndex(io.quarry.search.VectorIndex vectorIndex) {
            this.vectorIndex = requireNonNull(vectorIndex, "vectorIndex");
            return this;
        }

        /** How objects are shown; the default is {@link Projections#none}, generic light and full detail. */
        public Builder projections(Projections projections) {
            this.projections = requireNonNull(projections, "projections");
            return this;
        }

        /** How {@code get_project_graph} builds snapshots; the default uses the projections and default caps. */
        public Builder snapshots(SnapshotBuilder snapshots) {
            this.snapshots = requireNonNull(snapshots, "snapshots");
            return this;
        }

        /**
         * A configuration: its {@code types} give the schema, its {@code limits} the limits (unless
         * {@link #limits} is set), its {@code tools} which tools are off and the rules of single fields,
         * its {@code projections} the projections (unless {@link #projections} is set) and its
         * {@code graph} section how {@code get_project_graph} builds snapshots (unless
         * {@link #snapshots} is set). The {@code tools} and {@code limits} sections are checked when
         * the toolkit is built. See docs/configuration.md.
         */
        public Builder config(QuarryConfig config) {
            this.config = requireNonNull(config, "config");
            return this;
        }

        /**
         * A configuration file (YAML or JSON): {@code config(QuarryConfig.load(file))}.
         *
         * @throws io.quarry.config.ConfigException when the file cannot be read or is not a valid configuration
         */
        public Builder config(java.nio.file.Path file) {
            return config(QuarryConfig.load(file));
        }

        /**
         * Turns {@code run_readonly_sql} on when the store is a {@link io.quarry.sql.JdbcObjectStore} of
         * one of these dialects ({@code h2}, {@code sqlite}, {@code postgres}, {@code mysql}, {@code
         * mariadb}), as the configuration's {@code tools.readonly_sql} does; it is off otherwise. See
         * docs/sql-tool.md.
         */
        public Builder readonlySql(String... dialects) {
            for (String d : dialects) {
                if (!ToolConfig.DIALECTS.contains(d)) {
                    throw new IllegalArgumentException("Toolkit.builder().readonlySql: unknown dialect '" + d
                            + "'; dialects: " + String.join(", ", ToolConfig.DIALECTS));
                }
                readonlySql.add(d);
            }
            return this;
        }

        /** Leaves these tools out of the toolkit, as the configuration's {@code tools.disabled} does. */
        public Builder disable(String... toolNames) {
            for (String name : toolNames) {
                if (!CATALOG.contains(name)) {
                    throw new IllegalArgumentException("Toolkit.builder().disable: unknown tool '" + name + "'; tools: "
                            + String.join(", ", CATALOG));
                }
                disabled.add(name);
            }
            return this;
        }

        /**
         * The schema tools are generated from and filters are checked against. Without one (and
         * without a configuration's types) the schema is inferred from the data in each call's scope:
         * see {@link Toolkit#forScope}.
         */
        public Builder schema(Schema schema) {
            this.schema = schema;
            return this;
        }

        /** The store tools read. */
        public Builder store(ObjectStore store) {
            this.store = store;
            return this;
        }

        /** The host's limits; the default is {@link Limits#DEFAULTS}. */
        public Builder limits(Limits limits) {
            this.limits = requireNonNull(limits, "limits");
            return this;
        }

        /**
         * Adds a listener for what agents report missing; with one, the catalog ends with the opt-in
         * {@code report_missing_capability} tool (none without: it costs the other tools nothing).
         */
        public Builder capabilityListener(CapabilityListener listener) {
            this.capabilityListeners.add(requireNonNull(listener, "listener"));
            return this;
        }

        /**
         * Signs every cursor with this key (HMAC-SHA256), so cursors are self-contained: a toolkit on
         * another instance with the same key continues a page walk, and a changed or forged cursor, one
         * signed with another key or issued for another scope is refused ({@code INVALID_CURSOR}). Keep
         * the key secret and give every instance serving the same agents the same one. Default: cursors
         * are not signed (they are still bound to their query).
         *
         * @param key at least 16 bytes, such as 32 random bytes
         */
        public Builder cursorKey(byte[] key) {
            if (requireNonNull(key, "key").length < 16) {
                throw new IllegalArgumentException("cursorKey must have at least 16 bytes, had " + key.length);
            }
            this.cursorKey = key.clone();
            return this;
        }

        /**
         * Adds tools from outside the catalog, such as {@code quarry-openapi}'s {@code find_api}: they are
         * listed after the catalog's tools and run like them (input checked against their parameters,
         * failures as error results, the size budget, the listeners).
         *
         * @throws IllegalArgumentException when a name is a catalog tool's or is added twice
         */
        public Builder extensions(java.util.Collection<? extends ToolExtension> tools) {
            for (ToolExtension extension : tools) {
                String name = requireNonNull(extension, "extension").name();
                if (CATALOG.contains(name)
                        || extensions.stream().anyMatch(e -> e.name().equals(name))) {
                    throw new IllegalArgumentException("Toolkit.builder().extensions: the tool name '" + name
                            + "' is taken; give each tool its own name");
                }
                extensions.add(extension);
            }
            return this;
        }

        /**
         * Which fields and types each caller role sees (docs/policies.md#per-role-visibility); a call's
         * roles come from its {@link ToolContext#roles()}. Replaces the configuration's ({@code roles:}
         * on its types and fields). Needs a schema.
         */
        public Builder roles(io.quarry.schema.Roles roles) {
            this.roles = requireNonNull(roles, "roles");
            return this;
        }

        /** Adds a listener told of every call. */
        public Builder listener(ToolListener listener) {
            this.listeners.add(requireNonNull(listener, "listener"));
            return this;
        }

        /**
         * Builds the toolkit.
         *
         * @throws IllegalStateException naming what is missing
         */
        public Toolkit build() {
            Schema built = schema;
            Projections shown = projections;
            SnapshotBuilder graphs = snapshots;
            if (config != null && config.schema().isPresent()) {
                if (built != null && !built.equals(config.schema().get())) {
                    throw new IllegalStateException("Toolkit.builder(): the schema is given twice, by schema(...) and"
                            + " by the types section of " + config.source() + "; give it in one place");
                }
                built = config.schema().get();
                SnapshotBuilder graph = config.snapshots().orElseThrow();
                if (graphs == null && shown != null) {
                    // the graph section's settings, labelling nodes with the projections set here
                    graphs = SnapshotBuilder.builder()
                            .projections(shown)
                            .membershipKey(graph.membershipKey())
                            .membershipKinds(graph.membershipKinds())
                            .limits(graph.limits())
                            .build();
                }
                if (shown == null) {
                    shown = config.projections().orElseThrow();
                }
                if (graphs == null) {
                    graphs = graph;
                }
            }
            if (vectorIndex != null && embedder == null) {
                throw new IllegalStateException("Toolkit.builder(): a vectorIndex needs the embedder its vectors"
                        + " were made with; pass embedder(...) too");
            }
            if (store == null) {
                throw new IllegalStateException("Toolkit.builder(): store is required; pass an ObjectStore such as "
                        + "InMemoryObjectStore.of(objects, relationships)");
            }
            if (built != null && built.isEmpty()) {
                throw new IllegalStateException(
                        "Toolkit.builder(): the schema declares no types; tools would have nothing to show");
            }
            io.quarry.schema.Roles seen =
                    roles != null ? roles : config != null ? config.roles() : io.quarry.schema.Roles.none();
            if (!seen.isEmpty()) {
                if (built == null) {
                    throw new IllegalStateException("Toolkit.builder(): roles need a schema that declares the types"
                            + " and fields they name; pass schema(...) or a configuration with types");
                }
                seen.check(built);
            }
            // without a schema it is inferred from the data in each call's scope: the limits are checked now
            ToolConfig toolConfig = toolConfig(config, built);
            Limits effective =
                    limits != null ? limits : toolConfig.limits != null ? toolConfig.limits : Limits.DEFAULTS;
            Settings settings = new Settings(
                    built,
                    // every statement a tool runs, of every tool, under the limits' statement timeout
                    store instanceof io.quarry.sql.JdbcObjectStore jdbc
                            ? jdbc.withTimeout(effective.statementTimeout())
                            : store,
                    effective,
                    List.copyOf(listeners),
                    List.copyOf(capabilityListeners),
                    cursorKey,
                    java.util.Set.copyOf(disabled),
                    java.util.Set.copyOf(readonlySql),
                    List.copyOf(extensions),
                    config,
                    shown,
                    graphs,
                    embedder,
                    vectorIndex,
                    seen);
            return new Toolkit(settings, built == null);
        }
    }

    /** A configuration's {@code tools} and {@code limits} sections, checked against a schema ({@code null}: none). */
    private static ToolConfig toolConfig(QuarryConfig config, Schema schema) {
        return config == null
                ? ToolConfig.NONE
                : ToolConfig.read(config, schema == null ? Schema.builder().build() : schema, CATALOG);
    }

    /**
     * What a toolkit is built from: the builder's settings as {@link Builder#build()} resolved them (the
     * builder itself stays as it was).
     *
     * @param schema the schema, or {@code null}: inferred from the data in each call's scope
     * @param cursorKey the key cursors are signed with, or {@code null}
     */
    private record Settings(
            Schema schema,
            ObjectStore store,
            Limits limits,
            List<ToolListener> listeners,
            List<CapabilityListener> capabilityListeners,
            byte[] cursorKey,
            java.util.Set<String> disabled,
            java.util.Set<String> readonlySql,
            List<ToolExtension> extensions,
            QuarryConfig config,
            Projections projections,
            SnapshotBuilder snapshots,
            io.quarry.search.Embedder embedder,
            io.quarry.search.VectorIndex vectorIndex,
            io.quarry.schema.Roles roles) {

        /** The configuration's {@code tools} and {@code limits} sections, checked against the schema. */
        ToolConfig toolConfig() {
            return Toolkit.toolConfig(config, schema);
        }

        /** These settings with this schema (a scope's, inferred from its data). */
        Settings withSchema(Schema inferredSchema) {
            return with(inferredSchema, projections, snapshots, roles);
        }

        /**
         * These settings for a caller with these roles: the schema they see, projections and snapshots
         * over it, and no roles of their own.
         */
        Settings forRoles(java.util.Set<String> named) {
            Schema seen = roles.schemaFor(schema, named);
            return with(
                    seen,
                    (projections != null ? projections : Projections.none(schema)).forSchema(seen),
                    snapshots == null
                            ? null
                            : snapshots.withProjections(snapshots.projections().forSchema(seen)),
                    io.quarry.schema.Roles.none());
        }

        private Settings with(
                Schema newSchema,
                Projections newProjections,
                SnapshotBuilder newSnapshots,
                io.quarry.schema.Roles newRoles) {
            return new Settings(
                    newSchema,
                    store,
                    limits,
                    listeners,
                    capabilityListeners,
                    cursorKey,
                    disabled,
                    readonlySql,
                    extensions,
                    config,
                    newProjections,
                    newSnapshots,
                    embedder,
                    vectorIndex,
                    newRoles);
        }
    }
}
