package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.config.QuarryConfig;
import io.quarry.internal.Json;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.ObjectStore;
import io.quarry.store.Scope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Per-role visibility (issue 34 item 3) on the store the subclass picks, from the configuration's
 * {@code roles:} keys: one field, {@code badge_pin}, is masked as declared, hidden for {@code support},
 * masked for {@code auditor} and exposed for {@code hr}; one type, {@code PayrollRun} (with the
 * relationship {@code paid_in} to it), is hidden for {@code support}. A sweep of every tool in the shapes
 * a model sends, for each caller, proves that no value of a field or type the caller may not read and no
 * name of one it may not see appears in any answer (objects, groups, schema, descriptions and input
 * schemas of the listing, errors, did-you-means and hints, cursors, {@code run_readonly_sql}, context
 * blocks) unless the call itself carried it, while the roles that may see them do.
 */
abstract class RoleVisibilityContract extends ToolContract {
    private static final Scope ACME = Scope.of("org_id", "acme");
    private static final Instant T = Instant.parse("2024-05-01T10:00:00Z");
    /** The names support must never see. */
    private static final List<String> HIDDEN_NAMES = List.of("badge_pin", "PayrollRun", "paid_in", "ledger_ref");

    static final String CONFIG = """
            types:
              Person:
                description: Someone on a team.
                fields:
                  name: {type: string}
                  title: {type: string}
                  level: {type: integer}
                  status: {type: enum, values: [Active, Away]}
                  badge_pin: {type: string, masked: true, roles: {support: hidden, auditor: masked, hr: exposed}}
                relationships:
                  - {name: paid_in, target: PayrollRun, direction: out}
                  - {name: reports_to, target: Person, direction: out}
              PayrollRun:
                roles: {support: hidden}
                fields:
                  period: {type: string}
                  ledger_ref: {type: string}
            projections:
              Person:
                light: [name, badge_pin, title]
                derived:
                  runs: {count: paid_in, direction: out}
                graph: [name, badge_pin]
            """;

    private final List<GraphObject> people = new ArrayList<>();
    /** Values of badge_pin. */
    private final Set<String> pins = new LinkedHashSet<>();
    /** Values and ids of the PayrollRun objects. */
    private final Set<String> runs = new LinkedHashSet<>();

    private Toolkit toolkit;
    private ObjectStore store;

    private Toolkit toolkit() {
        if (toolkit == null) {
            store = newStore("roles", data());
            toolkit = Toolkit.builder()
                    .config(QuarryConfig.parse(CONFIG, "roles.yaml"))
                    .store(store)
                    .readonlySql("h2", "sqlite", "postgres", "mariadb", "mysql")
                    .build();
        }
        return toolkit;
    }

    /** 12 people of acme, 4 payroll runs; badge pins and ledger references of high entropy, from seed 34. */
    private DataFile.DataSet data() {
        Random random = new Random(34);
        List<GraphObject> objects = new ArrayList<>();
        List<GraphRelationship> links = new ArrayList<>();
        for (int r = 0; r < 4; r++) {
            String id = "payrun-" + r;
            ObjectNode run =
                    Json.object().put("period", "per-" + word(random, 8)).put("ledger_ref", "ldg-" + word(random, 8));
            objects.add(new GraphObject(id, "PayrollRun", run, T, T, Map.of("org_id", "acme")));
            runs.add(id);
            runs.add(run.get("period").textValue());
            runs.add(run.get("ledger_ref").textValue());
        }
        for (int i = 0; i < 12; i++) {
            ObjectNode p = Json.object()
                    .put("name", "Person " + i)
                    .put("title", i % 2 == 0 ? "Engineer" : "Manager")
                    .put("level", 1 + i % 4)
                    .put("status", i % 3 == 0 ? "Away" : "Active")
                    .put("badge_pin", "pin-" + word(random, 8));
            GraphObject person = new GraphObject(
                    String.format("p%02d", i),
                    "Person",
                    p,
                    T.plusSeconds(i),
                    T.plusSeconds(i),
                    Map.of("org_id", "acme"));
            objects.add(person);
            people.add(person);
            pins.add(p.get("badge_pin").textValue());
            links.add(new GraphRelationship("pay" + i, person.id(), "payrun-" + i % 4, "paid_in"));
            if (i % 4 != 0) {
                links.add(
                        new GraphRelationship("rep" + i, person.id(), String.format("p%02d", i - i % 4), "reports_to"));
            }
        }
        return new DataFile.DataSet(objects, links);
    }

    private static String word(Random random, int length) {
        return Fixture.word(random, length);
    }

