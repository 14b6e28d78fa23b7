package io.quarry.filter;

import io.quarry.internal.Suggestions;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Relationship;
import io.quarry.schema.Schema;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a wrong field name most likely meant, for the hints of {@link FilterValidator} and the tools:
 * a relationship (answered with {@code related_to_id}), a field of another type, a key of an object
 * field, a synonym of a field the type has. Only names of the schema the caller was given are used,
 * so a hint never names anything outside it.
 */
public final class NameHints {
    /** Field names models use for one another; a group's members are suggested for each other. */
    private static final List<List<String>> FIELD_SYNONYMS = List.of(
            List.of("title", "name", "subject", "label_text"),
            List.of("status", "state", "stage"),
            List.of("due_at", "due_date", "deadline", "due", "due_on", "due_by"),
            List.of("progress", "percent_complete", "completion", "percentage", "pct_complete"),
            List.of("tags", "labels", "label", "tag"),
            List.of("kind", "type_name", "doc_type", "category"),
            List.of("created_at", "created", "creation_date", "created_on", "createdAt"),
            List.of("updated_at", "updated", "modified", "last_modified", "modified_at"),
            List.of("description", "desc", "details", "body", "summary"),
            List.of("email", "mail", "email_address"),
            List.of("name", "full_name", "display_name", "username", "title"));

    /** Role words for relationships: the name a model uses for the object at the other end. */
    private static final Map<String, List<String>> ROLES = Map.of(
            "manager", List.of("reports_to"),
            "boss", List.of("reports_to"),
            "parent", List.of("part_of"),
            "blocker", List.of("blocks"),
            "blocked_by", List.of("blocks", "depends_on"),
            "dependency", List.of("depends_on"),
            "dependencies", List.of("depends_on"),
            "belongs_to", List.of("part_of"),
            "assignees", List.of("assigned_to"));

    private static final Pattern OBJECT_KEYS = Pattern.compile("\\{([^{}]*)}");
    private static final Pattern KEY = Pattern.compile("^\\s*([a-z_][a-z0-9_]*)\\s*(?::.*)?$");

    private NameHints() {}

    /**
     * The keys an object field's description declares, as in {@code {amount: number, currency}}: the
     * identifiers of the first braces' comma-separated parts; empty when the description has none.
     */
    public static List<String> objectKeys(Field field) {
        if (field.type() != FieldType.OBJECT || field.description() == null) {
            return List.of();
        }
        Matcher m = OBJECT_KEYS.matcher(field.description());
        if (!m.find()) {
            return List.of();
        }
        List<String> keys = new ArrayList<>();
        for (String part : m.group(1).split(",")) {
            Matcher k = KEY.matcher(part);
            if (k.matches() && !keys.contains(k.group(1))) {
                keys.add(k.group(1));
            }
        }
        return keys;
    }

    /** The relationship a name means on a type ({@code null}: any type), with its end's type. */
    public record RelationshipMatch(String relationship, String from, String to) {}

    /**
     * The relationship a name used as a field most likely means: its name, a name ending in {@code _id},
     * the type at the other end ({@code project}), a role ({@code owner}, {@code author}, {@code
     * assignee}) or a near spelling; relationships of {@code type} or pointing to it, else of any type.
     */
    public static Optional<RelationshipMatch> relationship(Schema schema, EntityType type, String name) {
        String stem = stem(name);
        if (stem.isEmpty()) {
            return Optional.empty();
        }
        List<RelationshipMatch> candidates = new ArrayList<>();
        for (EntityType t : schema.types()) {
            for (Relationship r : t.relationships()) {
                if (type == null || t.name().equals(type.name())) {
                    candidates.add(new RelationshipMatch(r.name(), t.name(), r.target()));
                } else if (r.target().equals(type.name())) {
                    candidates.add(new RelationshipMatch(r.name(), r.target(), t.name()));
                }
            }
        }
        for (RelationshipMatch c : candidates) {
            if (normal(c.relationship()).equals(stem)) {
                return Optional.of(c);
            }
        }
        for (RelationshipMatch c : candidates) {
            if (ROLES.getOrDefault(stem(name), List.of()).contains(c.relationship())
                    || ROLES.getOrDefault(name.toLowerCase(Locale.ROOT), List.of())
                            .contains(c.relationship())) {
                return Optional.of(c);
            }
        }
        for (RelationshipMatch c : candidates) {
            if (normal(c.to()).equals(stem) || (normal(c.to()) + "s").equals(stem)) {
                return Optional.of(c);
            }
        }
        for (RelationshipMatch c : candidates) {
            if (stem.length() > normal(c.to()).length() + 2 && stem.startsWith(normal(c.to()))) {
                return Optional.of(c); // project_name, goal_title
            }
        }
        for (RelationshipMatch c : candidates) {
            // owner ~ owned_by, author ~ authored_by, assignee ~ assigned_to: a common start of 5
            String rel = normal(c.relationship());
            int common = 0;
            while (common < Math.min(rel.length(), stem.length()) && rel.charAt(common) == stem.charAt(common)) {
                common++;
            }
            if (common >= 5 || (common >= 4 && common >= stem.length() - 1)) {
                return Optional.of(c);
            }
        }
        List<String> names =
                candidates.stream().map(RelationshipMatch::relationship).toList();
        List<String> near = Suggestions.nearest(name, names, 1);
        return near.isEmpty()
                ? Optional.empty()
                : candidates.stream()
                        .filter(c -> c.relationship().equals(near.get(0)))
                        .findFirst();
    }

