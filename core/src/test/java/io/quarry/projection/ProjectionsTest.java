package io.quarry.projection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.config.ConfigException;
import io.quarry.config.QuarryConfig;
import io.quarry.internal.Json;
import io.quarry.schema.Schema;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.ScopeGraph;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Light and full projections from configuration: fields, truncation, dates, derived fields, hidden fields, errors. */
class ProjectionsTest {
    static final String TYPES = """
            types:
              Project:
                fields:
                  name: {type: string}
                  budget: {type: object}
              Task:
                fields:
                  title: {type: string}
                  description: {type: text}
                  status: {type: enum, values: [Open, Blocked, Done]}
                  due_at: {type: datetime}
                  secret: {type: string, exposed: false}
                relationships:
                  - {name: depends_on, target: Task}
                  - {name: supports, target: Goal}
              Goal:
                fields:
                  name: {type: string}
                  status: {type: string}
            """;
    static final String PROJECTIONS = """
            projections:
              Project:
                light: [name, budget.amount]
              Task:
                light: [title, status, due_at, description]
                truncate: {description: 10}
                derived:
                  dependency_count: {count: depends_on, direction: out}
                  dependent_count: {count: depends_on, direction: in}
                  goal_ids: {ids: supports, max: 2}
                graph: [title]
              Goal:
                light: [name, status]
                derived:
                  total_tasks: {count: supports, direction: in, kind: Task}
                  completed_tasks: {count: supports, direction: in, kind: Task, where: {status: [Done]}}
                  progress_percent: {percent: [completed_tasks, total_tasks]}
            """;
    static final Schema SCHEMA =
            QuarryConfig.parse(TYPES, "schema.yaml").schema().orElseThrow();
    static final Projections P =
            QuarryConfig.parse(TYPES + PROJECTIONS, "quarry.yaml").projections().orElseThrow();
    static final Instant T = Instant.parse("2026-02-03T10:00:00Z");

