package io.quarry.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.CompareOp;
import io.quarry.filter.MatchOp;
import io.quarry.filter.Predicate;
import io.quarry.filter.Value;
import io.quarry.regex.PortableRegex;
import io.quarry.schema.FieldType;
import java.util.List;

/** {@code text_pattern_search}: objects whose text field contains, starts with, ends with or matches a pattern. */
final class TextPatternSearchTool extends TypedSearch {
    static final String NAME = "text_pattern_search";

    TextPatternSearchTool(Parts parts, ToolConfig config) {
        super(NAME, parts, config, type -> type == FieldType.STRING || type == FieldType.TEXT, false);
    }

    @Override
    public String description() {
        String type = firstType();
        String field = firstField(type);
        return "Find objects whose text field matches a pattern: contains (default), starts_with, ends_with, "
                + "exact, regex or glob (* and ?); case-insensitive unless case_sensitive is true. "
                + "To combine conditions, use query_graph_objects. "
                + "Example: {\"entity_type\": \"" + type + "\", \"field\": \"" + field
                + "\", \"pattern\": \"auth\", \"mode\": \"" + exampleMode(type, field, "contains") + "\"}.";
    }

    @Override
    public ObjectNode inputSchema() {
        ObjectNode schema = baseSchema();
        ObjectNode props = (ObjectNode) schema.get("properties");
        props.set(
                "pattern", InputSchemas.string("The text to look for, a regular expression (regex) or a glob (glob)."));
        ObjectNode mode = InputSchemas.enumString(TEXT_MODES);
        mode.put("default", "contains");
        props.set("mode", mode);
        ObjectNode cs = props.putObject("case_sensitive");
        cs.put("type", "boolean");
        cs.put("default", false);
        pageParameters(schema, limits.defaultLimit());
        schema.withArray("required").add("pattern");
        return schema;
    }

    @Override
    public ObjectNode handle(Arguments args, Call call) {
        Target target = target(args);
        String pattern = args.string("pattern").orElseThrow(() -> missing("pattern"));
        if (pattern.isEmpty()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND, "pattern", "'pattern' must not be empty.", "Give some text to find.");
        }
        String mode = args.choice("mode", TEXT_MODES).orElse("contains");
        checkMode(target, "mode", mode);
        boolean ignoreCase = !args.bool("case_sensitive").orElse(false);
        Predicate predicate =
                switch (mode) {
                    case "contains" -> new Predicate.Match(MatchOp.CONTAINS, pattern, ignoreCase);
                    case "starts_with" -> new Predicate.Match(MatchOp.STARTS_WITH, pattern, ignoreCase);
                    case "ends_with" -> new Predicate.Match(MatchOp.ENDS_WITH, pattern, ignoreCase);
                    case "exact" ->
                        ignoreCase
                                ? new Predicate.Regex("^" + PortableRegex.quote(pattern) + "$", true)
                                : new Predicate.Compare(CompareOp.EQ, Value.of(pattern));
                    case "regex" -> new Predicate.Regex(pattern, ignoreCase);
                    default -> new Predicate.Regex(glob(pattern), ignoreCase);
                };
        ObjectNode result =
                run(target, predicate, "pattern", List.of(), call.limits().defaultLimit(), args, call);
        if (!mode.equals("glob") && !mode.equals("regex") && pattern.length() > 1 && pattern.contains("*")) {
            result.withArray("warnings")
                    .add(Results.error(new io.quarry.error.QueryError(
                            ErrorCode.INVALID_OPERAND,
                            "pattern",
                            "'*' is not a wildcard in mode " + mode + ": the text is looked for as written.",
                            "For wildcards use \"mode\": \"glob\" (* any text, ? one character); for a substring "
                                    + "give the text alone, such as \"" + pattern.replace("*", "") + "\".")));
        }
        return result;
    }

    /** A glob as an anchored portable regex: {@code *} any text, {@code ?} one character, the rest literal. */
    static String glob(String glob) {
        StringBuilder regex = new StringBuilder("^");
        StringBuilder literal = new StringBuilder();
        glob.codePoints().forEach(c -> {
            if (c == '*' || c == '?') {
                if (!literal.isEmpty()) {
                    regex.append(PortableRegex.quote(literal.toString()));
                    literal.setLength(0);
                }
                regex.append(c == '*' ? ".*" : ".");
            } else {
                literal.appendCodePoint(c);
            }
        });
        if (!literal.isEmpty()) {
            regex.append(PortableRegex.quote(literal.toString()));
        }
        return regex.append('$').toString();
    }
}
