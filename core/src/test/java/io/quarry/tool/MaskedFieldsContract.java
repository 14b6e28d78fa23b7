package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.config.QuarryConfig;
import io.quarry.graph.ContextFormatter;
import io.quarry.internal.CodePoints;
import io.quarry.internal.Json;
import io.quarry.internal.Masking;
import io.quarry.search.EmbeddedText;
import io.quarry.search.EmbeddingIndexer;
import io.quarry.search.HashingEmbedder;
import io.quarry.search.InMemoryVectorIndex;
import io.quarry.search.VectorIndex;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.ObjectStore;
import io.quarry.store.Scope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Masked fields (issue 34 item 2) on the store the subclass picks: filters, sorts, grouping and counts
 * work on them exactly as on the data, and no masked value appears in any answer of any tool (objects in
 * both details and with {@code fields}, groups, graph nodes, context blocks, semantic search, the schema
 * with its common values, tool descriptions, errors and hints, cursors, {@code run_readonly_sql}) unless
 * the call itself carried it. The data are generated from a fixed seed: masked values of high entropy
 * (names, emails, nine-digit salaries, dates, a nested object, string lists) shared by several objects, so
 * groups have more than one member; a second tenant's objects too.
 */
abstract class MaskedFieldsContract extends ToolContract {
    private static final Scope ACME = Scope.of("org_id", "acme");
    private static final Instant T = Instant.parse("2024-05-01T10:00:00Z");
    private static final Pattern MASK = Pattern.compile(Pattern.quote(Masking.PREFIX) + "[0-9a-f]{12}");

    static final String CONFIG = """
            types:
              Person:
                description: Someone on a team.
                fields:
                  name: {type: string, masked: true}
                  email: {type: string, masked: true}
                  salary: {type: integer, masked: true}
                  born: {type: date, masked: true}
                  contact: {type: object, masked: true}
                  codes: {type: array, items: string, masked: true}
                  title: {type: string}
                  level: {type: integer}
                  status: {type: enum, values: [Active, Away]}
                  bio: {type: text}
                relationships:
                  - {name: member_of, target: Team, direction: out}
                  - {name: reports_to, target: Person, direction: out}
              Team:
                fields:
                  name: {type: string}
                  status: {type: enum, values: [Active, Away]}
            projections:
              Person:
                light: [name, email, contact.city, born, codes, title]
                truncate: {email: 5}
                derived:
                  reports: {count: reports_to, direction: in}
                graph: [email, title]
            """;

    private final List<GraphObject> people = new ArrayList<>();
    private final Set<String> secrets = new LinkedHashSet<>();
    private Toolkit toolkit;
    private ObjectStore store;
    private QuarryConfig config;

    private Toolkit toolkit() {
        if (toolkit == null) {
            DataFile.DataSet data = data();
            store = newStore("masked", data);
            config = QuarryConfig.parse(CONFIG, "masked.yaml");
            HashingEmbedder embedder = new HashingEmbedder();
            VectorIndex index = new InMemoryVectorIndex();
            EmbeddingIndexer.builder()
                    .store(store)
                    .embedder(embedder)
                    .index(index)
                    .text(EmbeddedText.defaults(config.schema().orElseThrow()))
                    .build()
                    .run();
            toolkit = Toolkit.builder()
                    .config(config)
                    .store(store)
                    .embedder(embedder)
                    .vectorIndex(index)
                    .readonlySql("h2", "sqlite", "postgres", "mariadb", "mysql")
                    .build();
        }
        return toolkit;
    }

