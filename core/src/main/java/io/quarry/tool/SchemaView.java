package io.quarry.tool;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.FieldPath;
import io.quarry.internal.Suggestions;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Names;
import io.quarry.schema.Relationship;
import io.quarry.schema.Schema;
import io.quarry.store.GraphObject;
import io.quarry.store.ScopeGraph;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** What the tools derive from the schema: names for enums and descriptions, text fields, type lookup. */
final class SchemaView {
    final Schema schema;
    /** The names and values of the descriptions' example calls. */
    final Examples examples;

    SchemaView(Schema schema, ToolConfig config) {
        this.schema = schema;
        this.examples = new Examples(this, config);
    }

    List<String> typeNames() {
        return schema.typeNames();
    }

    /**
     * The type a parameter names.
     *
     * @throws QueryException {@code UNKNOWN_TYPE} with the nearest names
     */
    EntityType type(String name, String path) {
        return schema.type(name).orElseThrow(() -> new QueryException(List.of(unknownType(name, path))));
    }

    /**
     * The types a list parameter names, every unknown name reported at once.
     *
     * @throws QueryException {@code UNKNOWN_TYPE} for each unknown name, with the nearest names
     */
    List<EntityType> types(List<String> names, String path) {
        List<EntityType> out = new ArrayList<>();
        List<io.quarry.error.QueryError> unknown = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            java.util.Optional<EntityType> t = schema.type(names.get(i));
            if (t.isEmpty()) {
                unknown.add(unknownType(names.get(i), path + "[" + i + "]"));
            } else if (!out.contains(t.get())) {
                out.add(t.get());
            }
        }
        if (!unknown.isEmpty()) {
            throw new QueryException(unknown);
        }
        return out;
    }

    /** Words models use for a type, mapped to the type names they may mean. */
    private static final java.util.Map<String, List<String>> TYPE_WORDS = java.util.Map.of(
            "people", List.of("Person", "User", "Employee"),
            "ticket", List.of("Task", "Issue"),
            "issue", List.of("Task", "Ticket"),
            "story", List.of("Task"),
            "todo", List.of("Task"),
            "employee", List.of("Person", "User"),
            "user", List.of("Person", "Employee", "Customer"),
            "member", List.of("Person"),
            "epic", List.of("Project"),
            "objective", List.of("Goal"));

    private io.quarry.error.QueryError unknownType(String name, String path) {
        List<String> near = new ArrayList<>();
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        List<String> singular = List.of(
                lower,
                lower.endsWith("ies") ? lower.substring(0, lower.length() - 3) + "y" : lower,
                lower.endsWith("es") ? lower.substring(0, lower.length() - 2) : lower,
                lower.endsWith("s") ? lower.substring(0, lower.length() - 1) : lower);
        for (String s : singular) {
            for (String candidate : TYPE_WORDS.getOrDefault(s, List.of())) {
                if (schema.type(candidate).isPresent() && !near.contains(candidate)) {
                    near.add(candidate);
                }
            }
            for (String t : typeNames()) {
                if (t.toLowerCase(java.util.Locale.ROOT).equals(s) && !near.contains(t)) {
                    near.add(t);
                }
            }
            if (!s.equals(lower)) {
                for (String t : Suggestions.nearest(s, typeNames(), 1)) {
                    if (!near.contains(t)) {
                        near.add(t);
                    }
                }
            }
        }
        for (String n : Suggestions.nearest(name, typeNames(), 3)) {
            if (!near.contains(n)) {
                near.add(n);
            }
        }
        near = near.subList(0, Math.min(3, near.size()));
        return new io.quarry.error.QueryError(
                ErrorCode.UNKNOWN_TYPE,
                path,
                "There is no type '" + Arguments.echo(name) + "'.",
                (near.isEmpty()
                                ? ""
                                : "Did you mean "
                                        + String.join(
                                                " or ",
                                                near.stream()
                                                        .map(n -> "'" + n + "'")
                                                        .toList())
                                        + "? ")
                        + "Types: " + String.join(", ", typeNames()) + ".");
    }

    /**
     * The relationship type a parameter names: exact, or the one its spelling, case or role means.
     *
     * @throws QueryException {@code INVALID_OPERAND} with the relationship meant and every name
     */
    String relationshipType(String name, String path) {
        List<String> names = relationshipNames();
        if (names.isEmpty() || names.contains(name)) {
            return name;
        }
        List<String> renamed = namesOfStored(schema.types(), name);
        if (!renamed.isEmpty()) {
            throw renamed(name, path, renamed, "");
        }
        List<String> near = names.stream()
                .filter(n -> n.replace("_", "").equalsIgnoreCase(name.replace("_", "")))
                .toList();
        if (near.isEmpty()) {
            near = io.quarry.filter.NameHints.relationship(schema, null, name)
                    .map(m -> List.of(m.relationship()))
                    .orElse(Suggestions.nearest(name, names, 1));
        }
        throw QueryException.of(
                ErrorCode.INVALID_OPERAND,
                path,
                "There is no relationship type '" + Arguments.echo(name) + "'; names are exact and case-sensitive.",
                (near.isEmpty() ? "" : "Did you mean '" + near.get(0) + "'? ") + "Relationship types: "
                        + String.join(", ", names) + ".");
    }

    /**
     * Refuses a name that is no longer what a type calls its links ({@code artist} for an artist's
     * {@code albums}): the relationship types from before the names read from both ends, named for
     * one release.
     *
     * @throws QueryException {@code INVALID_OPERAND} naming the relationship meant, when {@code type}
     *     declares none of that name but calls links of that stored type otherwise
     */
    void refuseRenamed(EntityType type, String name, String path) {
        if (type.relationships().stream().anyMatch(r -> r.name().equals(name))) {
            return;
        }
        List<String> renamed = namesOfStored(List.of(type), name);
        if (!renamed.isEmpty()) {
            throw renamed(name, path, renamed, " from a " + type.name());
        }
    }

    private static List<String> namesOfStored(List<EntityType> types, String stored) {
        Set<String> out = new LinkedHashSet<>();
        for (EntityType t : types) {
            for (Relationship r : t.relationships()) {
                if (r.storedType().equals(stored) && !r.name().equals(stored)) {
                    out.add(r.name());
                }
            }
        }
        return new ArrayList<>(out);
    }

    private QueryException renamed(String name, String path, List<String> names, String from) {
        return QueryException.of(
                ErrorCode.INVALID_OPERAND,
                path,
                "The relationship '" + Arguments.echo(name) + "' is named "
                        + String.join(
                                " or ", names.stream().map(n -> "'" + n + "'").toList()) + from
                        + " now: each end names its links after what it reaches.",
                "Did you mean '" + names.get(0) + "'? Relationship types: " + String.join(", ", relationshipNames())
                        + ".");
    }

    /**
     * What an object of {@code type} calls a link of stored type {@code stored} at its end
     * ({@code out} or {@code in}): the declared relationship's name, else the stored type.
     */
    String nameSeenFrom(String type, String stored, String direction) {
        Optional<EntityType> t = schema.type(type);
        if (t.isPresent()) {
            for (Relationship r : t.get().relationships()) {
                if (r.storedType().equals(stored)
                        && (r.direction() == Relationship.Direction.BOTH
                                || r.direction().jsonName().equals(direction))) {
                    return r.name();
                }
            }
        }
        return stored;
    }

    /**
     * The stored relationship type a {@code relationship_type} names for links between an anchor of
     * type {@code anchorType} and objects of {@code rowTypes}: the anchor's relationship of that name
     * to one of them ({@code albums} from an artist), else theirs to the anchor's type ({@code artist}
     * from its albums), else the name itself.
     */
    String storedType(String name, String anchorType, List<String> rowTypes) {
        Optional<EntityType> anchor = schema.type(anchorType);
        if (anchor.isPresent()) {
            for (Relationship r : anchor.get().relationships()) {
                if (r.name().equals(name) && rowTypes.contains(r.target())) {
                    return r.storedType();
                }
            }
        }
        for (String row : rowTypes) {
            for (Relationship r :
                    schema.type(row).map(EntityType::relationships).orElse(List.of())) {
                if (r.name().equals(name) && r.target().equals(anchorType)) {
                    return r.storedType();
                }
            }
        }
        return name;
    }

    /** System fields then every exposed field of every type, without repeats. */
    List<String> fieldNames() {
        Set<String> names = new LinkedHashSet<>(Names.SYSTEM_FIELDS);
        schema.types().forEach(t -> names.addAll(t.exposedFieldNames()));
        return new ArrayList<>(names);
    }

    /** Whether some type accepts any field name (declares none, or was inferred). */
    boolean anySchemaless() {
        // no types: the schema is inferred per scope, so any field name may exist
        return schema.isEmpty() || schema.types().stream().anyMatch(EntityType::schemaless);
    }

    /** Relationship names declared anywhere. */
    List<String> relationshipNames() {
        Set<String> names = new LinkedHashSet<>();
        schema.types().forEach(t -> t.relationships().forEach(r -> names.add(r.name())));
        return new ArrayList<>(names);
    }

    /**
     * The fields full-text search may read for a type, or for every type: the exposed string, text
     * and string-array fields. The empty list (every string property) only when no type searched
     * declares fields, so none hides one. Without a type the query reads every type's objects, so a
     * name some type hides is never read, and a type without declared fields next to typed ones is
     * read in the named fields only. Empty when there is no field to read: then a text finds nothing.
     */
    Optional<List<FieldPath>> textFields(EntityType type) {
        List<EntityType> types = type == null ? schema.types() : List.of(type);
        if (types.stream().allMatch(t -> t.fields().isEmpty())) {
            return Optional.of(List.of());
        }
        Set<String> names = new LinkedHashSet<>();
        for (EntityType t : types) {
            for (Field f : t.exposedFields()) {
                boolean textual = f.type() == FieldType.STRING
                        || f.type() == FieldType.TEXT
                        || (f.type() == FieldType.ARRAY && (f.items() == null || f.items() == FieldType.STRING));
                if (textual) {
                    names.add(f.name());
                }
            }
        }
        // words never find an object by a masked value either: filter on it instead
        names.removeIf(name -> types.stream().anyMatch(t -> t.hides(name) || t.masks(name)));
        return names.isEmpty()
                ? Optional.empty()
                : Optional.of(names.stream().map(FieldPath::property).toList());
    }

    /**
     * Whether an answer shows the field masked: the type masks it, or, without a type ({@code null}),
     * some type does (an answer over every type masks the name on every object).
     */
    boolean masked(EntityType type, String head) {
        return type != null ? type.masks(head) : schema.types().stream().anyMatch(t -> t.masks(head));
    }

    /** A one-line summary of every type and its fields, for tool descriptions. */
    String typeSummary(int budget) {
        if (schema.isEmpty()) {
            return "call get_database_schema to learn them.";
        }
        StringBuilder out = new StringBuilder();
        for (EntityType t : schema.types()) {
            String line =
                    t.name() + (t.fields().isEmpty() ? "" : " (" + String.join(", ", t.exposedFieldNames()) + ")");
            if (out.length() + line.length() > budget) {
                out.append("… call get_database_schema for the rest.");
                break;
            }
            out.append(out.isEmpty() ? "" : "; ").append(line);
        }
        return out.toString();
    }

    static String direction(Relationship r) {
        return r.direction().jsonName();
    }

    /** The graph without objects of types the schema does not declare, nor their relationships. */
    ScopeGraph visible(ScopeGraph graph) {
        List<GraphObject> kept = new ArrayList<>();
        for (GraphObject o : graph.objects()) {
            if (schema.type(o.type()).isPresent()) {
                kept.add(o);
            }
        }
        return kept.size() == graph.size() ? graph : ScopeGraph.of(kept, graph.relationships());
    }
}