    private static ToolContext as(String... roles) {
        return ToolContext.builder().scope(ACME).roles(List.of(roles)).build();
    }

    /** The sweep: every tool, over the field and the type, in the shapes a model sends. */
    private List<String[]> calls() {
        List<String[]> calls = new ArrayList<>();
        String pin = people.get(0).property("badge_pin").textValue();
        for (String detail : List.of("names", "fields", "summary", "full")) {
            calls.add(new String[] {"get_database_schema", "{\"detail\": \"" + detail + "\"}"});
            calls.add(
                    new String[] {"get_database_schema", "{\"detail\": \"" + detail + "\", \"types\": [\"Person\"]}"});
        }
        calls.add(new String[] {"discover_schema", "{\"query\": \"person badge pin payroll ledger period\"}"});
        for (String detail : List.of("light", "full")) {
            calls.add(new String[] {"query_graph_objects", "{\"limit\": 50, \"detail\": \"" + detail + "\"}"});
            calls.add(new String[] {
                "query_graph_objects", "{\"type\": \"Person\", \"limit\": 5, \"detail\": \"" + detail + "\"}"
            });
        }
        calls.add(
                new String[] {"query_graph_objects", "{\"type\": \"Person\", \"fields\": [\"name\", \"badge_pin\"]}"});
        calls.add(
                new String[] {"query_graph_objects", "{\"type\": \"Person\", \"sort\": [{\"field\": \"badge_pin\"}]}"});
        calls.add(new String[] {
            "query_graph_objects",
            "{\"type\": \"Person\", \"properties\": {\"badge_pin\": "
                    + Json.write(Json.MAPPER.getNodeFactory().textNode(pin)) + "}}"
        });
        calls.add(
                new String[] {"query_graph_objects", "{\"type\": \"Person\", \"properties\": {\"badge_pn\": \"x\"}}"});
        calls.add(new String[] {"query_graph_objects", "{\"type\": \"Person\", \"properties\": {\"badge\": \"x\"}}"});
        calls.add(new String[] {"query_graph_objects", "{\"type\": \"PayrolRun\"}"});
        calls.add(new String[] {"query_graph_objects", "{\"type\": \"Payroll\"}"});
        calls.add(new String[] {"query_graph_objects", "{\"type\": \"PayrollRun\"}"});
        calls.add(new String[] {"query_graph_objects", "{\"query\": \"pin ldg per\"}"});
        calls.add(new String[] {"query_graph_objects", "{\"related_to_id\": \"payrun-0\"}"});
        calls.add(new String[] {
            "query_graph_objects",
            "{\"type\": \"Person\", \"related_to_id\": \"p00\", \"relationship_type\": \"paid_i\"}"
        });
        for (GraphObject p : people.subList(0, 5)) {
            calls.add(new String[] {"get_graph_object", "{\"id\": \"" + p.id() + "\"}"});
            calls.add(new String[] {"get_object_relationships", "{\"id\": \"" + p.id() + "\"}"});
        }
        calls.add(new String[] {"get_object_relationships", "{\"id\": \"p01\", \"relationship_type\": \"paid\"}"});
        calls.add(new String[] {"get_graph_object", "{\"id\": \"payrun-1\"}"});
        calls.add(new String[] {"get_object_relationships", "{\"id\": \"payrun-1\"}"});
        calls.add(new String[] {"get_project_graph", "{\"root_id\": \"p00\"}"});
        calls.add(new String[] {"get_project_graph", "{\"root_id\": \"payrun-0\"}"});
        calls.add(new String[] {
            "text_pattern_search", "{\"entity_type\": \"Person\", \"field\": \"badge_pin\", \"pattern\": \"pin\"}"
        });
        calls.add(new String[] {
            "text_pattern_search", "{\"entity_type\": \"Person\", \"field\": \"name\", \"pattern\": \"Person\"}"
        });
        calls.add(new String[] {
            "text_pattern_search", "{\"entity_type\": \"Person\", \"field\": \"badge\", \"pattern\": \"pin\"}"
        });
        calls.add(new String[] {
            "number_range_search",
            "{\"entity_type\": \"Person\", \"field\": \"level\", \"operator\": \"gte\", \"value\": 0}"
        });
        calls.add(new String[] {
            "enum_filter_search", "{\"entity_type\": \"Person\", \"field\": \"status\", \"values\": [\"Active\"]}"
        });
        calls.add(new String[] {"aggregate_graph_objects", "{\"group_by\": \"type\"}"});
        calls.add(new String[] {
            "aggregate_graph_objects", "{\"type\": \"Person\", \"group_by\": \"badge_pin\", \"limit\": 100}"
        });
        calls.add(new String[] {
            "aggregate_graph_objects", "{\"type\": \"Person\", \"group_by\": \"badge\", \"limit\": 100}"
        });
        calls.add(new String[] {
            "aggregate_graph_objects",
            "{\"type\": \"Person\", \"metrics\": [{\"op\": \"max\", \"field\": \"badge_pin\"}]}"
        });
        calls.add(new String[] {
            "aggregate_graph_objects",
            "{\"type\": \"Person\", \"metrics\": [{\"op\": \"count\", \"field\": \"badge_pin\"}]}"
        });
        calls.add(new String[] {"aggregate_graph_objects", "{\"type\": \"PayrollRun\", \"group_by\": \"ledger_ref\"}"});
        calls.add(new String[] {
            "aggregate_graph_objects",
            "{\"type\": \"Person\", \"group_by\": \"title\", \"metrics\": [{\"op\": \"avg\", \"field\": \"level\"}]}"
        });
        for (String sql : List.of(
                "SELECT * FROM Person",
                "SELECT badge_pin FROM Person",
                "SELECT * FROM PayrollRun",
                "SELECT * FROM Payrollrun",
                "SELECT p.* FROM Person p JOIN Person q ON 1 = 1",
                "SELECT count(*) FROM Person WHERE badge_pin > 'a'",
                "SELECT id, nam FROM Person")) {
            calls.add(new String[] {"run_readonly_sql", "{\"sql\": \"" + sql + "\"}"});
        }
        return calls;
    }

