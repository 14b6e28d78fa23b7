package io.quarry.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.graph.GraphSnapshot;
import io.quarry.graph.SnapshotBuilder;
import io.quarry.graph.SnapshotLimits;
import io.quarry.store.GraphObject;
import io.quarry.store.ScopeGraph;

/** {@code get_project_graph}: a capped graph snapshot around one object, usually a project. */
final class GetProjectGraphTool extends SchemaTool {
    static final String NAME = "get_project_graph";

    private final SnapshotBuilder builder;

    GetProjectGraphTool(Parts parts, SnapshotBuilder builder) {
        super(NAME, parts);
        this.builder = builder;
    }

    @Override
    public String description() {
        SnapshotLimits caps = builder.limits();
        return "Get the shape of a project (or any object) as a small graph: the root, its most important linked "
                + "objects (blocked tasks, high-impact risks and active goals first) up to max_depth edges away, "
                + "the edges between them, and coverage per type: how many of the project's objects link to it "
                + "directly and how many are unlinked. At most " + caps.maxNodes() + " nodes, " + caps.maxEdges()
                + " edges and " + caps.maxPerKind() + " nodes per type; 'caps' says which limit left objects out. "
                + "Use it first to orient yourself in a project; then query_graph_objects with related_to_id for "
                + "the full lists. Example: {\"root_id\": " + view.examples.id() + "}.";
    }

    @Override
    public ObjectNode inputSchema() {
        SnapshotLimits caps = builder.limits();
        ObjectNode schema = InputSchemas.object();
        ObjectNode props = (ObjectNode) schema.get("properties");
        props.set(
                "root_id", InputSchemas.string("The id of the project (or other object) at the center of the graph."));
        integer(props, "max_depth", "How many edges away from the root to go.", caps.maxDepth());
        integer(props, "max_nodes", "The most nodes, the root included.", caps.maxNodes());
        integer(props, "max_edges", "The most edges.", caps.maxEdges());
        integer(props, "max_per_kind", "The most nodes of one type.", caps.maxPerKind());
        schema.putArray("required").add("root_id");
        return schema;
    }

    private static void integer(ObjectNode props, String name, String description, int max) {
        ObjectNode n = props.putObject(name);
        n.put("type", "integer");
        n.put("minimum", name.equals("max_edges") ? 0 : 1);
        n.put("maximum", max);
        n.put("default", max);
        n.put("description", description);
    }

    @Override
    public ObjectNode handle(Arguments args, Call call) {
        String rootId = args.string("root_id")
                .orElseThrow(() -> QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        "root_id",
                        "'root_id' is required.",
                        "Give the id of a project; query_graph_objects with {\"type\": \"Project\"} lists them."));
        SnapshotLimits host = builder.limits();
        SnapshotLimits caps = new SnapshotLimits(
                args.integer("max_depth", 1, host.maxDepth()).orElse(host.maxDepth()),
                args.integer("max_nodes", 1, host.maxNodes()).orElse(host.maxNodes()),
                args.integer("max_edges", 0, host.maxEdges()).orElse(host.maxEdges()),
                args.integer("max_per_kind", 1, host.maxPerKind()).orElse(host.maxPerKind()));
        GraphObject root = store.get(rootId, call.context().scope())
                .filter(o -> view.schema.type(o.type()).isPresent())
                .orElseThrow(() -> NearIds.notFound(
                        rootId,
                        "root_id",
                        "Use an id from a previous result; query_graph_objects with {\"type\": \"Project\"} lists projects.",
                        store,
                        call.context().scope(),
                        view));
        ScopeGraph graph = view.visible(store.graph(call.context().scope()));
        int budget = call.limits().sizeBudget();
        GraphSnapshot snapshot = builder.build(graph, root.id(), caps);
        ObjectNode result = result(snapshot, false);
        while (Results.size(result) > budget && (caps.maxNodes() > 1 || caps.maxEdges() > 0)) {
            caps = new SnapshotLimits(
                    caps.maxDepth(), Math.max(1, caps.maxNodes() / 2), caps.maxEdges() / 2, caps.maxPerKind());
            snapshot = builder.build(graph, root.id(), caps);
            result = result(snapshot, true);
        }
        return result;
    }

    private ObjectNode result(GraphSnapshot snapshot, boolean cutByBudget) {
        ObjectNode json = snapshot.toJson();
        // each edge named as its source's type calls it (an artist's albums: "artist" from the album)
        for (com.fasterxml.jackson.databind.JsonNode edge : json.path("edges")) {
            ((ObjectNode) edge)
                    .put(
                            "rel",
                            view.nameSeenFrom(
                                    edge.path("src_kind").asText(),
                                    edge.path("rel").asText(),
                                    "out"));
        }
        ObjectNode out = json.objectNode();
        out.put("root_id", snapshot.rootId());
        json.remove("root_id");
        out.put("returned", snapshot.nodes().size());
        out.setAll(json);
        if (cutByBudget) {
            out.put("truncated", true);
            out.withArray("/caps").add("size_budget");
        }
        if (out.get("truncated").asBoolean()) {
            out.put(
                    "hint",
                    "Some linked objects were left out (see caps). Ask for fewer types with a smaller max_depth, "
                            + "or list them with query_graph_objects and related_to_id \"" + snapshot.rootId() + "\".");
        }
        return out;
    }
}
