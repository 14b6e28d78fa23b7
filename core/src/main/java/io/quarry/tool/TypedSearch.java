package io.quarry.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import io.quarry.error.QueryException;
import io.quarry.filter.FieldPath;
import io.quarry.filter.Filter;
import io.quarry.filter.FilterParser;
import io.quarry.filter.Predicate;
import io.quarry.filter.Value;
import io.quarry.internal.Json;
import io.quarry.internal.Suggestions;
import io.quarry.projection.Projection;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.store.SortKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the type-specialized search tools share: the (type, field) pairs they apply to, the
 * {@code entity_type} and {@code field} enums, the configured rules, and the one query path: each
 * tool compiles its parameters to a filter condition and runs it through {@link QueryRunner}.
 */
abstract class TypedSearch extends SchemaTool {
    static final List<String> TEXT_MODES = List.of("contains", "starts_with", "ends_with", "exact", "regex", "glob");
    static final List<String> DATETIME_MODES = List.of("before", "after", "between", "relative");
    static final List<String> NUMBER_MODES =
            List.of("equal", "gt", "gte", "lt", "lte", "between", "approximately", "rounded_equal");

    final ToolConfig config;
    /** Type name to the names of its fields this tool applies to, in schema order. */
    final Map<String, List<String>> eligible = new LinkedHashMap<>();

    /**
     * A search of the fields whose type {@code applies}; {@code timestamps}: also of each type's
     * {@code created_at} and {@code updated_at}.
     */
    TypedSearch(
            String name,
            Parts parts,
            ToolConfig config,
            java.util.function.Predicate<FieldType> applies,
            boolean timestamps) {
        super(name, parts);
        this.config = config;
        for (EntityType t : view.schema.types()) {
            List<String> names = new ArrayList<>();
            for (Field f : t.exposedFields()) {
                if (applies.test(f.type())) {
                    names.add(f.name());
                }
            }
            if (timestamps) {
                names.addAll(t.timestamps()); // only those its table has
            }
            if (!names.isEmpty()) {
                eligible.put(t.name(), List.copyOf(names));
            }
        }
    }

    /** The search modes (or operators) of a field type; empty for types without modes. */
    static List<String> modesFor(FieldType type) {
        return switch (type) {
            case STRING, TEXT -> TEXT_MODES;
            case DATE, DATETIME -> DATETIME_MODES;
            case NUMBER, INTEGER -> NUMBER_MODES;
            default -> List.of();
        };
    }

    /** Whether any type has a field this tool searches: otherwise the tool is not generated. */
    boolean available() {
        return !eligible.isEmpty();
    }

    /**
     * "every type: created_at; Task: title, notes; Project: name": the pairs, for the description, within a
     * budget; the fields every type has are named once.
     */
    String pairs(int budget) {
        List<String> shared = new ArrayList<>(eligible.values().iterator().next());
        eligible.values().forEach(shared::retainAll);
        if (eligible.size() < 2) {
            shared.clear();
        }
        StringBuilder out = new StringBuilder(shared.isEmpty() ? "" : "every type: " + String.join(", ", shared));
        for (Map.Entry<String, List<String>> e : eligible.entrySet()) {
            List<String> own = new ArrayList<>(e.getValue());
            own.removeAll(shared);
            if (own.isEmpty()) {
                continue;
            }
            String line = e.getKey() + ": " + String.join(", ", own);
            if (out.length() + line.length() > budget) {
                out.append("; … (get_database_schema lists the rest)");
                break;
            }
            out.append(out.isEmpty() ? "" : "; ").append(line);
        }
        return out.toString();
    }

    /** The type of the example call: the example type if this tool searches it, else the first that it does. */
    String firstType() {
        String example = view.examples.type();
        return eligible.containsKey(example)
                ? example
                : eligible.keySet().iterator().next();
    }

    String firstField(String type) {
        return eligible.get(type).get(0);
    }

    /** The mode an example call on the field uses: the preferred one if the configuration allows it, else the first allowed. */
    String exampleMode(String type, String field, String preferred) {
        List<String> allowed =
                config.rule(type, field).map(ToolConfig.FieldRule::modes).orElse(null);
        return allowed == null || allowed.contains(preferred) ? preferred : allowed.get(0);
    }

    /** An input schema with {@code entity_type}, {@code field}, then the tool's parameters, limit and cursor. */
    ObjectNode baseSchema() {
        ObjectNode schema = InputSchemas.object();
        ObjectNode props = (ObjectNode) schema.get("properties");
        props.set(
                "entity_type",
                InputSchemas.enumString(List.copyOf(eligible.keySet()), "The type of object to search."));
        props.set("field", InputSchemas.string("The field of entity_type to search: " + pairs(600) + "."));
        ArrayNode required = schema.putArray("required");
        required.add("entity_type");
        required.add("field");
        return schema;
    }