    /** 30 people of acme and 6 of globex on 3 teams, from seed 34. */
    private DataFile.DataSet data() {
        Random random = new Random(34);
        List<String> emails = new ArrayList<>();
        List<Long> salaries = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            emails.add("mx" + i + "-" + word(random, 6) + "@secret.test");
            salaries.add(700_000_000L + random.nextInt(90_000_000));
        }
        List<GraphObject> objects = new ArrayList<>();
        List<GraphRelationship> links = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            objects.add(new GraphObject(
                    "t" + t,
                    "Team",
                    Json.object().put("name", "Team " + t).put("status", "Active"),
                    T,
                    T,
                    Map.of("org_id", t < 2 ? "acme" : "globex")));
        }
        for (int i = 0; i < 36; i++) {
            String org = i < 30 ? "acme" : "globex";
            ObjectNode p = Json.object();
            p.put("name", "Nm-" + word(random, 7));
            p.put("email", emails.get(random.nextInt(emails.size())));
            p.put("salary", salaries.get(random.nextInt(salaries.size())));
            p.put("born", (1940 + random.nextInt(40)) + "-0" + (1 + random.nextInt(9)) + "-1" + random.nextInt(10));
            p.putObject("contact")
                    .put("city", "Cty-" + word(random, 6))
                    .put("zip", "Z" + (10_000 + random.nextInt(90_000)) + word(random, 2));
            p.putArray("codes").add("cd-" + word(random, 6)).add("cd-" + word(random, 6));
            p.put("title", random.nextBoolean() ? "Engineer" : "Manager");
            p.put("level", 1 + random.nextInt(5));
            p.put("status", random.nextBoolean() ? "Active" : "Away");
            p.put("bio", "Works on the platform and the billing team");
            if (i % 7 == 3) {
                p.remove("email"); // some have none: presence is no secret, values are
            }
            GraphObject person = new GraphObject(
                    String.format("p%02d", i), "Person", p, T.plusSeconds(i), T.plusSeconds(i), Map.of("org_id", org));
            objects.add(person);
            if (i < 30) {
                people.add(person);
            }
            for (String field : List.of("name", "email", "born")) {
                if (p.has(field)) {
                    secrets.add(p.get(field).textValue());
                }
            }
            secrets.add(String.valueOf(p.get("salary").longValue()));
            p.get("contact").forEach(v -> secrets.add(v.textValue()));
            p.get("codes").forEach(v -> secrets.add(v.textValue()));
            links.add(new GraphRelationship("m" + i, person.id(), "t" + (i < 30 ? i % 2 : 2), "member_of"));
            if (i % 5 != 0) {
                links.add(new GraphRelationship("r" + i, person.id(), String.format("p%02d", i - i % 5), "reports_to"));
            }
        }
        return new DataFile.DataSet(objects, links);
    }

    private static String word(Random random, int length) {
        return Fixture.word(random, length);
    }

    /** The calls of the sweep: every tool, over every masked field, in the shapes a model sends. */
    private List<String[]> calls() {
        List<String[]> calls = new ArrayList<>();
        GraphObject first = people.get(0);
        String email = first.property("email").textValue();
        for (String detail : List.of("names", "fields", "summary", "full")) {
            calls.add(new String[] {"get_database_schema", "{\"detail\": \"" + detail + "\"}"});
        }
        calls.add(new String[] {"discover_schema", "{\"query\": \"person email salary contact\"}"});
        List<String> masked = List.of("name", "email", "salary", "born", "contact", "codes", "contact.city");
        for (String detail : List.of("light", "full")) {
            calls.add(new String[] {
                "query_graph_objects", "{\"type\": \"Person\", \"limit\": 50, \"detail\": \"" + detail + "\"}"
            });
            calls.add(new String[] {"query_graph_objects", "{\"limit\": 50, \"detail\": \"" + detail + "\"}"});
            for (String f : masked) {
                calls.add(new String[] {
                    "query_graph_objects",
                    "{\"type\": \"Person\", \"limit\": 7, \"detail\": \"" + detail + "\", \"sort\": [{\"field\": \"" + f
                            + "\"}], \"fields\": [\"" + f + "\", \"title\"]}"
                });
            }
        }
        calls.add(new String[] {
            "query_graph_objects",
            "{\"type\": \"Person\", \"properties\": {\"email\": "
                    + Json.write(Json.MAPPER.getNodeFactory().textNode(email)) + "}}"
        });
        calls.add(new String[] {
            "query_graph_objects", "{\"type\": \"Person\", \"properties\": {\"email\": {\"$contains\": \"secret\"}}}"
        });
        calls.add(new String[] {
            "query_graph_objects", "{\"type\": \"Person\", \"properties\": {\"salary\": {\"$gt\": 750000000}}}"
        });
        calls.add(
                new String[] {"query_graph_objects", "{\"type\": \"Person\", \"properties\": {\"salary\": \"lots\"}}"});
        calls.add(new String[] {
            "query_graph_objects",
            "{\"type\": \"Person\", \"properties\": {\"contact.city\": {\"$regex\": \"^Cty-A\"}}}"
        });
        calls.add(new String[] {"query_graph_objects", "{\"type\": \"Person\", \"properties\": {\"emial\": \"x\"}}"});
        calls.add(new String[] {"query_graph_objects", "{\"query\": \"Nm secret Cty Works\"}"});
        calls.add(new String[] {"query_graph_objects", "{\"type\": \"Person\", \"related_to_id\": \"t0\", \"limit\": 3}"
        });
        for (GraphObject p : people.subList(0, 6)) {
            calls.add(new String[] {"get_graph_object", "{\"id\": \"" + p.id() + "\"}"});
            calls.add(new String[] {"get_object_relationships", "{\"id\": \"" + p.id() + "\"}"});
        }
        calls.add(new String[] {"get_graph_object", "{\"id\": \"t0\"}"});
        calls.add(new String[] {"get_object_relationships", "{\"id\": \"t0\", \"limit\": 5}"});
        calls.add(new String[] {"get_project_graph", "{\"root_id\": \"t0\"}"});
        calls.add(new String[] {"get_project_graph", "{\"root_id\": \"p00\"}"});
        calls.add(new String[] {"semantic_search", "{\"query\": \"works on billing\", \"limit\": 10}"});
        calls.add(new String[] {
            "semantic_search",
            "{\"query\": \"works on billing\", \"type\": \"Person\", \"properties\": {\"salary\": {\"$gt\": 1}}}"
        });
        calls.add(new String[] {
            "text_pattern_search", "{\"entity_type\": \"Person\", \"field\": \"email\", \"pattern\": \"mx\"}"
        });
        calls.add(new String[] {
            "text_pattern_search",
            "{\"entity_type\": \"Person\", \"field\": \"name\", \"pattern\": \"Nm-\", \"mode\": \"starts_with\"}"
        });
        calls.add(new String[] {
            "number_range_search",
            "{\"entity_type\": \"Person\", \"field\": \"salary\", \"operator\": \"gte\", \"value\": 0}"
        });
        calls.add(new String[] {
            "datetime_range_search",
            "{\"entity_type\": \"Person\", \"field\": \"born\", \"mode\": \"after\", \"datetime\": \"1900-01-01\"}"
        });
        calls.add(new String[] {
            "enum_filter_search", "{\"entity_type\": \"Person\", \"field\": \"status\", \"values\": [\"Active\"]}"
        });
        for (String f : masked) {
            calls.add(new String[] {
                "aggregate_graph_objects",
                "{\"type\": \"Person\", \"group_by\": \"" + f
                        + "\", \"limit\": 100, \"metrics\": [{\"op\": \"count\"}, {\"op\": \"count\", \"field\": \"" + f
                        + "\"}]}"
            });
            calls.add(new String[] {"aggregate_graph_objects", "{\"group_by\": \"" + f + "\", \"limit\": 100}"});
            for (String op : List.of("min", "max", "sum", "avg")) {
                calls.add(new String[] {
                    "aggregate_graph_objects",
                    "{\"type\": \"Person\", \"metrics\": [{\"op\": \"" + op + "\", \"field\": \"" + f + "\"}]}"
                });
            }
        }
        calls.add(new String[] {
            "aggregate_graph_objects",
            "{\"type\": \"Person\", \"group_by\": {\"field\": \"born\", \"bucket\": \"year\"}, \"limit\": 100}"
        });
        calls.add(new String[] {
            "aggregate_graph_objects",
            "{\"type\": \"Person\", \"metrics\": [{\"op\": \"percentile\", \"field\": \"salary\", \"p\": 50}]}"
        });
        calls.add(new String[] {
            "aggregate_graph_objects",
            "{\"type\": \"Person\", \"metrics\": [{\"op\": \"max\", \"expr\": \"salary * 1\"}]}"
        });
        calls.add(new String[] {
            "aggregate_graph_objects",
            "{\"type\": \"Person\", \"group_by\": \"title\", \"metrics\": [{\"op\": \"avg\", \"field\": \"level\"}]}"
        });
        for (String sql : List.of(
                "SELECT * FROM Person",
                "SELECT email FROM Person",
                "SELECT id, upper(name) AS n FROM Person",
                "SELECT p.* FROM Person p JOIN Team t ON 1 = 1",
                "SELECT count(*) FROM Person WHERE salary > 1",
                "SELECT id, title FROM Person ORDER BY contact")) {
            calls.add(new String[] {"run_readonly_sql", "{\"sql\": \"" + sql + "\"}"});
        }
        return calls;
    }

    @Test
    void noMaskedValueAppearsInAnyAnswerOfAnyTool() {
        Toolkit tk = toolkit();
        assertThat(secrets).hasSizeGreaterThan(200);
        // the check itself: an object's raw properties would fail it
        org.assertj.core.api.Assertions.assertThatThrownBy(() ->
                        assertNoSecret("control", "", Json.write(people.get(0).properties())))
                .isInstanceOf(AssertionError.class);
        assertThat(tk.tool("semantic_search")).isPresent();
        if (store instanceof io.quarry.sql.JdbcObjectStore) {
            assertThat(tk.tool("run_readonly_sql")).isPresent();
            ObjectNode rows = call(tk, "run_readonly_sql", "{\"sql\": \"SELECT * FROM Person\"}");
            assertThat(rows.has("error")).as(rows.toString()).isFalse();
            assertThat(rows.toString()).contains("title").doesNotContain("email");
        }
        StringBuilder listing = new StringBuilder();
        for (Tool tool : tk.tools()) {
            listing.append(tool.description()).append(Json.write(tool.inputSchema()));
        }
        assertNoSecret("the tool listing", "", listing.toString());
        int answered = 0;
        for (String[] call : calls()) {
            if (tk.tool(call[0]).isEmpty()) {
                continue; // run_readonly_sql only on a SQL store
            }
            String answer = tk.call(
                            call[0], call[1], ToolContext.builder().scope(ACME).build())
                    .text();
            assertNoSecret(call[0] + " " + call[1], call[1], answer);
            answered++;
        }
        assertThat(answered).isGreaterThan(80);
        // the host's context blocks, from the configuration's projections
        String context = ContextFormatter.builder()
                .projections(config.projections().orElseThrow())
                .snapshots(config.snapshots().orElseThrow())
                .build()
                .format(store.graph(ACME), "t0");
        assertNoSecret("the context block of t0", "", context);
        for (String root : List.of("t0", "p00", "p05")) {
            // the toolkit's own context blocks (the MCP prompt project_context)
            String block = tk.contextBlock(
                    root, 4_000, ToolContext.builder().scope(ACME).build());
            assertThat(block).contains(root);
            assertNoSecret("the toolkit's context block of " + root, "", block);
        }
    }

    @Test
    void filtersSortsGroupsAndCountsWorkOnMaskedValues() {
        Toolkit tk = toolkit();
        GraphObject first = people.get(0);
        String email = first.property("email").textValue();
        // a filter by value finds exactly the objects holding it
        ObjectNode found = call(
                tk,
                "query_graph_objects",
                "{\"type\": \"Person\", \"limit\": 50, \"properties\": {\"email\": "
                        + Json.write(Json.MAPPER.getNodeFactory().textNode(email)) + "}}");
        assertThat(Fixture.ids(found))
                .containsExactlyElementsOf(people.stream()
                        .filter(p -> p.property("email") != null
                                && p.property("email").textValue().equals(email))
                        .sorted(Comparator.comparing(GraphObject::updatedAt).reversed())
                        .map(GraphObject::id)
                        .toList());
        found.path("objects")
                .forEach(o -> assertThat(o.path("properties").path("email").textValue())
                        .isEqualTo(Masking.random()
                                .mask(Json.MAPPER.getNodeFactory().textNode(email))
                                .textValue()));
        // a sort by a masked value orders by the value; its pages follow through sealed cursors
        List<String> expected = people.stream()
                .sorted(Comparator.<GraphObject>comparingLong(
                                p -> p.property("salary").longValue())
                        .thenComparing(GraphObject::id, CodePoints::compare))
                .map(GraphObject::id)
                .toList();
        List<String> paged = new ArrayList<>();
        String cursor = null;
        for (int page = 0; page < 10; page++) {
            ObjectNode r = call(
                    tk,
                    "query_graph_objects",
                    "{\"type\": \"Person\", \"limit\": 7, \"sort\": [{\"field\": \"salary\"}]"
                            + (cursor == null ? "" : ", \"cursor\": \"" + cursor + "\"") + "}");
            paged.addAll(Fixture.ids(r));
            cursor = r.path("next_cursor").asText(null);
            if (cursor == null) {
                break;
            }
            assertThat(cursor).startsWith("m.");
        }
        assertThat(paged).containsExactlyElementsOf(expected);
        // a changed sealed cursor is refused
        ObjectNode forged = call(
                tk,
                "query_graph_objects",
                "{\"type\": \"Person\", \"limit\": 7, \"sort\": [{\"field\": \"salary\"}], \"cursor\": \"m.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\"}");
        assertThat(forged.path("error").path("code").asText()).isEqualTo("INVALID_CURSOR");
        // groups keep apart, each under its value's mask, with the data's counts
        Map<String, Integer> counts = new TreeMap<>();
        int none = 0;
        for (GraphObject p : people) {
            JsonNode v = p.property("email");
            if (v == null) {
                none++;
            } else {
                counts.merge(Masking.random().mask(v).textValue(), 1, Integer::sum);
            }
        }
        ObjectNode groups =
                call(tk, "aggregate_graph_objects", "{\"type\": \"Person\", \"group_by\": \"email\", \"limit\": 100}");
        Map<String, Integer> shown = new TreeMap<>();
        int shownNone = 0;
        for (JsonNode g : groups.path("groups")) {
            if (g.path("email").isNull()) {
                shownNone = g.path("count").intValue();
            } else {
                shown.put(g.path("email").textValue(), g.path("count").intValue());
            }
        }
        assertThat(shown).isEqualTo(counts);
        assertThat(shownNone).isEqualTo(none);
        // counts under a filter on a masked value
        long rich = people.stream()
                .filter(p -> p.property("salary").longValue() > 750_000_000L)
                .count();
        ObjectNode count = call(
                tk,
                "aggregate_graph_objects",
                "{\"type\": \"Person\", \"properties\": {\"salary\": {\"$gt\": 750000000}}}");
        assertThat(count.path("groups").get(0).path("count").longValue()).isEqualTo(rich);
        // the schema says which fields are masked
        ObjectNode schema = call(tk, "get_database_schema", "{\"detail\": \"full\"}");
        JsonNode props = schema.path("types").get(0).path("properties");
        assertThat(props.path("email").path("masked").asBoolean()).isTrue();
        assertThat(props.path("title").has("masked")).isFalse();
        // a value metric says why it is refused
        ObjectNode max = call(
                tk,
                "aggregate_graph_objects",
                "{\"type\": \"Person\", \"metrics\": [{\"op\": \"max\", \"field\": \"salary\"}]}");
        assertThat(max.path("error").path("code").asText()).isEqualTo("FORBIDDEN_FIELD");
    }

    private static ObjectNode call(Toolkit tk, String tool, String json) {
        return Fixture.call(tk, tool, json, ToolContext.builder().scope(ACME).build());
    }

    /** No secret, nor the start of one, in the text and its cursors decoded, unless the call's arguments carry it. */
    private void assertNoSecret(String where, String arguments, String text) {
        StringBuilder all =
                new StringBuilder(Fixture.withCursorsDecoded(text).replaceAll(MASK.pattern(), Masking.PREFIX + "_"));
        Map<String, String> leaked = new LinkedHashMap<>();
        for (String whole : secrets) {
            // a value cut short leaks too: its first 8 characters are as unlikely anywhere else
            String secret = whole.length() >= 10 ? whole.substring(0, 8) : whole;
            if (all.indexOf(secret) >= 0 && !arguments.contains(secret)) {
                leaked.put(secret, text.length() > 600 ? text.substring(0, 600) + "…" : text);
            }
        }
        assertThat(leaked).as(where).isEmpty();
    }
}