    /** Every answer of the sweep for a caller, with the listing and context blocks, by where it came from. */
    private Map<String, String[]> answers(Toolkit tk, ToolContext caller) {
        Map<String, String[]> out = new LinkedHashMap<>();
        StringBuilder listing = new StringBuilder();
        for (Tool tool : tk.forCaller(caller).tools()) {
            listing.append(tool.name()).append(tool.description()).append(Json.write(tool.inputSchema()));
        }
        out.put("the tool listing", new String[] {"", listing.toString()});
        for (String[] call : calls()) {
            if (tk.tool(call[0]).isEmpty()) {
                continue; // run_readonly_sql only on a SQL store
            }
            out.put(
                    call[0] + " " + call[1],
                    new String[] {call[1], tk.call(call[0], call[1], caller).text()});
        }
        for (String root : List.of("p00", "p04")) {
            out.put("the context block of " + root, new String[] {"", tk.contextBlock(root, 4_000, caller)});
        }
        return out;
    }

    @Test
    void supportSeesNoNameAndNoValueOfTheFieldAndTheTypeHiddenForIt() {
        Toolkit tk = toolkit();
        Map<String, String[]> answers = answers(tk, as("support"));
        assertThat(answers).hasSizeGreaterThan(50);
        Set<String> secrets = new LinkedHashSet<>(HIDDEN_NAMES);
        secrets.addAll(pins);
        secrets.addAll(runs);
        answers.forEach((where, a) -> assertNothingOf(secrets, where, a[0], a[1]));
        // and the support caller still reads what it may: the people, their names, the reports
        ObjectNode page =
                Fixture.call(tk, "query_graph_objects", "{\"type\": \"Person\", \"limit\": 50}", as("support"));
        assertThat(Fixture.ids(page)).hasSize(12);
        assertThat(page.toString()).contains("Person 3").doesNotContain("masked:");
        // the derived count over the relationship to the hidden type is left out for support, not 0
        assertThat(page.toString()).doesNotContain("\"runs\"");
        assertThat(Fixture.call(tk, "query_graph_objects", "{\"type\": \"Person\", \"limit\": 50}", as("hr"))
                        .toString())
                .contains("\"runs\":1");
        ObjectNode types = Fixture.call(tk, "aggregate_graph_objects", "{\"group_by\": \"type\"}", as("support"));
        assertThat(types.path("groups")).hasSize(1);
        if (store instanceof io.quarry.sql.JdbcObjectStore) {
            ObjectNode rows =
                    Fixture.call(tk, "run_readonly_sql", "{\"sql\": \"SELECT * FROM Person\"}", as("support"));
            assertThat(rows.has("error")).as(rows.toString()).isFalse();
            assertThat(rows.toString()).contains("title");
        }
        // a role the configuration does not name changes nothing: support still wins over it
        answers(tk, as("support", "visitor"))
                .forEach((where, a) -> assertNothingOf(secrets, where + " (support, visitor)", a[0], a[1]));
    }