    /** Adds {@code limit} and {@code cursor} to an input schema. */
    void pageParameters(ObjectNode schema, int defaultLimit) {
        ObjectNode props = (ObjectNode) schema.get("properties");
        ObjectNode limit = InputSchemas.integer(1, limits.maxLimit(), Math.min(defaultLimit, limits.maxLimit()));
        props.set("limit", limit);
        props.set("cursor", InputSchemas.string("next_cursor from the previous page of the same search."));
    }

    /** The searched type and field. */
    record Target(EntityType type, Field field, FieldPath path, String name) {}

    /**
     * Reads {@code entity_type} and {@code field}.
     *
     * @throws QueryException {@code INVALID_OPERAND} for a missing parameter, {@code UNKNOWN_TYPE} or
     *     {@code UNKNOWN_FIELD} with the names that exist
     */
    Target target(Arguments args) {
        String typeName = args.string("entity_type").orElseThrow(() -> missing("entity_type"));
        List<String> fields = eligible.get(typeName);
        if (fields == null) {
            EntityType exists = view.type(typeName, "entity_type"); // UNKNOWN_TYPE for a type that does not exist
            String served = args.string("field")
                    .flatMap(exists::field)
                    .filter(Field::exposed)
                    .map(f -> exists.name() + "." + f.name() + " is "
                            + io.quarry.filter.FilterValidator.aFieldOf(f.type()) + ": search it with "
                            + toolFor(f.type(), f.name()) + ". ")
                    .orElse("");
            throw QueryException.of(
                    ErrorCode.UNKNOWN_TYPE,
                    "entity_type",
                    exists.name() + " has no field this tool searches.",
                    served + "Types with such fields: " + String.join(", ", eligible.keySet()) + ".");
        }
        String fieldName = args.string("field").orElseThrow(() -> missing("field"));
        if (!fields.contains(fieldName)) {
            List<String> near = Suggestions.nearest(fieldName, fields, 1);
            Field other = view.schema
                    .type(typeName)
                    .flatMap(t -> t.field(fieldName))
                    .filter(Field::exposed)
                    .orElse(null);
            String served = other == null
                    ? ""
                    : typeName + "." + fieldName + " is " + io.quarry.filter.FilterValidator.aFieldOf(other.type())
                            + ": search it with " + toolFor(other.type(), fieldName) + ". ";
            throw QueryException.of(
                    ErrorCode.UNKNOWN_FIELD,
                    "field",
                    typeName + " has no field '" + fieldName + "' this tool searches.",
                    served + (near.isEmpty() || other != null ? "" : "Did you mean '" + near.get(0) + "'? ") + typeName
                            + " fields here: " + String.join(", ", fields) + ".");
        }
        EntityType type = view.schema.type(typeName).orElseThrow();
        Field field = type.field(fieldName).orElse(null);
        FieldPath path = field == null ? FieldPath.systemField(fieldName) : FieldPath.property(fieldName);
        return new Target(type, field, path, fieldName);
    }

    /** The tool that searches a field of this type. */
    static String toolFor(FieldType type, String field) {
        return switch (type) {
            case ENUM -> "enum_filter_search";
            case STRING, TEXT -> "text_pattern_search";
            case NUMBER, INTEGER -> "number_range_search";
            case DATE, DATETIME -> "datetime_range_search";
            default -> "query_graph_objects and 'properties', such as {\"" + field + "\": ...}";
        };
    }

    /** The field's type; system timestamps are date-times. */
    static FieldType fieldType(Target target) {
        return target.field() == null ? FieldType.DATETIME : target.field().type();
    }

