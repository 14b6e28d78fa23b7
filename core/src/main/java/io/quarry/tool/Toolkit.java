package io.quarry.tool;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.filter.ErrorCode;
import io.quarry.filter.QueryError;
import io.quarry.internal.Suggestions;
import io.quarry.schema.Schema;
import io.quarry.store.ObjectStore;
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
 *         .schema(Schema.load(Path.of("quarry.yaml")))
 *         .store(store)
 *         .build();
 * ToolResult result = toolkit.call("query_graph_objects", arguments, ToolContext.builder().scope(scope).build());
 * }</pre>
 *
 * <p>Immutable and thread-safe once built.
 */
public final class Toolkit {
    private final Schema schema;
    private final Map<String, Tool> tools;

    private Toolkit(Builder b) {
        this.schema = b.schema;
        SchemaView view = new SchemaView(b.schema);
        QueryRunner runner = new QueryRunner(view, b.store);
        Map<String, Tool> byName = new LinkedHashMap<>();
        GetDatabaseSchemaTool schemaTool = new GetDatabaseSchemaTool(view, b.store);
        byName.put(
                GetDatabaseSchemaTool.NAME,
                new GuardedTool(
                        GetDatabaseSchemaTool.NAME,
                        schemaTool.description(),
                        schemaTool.inputSchema(),
                        schemaTool,
                        b.limits,
                        b.listeners));
        QueryGraphObjectsTool queryTool = new QueryGraphObjectsTool(view, runner, b.limits);
        byName.put(
                QueryGraphObjectsTool.NAME,
                new GuardedTool(
                        QueryGraphObjectsTool.NAME,
                        queryTool.description(),
                        queryTool.inputSchema(),
                        queryTool,
                        b.limits,
                        b.listeners));
        this.tools = byName;
    }

    /** A builder: a schema and a store are required. */
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

    /** The schema the tools were generated from. */
    public Schema schema() {
        return schema;
    }

    /**
     * Calls a tool by name; an unknown name gives an error result, like any other mistake.
     *
     * @param name the tool name
     * @param arguments the model's input
     * @param context the host's context for this call
     */
    public ToolResult call(String name, JsonNode arguments, ToolContext context) {
        Tool tool = tools.get(name);
        if (tool == null) {
            List<String> near = Suggestions.nearest(String.valueOf(name), List.copyOf(tools.keySet()), 1);
            return new ToolResult(
                    Results.error(List.of(new QueryError(
                            ErrorCode.NOT_FOUND,
                            "",
                            "There is no tool '" + name + "'.",
                            (near.isEmpty() ? "" : "Did you mean '" + near.get(0) + "'? ") + "Tools: "
                                    + String.join(", ", tools.keySet()) + "."))),
                    true);
        }
        return tool.call(arguments, context);
    }

    /** Builds a {@link Toolkit}; {@link #build()} checks that what is required is there. */
    public static final class Builder {
        private Schema schema;
        private ObjectStore store;
        private Limits limits = Limits.DEFAULTS;
        private final List<ToolListener> listeners = new ArrayList<>();

        private Builder() {}

        /** The schema tools are generated from and filters are checked against. */
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
            if (schema == null) {
                throw new IllegalStateException("Toolkit.builder(): schema is required; pass Schema.load(path), "
                        + "Schema.builder()...build() or Schema.infer(...)");
            }
            if (store == null) {
                throw new IllegalStateException("Toolkit.builder(): store is required; pass an ObjectStore such as "
                        + "InMemoryObjectStore.of(objects, relationships)");
            }
            if (schema.isEmpty()) {
                throw new IllegalStateException(
                        "Toolkit.builder(): the schema declares no types; tools would have nothing to show");
            }
            return new Toolkit(this);
        }
    }
}
