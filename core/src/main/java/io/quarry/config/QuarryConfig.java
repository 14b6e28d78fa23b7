package io.quarry.config;

import static java.util.Objects.requireNonNull;

import io.quarry.graph.SnapshotBuilder;
import io.quarry.projection.Projections;
import io.quarry.schema.Schema;
import io.quarry.search.EmbeddedText;
import io.quarry.sql.StoreMapping;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A configuration file (YAML or JSON), read once and checked: its {@code types} as a {@link Schema},
 * its {@code projections}, its {@code graph} section as a {@link SnapshotBuilder}, its {@code store}
 * section as a {@link StoreMapping}, its {@code search} section as an {@link EmbeddedText}, and its {@code tools} and {@code limits} sections, which
 * {@code Toolkit.builder().config(config)} checks against the tool catalog. What a toolkit, the
 * command line and the Spring Boot starter are configured with.
 *
 * <pre>{@code
 * QuarryConfig config = QuarryConfig.load(Path.of("quarry.yaml"));
 * Toolkit toolkit = Toolkit.builder().config(config).store(store).build();
 * }</pre>
 *
 * <p>Every section is optional. An unknown key or a key written twice, anywhere, is an error, and
 * every error is a {@link ConfigException} in one format: {@code quarry.yaml: tools.fields.Task.priority:
 * min (10) is greater than max (1); swap them}. See docs/configuration.md.
 *
 * <p>Immutable and thread-safe.
 */
public final class QuarryConfig {
    private static final Set<String> SECTIONS =
            Set.of("types", "limits", "tools", "store", "projections", "graph", "search", "left_out");

    private final String source;
    private final ConfigNode root;
    private final Schema schema;
    private final Projections projections;
    private final SnapshotBuilder snapshots;
    private final StoreMapping store;
    private final Map<String, String> sessionSettings;
    private final Map<String, String> sessionRoles;
    private final EmbeddedText search;
    private final io.quarry.schema.Roles roles;

    private QuarryConfig(ConfigNode root) {
        this.source = root.source();
        this.root = root.object("write an object with some of " + String.join(", ", new java.util.TreeSet<>(SECTIONS)))
                .keys(SECTIONS);
        this.store = root.get("store")
                .filter(StoreSection::mapsData)
                .map(StoreSection::read)
                .orElse(null);
        this.sessionSettings =
                Map.copyOf(root.get("store").map(StoreSection::session).orElse(Map.of()));
        this.sessionRoles = java.util.Collections.unmodifiableMap(
                root.get("store").map(StoreSection::roles).orElse(new java.util.LinkedHashMap<>()));
        // with a table layout, its fields are the schema's fields: the types section only adds to them
        Map<String, LayoutFields.TypeFields> layout = store == null || store.tables() == null
                ? Map.of()
                : LayoutFields.of(root.get("store").orElseThrow(), store.tables());
        Schema types = root.has("types") || !layout.isEmpty()
                ? TypesSection.read(root.get("types").orElse(null), layout, root)
                : null;
        // the tables no type serves, with why (introspection writes them): get_database_schema names them
        Map<String, String> leftOut = new java.util.LinkedHashMap<>();
        root.get("left_out")
                .map(n -> n.entries("map each table left out to why, such as audit_log: no primary key"))
                .orElse(Map.of())
                .forEach((table, why) -> leftOut.put(table, why.text("write why the table is left out")));
        this.schema = types == null || leftOut.isEmpty() ? types : types.withLeftOut(leftOut);
        for (String section : new String[] {"projections", "graph", "left_out"}) {
            if (schema == null && root.has(section)) {
                throw root.get(section)
                        .orElseThrow()
                        .error("needs the types section of the same file", "add types, or remove " + section);
            }
        }
        this.projections = schema == null
                ? null
                : root.get("projections")
                        .map(p -> ProjectionsSection.read(p, root, schema))
                        .orElseGet(() -> Projections.none(schema));
        this.snapshots = schema == null
                ? null
                : root.get("graph")
                        .map(g -> GraphSection.read(g, projections))
                        .orElseGet(() -> SnapshotBuilder.builder()
                                .projections(projections)
                                .build());
        this.search = root.get("search").map(s -> SearchSection.read(s, schema)).orElse(null);
        this.roles = TypesSection.roles(root.get("types").orElse(null));
    }

