package io.quarry.graph;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import io.quarry.projection.Projections;
import io.quarry.schema.EntityType;
import io.quarry.schema.Schema;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.ScopeGraph;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/** Generated graphs for the snapshot tests: two orgs, a root project, members and strangers, random edges. */
final class Graphs {
    static final String ROOT = "o000";
    static final List<String> KINDS = List.of("Project", "Task", "Goal", "Risk", "Document", "Person");
    static final Schema SCHEMA = schema();
    static final Projections PROJECTIONS = Projections.none(SCHEMA);
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final List<String> STATUSES = List.of("Open", "Blocked", "Done", "on_track", "achieved");
    private static final List<String> RELS = List.of("part_of", "blocks", "supports", "depends_on");

    private Graphs() {}

    private static Schema schema() {
        Schema.Builder b = Schema.builder();
        KINDS.forEach(k -> b.type(EntityType.of(k)));
        return b.build();
    }

    /**
     * A random data set: the root project in org {@code a}; about a quarter of the other objects in org
     * {@code b}; most objects members of the root; {@code edges} random edges, some across orgs.
     */
    static DataFile.DataSet random(long seed, int objects, int edges) {
        Random random = new Random(seed);
        List<GraphObject> list = new ArrayList<>();
        for (int i = 0; i < objects; i++) {
            String id = String.format(Locale.ROOT, "o%03d", i);
            String kind = i == 0 ? "Project" : KINDS.get(1 + random.nextInt(KINDS.size() - 1));
            String org = i == 0 || random.nextInt(4) > 0 ? "a" : "b";
            Map<String, String> scope = new HashMap<>();
            scope.put("org_id", org);
            int membership = random.nextInt(10);
            if (i == 0 || membership < 6) {
                scope.put("project_id", ROOT);
            } else if (membership < 8) {
                scope.put("project_id", "elsewhere");
            }
            ObjectNode props = Json.object();
            props.put("title", "Object " + i);
            props.put("status", STATUSES.get(random.nextInt(STATUSES.size())));
            if (kind.equals("Risk")) {
                props.put("impact", random.nextBoolean() ? "high" : "low");
            }
            Instant created = T0.plusSeconds(60L * i);
            // few distinct update times, so ties on updated_at are common
            Instant updated = created.isAfter(T0.plusSeconds(3600L * 4))
                    ? created
                    : T0.plusSeconds(3600L * (4 + random.nextInt(4)));
            list.add(new GraphObject(id, kind, props, created, updated, scope));
        }
        List<GraphRelationship> rels = new ArrayList<>();
        for (int i = 0; i < edges; i++) {
            // a third of the edges touch the root, so it has neighbours of every kind
            String src = random.nextInt(3) == 0
                    ? ROOT
                    : list.get(random.nextInt(objects)).id();
            String dst = list.get(random.nextInt(objects)).id();
            rels.add(new GraphRelationship(
                    String.format(Locale.ROOT, "r%04d", i), src, dst, RELS.get(random.nextInt(RELS.size()))));
        }
        return new DataFile.DataSet(list, rels);
    }

    /** The hop distance from the root of every object within {@code maxDepth}, over the graph's edges. */
    static Map<String, Integer> ball(ScopeGraph graph, String root, int maxDepth) {
        Map<String, Integer> distance = new HashMap<>();
        distance.put(root, 0);
        ArrayDeque<String> queue = new ArrayDeque<>(List.of(root));
        while (!queue.isEmpty()) {
            String u = queue.poll();
            if (distance.get(u) == maxDepth) {
                continue;
            }
            for (GraphRelationship r : graph.relationships(u)) {
                String v = r.other(u);
                if (!distance.containsKey(v)) {
                    distance.put(v, distance.get(u) + 1);
                    queue.add(v);
                }
            }
        }
        return distance;
    }

    /** The ids of the objects with an edge to the root. */
    static Set<String> neighbours(ScopeGraph graph, String root) {
        Set<String> out = new HashSet<>();
        graph.relationships(root).forEach(r -> out.add(r.other(root)));
        out.remove(root);
        return out;
    }
}
