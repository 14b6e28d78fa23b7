package io.quarry.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class DemoDataTest {

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]{0,63}");
    private static final Pattern SNAKE_CASE = Pattern.compile("[a-z][a-z0-9]*(_[a-z0-9]+)*");
    private static final Pattern PASCAL_CASE = Pattern.compile("[A-Z][a-z0-9]*([A-Z][a-z0-9]*)*");
    private static final Set<String> FIELD_TYPES =
            Set.of("string", "text", "number", "integer", "boolean", "date", "datetime", "enum", "array", "object");
    private static final Set<String> TYPES = Set.of(
            "Project",
            "Task",
            "Goal",
            "Milestone",
            "Risk",
            "Decision",
            "Document",
            "Person",
            "Plan",
            "Requirement",
            "Output",
            "Signal",
            "Insight");

    /** The entity kinds of the context spec, each with a projection in the demo's preset. */
    private static final List<String> SPEC_KINDS = List.of(
            "Project",
            "Task",
            "Goal",
            "Plan",
            "Milestone",
            "Risk",
            "Decision",
            "Requirement",
            "Document",
            "Output",
            "Signal",
            "Insight");

    private static final Set<String> SYSTEM_KEYS = Set.of("id", "type", "properties", "created_at", "updated_at");
    private static final Set<String> SCOPE_KEYS = Set.of("org_id", "project_id");

    /** The date-time grammar of FILTER-LANGUAGE.md. */
    private static final Pattern DATE_TIME =
            Pattern.compile("(\\d{4}-\\d{2}-\\d{2})(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})?)?");

    private static final Pattern STAMP =
            Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?(Z|[+-]\\d{2}:\\d{2})");
    private static final Pattern NUMERIC = Pattern.compile("\\s*[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?\\s*");
    private static final DateTimeFormatter STRICT_DATE =
            DateTimeFormatter.ofPattern("uuuu-MM-dd", Locale.ROOT).withResolverStyle(ResolverStyle.STRICT);

    /** Fields allowed to hold values outside their declared type's format: the documented quirks. */
    private static final Set<String> MESSY_FIELDS =
            Set.of("Task.priority", "Task.estimate_hours", "Task.due_at", "Goal.target_date", "Risk.likelihood");

    private static String committed;
    private static JsonNode config;
    private static Demo demo;

    @BeforeAll
    static void load() throws IOException {
        committed = resource(DemoDataGenerator.RESOURCE);
        config = new YAMLMapper().readTree(resource("quarry.yaml"));
        demo = new Demo(DemoDataGenerator.generate());
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = DemoDataGenerator.class.getResourceAsStream(name)) {
            assertThat(in).as("resource %s next to DemoDataGenerator", name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    // ------------------------------------------------------------------ the file and the generator

    @Test
    void committedFileIsWhatTheGeneratorProduces() {
        String expected = DemoDataGenerator.render(DemoDataGenerator.generate());
        String actual = committed.replace("\r\n", "\n");
        assertThat(firstDifference(expected, actual))
                .as(
                        "%s differs from DemoDataGenerator's output; regenerate it from the repository root with:%n  %s%n",
                        DemoDataGenerator.RESOURCE, DemoDataGenerator.REGENERATE_COMMAND)
                .isEmpty();
    }

    @Test
    void generatorIsDeterministic() {
        String first = DemoDataGenerator.render(DemoDataGenerator.generate());
        String second = DemoDataGenerator.render(DemoDataGenerator.generate());
        assertThat(firstDifference(first, second)).isEmpty();
    }

    @Test
    void fileStaysSmallAndOneObjectPerLine() {
        assertThat(committed.getBytes(StandardCharsets.UTF_8).length).isLessThan(3_000_000);
        String[] lines = committed.split("\n");
        assertThat(lines.length).isEqualTo(demo.objects.size() + demo.relationships.size() + 4);
        assertThat(lines[0]).isEqualTo("{\"objects\": [");
        assertThat(lines[lines.length - 1]).isEqualTo("]}");
    }

    private static String firstDifference(String expected, String actual) {
        if (expected.equals(actual)) {
            return "";
        }
        String[] e = expected.split("\n", -1);
        String[] a = actual.split("\n", -1);
        for (int i = 0; i < Math.min(e.length, a.length); i++) {
            if (!e[i].equals(a[i])) {
                return "line " + (i + 1) + ":\n  expected: " + abbreviate(e[i]) + "\n  actual:   " + abbreviate(a[i]);
            }
        }
        return "expected " + e.length + " lines, found " + a.length;
    }

    private static String abbreviate(String line) {
        return line.length() <= 300 ? line : line.substring(0, 300) + "...";
    }

    // ------------------------------------------------------------------ the configuration

    @Test
    void configurationDeclaresTheTypesInTheLibraryFormat() {
        assertThat(names(config)).containsExactly("types", "tools", "projections", "graph");
        assertThat(names(config.get("types"))).containsExactlyInAnyOrderElementsOf(TYPES);
        for (Map.Entry<String, JsonNode> type : entries(config.get("types"))) {
            String typeName = type.getKey();
            JsonNode spec = type.getValue();
            assertThat(typeName).matches(NAME).matches(PASCAL_CASE);
            assertThat(names(spec)).isSubsetOf("description", "fields", "relationships");
            assertThat(spec.path("description").asText()).as(typeName).hasSizeGreaterThan(40);
            assertThat(spec.get("fields").size()).as(typeName + " field count").isBetween(4, 10);
            for (Map.Entry<String, JsonNode> field : entries(spec.get("fields"))) {
                String where = typeName + "." + field.getKey();
                JsonNode f = field.getValue();
                assertThat(field.getKey()).as(where).matches(NAME).matches(SNAKE_CASE);
                assertThat(names(f)).as(where).isSubsetOf("type", "description", "exposed", "values", "items");
                String fieldType = f.path("type").asText();
                assertThat(fieldType).as(where).isIn(FIELD_TYPES);
                assertThat(f.has("values")).as(where + " values only on enums").isEqualTo(fieldType.equals("enum"));
                if (f.has("values")) {
                    assertThat(f.get("values").isArray() && f.get("values").size() > 1)
                            .as(where)
                            .isTrue();
                    f.get("values")
                            .forEach(v -> assertThat(v.isTextual()).as(where).isTrue());
                }
                if (f.has("items")) {
                    assertThat(fieldType).as(where + " items only on arrays").isEqualTo("array");
                    assertThat(f.get("items").asText()).as(where).isIn(FIELD_TYPES);
                }
                if (f.has("exposed")) {
                    assertThat(f.get("exposed").isBoolean()).as(where).isTrue();
                }
                if (f.has("description")) {
                    assertThat(f.get("description").asText()).as(where).isNotBlank();
                }
            }
            for (JsonNode rel : spec.path("relationships")) {
                String where = typeName + " relationship " + rel;
                assertThat(names(rel)).as(where).isSubsetOf("name", "target", "direction", "description");
                assertThat(rel.path("name").asText()).as(where).matches(SNAKE_CASE);
                assertThat(rel.path("target").asText()).as(where).isIn(TYPES);
                assertThat(rel.path("direction").asText()).as(where).isIn("out", "in", "both");
            }
        }
        assertThat(field("Task", "internal_cost_code").get("exposed").asBoolean())
                .isFalse();
        assertThat(field("Person", "salary_band").get("exposed").asBoolean()).isFalse();
    }

    // ------------------------------------------------------------------ objects

    @Test
    void objectIdsAndRelationshipIdsAreUnique() {
        Set<String> ids = new HashSet<>();
        for (JsonNode o : demo.objects) {
            assertThat(ids.add(o.get("id").asText()))
                    .as("duplicate id %s", o.get("id"))
                    .isTrue();
        }
        for (JsonNode r : demo.relationships) {
            assertThat(ids.add(r.get("id").asText()))
                    .as("duplicate id %s", r.get("id"))
                    .isTrue();
        }
    }

    @Test
    void everyObjectHasSystemFieldsScopeKeysAndSaneTimestamps() {
        for (JsonNode o : demo.objects) {
            String id = o.get("id").asText();
            Set<String> keys = new HashSet<>(names(o));
            keys.removeAll(SYSTEM_KEYS);
            assertThat(keys).as(id + " scope keys").isSubsetOf(SCOPE_KEYS).contains("org_id");
            assertThat(names(o)).as(id).containsAll(SYSTEM_KEYS);
            assertThat(o.get("org_id").asText()).as(id).isIn("acme", "globex");
            assertThat(o.get("properties").isObject()).as(id).isTrue();
            String type = o.get("type").asText();
            if (type.equals("Person")) {
                assertThat(o.has("project_id")).as(id + " people are org-level").isFalse();
            } else {
                JsonNode project = demo.byId.get(o.path("project_id").asText());
                assertThat(project).as(id + " project_id").isNotNull();
                assertThat(project.get("type").asText()).isEqualTo("Project");
                assertThat(project.get("org_id"))
                        .as(id + " project in the same org")
                        .isEqualTo(o.get("org_id"));
                if (type.equals("Project")) {
                    assertThat(o.get("project_id").asText()).isEqualTo(id);
                }
            }
            for (String key : List.of("created_at", "updated_at")) {
                assertThat(o.get(key).asText()).as(id + " " + key).matches(STAMP);
            }
            Instant created = instant(o.get("created_at"));
            Instant updated = instant(o.get("updated_at"));
            assertThat(updated).as(id + " updated_at >= created_at").isAfterOrEqualTo(created);
            assertThat(updated).as(id + " updated_at <= now").isBeforeOrEqualTo(DemoDataGenerator.NOW);
        }
    }

    @Test
    void everyPropertyIsADeclaredFieldAndEveryFieldIsUsed() {
        Map<String, Set<String>> used = new HashMap<>();
        for (JsonNode o : demo.objects) {
            String type = o.get("type").asText();
            assertThat(config.get("types").has(type))
                    .as(o.get("id") + " type declared")
                    .isTrue();
            JsonNode fields = config.get("types").get(type).get("fields");
            for (String key : names(o.get("properties"))) {
                assertThat(fields.has(key))
                        .as("%s: %s has no declared field %s", o.get("id"), type, key)
                        .isTrue();
                used.computeIfAbsent(type, t -> new HashSet<>()).add(key);
            }
        }
        for (Map.Entry<String, JsonNode> type : entries(config.get("types"))) {
            assertThat(used.get(type.getKey()))
                    .as(type.getKey() + " fields used by some object")
                    .containsExactlyInAnyOrderElementsOf(names(type.getValue().get("fields")));
        }
    }

    @Test
    void enumFieldsHoldOnlyDeclaredValues() {
        for (JsonNode o : demo.objects) {
            JsonNode fields = config.get("types").get(o.get("type").asText()).get("fields");
            for (Map.Entry<String, JsonNode> p : entries(o.get("properties"))) {
                JsonNode f = fields.get(p.getKey());
                if (!f.get("type").asText().equals("enum") || p.getValue().isNull()) {
                    continue;
                }
                List<String> allowed = new ArrayList<>();
                f.get("values").forEach(v -> allowed.add(v.asText()));
                assertThat(p.getValue().isTextual())
                        .as(o.get("id") + "." + p.getKey())
                        .isTrue();
                assertThat(p.getValue().asText())
                        .as(o.get("id") + "." + p.getKey())
                        .isIn(allowed);
            }
        }
    }

    @Test
    void valuesHaveTheirDeclaredShapeOutsideTheDocumentedQuirks() {
        for (JsonNode o : demo.objects) {
            String type = o.get("type").asText();
            JsonNode fields = config.get("types").get(type).get("fields");
            for (Map.Entry<String, JsonNode> p : entries(o.get("properties"))) {
                String where = o.get("id").asText() + "." + p.getKey() + " = " + p.getValue();
                JsonNode v = p.getValue();
                if (v.isNull()) {
                    continue;
                }
                JsonNode f = fields.get(p.getKey());
                String fieldType = f.get("type").asText();
                boolean messy = MESSY_FIELDS.contains(type + "." + p.getKey());
                switch (fieldType) {
                    case "string", "text", "enum" ->
                        assertThat(v.isTextual()).as(where).isTrue();
                    case "boolean" -> assertThat(v.isBoolean()).as(where).isTrue();
                    case "object" -> assertThat(v.isObject()).as(where).isTrue();
                    case "array" -> {
                        assertThat(v.isArray()).as(where).isTrue();
                        if (f.path("items").asText().equals("string")) {
                            v.forEach(e -> assertThat(e.isTextual()).as(where).isTrue());
                        }
                    }
                    case "date" -> assertThat(messy || isDate(v)).as(where).isTrue();
                    case "datetime" ->
                        assertThat(messy
                                        || (v.isTextual()
                                                && STAMP.matcher(v.asText()).matches()))
                                .as(where)
                                .isTrue();
                    case "integer" ->
                        assertThat(messy || v.isIntegralNumber()).as(where).isTrue();
                    case "number" -> assertThat(messy || v.isNumber()).as(where).isTrue();
                    default -> throw new AssertionError("unknown field type " + fieldType);
                }
            }
        }
    }

    // ------------------------------------------------------------------ relationships

    @Test
    void relationshipsConnectExistingObjectsOfOneOrgAsDeclared() {
        Set<String> seen = new HashSet<>();
        for (JsonNode r : demo.relationships) {
            assertThat(names(r)).containsExactly("id", "src_id", "dst_id", "type");
            JsonNode src = demo.byId.get(r.get("src_id").asText());
            JsonNode dst = demo.byId.get(r.get("dst_id").asText());
            assertThat(src).as(r + " source exists").isNotNull();
            assertThat(dst).as(r + " target exists").isNotNull();
            assertThat(src.get("org_id")).as(r + " stays in one org").isEqualTo(dst.get("org_id"));
            assertThat(src).as(r + " is not a loop").isNotSameAs(dst);
            assertThat(seen.add(r.get("type").asText() + " " + src.get("id") + " " + dst.get("id")))
                    .as(r + " is not a duplicate")
                    .isTrue();
            boolean declared = false;
            for (JsonNode rel :
                    config.get("types").get(src.get("type").asText()).path("relationships")) {
                declared |= rel.get("name").asText().equals(r.get("type").asText())
                        && rel.get("target").asText().equals(dst.get("type").asText())
                        && rel.get("direction").asText().equals("out");
            }
            assertThat(declared)
                    .as("%s: %s declares %s -> %s", r.get("id"), src.get("type"), r.get("type"), dst.get("type"))
                    .isTrue();
        }
    }

    @Test
    void dependsOnIsAcyclic() {
        Map<String, List<String>> edges = new LinkedHashMap<>();
        Map<String, Integer> indegree = new HashMap<>();
        for (JsonNode r : demo.relationships) {
            if (r.get("type").asText().equals("depends_on")) {
                String src = r.get("src_id").asText();
                String dst = r.get("dst_id").asText();
                edges.computeIfAbsent(src, k -> new ArrayList<>()).add(dst);
                indegree.merge(dst, 1, Integer::sum);
                indegree.putIfAbsent(src, 0);
            }
        }
        Deque<String> ready = new ArrayDeque<>();
        indegree.forEach((id, n) -> {
            if (n == 0) {
                ready.add(id);
            }
        });
        int visited = 0;
        while (!ready.isEmpty()) {
            String id = ready.poll();
            visited++;
            for (String next : edges.getOrDefault(id, List.of())) {
                if (indegree.merge(next, -1, Integer::sum) == 0) {
                    ready.add(next);
                }
            }
        }
        assertThat(visited).as("tasks left in a depends_on cycle").isEqualTo(indegree.size());
    }

    @Test
    void everyObjectOfALaterTypeIsPartOfItsProjectAndLinksOnlyInsideIt() {
        for (String type : List.of("Plan", "Requirement", "Output", "Signal", "Insight")) {
            for (JsonNode o : demo.ofType(type)) {
                List<JsonNode> out = demo.out.getOrDefault(o.get("id").asText(), List.of());
                assertThat(out.stream()
                                .filter(r -> r.get("type").asText().equals("part_of"))
                                .map(r -> r.get("dst_id").asText()))
                        .as(o.get("id") + " part_of")
                        .containsExactly(o.get("project_id").asText());
                for (JsonNode r : out) {
                    JsonNode dst = demo.byId.get(r.get("dst_id").asText());
                    if (!type(dst).equals("Person")) {
                        assertThat(dst.get("project_id")).as(r.toString()).isEqualTo(o.get("project_id"));
                    }
                }
            }
        }
        // every project has each later type, so each project's context shows them
        for (JsonNode p : demo.ofType("Project")) {
            for (String type : List.of("Plan", "Requirement", "Output", "Signal", "Insight")) {
                assertThat(demo.count(
                                o -> type(o).equals(type) && o.get("project_id").equals(p.get("id"))))
                        .as(p.get("id") + " " + type)
                        .isPositive();
            }
        }
    }

    @Test
    void laterTypesLeaveTheOriginalDataAsItWas() {
        // the later types come after the original objects and relationships, which keep their ids
        List<String> order = demo.objects.stream().map(DemoDataTest::type).toList();
        int firstLater = order.indexOf("Plan");
        assertThat(order.subList(0, firstLater)).doesNotContain("Plan", "Requirement", "Output", "Signal", "Insight");
        assertThat(order.subList(firstLater, order.size()))
                .containsOnly("Plan", "Requirement", "Output", "Signal", "Insight");
        Map<String, JsonNode> rels = new HashMap<>();
        demo.relationships.forEach(r -> rels.put(r.get("id").asText(), r));
        assertThat(rels.get("rel-08184").toString())
                .isEqualTo("{\"id\":\"rel-08184\",\"src_id\":\"doc-0410\",\"dst_id\":\"person-068\","
                        + "\"type\":\"authored_by\"}");
        assertThat(type(demo.byId.get(rels.get("rel-08185").get("src_id").asText())))
                .isIn("Plan", "Requirement", "Output", "Signal", "Insight");
    }

    @Test
    void theStatusOfARequirementFollowsItsTasks() {
        for (JsonNode r : demo.ofType("Requirement")) {
            List<JsonNode> tasks = demo.out.getOrDefault(r.get("id").asText(), List.of()).stream()
                    .filter(e -> e.get("type").asText().equals("implemented_by"))
                    .map(e -> demo.byId.get(e.get("dst_id").asText()))
                    .toList();
            boolean done = !tasks.isEmpty()
                    && tasks.stream()
                            .allMatch(t -> props(t).get("status").asText().equals("Done"));
            String status = props(r).get("status").asText();
            assertThat(status.equals("implemented") || status.equals("verified"))
                    .as(r.get("id") + " " + status + " with its tasks done: " + done)
                    .isEqualTo(done);
        }
    }

    @Test
    void thePresetProjectsEveryKindOfTheSpecAndListsGoalsDocumentsAndOutputsByMembership() {
        assertThat(names(config.get("projections"))).containsAll(SPEC_KINDS);
        for (String kind : SPEC_KINDS) {
            JsonNode spec = config.get("projections").get(kind);
            assertThat(spec.get("light").size()).as(kind + " light fields").isBetween(4, 10);
            assertThat(spec.get("graph").size())
                    .as(kind + " graph label fields")
                    .isBetween(1, 3);
            assertThat(spec.has("derived")).as(kind + " derived fields").isTrue();
        }
        assertThat(config.get("graph").get("membership_key").asText()).isEqualTo("project_id");
        assertThat(config.get("graph").get("membership_kinds").toString())
                .isEqualTo("[\"Goal\",\"Document\",\"Output\"]");
    }

    // ------------------------------------------------------------------ counts and distributions

    @Test
    void countsAreInTheIntendedRanges() {
        assertThat(demo.objects.size()).isBetween(3_000, 5_000);
        assertThat(demo.relationships.size()).isBetween(5_000, 10_000);
        assertThat(demo.count(o -> o.get("type").asText().equals("Project") && org(o).equals("acme")))
                .isEqualTo(8);
        assertThat(demo.count(o -> o.get("type").asText().equals("Project") && org(o).equals("globex")))
                .isEqualTo(3);
        assertThat(demo.ofType("Task")).hasSizeBetween(2_000, 3_000);
        assertThat(demo.ofType("Person")).hasSizeBetween(60, 120);
        assertThat(demo.ofType("Document")).hasSizeBetween(300, 600);
        assertThat(demo.ofType("Risk")).hasSizeBetween(150, 300);
        assertThat(demo.ofType("Decision")).hasSizeBetween(100, 250);
        assertThat(demo.ofType("Goal")).hasSizeBetween(25, 80);
        assertThat(demo.ofType("Milestone")).hasSizeBetween(40, 100);
        assertThat(demo.ofType("Plan")).hasSizeBetween(22, 44);
        assertThat(demo.ofType("Requirement")).hasSizeBetween(80, 200);
        assertThat(demo.ofType("Output")).hasSizeBetween(33, 77);
        assertThat(demo.ofType("Signal")).hasSizeBetween(80, 200);
        assertThat(demo.ofType("Insight")).hasSizeBetween(30, 100);
        long globex = demo.count(o -> org(o).equals("globex"));
        assertThat(globex).isBetween(demo.objects.size() / 20L, demo.objects.size() / 4L);
        for (String relType : List.of(
                "part_of",
                "depends_on",
                "assigned_to",
                "owned_by",
                "supports",
                "blocks",
                "documents",
                "decides",
                "supersedes",
                "targets",
                "authored_by",
                "reports_to",
                "covers",
                "includes",
                "implemented_by",
                "produced_by",
                "contributes_to",
                "affects",
                "concerns",
                "derived_from",
                "informs")) {
            assertThat(demo.relationships.stream()
                            .filter(r -> r.get("type").asText().equals(relType))
                            .count())
                    .as(relType)
                    .isGreaterThanOrEqualTo(5);
        }
    }

    @Test
    void distributionsAreSkewedLikeRealData() {
        Map<String, Long> status = new HashMap<>();
        for (JsonNode t : demo.ofType("Task")) {
            status.merge(t.get("properties").get("status").asText(), 1L, Long::sum);
        }
        assertThat(status.get("Done")).isGreaterThan(status.get("Open"));
        assertThat(status.get("Open")).isGreaterThan(status.get("In Progress"));
        assertThat(status.get("In Progress")).isGreaterThan(status.get("Blocked"));
        assertThat(status.get("Blocked")).isGreaterThan(30L);
        long high = demo.count(t -> numericPriority(t) >= 9);
        long middle = demo.count(t -> numericPriority(t) >= 4 && numericPriority(t) <= 6);
        assertThat(middle).isGreaterThan(2 * high);
    }

    // ------------------------------------------------------------------ the quirks

    static Stream<Arguments> quirks() {
        return Stream.of(
                quirk(
                        "Task.priority as a numeric string",
                        200,
                        d -> d.countProperty(
                                "Task",
                                "priority",
                                v -> v.isTextual()
                                        && NUMERIC.matcher(v.asText()).matches())),
                quirk(
                        "Task.priority padded with spaces",
                        5,
                        d -> d.countProperty(
                                "Task",
                                "priority",
                                v -> v.isTextual() && v.asText().startsWith(" "))),
                quirk(
                        "Task.priority like \"5.0\"",
                        5,
                        d -> d.countProperty(
                                "Task",
                                "priority",
                                v -> v.isTextual() && v.asText().endsWith(".0"))),
                quirk(
                        "Task.priority \"high\"",
                        1,
                        d -> d.countProperty("Task", "priority", v -> v.asText().equals("high"))),
                quirk(
                        "Task.priority \"n/a\"",
                        1,
                        d -> d.countProperty("Task", "priority", v -> v.asText().equals("n/a"))),
                quirk(
                        "Task.priority \"\"",
                        1,
                        d -> d.countProperty(
                                "Task",
                                "priority",
                                v -> v.isTextual() && v.asText().isEmpty())),
                quirk("Task.priority null", 5, d -> d.countProperty("Task", "priority", JsonNode::isNull)),
                quirk("Task.priority missing", 20, d -> d.countMissing("Task", "priority")),
                quirk(
                        "Task.priority 7.0",
                        1,
                        d -> d.countProperty("Task", "priority", JsonNode::isFloatingPointNumber)),
                quirk(
                        "Task.estimate_hours integer",
                        20,
                        d -> d.countProperty("Task", "estimate_hours", JsonNode::isInt)),
                quirk(
                        "Task.estimate_hours decimal",
                        20,
                        d -> d.countProperty("Task", "estimate_hours", JsonNode::isFloatingPointNumber)),
                quirk(
                        "Task.estimate_hours numeric string",
                        20,
                        d -> d.countProperty(
                                "Task",
                                "estimate_hours",
                                v -> v.isTextual()
                                        && NUMERIC.matcher(v.asText()).matches())),
                quirk(
                        "Task.estimate_hours non-numeric string",
                        1,
                        d -> d.countProperty(
                                "Task",
                                "estimate_hours",
                                v -> v.isTextual()
                                        && !NUMERIC.matcher(v.asText()).matches())),
                quirk(
                        "Task.due_at in UTC",
                        500,
                        d -> d.countProperty("Task", "due_at", v -> v.asText().endsWith("Z"))),
                quirk(
                        "Task.due_at with an offset",
                        50,
                        d -> d.countProperty("Task", "due_at", v -> v.asText().matches(".*T.*[+-]\\d{2}:\\d{2}"))),
                quirk(
                        "Task.due_at date only",
                        50,
                        d -> d.countProperty("Task", "due_at", v -> v.asText().matches("\\d{4}-\\d{2}-\\d{2}"))),
                quirk(
                        "Task.due_at without offset",
                        10,
                        d -> d.countProperty("Task", "due_at", v -> v.asText()
                                .matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}"))),
                quirk(
                        "Task.due_at \"next week\"",
                        1,
                        d -> d.countProperty("Task", "due_at", v -> v.asText().equals("next week"))),
                quirk(
                        "Task.due_at \"2026/05/01\"",
                        1,
                        d -> d.countProperty("Task", "due_at", v -> v.asText().equals("2026/05/01"))),
                quirk(
                        "Task.due_at not a date at all",
                        10,
                        d -> d.countProperty("Task", "due_at", v -> v.isTextual() && !isDateTime(v.asText()))),
                quirk("Task.due_at null", 5, d -> d.countProperty("Task", "due_at", JsonNode::isNull)),
                quirk(
                        "Task.completed_at on a task that is not Done",
                        1,
                        d -> d.count(o -> type(o).equals("Task")
                                && !props(o).get("status").asText().equals("Done")
                                && props(o).has("completed_at"))),
                quirk(
                        "Task.completed_at missing on a Done task",
                        1,
                        d -> d.count(o -> type(o).equals("Task")
                                && props(o).get("status").asText().equals("Done")
                                && !props(o).has("completed_at"))),
                quirk(
                        "updated_at with an offset",
                        100,
                        d -> d.count(o -> o.get("updated_at").asText().matches(".*[+-]\\d{2}:\\d{2}"))),
                quirk(
                        "updated_at with milliseconds",
                        20,
                        d -> d.count(o -> o.get("updated_at").asText().contains("."))),
                quirk(
                        "Goal.target_date holding a date-time",
                        1,
                        d -> d.countProperty(
                                "Goal", "target_date", v -> v.asText().contains("T"))),
                quirk("Task.description missing", 100, d -> d.countMissing("Task", "description")),
                quirk("Task.description null", 5, d -> d.countProperty("Task", "description", JsonNode::isNull)),
                quirk(
                        "Task.description empty",
                        5,
                        d -> d.countProperty(
                                "Task",
                                "description",
                                v -> v.isTextual() && v.asText().isEmpty())),
                quirk(
                        "Task.description with HTML",
                        1,
                        d -> d.countProperty(
                                "Task", "description", v -> v.asText().contains("<p>"))),
                quirk(
                        "Task.description with newlines",
                        1,
                        d -> d.countProperty(
                                "Task", "description", v -> v.asText().contains("\n"))),
                quirk("Task.tags empty", 20, d -> d.countProperty("Task", "tags", v -> v.isArray() && v.isEmpty())),
                quirk("Task.tags missing", 20, d -> d.countMissing("Task", "tags")),
                quirk(
                        "Task.tags with a duplicate",
                        5,
                        d -> d.countProperty("Task", "tags", DemoDataTest::hasDuplicate)),
                quirk(
                        "Task.tags spelling variants",
                        5,
                        d -> d.countProperty("Task", "tags", v -> v.toString()
                                .matches(".*\"(Backend|tech debt|techdebt|Bug|URGENT)\".*"))),
                quirk("title with accents", 1, d -> d.countTitles(t -> t.contains("ü") || t.contains("é"))),
                quirk(
                        "title in CJK",
                        2,
                        d -> d.countTitles(t -> t.codePoints()
                                .anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN))),
                quirk(
                        "title in a right-to-left script",
                        1,
                        d -> d.countTitles(t -> t.codePoints()
                                .anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.ARABIC))),
                quirk(
                        "title with an emoji",
                        2,
                        d -> d.countTitles(t -> t.codePoints().anyMatch(Character::isSupplementaryCodePoint))),
                quirk("title with % and _", 1, d -> d.countTitles(t -> t.equals("100% coverage for auth_service"))),
                quirk("title with a double quote", 3, d -> d.countTitles(t -> t.contains("\""))),
                quirk("title with an apostrophe", 3, d -> d.countTitles(t -> t.contains("'"))),
                quirk("title with a backslash", 1, d -> d.countTitles(t -> t.contains("\\"))),
                quirk("title with surrounding whitespace", 1, d -> d.countTitles(t -> !t.equals(t.strip()))),
                quirk("title longer than 200 characters", 1, d -> d.countTitles(t -> t.length() > 200)),
                quirk(
                        "Person.name with an apostrophe",
                        2,
                        d -> d.countProperty("Person", "name", v -> v.asText().contains("'"))),
                quirk(
                        "Person.name with a trailing space",
                        1,
                        d -> d.countProperty("Person", "name", v -> v.asText().endsWith(" "))),
                quirk(
                        "Person.name shared by two people",
                        2,
                        d -> d.countProperty("Person", "name", v -> v.asText().equals("Alex Kim"))),
                quirk(
                        "Person.email in upper case",
                        1,
                        d -> d.countProperty("Person", "email", v -> !v.asText()
                                .equals(v.asText().toLowerCase(Locale.ROOT)))),
                quirk("Person.email missing", 1, d -> d.countMissing("Person", "email")),
                quirk(
                        "Person.email empty",
                        1,
                        d -> d.countProperty("Person", "email", v -> v.asText().isEmpty())),
                quirk(
                        "Person.team with a trailing space",
                        1,
                        d -> d.countProperty("Person", "team", v -> v.asText().endsWith(" "))),
                quirk("Person.active null", 1, d -> d.countProperty("Person", "active", JsonNode::isNull)),
                quirk(
                        "Person.active false",
                        3,
                        d -> d.countProperty("Person", "active", v -> v.isBoolean() && !v.asBoolean())),
                quirk(
                        "Person.skills empty",
                        1,
                        d -> d.countProperty("Person", "skills", v -> v.isArray() && v.isEmpty())),
                quirk(
                        "Person.skills with a duplicate",
                        1,
                        d -> d.countProperty("Person", "skills", DemoDataTest::hasDuplicate)),
                quirk(
                        "same contractor email in both orgs",
                        2,
                        d -> d.countProperty(
                                "Person", "email", v -> v.asText().equals("tom.oneil-smith@contractors.example"))),
                quirk(
                        "Project.budget complete",
                        5,
                        d -> d.countProperty(
                                "Project",
                                "budget",
                                v -> v.has("amount")
                                        && v.has("currency")
                                        && v.get("amount").isNumber())),
                quirk("Project.budget missing", 1, d -> d.countMissing("Project", "budget")),
                quirk(
                        "Project.budget without currency",
                        1,
                        d -> d.countProperty("Project", "budget", v -> !v.has("currency"))),
                quirk(
                        "Project.budget with a null amount",
                        1,
                        d -> d.countProperty(
                                "Project", "budget", v -> v.path("amount").isNull())),
                quirk("Person.address missing", 1, d -> d.countMissing("Person", "address")),
                quirk(
                        "Person.address without a city",
                        1,
                        d -> d.countProperty("Person", "address", v -> !v.has("city"))),
                quirk(
                        "Person.address with an extra key",
                        1,
                        d -> d.countProperty("Person", "address", v -> v.size() > 2)),
                quirk(
                        "Risk.likelihood as a string",
                        1,
                        d -> d.countProperty("Risk", "likelihood", JsonNode::isTextual)),
                quirk(
                        "Goal.progress as a decimal",
                        1,
                        d -> d.countProperty("Goal", "progress", JsonNode::isFloatingPointNumber)),
                quirk("Goal.progress null", 1, d -> d.countProperty("Goal", "progress", JsonNode::isNull)),
                quirk(
                        "Decision.decided_at null while proposed",
                        1,
                        d -> d.countProperty("Decision", "decided_at", JsonNode::isNull)),
                quirk(
                        "Decision.alternatives empty",
                        1,
                        d -> d.countProperty("Decision", "alternatives", v -> v.isArray() && v.isEmpty())),
                quirk(
                        "Document.word_count stale",
                        5,
                        d -> d.count(o -> type(o).equals("Document")
                                && props(o).has("word_count")
                                && props(o).get("word_count").asInt()
                                        != props(o).get("body").asText().trim().split("\\s+").length)),
                quirk(
                        "Document.url empty",
                        1,
                        d -> d.countProperty("Document", "url", v -> v.asText().isEmpty())),
                quirk(
                        "Document.url relative",
                        1,
                        d -> d.countProperty("Document", "url", v -> v.asText().startsWith("/"))),
                quirk(
                        "Document in another language",
                        3,
                        d -> d.countProperty(
                                "Document", "language", v -> v.asText().matches("de|ja|fr"))),
                quirk("tasks sharing one updated_at", 20, DemoDataTest::largestUpdatedAtTie),
                quirk("one instant written with two offsets", 1, DemoDataTest::sameInstantDifferentText),
                quirk("task many tasks depend on", 50, d -> d.maxIn("depends_on")),
                quirk("person assigned to many tasks", 100, d -> d.maxIn("assigned_to")),
                quirk("goal many tasks support", 80, d -> d.maxIn("supports")),
                quirk("document about many tasks", 30, d -> d.maxOut("documents")),
                quirk("risk blocking many tasks", 20, d -> d.maxOut("blocks")),
                quirk("manager with many reports", 8, d -> d.maxIn("reports_to")),
                quirk(
                        "task with project_id but no part_of",
                        1,
                        d -> d.count(
                                o -> type(o).equals("Task") && !d.outTypes(o).contains("part_of"))),
                quirk(
                        "document linked to nothing but its project",
                        5,
                        d -> d.count(o -> type(o).equals("Document")
                                && d.outTypes(o).stream()
                                        .allMatch(t -> t.equals("part_of") || t.equals("authored_by")))),
                quirk(
                        "person with no tasks",
                        1,
                        d -> d.count(o -> type(o).equals("Person") && d.inCount(o, "assigned_to") == 0)),
                quirk(
                        "inactive person still assigned",
                        1,
                        d -> d.count(o -> type(o).equals("Person")
                                && props(o).path("active").isBoolean()
                                && !props(o).get("active").asBoolean()
                                && d.inCount(o, "assigned_to") > 0)),
                quirk("depends_on across projects", 5, d -> d.crossProject("depends_on")),
                quirk("blocks across projects", 1, d -> d.crossProject("blocks")),
                quirk("supports across projects", 5, d -> d.crossProject("supports")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("quirks")
    void quirkIsPresent(String quirk, long atLeast, ToLongFunction<Demo> count) {
        assertThat(count.applyAsLong(demo))
                .as("quirk '%s' must stay in the demo data (see quarry.yaml)", quirk)
                .isGreaterThanOrEqualTo(atLeast);
    }

    private static Arguments quirk(String name, long atLeast, ToLongFunction<Demo> count) {
        return Arguments.of(name, atLeast, count);
    }

    private static long largestUpdatedAtTie(Demo d) {
        Map<String, Long> counts = new HashMap<>();
        for (JsonNode o : d.ofType("Task")) {
            counts.merge(o.get("updated_at").asText(), 1L, Long::sum);
        }
        return counts.values().stream().mapToLong(Long::longValue).max().orElse(0);
    }

    private static long sameInstantDifferentText(Demo d) {
        Map<Instant, Set<String>> spellings = new HashMap<>();
        for (JsonNode o : d.objects) {
            spellings
                    .computeIfAbsent(instant(o.get("updated_at")), k -> new HashSet<>())
                    .add(o.get("updated_at").asText());
        }
        return spellings.values().stream().filter(s -> s.size() > 1).count();
    }

    // ------------------------------------------------------------------ helpers

    /** Indexes over one generated data set. */
    static final class Demo {
        final List<JsonNode> objects = new ArrayList<>();
        final List<JsonNode> relationships = new ArrayList<>();
        final Map<String, JsonNode> byId = new HashMap<>();
        final Map<String, List<JsonNode>> out = new HashMap<>();
        final Map<String, List<JsonNode>> in = new HashMap<>();

        Demo(ObjectNode data) {
            data.get("objects").forEach(o -> {
                objects.add(o);
                byId.put(o.get("id").asText(), o);
            });
            data.get("relationships").forEach(r -> {
                relationships.add(r);
                out.computeIfAbsent(r.get("src_id").asText(), k -> new ArrayList<>())
                        .add(r);
                in.computeIfAbsent(r.get("dst_id").asText(), k -> new ArrayList<>())
                        .add(r);
            });
        }

        List<JsonNode> ofType(String type) {
            return objects.stream().filter(o -> type(o).equals(type)).toList();
        }

        long count(Predicate<JsonNode> test) {
            return objects.stream().filter(test).count();
        }

        long countProperty(String type, String field, Predicate<JsonNode> test) {
            return count(o -> type(o).equals(type) && props(o).has(field) && test.test(props(o).get(field)));
        }

        long countMissing(String type, String field) {
            return count(o -> type(o).equals(type) && !props(o).has(field));
        }

        long countTitles(Predicate<String> test) {
            return count(o -> props(o).path("title").isTextual()
                    && test.test(props(o).get("title").asText()));
        }

        Set<String> outTypes(JsonNode o) {
            Set<String> types = new HashSet<>();
            out.getOrDefault(o.get("id").asText(), List.of())
                    .forEach(r -> types.add(r.get("type").asText()));
            return types;
        }

        long inCount(JsonNode o, String relType) {
            return in.getOrDefault(o.get("id").asText(), List.of()).stream()
                    .filter(r -> r.get("type").asText().equals(relType))
                    .count();
        }

        long maxIn(String relType) {
            return maxBy(relType, "dst_id");
        }

        long maxOut(String relType) {
            return maxBy(relType, "src_id");
        }

        private long maxBy(String relType, String end) {
            Map<String, Long> counts = new HashMap<>();
            for (JsonNode r : relationships) {
                if (r.get("type").asText().equals(relType)) {
                    counts.merge(r.get(end).asText(), 1L, Long::sum);
                }
            }
            return counts.values().stream().mapToLong(Long::longValue).max().orElse(0);
        }

        long crossProject(String relType) {
            return relationships.stream()
                    .filter(r -> r.get("type").asText().equals(relType))
                    .filter(r -> !Objects.equals(
                            byId.get(r.get("src_id").asText()).get("project_id"),
                            byId.get(r.get("dst_id").asText()).get("project_id")))
                    .count();
        }
    }

    private static String type(JsonNode o) {
        return o.get("type").asText();
    }

    private static String org(JsonNode o) {
        return o.get("org_id").asText();
    }

    private static JsonNode props(JsonNode o) {
        return o.get("properties");
    }

    private static JsonNode field(String type, String field) {
        return config.get("types").get(type).get("fields").get(field);
    }

    private static int numericPriority(JsonNode o) {
        JsonNode p = props(o).path("priority");
        if (!type(o).equals("Task")) {
            return -1;
        }
        if (p.isNumber()) {
            return p.asInt();
        }
        if (p.isTextual() && NUMERIC.matcher(p.asText()).matches()) {
            return (int) Double.parseDouble(p.asText().strip());
        }
        return -1;
    }

    private static boolean hasDuplicate(JsonNode array) {
        Set<String> seen = new HashSet<>();
        for (JsonNode e : array) {
            if (!seen.add(e.asText())) {
                return true;
            }
        }
        return false;
    }

    private static Instant instant(JsonNode stamp) {
        return OffsetDateTime.parse(stamp.asText()).toInstant();
    }

    private static boolean isDate(JsonNode v) {
        if (!v.isTextual()) {
            return false;
        }
        try {
            LocalDate.parse(v.asText(), STRICT_DATE);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    /** Whether a string is a date or date-time by the filter language's rules (impossible dates are not). */
    private static boolean isDateTime(String s) {
        var m = DATE_TIME.matcher(s);
        if (!m.matches()) {
            return false;
        }
        try {
            LocalDate.parse(m.group(1), STRICT_DATE);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static List<Map.Entry<String, JsonNode>> entries(JsonNode node) {
        return new ArrayList<>(node.properties());
    }
}