    @Test
    void anAuditorAndACallerWithoutRolesSeeMasksAnHrCallerTheValues() {
        Toolkit tk = toolkit();
        for (ToolContext masked : List.of(as("auditor"), as(), as("visitor"))) {
            Map<String, String[]> answers = answers(tk, masked);
            answers.forEach((where, a) -> assertNothingOf(pins, where + " as " + masked.roles(), a[0], a[1]));
            String all =
                    String.join("\n", answers.values().stream().map(a -> a[1]).toList());
            assertThat(all).contains("badge_pin").contains("masked:").contains("PayrollRun");
        }
        // hr reads the values, and the most open of a caller's roles wins
        for (ToolContext open : List.of(as("hr"), as("hr", "support"), as("auditor", "hr"))) {
            ObjectNode person = Fixture.call(tk, "get_graph_object", "{\"id\": \"p02\"}", open);
            assertThat(person.path("object")
                            .path("properties")
                            .path("badge_pin")
                            .asText())
                    .as(open.roles().toString())
                    .isEqualTo(people.get(2).property("badge_pin").textValue());
        }
        // of the roles that name an item the most open wins: auditor's masked over support's hidden; the
        // type only support names, so support with auditor does not see it, hr with support does not either
        ObjectNode both = Fixture.call(tk, "get_graph_object", "{\"id\": \"p02\"}", as("support", "auditor"));
        assertThat(both.path("object").path("properties").path("badge_pin").asText())
                .startsWith("masked:");
        for (ToolContext hiding : List.of(as("support"), as("support", "auditor"), as("support", "hr"))) {
            assertThat(Fixture.call(tk, "get_graph_object", "{\"id\": \"payrun-0\"}", hiding)
                            .path("error")
                            .path("code")
                            .asText())
                    .as(hiding.roles().toString())
                    .isEqualTo("NOT_FOUND");
        }
        ObjectNode run = Fixture.call(tk, "get_graph_object", "{\"id\": \"payrun-0\"}", as("auditor"));
        assertThat(run.path("object").path("id").asText()).isEqualTo("payrun-0");
        // filters and counts by a masked field still work for the auditor
        String pin = people.get(5).property("badge_pin").textValue();
        ObjectNode found = Fixture.call(
                tk,
                "query_graph_objects",
                "{\"type\": \"Person\", \"properties\": {\"badge_pin\": \"" + pin + "\"}}",
                as("auditor"));
        assertThat(Fixture.ids(found)).containsExactly("p05");
        // and a filter by the field hidden for support is refused as an unknown field
        ObjectNode refused = Fixture.call(
                tk,
                "query_graph_objects",
                "{\"type\": \"Person\", \"properties\": {\"badge_pin\": \"" + pin + "\"}}",
                as("support"));
        assertThat(refused.path("error").path("code").asText()).isNotEmpty();
        assertThat(refused.toString())
                .doesNotContain(people.get(4).property("badge_pin").textValue());
    }

    @Test
    void theCatalogOfEachCallerNamesOnlyWhatItMaySee() {
        Toolkit tk = toolkit();
        assertThat(tk.forRoles(List.of("support"))).isSameAs(tk.forCaller(as("support")));
        assertThat(tk.forRoles(List.of("visitor"))).isSameAs(tk);
        assertThat(tk.forRoles(List.of())).isSameAs(tk);
        String support = listing(tk.forRoles(List.of("support")));
        String base = listing(tk);
        for (String name : HIDDEN_NAMES) {
            assertThat(support).doesNotContain(name);
        }
        assertThat(base).contains("PayrollRun").contains("paid_in");
        assertThat(tk.forRoles(List.of("support")).schema().typeNames()).containsExactly("Person");
    }

    private static String listing(Toolkit tk) {
        StringBuilder s = new StringBuilder();
        for (Tool tool : tk.tools()) {
            s.append(tool.description()).append(Json.write(tool.inputSchema()));
        }
        return s.toString();
    }

    /** None of the secrets, in the text and its cursors decoded, unless the call's arguments carry it. */
    private static void assertNothingOf(Set<String> secrets, String where, String arguments, String text) {
        String all = Fixture.withCursorsDecoded(text);
        Map<String, String> leaked = new LinkedHashMap<>();
        for (String secret : secrets) {
            if (all.indexOf(secret) >= 0 && !arguments.contains(secret)) {
                leaked.put(secret, text.length() > 800 ? text.substring(0, 800) + "…" : text);
            }
        }
        assertThat(leaked).as(where).isEmpty();
    }
}