    static GraphObject object(String id, String type, String json, Instant updated) {
        try {
            return new GraphObject(id, type, (ObjectNode) Json.parse(json), T, updated, Map.of());
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    static final GraphObject TASK = object(
            "t1",
            "Task",
            "{\"title\": \"Fix it\", \"description\": \"A long description of the work\", \"status\": \"Open\","
                    + " \"due_at\": \"2026-03-01T17:00:00+02:00\", \"secret\": \"CC-1\", \"extra\": 1}",
            T.plusSeconds(3600));

    static ScopeGraph around() {
        List<GraphObject> objects = new ArrayList<>(List.of(TASK));
        List<GraphRelationship> rels = new ArrayList<>();
        for (int i = 2; i <= 5; i++) {
            objects.add(object("t" + i, "Task", "{\"status\": \"" + (i % 2 == 0 ? "Done" : "Open") + "\"}", T));
            rels.add(new GraphRelationship("d" + i, "t1", "t" + i, "depends_on"));
            rels.add(new GraphRelationship("s" + i, "t" + i, "g1", "supports"));
        }
        rels.add(new GraphRelationship("x1", "t5", "t1", "depends_on"));
        for (int i = 1; i <= 3; i++) {
            objects.add(object("g" + i, "Goal", "{\"name\": \"Goal " + i + "\", \"status\": \"on_track\"}", T));
            rels.add(new GraphRelationship("s1" + i, "t1", "g" + i, "supports"));
        }
        return ScopeGraph.of(objects, rels);
    }

    @Test
    void lightShowsTheSpecFieldsInOrderCutAndDated() {
        ObjectNode light = P.light("Task").apply(TASK, Neighbourhood.of(around()));
        assertThat(Json.write(light))
                .isEqualTo(
                        "{\"id\":\"t1\",\"type\":\"Task\",\"created_at\":\"2026-02-03\","
                                + "\"properties\":{\"title\":\"Fix it\",\"status\":\"Open\",\"due_at\":\"2026-03-01\","
                                + "\"description\":\"A long des…\"},"
                                + "\"derived\":{\"dependency_count\":4,\"dependent_count\":1,\"goal_ids\":[\"g1\",\"g2\",\"+1 more\"]}}");
    }

    @Test
    void updatedAtOnlyWhenItsDayDiffers() {
        GraphObject later = object("t9", "Task", "{}", T.plusSeconds(86_400 * 3));
        assertThat(P.light("Task").apply(later).get("updated_at").asText()).isEqualTo("2026-02-06");
        assertThat(P.light("Task").apply(TASK).has("updated_at")).isFalse();
    }

    @Test
    void textThatIsNotADateStaysAsWritten() {
        GraphObject legacy = object("t9", "Task", "{\"due_at\": \"next week\"}", T);
        assertThat(P.light("Task").apply(legacy).at("/properties/due_at").asText())
                .isEqualTo("next week");
    }

    @Test
    void progressCountsNeighboursOfAKindWithAValue() {
        GraphObject goal = around().object("g1").orElseThrow();
        JsonNode derived =
                P.light("Goal").apply(goal, Neighbourhood.of(around())).get("derived");
        assertThat(derived.toString()).isEqualTo("{\"total_tasks\":5,\"completed_tasks\":2,\"progress_percent\":40}");
        GraphObject lonely = around().object("g3").orElseThrow();
        assertThat(P.light("Goal").apply(lonely).get("derived").toString())
                .isEqualTo("{\"total_tasks\":0,\"completed_tasks\":0,\"progress_percent\":null}");
    }

    @Test
    void nestedKeysComeOnlyFromTheAllowList() {
        GraphObject project =
                object("p1", "Project", "{\"name\": \"P\", \"budget\": {\"amount\": 5, \"owner\": \"x\"}}", T);
        assertThat(P.light("Project").apply(project).get("properties").toString())
                .isEqualTo("{\"name\":\"P\",\"budget\":{\"amount\":5}}");
    }

    @Test
    void fullShowsEverythingExposedUncutWithLongIdLists() {
        ObjectNode full = P.full("Task").apply(TASK, Neighbourhood.of(around()));
        assertThat(full.at("/properties/description").asText()).isEqualTo("A long description of the work");
        assertThat(full.at("/properties/extra").asInt()).isEqualTo(1);
        assertThat(full.at("/properties").has("secret")).isFalse();
        assertThat(full.get("created_at").asText()).isEqualTo("2026-02-03T10:00:00Z");
        assertThat(full.at("/derived/goal_ids").toString()).isEqualTo("[\"g1\",\"g2\",\"g3\"]");
    }

    @Test
    void aTypeWithoutSpecGetsTheGenericProjection() {
        Projections none = Projections.none(SCHEMA);
        assertThat(none.light("Task").apply(TASK))
                .isEqualTo(Projection.project(TASK, SCHEMA.type("Task").get(), Projection.Detail.LIGHT));
        assertThat(none.light("Task").readsRelationships()).isFalse();
        assertThat(P.light("Task").readsRelationships()).isTrue();
        assertThat(P.light("Task").readsNeighbours()).isFalse();
        assertThat(P.light("Goal").readsNeighbours()).isTrue();
    }

    @Test
    void graphNodesShowTheGraphFields() {
        assertThat(P.light("Task").node(TASK).toString())
                .isEqualTo("{\"id\":\"t1\",\"kind\":\"Task\",\"title\":\"Fix it\",\"last_updated\":\"2026-02-03\"}");
        GraphObject goal = around().object("g1").orElseThrow();
        assertThat(P.light("Goal").node(goal).toString())
                .isEqualTo(
                        "{\"id\":\"g1\",\"kind\":\"Goal\",\"name\":\"Goal 1\",\"status\":\"on_track\",\"last_updated\":\"2026-02-03\"}");
    }

    static Stream<Arguments> badConfigurations() {
        return Stream.of(
                Arguments.of(
                        "projections: {Tsak: {light: [title]}}",
                        "projections.Tsak: no type 'Tsak' in the schema; did you mean 'Task'?"),
                Arguments.of(
                        "projections: {Task: {light: [titel]}}",
                        "projections.Task.light: Task has no field 'titel'; did you mean 'title'?"),
                Arguments.of(
                        "projections: {Task: {light: [secret]}}",
                        "projections.Task.light: field 'secret' of Task is hidden (exposed: false) and never shown"),
                Arguments.of(
                        "projections: {Task: {graph: [secret]}}",
                        "projections.Task.graph: field 'secret' of Task is hidden (exposed: false) and never shown"),
                Arguments.of(
                        "projections: {Task: {light: [title.x]}}",
                        "projections.Task.light: 'title.x' names a key of 'title', which is not an object field"),
                Arguments.of(
                        "projections: {Task: {light: [title], truncate: {description: 5}}}",
                        "projections.Task.truncate: 'description' is not in the light field list [title]"),
                Arguments.of(
                        "projections: {Task: {light: [title], truncate: {title: 0}}}",
                        "projections.Task.truncate.title: expected a whole number of at least 1, found 0; raise it to 1"),
                Arguments.of(
                        "projections: {Task: {lite: [title]}}",
                        "projections.Task: unknown key 'lite'; allowed keys are derived, graph, light, truncate"),
                Arguments.of(
                        "projections: {Task: {derived: {n: {count: depend_on}}}}",
                        "projections.Task.derived.n: no relationship 'depend_on' in the schema; did you mean 'depends_on'?"),
                Arguments.of(
                        "projections: {Task: {derived: {n: {count: depends_on, direction: up}}}}",
                        "projections.Task.derived.n.direction: unknown direction 'up'; write out, in or both"),
                Arguments.of(
                        "projections: {Task: {derived: {n: {count: depends_on, ids: depends_on}}}}",
                        "projections.Task.derived.n: gives count and ids; give exactly one of count, ids or percent"),
                Arguments.of(
                        "projections: {Task: {derived: {n: {percent: [a, b]}}}}",
                        "projections.Task.derived.n: 'a' must be a count declared before it; counts so far: []"),
                Arguments.of(
                        "projections: {Task: {derived: {n: {count: depends_on, where: {status: [Done]}}}}}",
                        "projections.Task.derived.n.where: needs 'kind', the type whose field it reads"),
                Arguments.of(
                        "projections: {Task: {derived: {n: {count: depends_on, kind: Task, where: {secret: [x]}}}}}",
                        "projections.Task.derived.n.where: field 'secret' of Task is hidden (exposed: false) and never shown"),
                Arguments.of(
                        "projections: {Task: {derived: {title: {count: depends_on}}}}",
                        "projections.Task.derived.title: a derived field must not share a name with a field of the type"),
                Arguments.of(
                        "projections: {Task: {derived: {n: {ids: depends_on, max: 0}}}}",
                        "projections.Task.derived.n.max: expected a whole number of at least 1, found 0; raise it to 1"),
                Arguments.of(
                        "projections: [Task]",
                        "projections: expected an object, found a list; map type names to {light, truncate, derived, graph}"));
    }

    @ParameterizedTest
    @MethodSource
    void badConfigurations(String yaml, String message) {
        assertThatThrownBy(() -> QuarryConfig.parse(TYPES + yaml, "quarry.yaml")
                        .projections()
                        .orElseThrow())
                .isInstanceOf(ConfigException.class)
                .hasMessage("quarry.yaml: " + message);
    }

    @Test
    void aFieldNamedLikeANodeKeyCannotLabelANode() {
        String types = "types: {Document: {fields: {title: {type: string}, kind: {type: string}}}}\n";
        Schema schema = QuarryConfig.parse(types, "schema.yaml").schema().orElseThrow();
        assertThatThrownBy(() -> QuarryConfig.parse(
                                types + "projections: {Document: {graph: [title, kind]}}", "quarry.yaml")
                        .projections()
                        .orElseThrow())
                .isInstanceOf(ConfigException.class)
                .hasMessage("quarry.yaml: projections.Document.graph: 'kind' is a key every graph node has (id, kind,"
                        + " depth, direct_edge, last_updated); a field of that name cannot label a node");
        GraphObject doc = object("d1", "Document", "{\"title\": \"Runbook\", \"kind\": \"runbook\"}", T);
        assertThat(QuarryConfig.parse(types + "projections: {Document: {graph: [title]}}", "quarry.yaml")
                        .projections()
                        .orElseThrow()
                        .light("Document")
                        .node(doc)
                        .get("kind")
                        .asText())
                .isEqualTo("Document");
    }

    @Test
    void theSchemaAcceptsTheProjectionsAndGraphSections() {
        assertThat(QuarryConfig.parse(TYPES + PROJECTIONS + "graph: {}\n", "schema.yaml")
                        .schema()
                        .orElseThrow()
                        .typeNames())
                .contains("Task");
    }

    @Property(tries = 200)
    void lightTextNeverExceedsItsLimitAndHiddenFieldsNeverShow(
            @ForAll String title, @ForAll String description, @ForAll @IntRange(min = 1, max = 40) int limit) {
        Projections p = QuarryConfig.parse(
                        TYPES + "projections: {Task: {light: [title, description], truncate: {description: " + limit
                                + "}}}",
                        "quarry.yaml")
                .projections()
                .orElseThrow();
        ObjectNode props = Json.object();
        props.put("title", title);
        props.put("description", description);
        props.put("secret", "hidden");
        GraphObject o = new GraphObject("t", "Task", props, T, T, Map.of());
        for (TypeProjection tp : List.of(
                p.light("Task"), p.full("Task"), Projections.none(SCHEMA).light("Task"))) {
            assertThat(tp.apply(o).get("properties").has("secret"))
                    .as(tp.toString())
                    .isFalse();
        }
        String shown = p.light("Task").apply(o).at("/properties/description").asText();
        int n = shown.codePointCount(0, shown.length());
        if (description.codePointCount(0, description.length()) > limit) {
            assertThat(n).isEqualTo(limit + 1);
            assertThat(shown).endsWith("…");
            assertThat(description).startsWith(shown.substring(0, shown.length() - 1));
        } else {
            assertThat(shown).isEqualTo(description);
        }
    }
}
