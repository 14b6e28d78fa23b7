package io.quarry.cli;

import io.quarry.graph.ContextFormatter;
import io.quarry.schema.Schema;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.ScopeGraph;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code quarry context}: print the project context block a host would put in a system prompt. */
@Command(
        name = "context",
        mixinStandardHelpOptions = true,
        description = {
            "Print a project's context block for a system prompt: a header with entity counts, the graph snapshot"
                    + " as JSON, per-type slices and coverage, within a character budget.",
            "Projections and the graph settings come from the configuration's 'projections' and 'graph' sections.",
            "Example: quarry context proj-01 --budget 6000"
        })
final class ContextCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PROJECT_ID", description = "The root, usually a project, e.g. proj-01.")
    String rootId;

    @Option(
            names = "--budget",
            paramLabel = "N",
            defaultValue = "12000",
            description = "The most characters of the block (at least " + ContextFormatter.MIN_BUDGET
                    + "). Default: ${DEFAULT-VALUE}.")
    int budget;

    @Mixin
    SourceOptions source;

    @Override
    public Integer call() {
        if (budget < ContextFormatter.MIN_BUDGET) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--budget must be at least " + ContextFormatter.MIN_BUDGET + " characters, was " + budget + ".");
        }
        SourceOptions.Source s = source.source();
        ContextFormatter formatter = ContextFormatter.builder()
                .snapshots(s.snapshots())
                .projections(s.projections())
                .budget(budget)
                .build();
        ScopeGraph graph = declared(s.store().graph(source.context().scope()), s.schema());
        if (graph.object(rootId).isEmpty()) {
            throw new IllegalArgumentException("no object '" + rootId + "' in the scope; list the objects with: "
                    + "quarry call query_graph_objects '{\"type\": \"" + rootType(s.schema()) + "\"}'");
        }
        spec.commandLine().getOut().print(formatter.format(graph, rootId));
        spec.commandLine().getOut().flush();
        return 0;
    }

    /**
     * The type to list roots of: the type an id {@code Type:key} names, else Project when the schema has
     * it (the demo), else the schema's first type.
     */
    private String rootType(Schema schema) {
        int colon = rootId.indexOf(':');
        if (colon > 0 && schema.type(rootId.substring(0, colon)).isPresent()) {
            return rootId.substring(0, colon);
        }
        return schema.type("Project").isPresent() || schema.types().isEmpty()
                ? "Project"
                : schema.types().get(0).name();
    }

    /** Only objects of declared types, and relationships between them, as the tools see the data. */
    private static ScopeGraph declared(ScopeGraph graph, Schema schema) {
        List<GraphObject> objects = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (GraphObject o : graph.objects()) {
            if (schema.type(o.type()).isPresent()) {
                objects.add(o);
                ids.add(o.id());
            }
        }
        List<GraphRelationship> rels = new ArrayList<>();
        for (GraphRelationship r : graph.relationships()) {
            if (ids.contains(r.srcId()) && ids.contains(r.dstId())) {
                rels.add(r);
            }
        }
        return ScopeGraph.of(objects, rels);
    }
}