    /**
     * Reads a configuration file; its name is the source errors name.
     *
     * @throws ConfigException when the file cannot be read or is not a valid configuration
     */
    public static QuarryConfig load(Path file) {
        String source = file.toString();
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ConfigException(source, "", "there is no such file; check the path", e);
        } catch (IOException e) {
            throw new ConfigException(source, "", "cannot be read: " + e.getMessage() + "; check the file", e);
        }
        return parse(text, source);
    }

    /**
     * Reads a configuration given as text.
     *
     * @param text YAML or JSON
     * @param source the name errors give it, such as {@code classpath:quarry.yaml}
     * @throws ConfigException when it is not a valid configuration
     */
    public static QuarryConfig parse(String text, String source) {
        return new QuarryConfig(ConfigReader.read(requireNonNull(text, "text"), requireNonNull(source, "source")));
    }

    /**
     * Reads a configuration from a stream of UTF-8 text, which it does not close.
     *
     * @param source the name errors give it, such as {@code classpath:quarry.yaml}
     * @throws ConfigException when it cannot be read or is not a valid configuration
     */
    public static QuarryConfig read(InputStream in, String source) {
        requireNonNull(source, "source");
        String text;
        try {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException(source, "", "cannot be read: " + e.getMessage() + "; check the file", e);
        }
        return parse(text, source);
    }

    /** Where the configuration came from: the file, or the name given with the text or stream. */
    public String source() {
        return source;
    }

    /** The schema of the {@code types} section; empty without one. */
    public Optional<Schema> schema() {
        return Optional.ofNullable(schema);
    }

    /**
     * How callers with each role see the types and fields ({@code roles:} on a type or a field of the
     * {@code types} section); {@link io.quarry.schema.Roles#none()} without any.
     */
    public io.quarry.schema.Roles roles() {
        return roles;
    }

    /**
     * The projections of the {@code projections} section, checked against the schema; generic ones
     * when the section is missing, and empty without a {@code types} section.
     */
    public Optional<Projections> projections() {
        return Optional.ofNullable(projections);
    }

    /**
     * How snapshots are built: the {@code graph} section's membership and caps, with the projections;
     * the defaults when the section is missing, and empty without a {@code types} section.
     */
    public Optional<SnapshotBuilder> snapshots() {
        return Optional.ofNullable(snapshots);
    }

    /**
     * What the {@code search} section embeds of each type and how long text is chunked; empty without
     * the section (the toolkit and the indexer then embed the default text fields, {@link
     * EmbeddedText#defaults}).
     */
    public Optional<EmbeddedText> search() {
        return Optional.ofNullable(search);
    }

    /** The store mapping of the {@code store} section; empty without one. */
    public Optional<StoreMapping> store() {
        return Optional.ofNullable(store);
    }

    /**
     * The {@code store} section's {@code session} map, setting name → {@code user} or {@code scope.KEY}:
     * what {@link DatabaseSource} gives {@link io.quarry.sql.JdbcObjectStore.Builder#sessionSetting}.
     * Empty without one.
     */
    public Map<String, String> sessionSettings() {
        return sessionSettings;
    }

    /**
     * The {@code store} section's {@code roles} map, caller role → the database role its reads run as:
     * what {@link DatabaseSource} gives {@link io.quarry.sql.JdbcObjectStore.Builder#sessionRole}. Empty
     * without one.
     */
    public Map<String, String> sessionRoles() {
        return sessionRoles;
    }

    /**
     * The {@code tools} section, keys and values unchecked yet: the toolkit reads it, since only it
     * knows its tools and their modes.
     */
    public Optional<ConfigNode> tools() {
        return root.get("tools");
    }

    /** The {@code limits} section, read by the toolkit as {@link #tools()} is. */
    public Optional<ConfigNode> limits() {
        return root.get("limits");
    }

    @Override
    public String toString() {
        return "QuarryConfig[" + source + "]";
    }
}
