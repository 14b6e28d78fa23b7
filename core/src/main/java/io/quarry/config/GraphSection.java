package io.quarry.config;

import io.quarry.graph.SnapshotBuilder;
import io.quarry.graph.SnapshotLimits;
import io.quarry.projection.Projections;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Reads the {@code graph} section: how {@code get_project_graph} and context blocks build snapshots. */
final class GraphSection {
    private static final Set<String> KEYS =
            Set.of("membership_key", "membership_kinds", "max_depth", "max_nodes", "max_edges", "max_per_kind");

    private GraphSection() {}

    static SnapshotBuilder read(ConfigNode section, Projections projections) {
        SnapshotBuilder.Builder b = SnapshotBuilder.builder().projections(projections);
        section.keys(KEYS);
        section.get("membership_key")
                .ifPresent(k -> b.membershipKey(k.text("write a scope key or field name such as project_id")));
        if (section.has("membership_kinds")) {
            List<String> kinds = new ArrayList<>();
            List<String> types = projections.schema().typeNames();
            for (ConfigNode k : section.get("membership_kinds").orElseThrow().items("write a list of type names")) {
                kinds.add(k.oneOf(types, "type", "types: "));
            }
            b.membershipKinds(kinds);
        }
        SnapshotLimits d = SnapshotLimits.DEFAULTS;
        SnapshotLimits limits = section.build(() -> new SnapshotLimits(
                number(section, "max_depth", d.maxDepth()),
                number(section, "max_nodes", d.maxNodes()),
                number(section, "max_edges", d.maxEdges()),
                number(section, "max_per_kind", d.maxPerKind())));
        return b.limits(limits).build();
    }

    private static int number(ConfigNode section, String key, int fallback) {
        return section.get(key).map(n -> n.wholeNumber("write a whole number")).orElse(fallback);
    }
}