    /**
     * Checks a mode against the field's configured rule.
     *
     * @throws QueryException {@code INVALID_OPERAND} naming the allowed modes
     */
    void checkMode(Target target, String parameter, String mode) {
        ToolConfig.FieldRule rule =
                config.rule(target.type().name(), target.name()).orElse(null);
        if (rule != null && rule.modes() != null && !rule.modes().contains(mode)) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    parameter,
                    "'" + mode + "' is not allowed on " + target.type().name() + "." + target.name() + ".",
                    "Allowed here: " + String.join(", ", rule.modes()) + ".");
        }
    }

    static QueryException missing(String parameter) {
        return QueryException.of(
                ErrorCode.INVALID_OPERAND,
                parameter,
                "'" + parameter + "' is required.",
                "Add \"" + parameter + "\"; the tool's description ends with an example call.");
    }

    /** Runs the condition through the one query path and adds the filter it ran as, so the model learns it. */
    ObjectNode run(
            Target target,
            Predicate predicate,
            String source,
            List<SortKey> sort,
            int defaultLimit,
            Arguments args,
            CatalogTool.Call call) {
        int limit = args.pageLimit(call.limits().maxLimit())
                .orElse(Math.min(defaultLimit, call.limits().maxLimit()));
        // compiled to the filter language and parsed like a model's filter: the same limits and checks
        ObjectNode properties = Json.object();
        properties.set(target.path().toString(), render(predicate));
        ObjectNode result;
        try {
            Filter filter = new FilterParser(call.limits().filter()).parse(properties, "properties");
            result = runner.run(
                    new QueryRunner.Request(
                            target.type(),
                            filter,
                            null,
                            null,
                            null,
                            sort,
                            limit,
                            args.string("cursor").orElse(null),
                            Projection.Detail.LIGHT,
                            null),
                    call);
        } catch (QueryException e) {
            throw new QueryException(e.errors().stream()
                    .map(err -> err.path().startsWith("properties")
                            ? new QueryError(err.code(), source, err.message(), err.hint())
                            : err)
                    .toList());
        }
        ObjectNode ran = Json.object();
        ran.put("type", target.type().name());
        ran.set("properties", properties);
        result.set("query_graph_objects", ran);
        if (Results.size(result) > call.limits().sizeBudget()) {
            result.remove("query_graph_objects");
        }
        return result;
    }

    /** The filter-language JSON of a predicate this package generates. */
    static JsonNode render(Predicate p) {
        return p.accept(new Predicate.Visitor<JsonNode>() {
            @Override
            public JsonNode compare(Predicate.Compare c) {
                ObjectNode o = Json.object();
                o.set(c.op().operator(), value(c.operand()));
                return o;
            }

            @Override
            public JsonNode in(Predicate.In in) {
                ObjectNode o = Json.object();
                ArrayNode list = o.putArray("$in");
                in.values().forEach(v -> list.add(value(v)));
                return o;
            }

            @Override
            public JsonNode exists(Predicate.Exists e) {
                ObjectNode o = Json.object();
                o.put("$exists", e.exists());
                return o;
            }

            @Override
            public JsonNode regex(Predicate.Regex r) {
                ObjectNode o = Json.object();
                o.put("$regex", r.pattern());
                if (r.ignoreCase()) {
                    o.put("$options", "i");
                }
                return o;
            }

            @Override
            public JsonNode match(Predicate.Match m) {
                ObjectNode o = Json.object();
                o.put(m.op().operator(), m.literal());
                if (m.ignoreCase()) {
                    o.put("$options", "i");
                }
                return o;
            }

            @Override
            public JsonNode all(Predicate.All a) {
                ObjectNode o = Json.object();
                ArrayNode list = o.putArray("$all");
                a.values().forEach(v -> list.add(value(v)));
                return o;
            }

            @Override
            public JsonNode size(Predicate.Size s) {
                ObjectNode o = Json.object();
                o.put("$size", s.size());
                return o;
            }

            @Override
            public JsonNode not(Predicate.Not n) {
                if (n.predicate() instanceof Predicate.In in) {
                    ObjectNode o = Json.object();
                    ArrayNode list = o.putArray("$nin");
                    in.values().forEach(v -> list.add(value(v)));
                    return o;
                }
                ObjectNode o = Json.object();
                o.set("$not", n.predicate().accept(this));
                return o;
            }

            @Override
            public JsonNode every(Predicate.Every e) {
                ObjectNode o = Json.object();
                e.predicates().forEach(p -> o.setAll((ObjectNode) p.accept(this)));
                return o;
            }
        });
    }

    private static JsonNode value(Value v) {
        return v.accept(new Value.Visitor<JsonNode>() {
            @Override
            public JsonNode string(Value.Str s) {
                return Json.MAPPER.getNodeFactory().textNode(s.value());
            }

            @Override
            public JsonNode number(Value.Num n) {
                return Json.MAPPER.getNodeFactory().numberNode(n.value());
            }

            @Override
            public JsonNode bool(Value.Bool b) {
                return Json.MAPPER.getNodeFactory().booleanNode(b.value());
            }

            @Override
            public JsonNode nul(Value.Null n) {
                return Json.MAPPER.getNodeFactory().nullNode();
            }
        });
    }
}
