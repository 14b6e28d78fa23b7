package io.quarry.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.Predicate;
import io.quarry.filter.Value;
import io.quarry.internal.Suggestions;
import io.quarry.schema.FieldType;
import java.util.List;

/** {@code enum_filter_search}: objects whose enum field holds one of some values, or none of them. */
final class EnumFilterSearchTool extends TypedSearch {
    static final String NAME = "enum_filter_search";

    EnumFilterSearchTool(Parts parts, ToolConfig config) {
        super(NAME, parts, config, type -> type == FieldType.ENUM, false);
    }

    @Override
    public String description() {
        String type = firstType();
        String field = firstField(type);
        String value = allowed(type, field).get(0);
        return "Find objects whose enum field has any of the given values (or, with exclude: true, none of them), "
                + "newest first. Values are exact; get_database_schema lists them. "
                + "Example: {\"entity_type\": \"" + type + "\", \"field\": \"" + field + "\", \"values\": [\""
                + value + "\"]}.";
    }

    private List<String> allowed(String type, String field) {
        return view.examples.values(type, field);
    }

    @Override
    public ObjectNode inputSchema() {
        ObjectNode schema = baseSchema();
        ObjectNode props = (ObjectNode) schema.get("properties");
        ObjectNode values = props.putObject("values");
        values.put("type", "array");
        values.put("minItems", 1);
        values.putObject("items").put("type", "string");
        values.put("description", "Any of them matches.");
        ObjectNode exclude = props.putObject("exclude");
        exclude.put("type", "boolean");
        exclude.put("default", false);
        exclude.put("description", "true: objects with none of the values (a missing value counts as none).");
        pageParameters(schema, limits.defaultLimit());
        schema.withArray("required").add("values");
        return schema;
    }

    @Override
    public ObjectNode handle(Arguments args, Call call) {
        Target target = target(args);
        List<String> values = args.strings("values").orElseThrow(() -> missing("values"));
        if (values.isEmpty()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "values",
                    "'values' needs at least one value.",
                    "Name one or more values; get_database_schema lists them.");
        }
        List<String> allowed = allowed(target.type().name(), target.name());
        for (int i = 0; i < values.size(); i++) {
            String v = values.get(i);
            if (!allowed.contains(v)) {
                List<String> near = Suggestions.nearest(v, allowed, 1);
                throw QueryException.of(
                        ErrorCode.TYPE_MISMATCH,
                        "values[" + i + "]",
                        "'" + Arguments.echo(v) + "' is not a value of "
                                + target.type().name() + "." + target.name() + ".",
                        (near.isEmpty() ? "" : "Did you mean '" + near.get(0) + "'? ") + "Values: "
                                + String.join(", ", allowed) + ".");
            }
        }
        Predicate in = new Predicate.In(values.stream().map(Value::of).toList());
        boolean exclude = args.bool("exclude").orElse(false);
        return run(
                target,
                exclude ? new Predicate.Not(in) : in,
                "values",
                List.of(),
                call.limits().defaultLimit(),
                args,
                call);
    }
}