    /** The hint for a relationship named as a field: filter with related_to_id, and how to find the id. */
    public static String relationshipHint(String name, RelationshipMatch m) {
        return "'" + name + "' is not a field: " + m.from() + " is linked to " + m.to() + " by the relationship '"
                + m.relationship() + "'. Filter with \"related_to_id\": the " + m.to()
                + "'s id, and \"relationship_type\": \""
                + m.relationship() + "\" (find the id with query_graph_objects {\"type\": \"" + m.to()
                + "\", \"query\": \"...\"}); get_object_relationships lists an object's links.";
    }

    /** The fields of {@code type} a synonym group offers for {@code name}. */
    public static List<String> synonyms(EntityType type, String name) {
        Set<String> out = new LinkedHashSet<>();
        String lower = name.toLowerCase(Locale.ROOT);
        for (List<String> group : FIELD_SYNONYMS) {
            if (group.contains(lower) || group.contains(name)) {
                for (String g : group) {
                    if (!g.equals(name)
                            && (type == null
                                    ? false
                                    : type.field(g).map(Field::exposed).orElse(false))) {
                        out.add(g);
                    }
                }
            }
        }
        if (type != null && (group(lower, "created_at") || group(lower, "updated_at"))) {
            FIELD_SYNONYMS.stream()
                    .filter(g -> g.contains(lower))
                    .map(g -> g.get(0))
                    .forEach(out::add);
        }
        return new ArrayList<>(out);
    }

    private static boolean group(String name, String first) {
        return FIELD_SYNONYMS.stream().anyMatch(g -> g.get(0).equals(first) && g.contains(name));
    }

    /** The types other than {@code except} with an exposed field of this name. */
    public static List<String> typesWithField(Schema schema, EntityType except, String name) {
        if (schema.types().stream().anyMatch(t -> t.hides(name))) {
            return List.of(); // a field hidden anywhere is named nowhere
        }
        return schema.types().stream()
                .filter(t -> except == null || !t.name().equals(except.name()))
                .filter(t -> t.field(name).map(Field::exposed).orElse(false))
                .map(EntityType::name)
                .toList();
    }

    /** {@code address.city} for {@code city}: the object fields of the type (or of any type) with that key. */
    public static List<String> nestedPaths(Schema schema, EntityType type, String name) {
        List<String> out = new ArrayList<>();
        for (EntityType t : schema.types()) {
            if (type != null && !t.name().equals(type.name())) {
                continue;
            }
            for (Field f : t.exposedFields()) {
                for (String key : objectKeys(f)) {
                    String path = f.name() + "." + key;
                    if (key.equalsIgnoreCase(name) && !out.contains(path)) {
                        out.add(path);
                    }
                }
            }
        }
        return out;
    }

    /** The name without an id suffix or nested key, normalized: {@code assignee_id} is {@code assignee}. */
    private static String stem(String name) {
        String head = name.contains(".") ? name.substring(0, name.indexOf('.')) : name;
        String n = head.replaceAll("(?i)(_ids?|Ids?)$", "");
        if (n.isEmpty()) {
            return "";
        }
        return normal(n);
    }

    private static String normal(String name) {
        return name.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
    }
}
