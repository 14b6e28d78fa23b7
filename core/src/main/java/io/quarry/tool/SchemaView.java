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
        return schema.type(name).orElseThrow(() -> {
            List<String> near = Suggestions.nearest(name, typeNames(), 3);
            return QueryException.of(
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
                                                            .toList()) + "? ")
                            + "Types: " + String.join(", ", typeNames()) + ".");
        });
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

    /** The fields full-text search reads: string and text fields of the type (or of every type). */
    List<FieldPath> textFields(EntityType type) {
        List<EntityType> types = type == null ? schema.types() : List.of(type);
        Set<String> names = new LinkedHashSet<>();
        for (EntityType t : types) {
            if (t.fields().isEmpty()) {
                return List.of(); // a type with no known fields: search every string property
            }
            for (Field f : t.exposedFields()) {
                boolean textual = f.type() == FieldType.STRING
                        || f.type() == FieldType.TEXT
                        || (f.type() == FieldType.ARRAY && (f.items() == null || f.items() == FieldType.STRING));
                if (textual) {
                    names.add(f.name());
                }
            }
        }
        return names.stream().map(FieldPath::property).toList();
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
