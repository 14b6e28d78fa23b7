package io.quarry.demo;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.demo.DemoVocabulary.PersonSpec;
import io.quarry.demo.DemoVocabulary.ProjectSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.IsoFields;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Generates the built-in demo knowledge graph: two tenants of project-management data, deliberately messy.
 *
 * <p>The output is a pure function of the code: a fixed seed and a fixed "now" ({@link #NOW}), only
 * {@link java.util.Random} methods whose algorithms the JDK specifies, and insertion-ordered collections wherever
 * order reaches the output. The committed {@code demo-data.json} must equal {@code render(generate())};
 * {@code DemoDataTest} enforces that. The quirks listed in {@code quarry.yaml} are produced on purpose, each
 * marked {@code QUIRK} below; do not clean them up.
 */
public final class DemoDataGenerator {

    /** The demo's fixed clock: every timestamp in the data is at or before this instant. */
    public static final Instant NOW = Instant.parse("2026-11-01T12:00:00Z");

    /** Name of the generated resource, next to this class on the classpath. */
    static final String RESOURCE = "demo-data.json";

    /** The command that rewrites the committed resource, run from the repository root. */
    static final String REGENERATE_COMMAND = "./mvnw -B -q -pl cli -am package -Dmaven.test.skip=true"
            + " && java -cp cli/target/quarry.jar io.quarry.demo.DemoDataGenerator"
            + " demo/src/main/resources/io/quarry/demo/demo-data.json";

    private static final long SEED = 20_261_101L;

    /**
     * The seed of the second stream, which draws the plans, requirements, outputs, signals and insights after
     * everything else: added later, they leave every earlier object and relationship as it was.
     */
    private static final long PLANNING_SEED = 20_261_102L;

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static final DateTimeFormatter SECONDS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ssXXX", Locale.ROOT);
    private static final DateTimeFormatter MILLIS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSXXX", Locale.ROOT);
    private static final DateTimeFormatter LOCAL_SECONDS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss", Locale.ROOT);
    private static final List<ZoneOffset> OFFSETS = List.of(
            ZoneOffset.ofHours(2),
            ZoneOffset.ofHours(1),
            ZoneOffset.ofHours(-5),
            ZoneOffset.ofHours(-4),
            ZoneOffset.ofHoursMinutes(5, 30),
            ZoneOffset.ofHours(9));

    /** QUIRK: the nightly tracker sync stamps many tasks with one identical updated_at. */
    private static final Instant NIGHTLY_SYNC = Instant.parse("2026-10-30T02:00:00Z");

    /** QUIRK: the same instant written twice, once in UTC and once with an offset. */
    private static final Instant SAME_INSTANT = Instant.parse("2026-10-29T18:30:00Z");

    /** A person who joined days before {@link #NOW}: in the org chart, on no task yet. */
    private static final String NEW_HIRE = "Noor Rahimi";

    private static final List<String> TASK_STATUSES = List.of("Open", "In Progress", "Blocked", "Done");
    private static final List<String> RELATIONSHIP_ORDER = List.of(
            "part_of",
            "owned_by",
            "reports_to",
            "assigned_to",
            "depends_on",
            "supports",
            "targets",
            "blocks",
            "decides",
            "supersedes",
            "documents",
            "authored_by",
            "covers",
            "includes",
            "implemented_by",
            "produced_by",
            "contributes_to",
            "affects",
            "concerns",
            "derived_from",
            "informs");

    /** The random stream; {@link #planning} switches to a second one (see {@link #PLANNING_SEED}). */
    private Random random = new Random(SEED);

    private final List<Obj> projects = new ArrayList<>();
    private final List<Obj> people = new ArrayList<>();
    private final List<Obj> goals = new ArrayList<>();
    private final List<Obj> milestones = new ArrayList<>();
    private final List<Obj> tasks = new ArrayList<>();
    private final List<Obj> risks = new ArrayList<>();
    private final List<Obj> decisions = new ArrayList<>();
    private final List<Obj> documents = new ArrayList<>();
    private final List<Obj> plans = new ArrayList<>();
    private final List<Obj> requirements = new ArrayList<>();
    private final List<Obj> outputs = new ArrayList<>();
    private final List<Obj> signals = new ArrayList<>();
    private final List<Obj> insights = new ArrayList<>();
    private final List<Rel> relationships = new ArrayList<>();
    private final Set<String> relationshipKeys = new HashSet<>();

    /** Generator-side view of one object; only the fields that toJson writes reach the output. */
    private static final class Obj {
        final String id;
        final String type;
        final String org;
        final String projectId;
        final ObjectNode props = NODES.objectNode();
        Instant created;
        String createdText;
        Instant updated;
        String updatedText;

        // Bookkeeping for linking; never written.
        ProjectSpec project;
        String status;
        String team;
        String name;
        List<String> tags = List.of();

        Obj(String id, String type, String org, String projectId) {
            this.id = id;
            this.type = type;
            this.org = org;
            this.projectId = projectId;
        }
    }

    private record Rel(String type, String src, String dst) {}

    /** People of one org, indexed for assignment. */
    private static final class Org {
        final String id;
        final List<Obj> everyone = new ArrayList<>();
        /** People who can be assigned work: everyone except the new hire. */
        final List<Obj> members = new ArrayList<>();

        final Map<String, List<Obj>> byTeam = new LinkedHashMap<>();
        final Map<String, Obj> byName = new LinkedHashMap<>();

        Org(String id) {
            this.id = id;
        }

        Obj named(String name) {
            Obj person = byName.get(name);
            if (person == null) {
                throw new IllegalStateException("no person named " + name + " in " + id);
            }
            return person;
        }
    }

    private DemoDataGenerator() {}

    /**
     * Generates the demo data set as {@code {"objects": [...], "relationships": [...]}}.
     *
     * @return a new tree, identical on every call
     */
    public static ObjectNode generate() {
        return new DemoDataGenerator().build();
    }

    /**
     * Writes the demo data set to the file named by the single argument.
     *
     * @param args the output path, e.g. {@code demo/src/main/resources/io/quarry/demo/demo-data.json}
     * @throws IOException if the file cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: DemoDataGenerator <output.json>");
            System.exit(2);
            return;
        }
        Path out = Path.of(args[0]);
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        ObjectNode data = generate();
        Files.writeString(out, render(data), StandardCharsets.UTF_8);
        System.out.println("Wrote " + data.get("objects").size() + " objects and "
                + data.get("relationships").size() + " relationships to " + out);
    }

    /**
     * Serializes the data set the way the committed file is laid out: one compact object per line, so diffs
     * stay readable.
     */
    static String render(ObjectNode data) {
        StringBuilder out = new StringBuilder(3_000_000);
        out.append("{\"objects\": [\n");
        appendLines(out, data.get("objects"));
        out.append("],\n\"relationships\": [\n");
        appendLines(out, data.get("relationships"));
        out.append("]}\n");
        return out.toString();
    }

    private static void appendLines(StringBuilder out, JsonNode array) {
        for (int i = 0; i < array.size(); i++) {
            try {
                out.append("  ").append(MAPPER.writeValueAsString(array.get(i)));
            } catch (JsonProcessingException e) {
                throw new UncheckedIOException(e);
            }
            out.append(i + 1 < array.size() ? ",\n" : "\n");
        }
    }

    private ObjectNode build() {
        Org acme = people("acme", DemoVocabulary.ACME_PEOPLE, DemoVocabulary.ACME_TEAMS, 64);
        Org globex = people("globex", DemoVocabulary.GLOBEX_PEOPLE, DemoVocabulary.GLOBEX_TEAMS, 20);
        Map<String, Org> orgs = Map.of("acme", acme, "globex", globex);

        Map<String, List<Obj>> tasksByProject = new LinkedHashMap<>();
        Map<String, List<Obj>> goalsByProject = new LinkedHashMap<>();
        for (ProjectSpec spec : DemoVocabulary.projects()) {
            Org org = orgs.get(spec.org);
            Obj project = project(spec, org);
            List<Obj> projectMilestones = milestones(spec, project);
            List<Obj> projectGoals = goals(spec, project, org);
            List<Obj> projectTasks = tasks(spec, project, org, projectGoals, projectMilestones);
            List<Obj> projectRisks = risks(spec, project, org, projectTasks);
            List<Obj> projectDecisions = decisions(spec, project, projectGoals);
            documents(spec, project, org, projectTasks, projectDecisions);
            tasksByProject.put(spec.id, projectTasks);
            goalsByProject.put(spec.id, projectGoals);
            if (spec.id.equals("proj-07")) {
                // A platform risk that blocks work in another project.
                List<Obj> portalTasks = tasksByProject.get("proj-05");
                for (int i = 0; i < 3; i++) {
                    relate("blocks", projectRisks.get(0), portalTasks.get(portalTasks.size() - 1 - 7 * i));
                }
            }
        }
        hubs(tasksByProject, goalsByProject);
        ties();
        int original = relationships.size();
        planning(orgs, tasksByProject, goalsByProject);

        ObjectNode root = NODES.objectNode();
        ArrayNode objects = root.putArray("objects");
        for (List<Obj> group : List.of(
                projects,
                people,
                goals,
                milestones,
                tasks,
                risks,
                decisions,
                documents,
                plans,
                requirements,
                outputs,
                signals,
                insights)) {
            for (Obj o : group) {
                objects.add(toJson(o));
            }
        }
        ArrayNode rels = root.putArray("relationships");
        // the relationships of the later types are numbered after the original ones, which keep their ids
        List<Rel> sorted = sorted(relationships.subList(0, original));
        sorted.addAll(sorted(relationships.subList(original, relationships.size())));
        int seq = 0;
        for (Rel r : sorted) {
            ObjectNode n = rels.addObject();
            n.put("id", String.format(Locale.ROOT, "rel-%05d", ++seq));
            n.put("src_id", r.src());
            n.put("dst_id", r.dst());
            n.put("type", r.type());
        }
        return root;
    }

    private static List<Rel> sorted(List<Rel> rels) {
        List<Rel> sorted = new ArrayList<>(rels);
        sorted.sort(Comparator.comparingInt((Rel r) -> RELATIONSHIP_ORDER.indexOf(r.type()))
                .thenComparing(Rel::src)
                .thenComparing(Rel::dst));
        return sorted;
    }

    private static ObjectNode toJson(Obj o) {
        ObjectNode n = NODES.objectNode();
        n.put("id", o.id);
        n.put("type", o.type);
        n.put("org_id", o.org);
        if (o.projectId != null) {
            n.put("project_id", o.projectId);
        }
        n.put("created_at", o.createdText);
        n.put("updated_at", o.updatedText);
        n.set("properties", o.props);
        return n;
    }

    // ---------------------------------------------------------------- people

    private Org people(String orgId, List<PersonSpec> specs, List<String> teams, int total) {
        Org org = new Org(orgId);
        boolean acme = orgId.equals("acme");
        List<PersonSpec> all = new ArrayList<>(specs);
        Set<String> names = new HashSet<>();
        for (PersonSpec s : specs) {
            names.add(s.name());
        }
        List<String> first = acme ? DemoVocabulary.PERSON_FIRST : DemoVocabulary.GLOBEX_FIRST;
        List<String> last = acme ? DemoVocabulary.PERSON_LAST : DemoVocabulary.GLOBEX_LAST;
        int generated = 0;
        while (all.size() < total) {
            String f = pick(first);
            String l = pick(last);
            String name = f + " " + l;
            if (!names.add(name)) {
                continue;
            }
            String team = teams.get(generated++ % teams.size());
            String email = fold(f) + "." + fold(l).replace(" ", "") + "@" + orgId + ".example";
            all.add(new PersonSpec(name, email, team, roleFor(team)));
        }
        for (int i = 0; i < all.size(); i++) {
            PersonSpec s = all.get(i);
            Obj p = new Obj(String.format(Locale.ROOT, "person-%03d", people.size() + 1), "Person", orgId, null);
            p.name = s.name();
            p.team = s.team();
            boolean special = i < specs.size();
            ObjectNode props = p.props;
            props.put("name", s.name());
            if (s.email() != null) {
                // QUIRK: one generated person has an empty email.
                props.put("email", !special && i == specs.size() + 5 ? "" : s.email());
            }
            props.put("role", !special && i == specs.size() + 9 ? null : s.role());
            // QUIRK: a trailing space in one team name.
            props.put("team", !special && i == specs.size() + 3 ? s.team() + " " : s.team());
            boolean active = special ? !s.name().equals("Tom O'Neil-Smith") || acme : chance(0.88);
            if (!special && i == specs.size() + 11) {
                props.putNull("active");
            } else {
                props.put("active", active);
            }
            p.status = active ? "active" : "inactive";
            if (acme && i == 7) {
                props.putArray("skills").add("sql").add("python").add("SQL").add("sql"); // QUIRK: duplicates
            } else if (!chance(0.05)) {
                ArrayNode skills = props.putArray("skills");
                if (!chance(0.07)) { // QUIRK: else an empty array
                    Set<String> chosen = new LinkedHashSet<>();
                    List<String> pool = DemoVocabulary.TEAM_SKILLS.getOrDefault(s.team(), DemoVocabulary.SKILLS);
                    int n = 2 + random.nextInt(3);
                    while (chosen.size() < n) {
                        chosen.add(chance(0.8) ? pick(pool) : pick(DemoVocabulary.SKILLS));
                    }
                    chosen.forEach(skills::add);
                }
            }
            address(props, acme, i);
            LocalDate hired = day(LocalDate.of(2015, 3, 1), LocalDate.of(2026, 10, 19));
            boolean newHire = s.name().equals(NEW_HIRE);
            if (newHire) {
                hired = LocalDate.of(2026, 10, 26);
            }
            if (!chance(0.05)) {
                props.put("hired_on", hired.toString());
            }
            props.put("salary_band", "L" + (3 + random.nextInt(6)));
            Instant imported = Instant.parse("2025-06-01T08:00:00Z");
            Instant created = hired.isBefore(LocalDate.of(2025, 6, 1))
                    ? imported // QUIRK: everyone hired before the tracker existed shares one created_at
                    : hired.atTime(8, 0).toInstant(ZoneOffset.UTC);
            stamp(p, created, between(created, NOW.minus(Duration.ofHours(3))));
            people.add(p);
            org.everyone.add(p);
            org.byName.putIfAbsent(s.name(), p);
            if (newHire) {
                continue; // QUIRK: started last week; nothing assigned or owned yet
            }
            org.members.add(p);
            org.byTeam.computeIfAbsent(s.team(), t -> new ArrayList<>()).add(p);
        }
        reportingLines(org, acme);
        return org;
    }

    private void address(ObjectNode props, boolean acme, int index) {
        if (index == 4 && acme) {
            ObjectNode a = props.putObject("address"); // QUIRK: an extra key
            a.put("city", "Zürich");
            a.put("country", "CH");
            a.put("postal_code", "8001");
            return;
        }
        if (index == 9 && !acme) {
            ObjectNode a = props.putObject("address"); // QUIRK: a country name instead of a code
            a.put("city", "Hamburg");
            a.put("country", "Germany");
            return;
        }
        double r = random.nextDouble();
        if (r < 0.08) {
            return; // QUIRK: no address
        }
        List<String> city = pick(acme ? DemoVocabulary.ACME_CITIES : DemoVocabulary.GLOBEX_CITIES);
        ObjectNode a = props.putObject("address");
        if (r >= 0.13) {
            a.put("city", city.get(0));
        }
        a.put("country", city.get(1)); // QUIRK: 5% have a country only
    }

    private void reportingLines(Org org, boolean acme) {
        Map<String, String> managers = acme
                ? Map.ofEntries(
                        Map.entry("Platform", "Seán D'Arcy"),
                        Map.entry("Security", "Fatima Al-Sayed"),
                        Map.entry("CRM", "Rahul Mehta"),
                        Map.entry("Data", "Grace Liu"),
                        Map.entry("Mobile", "Olu Bankole"),
                        Map.entry("Web", "Hiroshi Yamamoto"),
                        Map.entry("Billing", "Seán D'Arcy"),
                        Map.entry("Localization", "Hiroshi Yamamoto"),
                        Map.entry("Product", "Margaret O'Brien"),
                        Map.entry("Design", "Hiroshi Yamamoto"),
                        Map.entry("QA", "Olu Bankole"),
                        Map.entry("Leadership", "Margaret O'Brien"))
                : Map.of(
                        "Finance Systems", "Charlotte Hughes",
                        "Legal & Privacy", "Charlotte Hughes",
                        "Operations", "Hamish McAllister",
                        "Integration", "Hamish McAllister",
                        "Leadership", "Friedrich Bauer");
        Obj top = org.named(acme ? "Margaret O'Brien" : "Friedrich Bauer");
        for (Obj p : org.everyone) {
            if (p == top || p.name.equals("Kai") || chance(0.04)) {
                continue; // QUIRK: a few people have no manager on record
            }
            Obj manager = org.named(managers.get(p.team));
            if (manager == p) {
                manager = top;
            }
            relate("reports_to", p, manager);
        }
    }

    private static String roleFor(String team) {
        switch (team) {
            case "Product":
                return "product_manager";
            case "Design":
                return "designer";
            case "QA":
                return "qa_engineer";
            case "Security":
                return "security_engineer";
            case "Data":
                return "data_analyst";
            case "Platform":
                return "sre";
            case "Leadership":
                return "engineering_manager";
            default:
                return "engineer";
        }
    }

    // ---------------------------------------------------------------- projects, milestones, goals

    private Obj project(ProjectSpec spec, Org org) {
        Obj p = new Obj(spec.id, "Project", spec.org, spec.id);
        p.project = spec;
        ObjectNode props = p.props;
        props.put("name", spec.name);
        props.put("code", spec.code);
        props.put("description", spec.description);
        props.put("status", spec.status);
        props.put("health", spec.health);
        props.put("start_date", spec.start.toString());
        props.put("target_date", spec.target.toString());
        switch (spec.budgetShape) {
            case "full":
                props.putObject("budget").put("amount", spec.budgetAmount).put("currency", spec.currency);
                break;
            case "no_currency": // QUIRK: an amount without a currency
                props.putObject("budget").put("amount", spec.budgetAmount);
                break;
            case "null_amount": // QUIRK: approved currency, amount still null
                props.putObject("budget").putNull("amount").put("currency", spec.currency);
                break;
            default: // QUIRK: no budget object at all
                break;
        }
        Instant created =
                spec.start.minusDays(3 + random.nextInt(25)).atTime(10, 0).toInstant(ZoneOffset.UTC);
        Instant last = min(NOW.minus(Duration.ofHours(1)), end(spec).plus(Duration.ofDays(2)));
        stamp(p, created, between(last.minus(Duration.ofDays(5)), last));
        projects.add(p);
        String owner =
                switch (spec.id) {
                    case "proj-01" -> "Rahul Mehta";
                    case "proj-02" -> "Olu Bankole";
                    case "proj-03" -> "Grace Liu";
                    case "proj-04" -> "Fatima Al-Sayed";
                    case "proj-05" -> "Ana Lima";
                    case "proj-06", "proj-07" -> "Seán D'Arcy";
                    case "proj-08" -> "田中 陽子";
                    case "proj-09" -> "Charlotte Hughes";
                    case "proj-10" -> "Hamish McAllister";
                    default -> "Amélie Laurent";
                };
        relate("owned_by", p, org.named(owner));
        return p;
    }

    private List<Obj> milestones(ProjectSpec spec, Obj project) {
        List<Obj> result = new ArrayList<>();
        long span = spec.target.toEpochDay() - spec.start.toEpochDay();
        LocalDate today = LocalDate.ofInstant(NOW, ZoneOffset.UTC);
        for (int i = 0; i < spec.milestones.size(); i++) {
            Obj m = child("milestone", "Milestone", spec, milestones.size() + 1, 3);
            String title = spec.milestones.get(i);
            LocalDate due = spec.start.plusDays(span * (i + 1) / spec.milestones.size());
            ObjectNode props = m.props;
            props.put("title", title);
            if (!chance(0.15)) {
                props.put(
                        "description",
                        "Exit criteria: \"" + title + "\" signed off by " + spec.teams.get(0)
                                + " and every item on the checklist in the project wiki ticked.");
            }
            props.put("due_date", due.toString());
            boolean stopped = spec.stopped != null && due.isAfter(spec.stopped);
            String status;
            LocalDate completedOn = null;
            if (stopped) {
                status = spec.status.equals("cancelled") ? "missed" : "at_risk";
            } else if (due.isBefore(today)) {
                if (chance(0.82)) {
                    status = "completed";
                    completedOn = due.plusDays(random.nextInt(15) - 4);
                    if (completedOn.isAfter(today)) {
                        completedOn = today;
                    }
                } else {
                    status = "missed";
                }
            } else {
                status = spec.health.equals("green") || chance(0.6) ? "planned" : "at_risk";
            }
            props.put("status", status);
            if (completedOn != null) {
                props.put("completed_on", completedOn.toString());
            }
            if (!chance(0.1)) {
                props.put("customer_facing", chance(0.3));
            }
            Instant created = project.created.plus(Duration.ofDays(1 + random.nextInt(10)));
            Instant updated = completedOn != null
                    ? min(NOW, completedOn.atTime(16, 0).toInstant(ZoneOffset.UTC))
                    : between(created, min(NOW, end(spec).plus(Duration.ofDays(3))));
            stamp(m, created, max(created, updated));
            m.status = status;
            milestones.add(m);
            result.add(m);
            relate("part_of", m, project);
        }
        return result;
    }

    private List<Obj> goals(ProjectSpec spec, Obj project, Org org) {
        List<Obj> result = new ArrayList<>();
        for (String line : spec.goals) {
            String[] parts = line.split("\\|", 2);
            Obj g = child("goal", "Goal", spec, goals.size() + 1, 3);
            ObjectNode props = g.props;
            props.put("title", parts[0]);
            if (!chance(0.2)) {
                props.put(
                        "description",
                        "Success means: " + parts[1] + ". Reviewed monthly in the " + spec.code
                                + " steering meeting; the owner updates progress before each review.");
            }
            String status = goalStatus(spec);
            props.put("status", status);
            double progress =
                    switch (status) {
                        case "achieved" -> 100;
                        case "not_started" -> 0;
                        case "abandoned" -> 10 + random.nextInt(50);
                        case "on_track" -> 30 + random.nextInt(66);
                        case "at_risk" -> 20 + random.nextInt(50);
                        default -> 5 + random.nextInt(40);
                    };
            if (goals.size() == 6) {
                props.put("progress", 62.5); // QUIRK: a decimal progress
            } else if (goals.size() == 11) {
                props.putNull("progress"); // QUIRK: progress never filled in
            } else {
                props.put("progress", (int) progress);
            }
            LocalDate target = spec.target.minusDays(random.nextInt(90));
            if (goals.size() == 3) {
                // QUIRK: a date-time in a date field.
                props.put("target_date", target + "T00:00:00Z");
            } else if (!chance(0.08)) {
                props.put("target_date", target.toString());
            }
            props.put("quarter", target.getYear() + "-Q" + target.get(IsoFields.QUARTER_OF_YEAR));
            if (!chance(0.1)) {
                props.put("key_result", parts[1]);
            }
            Instant created = project.created.plus(Duration.ofDays(2 + random.nextInt(20)));
            stamp(g, created, between(created, min(NOW, end(spec).plus(Duration.ofDays(10)))));
            g.status = status;
            goals.add(g);
            result.add(g);
            relate("part_of", g, project);
            relate("owned_by", g, chance(0.5) ? ownerOf(project) : teamMember(spec, org));
        }
        return result;
    }

    private String goalStatus(ProjectSpec spec) {
        switch (spec.status) {
            case "completed":
                return chance(0.8) ? "achieved" : "abandoned";
            case "cancelled":
                return "abandoned";
            case "on_hold":
                return chance(0.5) ? "at_risk" : "off_track";
            case "planning":
                return chance(0.7) ? "not_started" : "on_track";
            default:
                return pickWeighted(
                        List.of("on_track", "at_risk", "off_track", "not_started", "achieved"),
                        new int[] {45, 25, 10, 10, 10});
        }
    }

    // ---------------------------------------------------------------- tasks

    private List<Obj> tasks(
            ProjectSpec spec, Obj project, Org org, List<Obj> projectGoals, List<Obj> projectMilestones) {
        Instant start = spec.start.atTime(9, 0).toInstant(ZoneOffset.UTC);
        Instant end = end(spec);
        List<Instant> times = new ArrayList<>();
        for (int i = 0; i < spec.tasks; i++) {
            times.add(between(start, end));
        }
        times.sort(Comparator.naturalOrder());
        times.set(0, start.plusSeconds(17 * 60 + 23));
        Map<Integer, String> curated = new HashMap<>();
        for (int k = 0; k < spec.curated.size(); k++) {
            curated.put(k * (spec.tasks / spec.curated.size()), spec.curated.get(k));
        }
        List<Obj> result = new ArrayList<>();
        for (int i = 0; i < spec.tasks; i++) {
            Obj t = child("task", "Task", spec, tasks.size() + 1, 4);
            Instant created = times.get(i);
            double age = (double) Duration.between(created, end).getSeconds()
                    / Math.max(1, Duration.between(start, end).getSeconds());
            String status = taskStatus(spec, age);
            t.status = status;
            ObjectNode props = t.props;
            props.put("title", curated.getOrDefault(i, taskTitle(spec)));
            taskDescription(props, spec, org);
            props.put("status", status);
            taskPriority(props, status, spec.id.equals("proj-03") && i == 9);
            Instant cap = spec.stopped == null ? NOW.minus(Duration.ofMinutes(20)) : end.plus(Duration.ofDays(3));
            dueAt(props, created);
            Instant completed = null;
            if (status.equals("Done")) {
                completed = created.plus(Duration.ofMinutes(30 + random.nextInt(45 * 24 * 60)));
                if (completed.isAfter(cap)) {
                    completed = between(created, cap);
                }
                if (!chance(0.04)) { // QUIRK: old Done tasks without completed_at
                    props.put("completed_at", timestamp(completed, 0.1, 0.0));
                }
            } else if (chance(0.012)) {
                // QUIRK: reopened tasks keep their completed_at
                Instant reopened = between(created, cap);
                props.put("completed_at", timestamp(reopened, 0.0, 0.0));
                completed = reopened;
            }
            t.tags = taskTags(props, spec);
            estimate(props);
            if (!chance(0.05)) {
                props.put("internal_cost_code", spec.costCenter + "-" + spec.code + "-" + (100 + random.nextInt(900)));
            }
            Instant updated = completed != null
                    ? between(completed, min(cap, completed.plus(Duration.ofDays(3))))
                    : between(created, cap);
            stamp(t, created, max(created, updated));
            tasks.add(t);
            result.add(t);

            if (i == 0 || !chance(0.012)) {
                relate("part_of", t, project);
            } // QUIRK: else the task has project_id but no part_of edge
            double a = random.nextDouble();
            if (a >= 0.10) {
                relate("assigned_to", t, assignee(spec, org));
                if (a < 0.13) {
                    relate("assigned_to", t, assignee(spec, org)); // pairing
                }
            }
            if (i >= 3 && chance(0.17)) {
                int deps = chance(0.75) ? 1 : 2;
                for (int d = 0; d < deps; d++) {
                    int lo = Math.max(0, i - 40);
                    relate("depends_on", t, result.get(lo + random.nextInt(i - lo)));
                }
            }
            if (!projectGoals.isEmpty() && chance(0.10)) {
                relate("supports", t, pick(projectGoals));
            }
            if (chance(0.10)) {
                relate("targets", t, milestoneFor(projectMilestones, created));
            }
        }
        return result;
    }

    private String taskStatus(ProjectSpec spec, double age) {
        int[] weights;
        switch (spec.status) {
            case "completed":
                weights = new int[] {3, 2, 2, 93};
                break;
            case "cancelled":
                weights = new int[] {44, 10, 8, 38};
                break;
            case "on_hold":
                weights = new int[] {28, 8, 18, 46};
                break;
            case "planning":
                weights = new int[] {72, 14, 4, 10};
                break;
            default:
                int done = (int) Math.round(100 * (0.10 + 0.72 * age));
                int rest = 100 - done;
                weights = new int[] {rest * 55 / 100, rest * 30 / 100, rest * 15 / 100, done};
                break;
        }
        return pickWeighted(TASK_STATUSES, weights);
    }

    private String taskTitle(ProjectSpec spec) {
        String template = chance(0.42) ? pick(DemoVocabulary.GENERIC_TASKS) : pick(spec.templates);
        String title = fill(template, spec, pick(spec.components), pick(spec.nouns), pick(spec.teams));
        if (chance(0.06)) {
            title += pick(DemoVocabulary.TITLE_SUFFIXES); // repeated work gets a suffix, or not
        }
        return title;
    }

    private void taskDescription(ObjectNode props, ProjectSpec spec, Org org) {
        double r = random.nextDouble();
        String c = pick(spec.components);
        String team = pick(spec.teams);
        if (r < 0.42) {
            return; // QUIRK: most tasks have no description
        } else if (r < 0.45) {
            props.put("description", ""); // QUIRK: empty string
        } else if (r < 0.47) {
            props.putNull("description"); // QUIRK: explicit null
        } else if (r < 0.48) {
            // QUIRK: HTML left over from the legacy tracker import
            props.put(
                    "description",
                    "<p>Imported from Atlas.</p><ul><li>Owner: " + teamMember(spec, org).name + "</li><li>Component: "
                            + c + "</li></ul>");
        } else if (r < 0.50) {
            // QUIRK: multi-line text
            props.put(
                    "description",
                    "Steps to reproduce:\n1. Open " + c + " in staging.\n2. Submit the form twice.\n"
                            + "Expected: one record.\nActual: two records and a 500 in the logs.");
        } else {
            props.put(
                    "description",
                    fill(pick(DemoVocabulary.TASK_CONTEXT), spec, c, "", team) + " "
                            + fill(pick(DemoVocabulary.TASK_DETAIL), spec, c, "", team));
        }
    }

    private void taskPriority(ObjectNode props, String status, boolean legacyFloat) {
        int p = 1 + pickIndex(new int[] {4, 7, 11, 14, 16, 15, 12, 10, 6, 5});
        if (status.equals("Blocked") && p < 10) {
            p++;
        }
        if (legacyFloat) {
            props.put("priority", 7.0); // QUIRK: a float where an integer belongs
            return;
        }
        double r = random.nextDouble();
        if (r < 0.04) {
            return; // QUIRK: missing priority
        } else if (r < 0.055) {
            props.putNull("priority"); // QUIRK: null priority
        } else if (r < 0.065) {
            // QUIRK: non-numeric strings from the legacy tracker
            props.put("priority", pick(List.of("high", "", "n/a", "TBD", "high", "low")));
        } else if (r < 0.215) {
            // QUIRK: numeric strings, as "7", " 3 ", "5.0" or "08"
            double f = random.nextDouble();
            String text;
            if (f < 0.6) {
                text = Integer.toString(p);
            } else if (f < 0.75) {
                text = " " + p + " ";
            } else if (f < 0.9) {
                text = p + ".0";
            } else {
                text = p < 10 ? "0" + p : Integer.toString(p);
            }
            props.put("priority", text);
        } else {
            props.put("priority", p);
        }
    }

    private void dueAt(ObjectNode props, Instant created) {
        LocalDate dueDay = LocalDate.ofInstant(created, ZoneOffset.UTC).plusDays(3 + random.nextInt(58));
        Instant due = dueDay.atTime(17, 0).toInstant(ZoneOffset.UTC);
        double r = random.nextDouble();
        if (r < 0.05) {
            return; // QUIRK: no due date
        } else if (r < 0.065) {
            props.putNull("due_at");
        } else if (r < 0.08) {
            // QUIRK: legacy values that are not dates, and an empty string
            props.put("due_at", chance(0.15) ? "" : pick(DemoVocabulary.LEGACY_DUE_TEXT));
        } else if (r < 0.18) {
            props.put("due_at", dueDay.toString()); // QUIRK: date only
        } else if (r < 0.21) {
            props.put("due_at", LOCAL_SECONDS.format(dueDay.atTime(17, 0))); // QUIRK: no offset (UTC)
        } else if (r < 0.33) {
            // QUIRK: 17:00 in the assignee's own offset
            ZoneOffset offset = pick(OFFSETS);
            props.put(
                    "due_at", SECONDS.format(dueDay.atTime(LocalTime.of(17, 0)).atOffset(offset)));
        } else {
            props.put("due_at", SECONDS.format(due.atOffset(ZoneOffset.UTC)));
        }
    }

    private List<String> taskTags(ObjectNode props, ProjectSpec spec) {
        double r = random.nextDouble();
        if (r < 0.12) {
            return List.of(); // QUIRK: no tags field
        }
        ArrayNode tags = props.putArray("tags");
        if (r < 0.17) {
            return List.of(); // QUIRK: empty array
        }
        List<String> chosen = new ArrayList<>();
        int n = 1 + random.nextInt(4);
        while (chosen.size() < n) {
            String tag = chance(0.6) ? pick(spec.tags) : pick(DemoVocabulary.GENERAL_TAGS);
            if (!chosen.contains(tag)) {
                chosen.add(tag);
            }
        }
        if (chance(0.04)) {
            chosen.set(random.nextInt(chosen.size()), pick(DemoVocabulary.TAG_VARIANTS)); // QUIRK: variants
        }
        if (chance(0.03)) {
            chosen.add(chosen.get(0)); // QUIRK: duplicate tag
        }
        chosen.forEach(tags::add);
        return chosen;
    }

    private void estimate(ObjectNode props) {
        double r = random.nextDouble();
        if (r < 0.22) {
            return;
        } else if (r < 0.24) {
            props.putNull("estimate_hours");
            return;
        }
        double f = random.nextDouble();
        if (f < 0.5) {
            props.put("estimate_hours", pick(List.of(1, 2, 3, 4, 6, 8, 12, 16, 24, 40)));
        } else if (f < 0.85) {
            props.put("estimate_hours", pick(List.of(0.5, 1.5, 2.5, 3.5, 0.25, 0.75, 6.5, 1.25)));
        } else if (f < 0.985) {
            props.put("estimate_hours", pick(List.of("2.5", "4", "1.5", "8", "0.5", " 3 "))); // QUIRK
        } else {
            props.put("estimate_hours", pick(List.of("2-3", "~4"))); // QUIRK: ranges typed by hand
        }
    }

    private Obj assignee(ProjectSpec spec, Org org) {
        if (org.id.equals("acme") && chance(0.065)) {
            return org.named("Priya Natarajan"); // the hub everybody assigns things to
        }
        if (chance(0.08)) {
            return pick(org.members);
        }
        return teamMember(spec, org);
    }

    private Obj teamMember(ProjectSpec spec, Org org) {
        String team = chance(0.5) ? spec.teams.get(0) : pick(spec.teams);
        List<Obj> members = org.byTeam.get(team);
        return members == null || members.isEmpty() ? pick(org.members) : pick(members);
    }

    private static Obj milestoneFor(List<Obj> projectMilestones, Instant created) {
        String day = LocalDate.ofInstant(created, ZoneOffset.UTC).toString();
        for (Obj m : projectMilestones) {
            if (m.props.get("due_date").asText().compareTo(day) >= 0) {
                return m;
            }
        }
        return projectMilestones.get(projectMilestones.size() - 1);
    }

    // ---------------------------------------------------------------- risks, decisions, documents

    private List<Obj> risks(ProjectSpec spec, Obj project, Org org, List<Obj> projectTasks) {
        List<Obj> result = new ArrayList<>();
        Instant start = spec.start.atTime(9, 0).toInstant(ZoneOffset.UTC);
        Instant end = end(spec);
        for (int j = 0; j < spec.risks; j++) {
            Obj r = child("risk", "Risk", spec, risks.size() + 1, 3);
            boolean hub = j == 0 && spec.id.equals("proj-01");
            List<String> template = pick(DemoVocabulary.RISKS);
            String c = pick(spec.components);
            String x = pick(spec.nouns);
            String title = hub
                    ? "Salesforce API daily request limit may throttle the bulk migration"
                    : fill(template.get(0), spec, c, x, pick(spec.teams));
            ObjectNode props = r.props;
            props.put("title", title);
            String category = hub ? "vendor" : template.get(1);
            if (hub) {
                props.put(
                        "description",
                        "The bulk migration needs about 1.8 million API calls a day; the org's limit is 1 million."
                                + " If sf_sync_worker hits the limit, the sync stops for everyone, sales included.");
            } else if (!chance(0.3)) {
                props.put(
                        "description",
                        "If this happens, " + consequence(category) + " Raised in the " + spec.code + " weekly.");
            }
            props.put("category", category);
            String impact = hub
                    ? "critical"
                    : pickWeighted(List.of("low", "medium", "high", "critical"), new int[] {25, 40, 25, 10});
            props.put("impact", impact);
            double likelihood = hub ? 0.7 : Math.round((0.05 + 0.85 * random.nextDouble()) * 100) / 100.0;
            double l = random.nextDouble();
            if (l < 0.05) {
                props.put("likelihood", Double.toString(likelihood)); // QUIRK: a numeric string
            } else if (l < 0.07) {
                props.putNull("likelihood");
            } else if (l >= 0.09) {
                props.put("likelihood", likelihood);
            }
            String status;
            if (hub) {
                status = "open";
            } else if (spec.status.equals("completed") || spec.status.equals("cancelled")) {
                status = chance(0.6) ? "closed" : "mitigated";
            } else {
                status = pickWeighted(List.of("open", "mitigated", "closed"), new int[] {50, 30, 20});
            }
            props.put("status", status);
            if (hub) {
                props.put(
                        "mitigation",
                        "Temporary limit increase requested from Salesforce; sf_sync_worker throttled to 80% of the"
                                + " daily quota and batches moved to the weekend.");
            } else if (!(status.equals("open") && chance(0.3))) {
                // QUIRK: else open risks without a mitigation; and a few empty strings
                props.put("mitigation", chance(0.04) ? "" : fill(template.get(2), spec, c, x, spec.teams.get(0)));
            }
            Instant created = between(start, end);
            props.put(
                    "identified_on",
                    LocalDate.ofInstant(created, ZoneOffset.UTC).toString());
            stamp(r, created, between(created, min(NOW, end.plus(Duration.ofDays(5)))));
            r.status = status;
            risks.add(r);
            result.add(r);
            relate("part_of", r, project);
            if (!chance(0.08)) {
                relate("owned_by", r, chance(0.8) ? teamMember(spec, org) : ownerOf(project));
            }
            if (hub) {
                for (Obj t : projectTasks) {
                    if ((t.status.equals("Blocked") || t.status.equals("Open")) && chance(0.28)) {
                        relate("blocks", r, t);
                    }
                }
            } else if (status.equals("open") && (impact.equals("high") || impact.equals("critical"))) {
                int n = 1 + random.nextInt(3);
                for (int k = 0; k < n; k++) {
                    relate("blocks", r, blockedTask(projectTasks));
                }
            } else if (status.equals("mitigated") && chance(0.3)) {
                relate("blocks", r, pick(projectTasks));
            }
        }
        return result;
    }

    private String consequence(String category) {
        switch (category) {
            case "staffing":
                return pick(List.of(
                        "nobody else can ship changes to the critical path.", "the team burns out before launch."));
            case "vendor":
                return pick(List.of(
                        "the cutover date slips by at least two weeks.",
                        "we pay for two systems for another quarter."));
            case "schedule":
                return "the launch date slips into the next quarter.";
            case "security":
                return "an attacker could read customer data.";
            case "compliance":
                return "the audit finds an exception.";
            case "budget":
                return "the project needs a second budget approval.";
            default:
                return pick(List.of(
                        "customers see errors during business hours.",
                        "the migration has to be rolled back.",
                        "reports show wrong numbers until someone notices."));
        }
    }

    private Obj blockedTask(List<Obj> projectTasks) {
        for (int attempt = 0; attempt < 20; attempt++) {
            Obj t = pick(projectTasks);
            if (t.status.equals("Blocked")) {
                return t;
            }
        }
        return pick(projectTasks);
    }

    private List<Obj> decisions(ProjectSpec spec, Obj project, List<Obj> projectGoals) {
        List<Obj> result = new ArrayList<>();
        Instant start = spec.start.atTime(9, 0).toInstant(ZoneOffset.UTC);
        Instant end = end(spec);
        List<Instant> times = new ArrayList<>();
        for (int j = 0; j < spec.decisions; j++) {
            times.add(between(start, end));
        }
        times.sort(Comparator.naturalOrder());
        for (int j = 0; j < spec.decisions; j++) {
            Obj d = child("decision", "Decision", spec, decisions.size() + 1, 3);
            List<String> template = pick(DemoVocabulary.DECISIONS);
            String c = pick(spec.components);
            String x = pick(spec.nouns);
            ObjectNode props = d.props;
            props.put("title", fill(template.get(0), spec, c, x, spec.teams.get(0)));
            if (!chance(0.2)) {
                props.put(
                        "context",
                        spec.name + " needs a decision on " + (chance(0.5) ? c : x)
                                + ". The current approach will not survive the next phase, and the team asked"
                                + " for a written answer.");
            }
            String status =
                    pickWeighted(List.of("accepted", "proposed", "rejected", "superseded"), new int[] {55, 18, 15, 12});
            if (status.equals("proposed") && spec.stopped != null) {
                status = "accepted";
            }
            props.put("status", status);
            Instant created = times.get(j);
            Instant cap = min(NOW, end.plus(Duration.ofDays(3)));
            Instant decided = min(created.plus(Duration.ofHours(20 + random.nextInt(21 * 24))), cap);
            if (!status.equals("proposed")) {
                props.put("decided_at", timestamp(decided, 0.2, 0.03));
            } else if (chance(0.5)) {
                props.putNull("decided_at"); // QUIRK: null while proposed (else missing)
            }
            if (!(status.equals("proposed") && chance(0.4))) {
                String rationale = status.equals("rejected")
                        ? "Rejected because " + pick(DemoVocabulary.DECISION_REASONS) + ". We keep \"" + template.get(1)
                                + "\" for now and revisit next quarter."
                        : template.get(1) + " was rejected because " + pick(DemoVocabulary.DECISION_REASONS)
                                + ". The chosen option " + pick(DemoVocabulary.DECISION_BENEFITS) + ".";
                if (chance(0.1)) {
                    // QUIRK: markdown lists in a text field
                    rationale = "Pros:\n- " + pick(DemoVocabulary.DECISION_BENEFITS) + "\n- small change\n"
                            + "Cons:\n- " + pick(DemoVocabulary.DECISION_REASONS);
                }
                props.put("rationale", rationale);
            }
            double a = random.nextDouble();
            if (a < 0.05) {
                props.putArray("alternatives"); // QUIRK: empty array
            } else if (a >= 0.1) {
                ArrayNode alternatives = props.putArray("alternatives").add(template.get(1));
                if (a >= 0.3) {
                    alternatives.add(template.get(2));
                }
            }
            if (!chance(0.1)) {
                props.put("reversible", chance(0.6));
            }
            stamp(d, created, max(created, status.equals("proposed") ? between(created, cap) : decided));
            d.status = status;
            decisions.add(d);
            result.add(d);
            relate("part_of", d, project);
            if (!projectGoals.isEmpty() && chance(0.5)) {
                relate("decides", d, pick(projectGoals));
            }
        }
        for (int j = 0; j < result.size(); j++) {
            Obj old = result.get(j);
            if (!old.status.equals("superseded")) {
                continue;
            }
            Obj newer = null;
            for (int k = j + 1; k < result.size(); k++) {
                if (result.get(k).status.equals("accepted")) {
                    newer = result.get(k);
                    break;
                }
            }
            if (newer == null) {
                old.status = "accepted";
                old.props.put("status", "accepted");
            } else {
                relate("supersedes", newer, old);
            }
        }
        return result;
    }

    private void documents(ProjectSpec spec, Obj project, Org org, List<Obj> projectTasks, List<Obj> projectDecisions) {
        Instant start = spec.start.atTime(9, 0).toInstant(ZoneOffset.UTC);
        Instant end = end(spec);
        String host = "wiki." + spec.org + ".example";
        for (int j = 0; j < spec.documents; j++) {
            Obj doc = child("doc", "Document", spec, documents.size() + 1, 4);
            boolean hub = j == 0 && spec.id.equals("proj-01");
            String kind = hub ? "runbook" : pickWeighted(DemoVocabulary.DOC_KINDS, DemoVocabulary.DOC_KIND_WEIGHTS);
            Instant created = between(start, end);
            LocalDate createdDay = LocalDate.ofInstant(created, ZoneOffset.UTC);
            String c = pick(spec.components);
            String x = pick(spec.nouns);
            String team = pick(spec.teams);
            String language = spec.id.equals("proj-08") && j % 3 == 1 ? pick(List.of("de", "ja", "fr")) : "en";
            String title;
            String body;
            if (hub) {
                title = "Cutover runbook: Atlas → Salesforce";
                body = "Use this runbook for the cutover weekend. Freeze writes in Atlas at 18:00 UTC on Friday,"
                        + " run the final delta export with atlas_export, then start sf_sync_worker in bulk mode."
                        + " Check the reconciliation report before you unfreeze anything. If counts differ by more"
                        + " than 0.5%, stop and call the cutover lead. Every step below links to its task.";
            } else if (!language.equals("en")) {
                title = localizedTitle(language, c);
                body = localizedBody(language, c);
            } else {
                title = documentTitle(kind, spec, c, x, team, createdDay, j);
                body = documentBody(kind, spec, org, c, x, team, createdDay);
            }
            ObjectNode props = doc.props;
            props.put("title", title);
            props.put("kind", kind);
            props.put("body", body);
            int words = body.trim().split("\\s+").length;
            double w = random.nextDouble();
            if (w < 0.06) {
                props.put("word_count", words + 40 + random.nextInt(300)); // QUIRK: stale count
            } else if (w >= 0.1) {
                props.put("word_count", words);
            }
            String slug = slug(title);
            double u = random.nextDouble();
            if (u < 0.05) {
                // QUIRK: no url
            } else if (u < 0.07) {
                props.put("url", ""); // QUIRK: empty url
            } else if (u < 0.09) {
                props.put("url", "/wiki/" + spec.code + "/" + slug); // QUIRK: relative
            } else if (u < 0.14) {
                props.put("url", "http://" + host + "/" + spec.code + "/" + slug); // QUIRK: http
            } else if (u < 0.18) {
                props.put("url", "https://docs.example.com/document/d/" + token(20) + "/edit");
            } else {
                props.put("url", "https://" + host + "/" + spec.code + "/" + slug);
            }
            if (!language.equals("en")) {
                props.put("language", language);
            } else if (chance(0.6)) {
                props.put("language", chance(0.05) ? pick(List.of("EN", "en-US")) : "en"); // QUIRK: case
            }
            Instant updated = between(created, min(NOW, end.plus(Duration.ofDays(30))));
            if (chance(0.75)) {
                LocalDate reviewed = LocalDate.ofInstant(updated, ZoneOffset.UTC);
                props.put("last_reviewed_on", reviewed.toString());
            }
            stamp(doc, created, updated);
            documents.add(doc);
            relate("part_of", doc, project);
            if (chance(0.9)) {
                relate("authored_by", doc, teamMember(spec, org));
            }
            if (hub) {
                for (Obj t : projectTasks) {
                    if (chance(0.13)) {
                        relate("documents", doc, t);
                    }
                }
                continue;
            }
            if (chance(0.12)) {
                continue; // QUIRK: a document linked to nothing but its project
            }
            int links =
                    switch (kind) {
                        case "meeting-notes" -> 1 + random.nextInt(4);
                        case "spec", "postmortem" -> 1 + random.nextInt(3);
                        case "runbook" -> 1 + random.nextInt(2);
                        case "rfc" -> random.nextInt(2);
                        default -> 0;
                    };
            for (int k = 0; k < links; k++) {
                relate("documents", doc, nearby(projectTasks, created));
            }
            if (!projectDecisions.isEmpty() && (kind.equals("rfc") || (kind.equals("meeting-notes") && chance(0.15)))) {
                relate("documents", doc, nearby(projectDecisions, created));
            }
        }
    }

    private String documentTitle(
            String kind, ProjectSpec spec, String c, String x, String team, LocalDate day, int index) {
        switch (kind) {
            case "meeting-notes":
                // QUIRK: dates inside titles in three formats
                String date =
                        switch (random.nextInt(3)) {
                            case 0 -> day.toString();
                            case 1 ->
                                day.getDayOfMonth() + " "
                                        + day.getMonth().toString().substring(0, 1)
                                        + day.getMonth()
                                                .toString()
                                                .substring(1, 3)
                                                .toLowerCase(Locale.ROOT) + " "
                                        + day.getYear();
                            default ->
                                String.format(
                                        Locale.ROOT,
                                        "%02d/%02d/%d",
                                        day.getMonthValue(),
                                        day.getDayOfMonth(),
                                        day.getYear());
                        };
                return chance(0.5) ? "Meeting notes " + date + " – " + team + " weekly" : team + " sync " + date;
            case "spec":
                return chance(0.5) ? "Spec: " + x : "Spec: " + c + " v" + (1 + random.nextInt(3));
            case "rfc":
                return "RFC-" + (100 + index * 7 + random.nextInt(7)) + ": " + x + " approach";
            case "runbook":
                return chance(0.6) ? "Runbook: " + c : "Runbook: " + c + " failover";
            case "postmortem":
                return "Postmortem: " + c + " outage on " + day;
            default:
                return chance(0.5) ? "Onboarding: " + team + " team" : "Getting started with " + c;
        }
    }

    private String documentBody(
            String kind, ProjectSpec spec, Org org, String c, String x, String team, LocalDate day) {
        switch (kind) {
            case "meeting-notes":
                Set<String> attendees = new LinkedHashSet<>();
                for (int k = 0; k < 3; k++) {
                    attendees.add(teamMember(spec, org).name.trim());
                }
                return "Attendees: " + String.join(", ", attendees) + ". Discussed progress on " + x
                        + " and the open risks around " + c
                        + ". Agreed to keep the current plan and revisit next week. Action items were captured"
                        + " as tasks. Next sync on " + day.plusDays(7) + ".";
            case "spec":
                return "This spec describes " + x + " for " + spec.name + ". The goal is to make " + c
                        + " handle it without manual steps. Out of scope: anything that changes the public API."
                        + " Open questions are tracked in the linked tasks. Reviewers: " + team + " and Product.";
            case "rfc":
                return "Problem: " + c + " cannot keep up with " + x + " at the current volume. Proposal: split"
                        + " the work into a queue with idempotent consumers. Alternatives considered: a bigger"
                        + " instance, and doing nothing until next quarter. Rollout plan: behind a feature flag,"
                        + " internal users first. Feedback welcome until " + day.plusDays(14) + ".";
            case "runbook":
                return "Use this runbook when " + c + " " + pick(DemoVocabulary.SYMPTOMS)
                        + ". First check the " + c + " dashboard for error rate and saturation. If the error"
                        + " rate is above 2%, page the " + team + " on-call. Roll back with the standard deploy"
                        + " pipeline; never edit production config by hand. After recovery, file a follow-up task"
                        + " and link it here.";
            case "postmortem":
                return "On " + day + ", " + c + " " + pick(DemoVocabulary.SYMPTOMS) + " for "
                        + (5 + random.nextInt(110)) + " minutes. Root cause: " + pick(DemoVocabulary.CAUSES)
                        + ". We fixed it by rolling back and adding a check to the pipeline. Follow-up tasks"
                        + " are linked below. This review is blameless.";
            default:
                return "Welcome to the " + team + " team. Start with the " + spec.name + " overview and the " + c
                        + " runbook. Ask for staging access in #" + spec.code.toLowerCase(Locale.ROOT)
                        + "-help. In your first week, pair on a small task and ship it.";
        }
    }

    private static String localizedTitle(String language, String c) {
        switch (language) {
            case "de":
                return "Übersetzungsleitfaden: " + c;
            case "ja":
                return "翻訳ガイド: " + c;
            default:
                return "Guide de traduction : " + c;
        }
    }

    private static String localizedBody(String language, String c) {
        switch (language) {
            case "de":
                return "Dieses Dokument beschreibt die Übersetzung von " + c + ". Offene Fragen werden in den"
                        + " verknüpften Aufgaben verfolgt. Bitte bis Freitag prüfen und Änderungen im Glossar"
                        + " eintragen.";
            case "ja":
                return "このドキュメントでは " + c + " の翻訳手順を説明します。未解決の質問はリンクされたタスクで管理します。" + "金曜日までにレビューしてください。";
            default:
                return "Ce document décrit la traduction de " + c + ". Les questions ouvertes sont suivies dans les"
                        + " tâches liées. Merci de relire avant vendredi et de mettre à jour le glossaire.";
        }
    }

    private Obj nearby(List<Obj> candidates, Instant around) {
        int index = 0;
        while (index < candidates.size() - 1 && candidates.get(index).created.isBefore(around)) {
            index++;
        }
        int lo = Math.max(0, index - 15);
        int hi = Math.min(candidates.size(), index + 5);
        return candidates.get(lo + random.nextInt(hi - lo));
    }

    // ---------------------------------------------------------------- plans, requirements, outputs, signals, insights

    /** The later types, drawn from their own random stream after everything else. */
    private void planning(
            Map<String, Org> orgs, Map<String, List<Obj>> tasksByProject, Map<String, List<Obj>> goalsByProject) {
        random = new Random(PLANNING_SEED);
        for (Obj project : projects) {
            ProjectSpec spec = project.project;
            Org org = orgs.get(spec.org);
            List<Obj> projectTasks = tasksByProject.get(spec.id);
            List<Obj> projectGoals = goalsByProject.get(spec.id);
            plans(spec, project, org, projectTasks, projectGoals);
            requirements(spec, project, projectTasks, projectGoals);
            outputs(spec, project, projectTasks, projectGoals);
            List<Obj> projectSignals = signals(spec, project, projectTasks, projectGoals);
            insights(spec, project, org, projectSignals, projectGoals);
        }
    }

    private void plans(ProjectSpec spec, Obj project, Org org, List<Obj> projectTasks, List<Obj> projectGoals) {
        List<String> titles = new ArrayList<>(DemoVocabulary.PLAN_TITLES);
        int count = 2 + random.nextInt(3);
        for (int i = 0; i < count; i++) {
            Obj p = child("plan", "Plan", spec, plans.size() + 1, 3);
            String c = pick(spec.components);
            String team = pick(spec.teams);
            String title = fill(titles.remove(random.nextInt(titles.size())), spec, c, pick(spec.nouns), team)
                    .replace("{code}", spec.code);
            ObjectNode props = p.props;
            props.put("title", title);
            if (!chance(0.15)) {
                props.put(
                        "summary",
                        "How " + team + " gets from today to \"" + title + "\": scope, sequence, owners and the"
                                + " checkpoints the " + spec.code + " steering meeting reviews.");
            }
            String status =
                    switch (spec.status) {
                        case "completed" -> chance(0.75) ? "completed" : "superseded";
                        case "cancelled" -> chance(0.5) ? "superseded" : "draft";
                        case "planning" -> chance(0.6) ? "draft" : "approved";
                        default ->
                            pickWeighted(
                                    List.of("approved", "in_progress", "draft", "completed", "superseded"),
                                    new int[] {25, 40, 15, 10, 10});
                    };
            props.put("status", status);
            long span = spec.target.toEpochDay() - spec.start.toEpochDay();
            LocalDate from = spec.start.plusDays(span * i / count);
            LocalDate to = spec.start.plusDays(span * (i + 1) / count);
            props.put("horizon", from.getYear() + "-H" + (from.getMonthValue() <= 6 ? 1 : 2));
            props.put("start_date", from.toString());
            if (!chance(0.1)) {
                props.put("end_date", to.toString());
            }
            Instant created = project.created.plus(Duration.ofDays(1 + random.nextInt(20)));
            LocalDate createdDay = LocalDate.ofInstant(created, ZoneOffset.UTC);
            if (!status.equals("draft")) {
                props.put(
                        "approved_on",
                        createdDay.plusDays(3 + random.nextInt(20)).toString());
            }
            stamp(p, created, between(created, min(NOW, end(spec).plus(Duration.ofDays(5)))));
            p.status = status;
            plans.add(p);
            relate("part_of", p, project);
            relate("owned_by", p, chance(0.6) ? ownerOf(project) : teamMember(spec, org));
            if (!projectGoals.isEmpty()) {
                relate("covers", p, pick(projectGoals));
                if (chance(0.5)) {
                    relate("covers", p, pick(projectGoals));
                }
            }
            int included = 3 + random.nextInt(8);
            for (int k = 0; k < included; k++) {
                relate("includes", p, pick(projectTasks));
            }
        }
    }

    private void requirements(ProjectSpec spec, Obj project, List<Obj> projectTasks, List<Obj> projectGoals) {
        int count = 4 + spec.tasks / 25;
        for (int i = 0; i < count; i++) {
            Obj r = child("req", "Requirement", spec, requirements.size() + 1, 4);
            String c = pick(spec.components);
            String x = pick(spec.nouns);
            String title = fill(pick(DemoVocabulary.REQUIREMENT_TITLES), spec, c, x, pick(spec.teams));
            ObjectNode props = r.props;
            props.put("title", title);
            if (!chance(0.3)) {
                props.put(
                        "description",
                        "Raised during " + spec.code + " discovery. Applies to " + c + " and to every screen that"
                                + " shows " + x.toLowerCase(Locale.ROOT) + ".");
            }
            props.put("priority", pickWeighted(List.of("must", "should", "could", "wont"), new int[] {45, 30, 18, 7}));
            props.put("source", pick(DemoVocabulary.REQUIREMENT_SOURCES));
            if (!chance(0.2)) {
                props.put(
                        "acceptance_criteria",
                        "Given " + x.toLowerCase(Locale.ROOT) + " in " + c + ", when a user opens them, then the"
                                + " result matches the source system and the check is in the " + spec.code
                                + " test plan.");
            }
            List<Obj> implementing = new ArrayList<>();
            int n = random.nextInt(4);
            for (int k = 0; k < n; k++) {
                Obj t = pick(projectTasks);
                if (!implementing.contains(t)) {
                    implementing.add(t);
                }
            }
            boolean done = !implementing.isEmpty() && implementing.stream().allMatch(t -> t.status.equals("Done"));
            String status = done
                    ? (chance(0.5) ? "verified" : "implemented")
                    : chance(0.08) ? "rejected" : implementing.isEmpty() ? "draft" : "approved";
            props.put("status", status);
            Instant created = between(project.created, min(NOW, end(spec)));
            stamp(r, created, between(created, min(NOW, end(spec).plus(Duration.ofDays(3)))));
            r.status = status;
            requirements.add(r);
            relate("part_of", r, project);
            for (Obj t : implementing) {
                relate("implemented_by", r, t);
            }
            if (!projectGoals.isEmpty() && chance(0.6)) {
                relate("supports", r, pick(projectGoals));
            }
        }
    }

    private void outputs(ProjectSpec spec, Obj project, List<Obj> projectTasks, List<Obj> projectGoals) {
        int count = 3 + random.nextInt(5);
        String host = "wiki." + spec.org + ".example";
        for (int i = 0; i < count; i++) {
            Obj o = child("output", "Output", spec, outputs.size() + 1, 3);
            int kind = random.nextInt(DemoVocabulary.OUTPUT_KINDS.size());
            String c = pick(spec.components);
            String x = pick(spec.nouns);
            String title = fill(DemoVocabulary.OUTPUT_TITLES.get(kind), spec, c, x, pick(spec.teams))
                    .replace("{code}", spec.code);
            ObjectNode props = o.props;
            props.put("title", title);
            props.put("kind", DemoVocabulary.OUTPUT_KINDS.get(kind));
            if (!chance(0.25)) {
                props.put(
                        "description",
                        "A " + DemoVocabulary.OUTPUT_KINDS.get(kind) + " the " + spec.code
                                + " project hands over to its stakeholders.");
            }
            Instant created = between(project.created, min(NOW, end(spec)));
            LocalDate createdDay = LocalDate.ofInstant(created, ZoneOffset.UTC);
            LocalDate today = LocalDate.ofInstant(NOW, ZoneOffset.UTC);
            String status;
            LocalDate delivered = null;
            if (chance(spec.stopped != null ? 0.7 : 0.45)) {
                delivered = createdDay.plusDays(random.nextInt(60));
                if (delivered.isAfter(today)) {
                    delivered = today;
                }
                status = chance(0.12) ? "retired" : "delivered";
            } else {
                status = chance(0.4) ? "in_review" : "planned";
            }
            props.put("status", status);
            if (delivered != null) {
                props.put("delivered_on", delivered.toString());
                if (!chance(0.15)) {
                    props.put("url", "https://" + host + "/" + spec.code.toLowerCase(Locale.ROOT) + "/" + slug(title));
                }
            }
            Instant updated = delivered != null
                    ? max(created, min(NOW, delivered.atTime(15, 0).toInstant(ZoneOffset.UTC)))
                    : between(created, min(NOW, end(spec).plus(Duration.ofDays(3))));
            stamp(o, created, updated);
            o.status = status;
            outputs.add(o);
            relate("part_of", o, project);
            int producers = 1 + random.nextInt(2);
            for (int k = 0; k < producers; k++) {
                relate("produced_by", o, pick(projectTasks));
            }
            if (!projectGoals.isEmpty() && chance(0.7)) {
                relate("contributes_to", o, pick(projectGoals));
            }
        }
    }

    private List<Obj> signals(ProjectSpec spec, Obj project, List<Obj> projectTasks, List<Obj> projectGoals) {
        List<Obj> result = new ArrayList<>();
        int count = 6 + spec.tasks / 40;
        for (int i = 0; i < count; i++) {
            Obj s = child("signal", "Signal", spec, signals.size() + 1, 4);
            int source = random.nextInt(DemoVocabulary.SIGNAL_SOURCES.size());
            String c = pick(spec.components);
            String x = pick(spec.nouns);
            String title = fill(DemoVocabulary.SIGNAL_TITLES.get(source), spec, c, x, pick(spec.teams));
            ObjectNode props = s.props;
            props.put("title", title);
            if (!chance(0.3)) {
                props.put(
                        "description",
                        "Reported by " + DemoVocabulary.SIGNAL_SOURCES.get(source) + " for " + c
                                + "; see the linked tasks for follow-up.");
            }
            props.put("source", DemoVocabulary.SIGNAL_SOURCES.get(source));
            props.put(
                    "severity",
                    pickWeighted(List.of("info", "low", "medium", "high", "critical"), new int[] {20, 30, 30, 15, 5}));
            Instant observed = between(spec.start.atTime(9, 0).toInstant(ZoneOffset.UTC), min(NOW, end(spec)));
            props.put("observed_at", timestamp(observed, 0.2, 0.0));
            if (!chance(0.35)) {
                int metric = random.nextInt(DemoVocabulary.SIGNAL_METRICS.size());
                props.put("metric", DemoVocabulary.SIGNAL_METRICS.get(metric));
                double value = Math.round(random.nextDouble() * 1000) / 10.0;
                props.put("value", value);
            }
            String status = observed.isBefore(NOW.minus(Duration.ofDays(30)))
                    ? pickWeighted(List.of("triaged", "actioned", "dismissed"), new int[] {30, 50, 20})
                    : pickWeighted(List.of("new", "triaged", "actioned"), new int[] {50, 35, 15});
            props.put("status", status);
            stamp(s, observed, between(observed, min(NOW, end(spec).plus(Duration.ofDays(2)))));
            s.status = status;
            signals.add(s);
            result.add(s);
            relate("part_of", s, project);
            if (!projectGoals.isEmpty() && chance(0.55)) {
                relate("affects", s, pick(projectGoals));
            }
            if (chance(0.5)) {
                relate("concerns", s, pick(projectTasks));
            }
        }
        return result;
    }

    private void insights(ProjectSpec spec, Obj project, Org org, List<Obj> projectSignals, List<Obj> projectGoals) {
        int count = 2 + projectSignals.size() / 4;
        for (int i = 0; i < count; i++) {
            Obj in = child("insight", "Insight", spec, insights.size() + 1, 3);
            String c = pick(spec.components);
            String x = pick(spec.nouns);
            String title = fill(pick(DemoVocabulary.INSIGHT_TITLES), spec, c, x, pick(spec.teams));
            ObjectNode props = in.props;
            props.put("title", title);
            if (!chance(0.2)) {
                props.put(
                        "summary",
                        "What the signals say about " + x.toLowerCase(Locale.ROOT) + " in " + spec.name
                                + ", and what the team should do next.");
            }
            props.put("confidence", pickWeighted(List.of("low", "medium", "high"), new int[] {25, 50, 25}));
            List<Obj> sources = new ArrayList<>();
            int n = 1 + random.nextInt(3);
            Instant latest = project.created;
            for (int k = 0; k < n; k++) {
                Obj s = pick(projectSignals);
                if (!sources.contains(s)) {
                    sources.add(s);
                    latest = max(latest, s.created);
                }
            }
            Instant created = between(latest, min(NOW, latest.plus(Duration.ofDays(20))));
            props.put(
                    "recorded_on", LocalDate.ofInstant(created, ZoneOffset.UTC).toString());
            ArrayNode tags = props.putArray("tags");
            int tagCount = random.nextInt(3);
            for (int k = 0; k < tagCount; k++) {
                tags.add(pick(spec.tags));
            }
            String status =
                    pickWeighted(List.of("draft", "shared", "acted_on", "discarded"), new int[] {20, 40, 30, 10});
            props.put("status", status);
            stamp(in, created, between(created, NOW));
            in.status = status;
            insights.add(in);
            relate("part_of", in, project);
            for (Obj s : sources) {
                relate("derived_from", in, s);
            }
            if (!projectGoals.isEmpty() && chance(0.6)) {
                relate("informs", in, pick(projectGoals));
            }
            relate("authored_by", in, teamMember(spec, org));
        }
    }

    // ---------------------------------------------------------------- cross-cutting structure

    private void hubs(Map<String, List<Obj>> tasksByProject, Map<String, List<Obj>> goalsByProject) {
        // Hub task: many tasks in other acme projects wait for SSO.
        Obj sso = tasksByProject.get("proj-01").get(0);
        for (String id : List.of("proj-01", "proj-02", "proj-05", "proj-06", "proj-07")) {
            for (Obj t : tasksByProject.get(id)) {
                boolean auth = t.props.get("title").asText().contains("auth_service")
                        || t.props.get("title").asText().contains("login");
                if (t != sso && t.created.isAfter(sso.created) && (auth || chance(0.022))) {
                    relate("depends_on", t, sso);
                }
            }
        }
        // Cross-project dependencies: portal and billing work waits for platform tasks created earlier.
        List<Obj> platform = tasksByProject.get("proj-07");
        for (String id : List.of("proj-05", "proj-06")) {
            List<Obj> projectTasks = tasksByProject.get(id);
            for (int k = 0; k < 10; k++) {
                Obj t = pick(projectTasks);
                List<Obj> earlier = new ArrayList<>();
                for (Obj p : platform) {
                    if (p.created.isBefore(t.created)) {
                        earlier.add(p);
                    }
                }
                if (!earlier.isEmpty()) {
                    relate("depends_on", t, pick(earlier));
                }
            }
        }
        // Hub goal: security work anywhere in acme supports the SOC 2 audit goal.
        Obj audit = goalsByProject.get("proj-04").get(0);
        for (Map.Entry<String, List<Obj>> e : tasksByProject.entrySet()) {
            for (Obj t : e.getValue()) {
                if (!t.org.equals("acme")) {
                    continue;
                }
                boolean security = t.tags.contains("security")
                        || t.tags.contains("compliance")
                        || t.tags.contains("audit")
                        || t.tags.contains("soc2");
                if (security && chance(e.getKey().equals("proj-04") ? 0.45 : 0.8)) {
                    relate("supports", t, audit);
                }
            }
        }
    }

    private void ties() {
        // QUIRK: one instant, two spellings.
        Obj a = tasks.get(100);
        Obj b = tasks.get(101);
        for (Obj o : List.of(a, b)) {
            if (o.created.isAfter(SAME_INSTANT)) {
                throw new IllegalStateException("tie task created after the tie instant: " + o.id);
            }
            o.updated = SAME_INSTANT;
        }
        a.updatedText = SECONDS.format(SAME_INSTANT.atOffset(ZoneOffset.UTC));
        b.updatedText = SECONDS.format(SAME_INSTANT.atOffset(ZoneOffset.ofHours(2)));

        // QUIRK: the nightly sync touched 30 open acme tasks at exactly the same instant.
        List<Obj> candidates = new ArrayList<>();
        for (Obj t : tasks) {
            if (t != a
                    && t != b
                    && t.org.equals("acme")
                    && t.project.stopped == null
                    && !t.status.equals("Done")
                    && !t.props.has("completed_at")
                    && t.created.isBefore(NIGHTLY_SYNC.minus(Duration.ofDays(1)))) {
                candidates.add(t);
            }
        }
        for (int k = 0; k < 30 && !candidates.isEmpty(); k++) {
            Obj t = candidates.remove(random.nextInt(candidates.size()));
            t.updated = NIGHTLY_SYNC;
            t.updatedText = SECONDS.format(NIGHTLY_SYNC.atOffset(ZoneOffset.UTC));
        }
    }

    // ---------------------------------------------------------------- helpers

    private Obj child(String prefix, String type, ProjectSpec spec, int number, int digits) {
        Obj o = new Obj(String.format(Locale.ROOT, "%s-%0" + digits + "d", prefix, number), type, spec.org, spec.id);
        o.project = spec;
        return o;
    }

    private Obj ownerOf(Obj project) {
        for (Rel r : relationships) {
            if (r.type().equals("owned_by") && r.src().equals(project.id)) {
                for (Obj p : people) {
                    if (p.id.equals(r.dst())) {
                        return p;
                    }
                }
            }
        }
        throw new IllegalStateException("project without owner: " + project.id);
    }

    private void relate(String type, Obj src, Obj dst) {
        if (!src.org.equals(dst.org)) {
            throw new IllegalStateException("cross-org " + type + ": " + src.id + " -> " + dst.id);
        }
        if (src == dst) {
            return;
        }
        if (relationshipKeys.add(type + ' ' + src.id + ' ' + dst.id)) {
            relationships.add(new Rel(type, src.id, dst.id));
        }
    }

    /** Sets created_at (always UTC, whole seconds) and updated_at (usually UTC; sometimes an offset or millis). */
    private void stamp(Obj o, Instant created, Instant updated) {
        if (updated.isBefore(created)) {
            throw new IllegalStateException("updated before created: " + o.id);
        }
        o.created = created;
        o.createdText = SECONDS.format(created.atOffset(ZoneOffset.UTC));
        o.updated = updated;
        o.updatedText = timestamp(updated, 0.14, 0.03);
    }

    /** Formats an instant: with probability pOffset in a non-UTC offset, pMillis with milliseconds, else UTC. */
    private String timestamp(Instant t, double pOffset, double pMillis) {
        double r = random.nextDouble();
        if (r < pOffset) {
            return SECONDS.format(t.atOffset(pick(OFFSETS))); // QUIRK: offsets
        } else if (r < pOffset + pMillis) {
            Instant withMillis = t.plusMillis(1 + random.nextInt(998)); // QUIRK: milliseconds
            return MILLIS.format(min(withMillis, NOW).atOffset(ZoneOffset.UTC));
        }
        return SECONDS.format(t.atOffset(ZoneOffset.UTC));
    }

    private static Instant end(ProjectSpec spec) {
        return spec.stopped != null
                ? spec.stopped.atTime(18, 0).toInstant(ZoneOffset.UTC)
                : NOW.minus(Duration.ofHours(2));
    }

    private Instant between(Instant from, Instant to) {
        long span = Duration.between(from, to).getSeconds();
        if (span <= 0) {
            return from;
        }
        return from.plusSeconds((long) (random.nextDouble() * span));
    }

    private LocalDate day(LocalDate from, LocalDate to) {
        return from.plusDays(random.nextInt((int) (to.toEpochDay() - from.toEpochDay()) + 1));
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    private static Instant max(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    private boolean chance(double p) {
        return random.nextDouble() < p;
    }

    private <T> T pick(List<T> items) {
        return items.get(random.nextInt(items.size()));
    }

    private int pickIndex(int[] weights) {
        int total = 0;
        for (int w : weights) {
            total += w;
        }
        int r = random.nextInt(total);
        for (int i = 0; i < weights.length; i++) {
            r -= weights[i];
            if (r < 0) {
                return i;
            }
        }
        throw new IllegalStateException("unreachable");
    }

    private <T> T pickWeighted(List<T> items, int[] weights) {
        return items.get(pickIndex(weights));
    }

    private String token(int length) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return sb.toString();
    }

    private static String fill(String template, ProjectSpec spec, String component, String noun, String team) {
        return template.replace("{c}", component)
                .replace("{x}", noun)
                .replace("{n}", Integer.toString(Math.floorMod((component + noun).hashCode(), 40) + 2))
                .replace("{project}", spec.name)
                .replace("{team}", team);
    }

    /** Lower-case ASCII transliteration for emails: "Müller" becomes "muller". */
    private static String fold(String s) {
        String decomposed = Normalizer.normalize(
                s.replace("ł", "l").replace("Ł", "L").replace("ø", "o").replace("ß", "ss"), Normalizer.Form.NFD);
        return decomposed.replaceAll("\\p{M}", "").toLowerCase(Locale.ROOT);
    }

    private static String slug(String title) {
        String s = fold(title).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return s.isEmpty() ? "page" : s;
    }
}
