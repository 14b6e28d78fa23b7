package io.quarry.filter;

import static java.util.Objects.requireNonNull;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import io.quarry.error.QueryException;
import io.quarry.internal.IsoDateTime;
import io.quarry.internal.NumericLiteral;
import io.quarry.internal.Suggestions;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Schema;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Checks a parsed filter against the schema: fields exist and are exposed, operators and values fit
 * the declared types, enum values are allowed. Errors carry the path of the offending condition and a
 * hint written for a language model: the nearest field names, the allowed operators, the enum values,
 * the accepted formats.
 */
public final class FilterValidator {
    private static final int SUGGESTIONS = 3;
    private static final String DATE_FORMATS =
            "Dates are YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS[.ffffff]] with an optional Z or ±HH:MM offset, such as \"2024-01-31\" or \"2024-01-31T09:30:00Z\".";

    private final Schema schema;

    /** A validator for this schema. */
    public FilterValidator(Schema schema) {
        this.schema = requireNonNull(schema, "schema");
    }

    /**
     * Validates a filter for one type, or for every type when {@code type} is {@code null}.
     *
     * <p>Errors and warnings are reported in document order, at most ten of each (the first ten).
     *
     * @throws QueryException when a field is unknown or hidden, or an operator or value does not fit
     *     the field's declared type
     */
    public ValidatedFilter validate(Filter filter, EntityType type) {
        requireNonNull(filter, "filter");
        Run run = new Run(type);
        filter.accept(run);
        if (!run.errors.isEmpty()) {
            throw new QueryException(reported(run.errors));
        }
        return new ValidatedFilter(filter, type, reported(run.warnings));
    }

    /**
     * Checks a field path as a filter condition's path is checked (the field exists and is exposed, in
     * {@code type} or, when it is {@code null}, in some type), for places that name a field without a
     * condition, such as a sort key.
     *
     * @param where the path of the field in the input, for the errors
     * @throws QueryException when the field is unknown or hidden
     */
    public void validatePath(FieldPath path, EntityType type, String where) {
        requireNonNull(path, "path");
        Run run = new Run(type);
        run.kind(path, where);
        if (!run.errors.isEmpty()) {
            throw new QueryException(reported(run.errors));
        }
    }

    /** The first {@link FilterParser#MAX_REPORTED} problems, in document order, as the parser reports them. */
    private static List<QueryError> reported(List<QueryError> problems) {
        return problems.subList(0, Math.min(problems.size(), FilterParser.MAX_REPORTED));
    }

    /** One validation: walks every condition and collects errors and warnings. */
    private final class Run implements Filter.Visitor<Void> {
        final EntityType type;
        final List<QueryError> errors = new ArrayList<>();
        final List<QueryError> warnings = new ArrayList<>();

        Run(EntityType type) {
            this.type = type;
        }

        @Override
        public Void and(Filter.And and) {
            and.filters().forEach(f -> f.accept(this));
            return null;
        }

        @Override
        public Void or(Filter.Or or) {
            or.filters().forEach(f -> f.accept(this));
            return null;
        }

        @Override
        public Void nor(Filter.Nor nor) {
            nor.filters().forEach(f -> f.accept(this));
            return null;
        }

        @Override
        public Void condition(Filter.Condition condition) {
            String where = condition.source();
            kind(condition.path(), where)
                    .ifPresent(k -> condition.predicate().accept(new TypeCheck(k, where, errors, warnings)));
            return null;
        }

        /** The declared kind of a path; empty when unknown (schemaless) or after an error. */
        Optional<FieldKind> kind(FieldPath path, String where) {
            return path.system() ? Optional.of(systemKind(path.head())) : propertyKind(path, where);
        }

        /** The declared kind of a property path; empty when unknown (schemaless) or after an error. */
        private Optional<FieldKind> propertyKind(FieldPath path, String where) {
            String head = path.head();
            if (type != null) {
                return typedKind(type, path, where);
            }
            // across all types: a field hidden anywhere is unavailable, so nothing hidden can leak
            List<EntityType> types = schema.types();
            Set<String> hidden = new LinkedHashSet<>();
            types.forEach(t -> t.fields().stream().filter(f -> !f.exposed()).forEach(f -> hidden.add(f.name())));
            List<EntityType> declaring =
                    types.stream().filter(t -> t.field(head).isPresent()).toList();
            Set<String> known = new LinkedHashSet<>();
            types.forEach(t -> known.addAll(t.exposedFieldNames()));
            known.removeAll(hidden);
            QueryError unknown = new QueryError(
                    ErrorCode.UNKNOWN_FIELD,
                    where,
                    "No type has a field '" + head + "'.",
                    unknownHint(null, path, new ArrayList<>(known), "Fields"));
            if (hidden.contains(head)) {
                if (declaring.isEmpty()) {
                    // worded exactly as a field no type has
                    errors.add(unknown);
                } else {
                    errors.add(new QueryError(
                            ErrorCode.UNKNOWN_FIELD,
                            where,
                            "No field '" + head + "' is available across all types.",
                            "Pass 'type' to filter on a type's own fields: "
                                    + String.join(
                                            ", ",
                                            declaring.stream()
                                                    .map(EntityType::name)
                                                    .toList())
                                    + " " + (declaring.size() == 1 ? "has" : "have") + " '" + head + "'."));
                }
                return Optional.empty();
            }
            if (declaring.isEmpty()) {
                // a declared type without fields accepts any name; an inferred one only warns
                boolean anySchemaless =
                        types.stream().anyMatch(t -> t.fields().isEmpty() && t.origin() == EntityType.Origin.DECLARED);
                if (anySchemaless || types.isEmpty()) {
                    return Optional.empty();
                }
                if (types.stream().allMatch(t -> t.origin() == EntityType.Origin.DECLARED)) {
                    errors.add(unknown);
                } else {
                    warnings.add(unknown);
                }
                return Optional.empty();
            }
            if (path.nested()) {
                return Optional.empty();
            }
            Set<FieldType> kinds = new LinkedHashSet<>();
            declaring.forEach(t -> t.field(head).ifPresent(f -> kinds.add(f.type())));
            if (kinds.size() != 1 || declaring.stream().anyMatch(t -> t.origin() != EntityType.Origin.DECLARED)) {
                return Optional.empty();
            }
            Field field = declaring.get(0).field(head).orElseThrow();
            if (field.type() == FieldType.ENUM && declaring.size() > 1) {
                // a field several types share: a value of any of them is a value of the field
                Set<String> values = new LinkedHashSet<>();
                declaring.forEach(t -> values.addAll(t.field(head).orElseThrow().values()));
                return Optional.of(new FieldKind(
                        "'" + head + "' (of "
                                + String.join(
                                        ", ",
                                        declaring.stream().map(EntityType::name).toList()) + ")",
                        FieldType.ENUM,
                        List.copyOf(values),
                        null,
                        false));
            }
            return Optional.of(FieldKind.of(field, "'" + head + "'"));
        }

        private Optional<FieldKind> typedKind(EntityType t, FieldPath path, String where) {
            String head = path.head();
            Optional<Field> field = t.field(head);
            if (field.isEmpty()) {
                if (t.fields().isEmpty() && t.origin() == EntityType.Origin.DECLARED) {
                    return Optional.empty();
                }
                QueryError problem = new QueryError(
                        ErrorCode.UNKNOWN_FIELD,
                        where,
                        t.name() + " has no field '" + head + "'.",
                        unknownHint(t, path, t.exposedFieldNames(), t.name() + " fields"));
                if (t.schemaless() && !t.hides(head)) {
                    warnings.add(new QueryError(
                            ErrorCode.UNKNOWN_FIELD,
                            where,
                            "No " + t.name() + " seen so far has a field '" + head + "'.",
                            problem.hint()));
                } else {
                    errors.add(problem);
                }
                return Optional.empty();
            }
            if (t.schemaless()) {
                return Optional.empty();
            }
            if (path.nested()) {
                if (field.get().type() != FieldType.OBJECT) {
                    errors.add(new QueryError(
                            ErrorCode.UNKNOWN_FIELD,
                            where,
                            t.name() + "." + head + " is " + aField(field.get().type()) + " and has no nested fields.",
                            field.get().type() == FieldType.ARRAY
                                    ? "A condition on '" + head + "' matches any element: {\"" + head
                                            + "\": value}; $all requires several, $size counts them."
                                    : "Filter on '" + head + "' itself."));
                } else {
                    checkKey(t, field.get(), path, where);
                }
                return Optional.empty();
            }
            return Optional.of(FieldKind.of(field.get(), t.name() + "." + head));
        }

        /** A key of an object field that its description does not list: a warning, as data may hold more. */
        private void checkKey(EntityType t, Field field, FieldPath path, String where) {
            List<String> keys = NameHints.objectKeys(field);
            String key = path.segments().get(1);
            if (keys.isEmpty() || keys.contains(key)) {
                return;
            }
            List<String> near =
                    keys.stream().filter(k -> k.equalsIgnoreCase(key)).toList();
            if (near.isEmpty()) {
                near = Suggestions.nearest(key, keys, 1);
            }
            String prefix = field.name() + ".";
            warnings.add(new QueryError(
                    ErrorCode.UNKNOWN_FIELD,
                    where,
                    t.name() + "." + field.name() + " has no key '" + key + "' that its description names; keys are"
                            + " case-sensitive.",
                    (near.isEmpty() ? "" : "Did you mean '" + prefix + near.get(0) + "'? ") + "Its keys are "
                            + String.join(
                                    " and ",
                                    keys.stream()
                                            .map(k -> "'" + prefix + k + "'")
                                            .toList())
                            + "."));
        }

        /**
         * The hint for an unknown field: the type it names, the relationship it means, the nested path,
         * a synonym, a near name, the types that have it; then every name.
         */
        private String unknownHint(EntityType t, FieldPath path, List<String> names, String label) {
            String head = path.head();
            StringBuilder hint = new StringBuilder();
            if (path.nested() && schema.type(head).isPresent()) {
                String rest = String.join(
                        ".", path.segments().subList(1, path.segments().size()));
                return "Pass \"type\": \"" + head + "\" and filter on '" + rest + "' without the type name.";
            }
            List<String> nested = NameHints.nestedPaths(schema, t, head);
            List<String> near = new ArrayList<>(NameHints.synonyms(t, head));
            for (String n : Suggestions.nearest(head, names, SUGGESTIONS)) {
                if (!near.contains(n)) {
                    near.add(n);
                }
            }
            List<String> meant = new ArrayList<>(nested);
            meant.addAll(near);
            if (!meant.isEmpty()) {
                hint.append("Did you mean ")
                        .append(quoteAll(meant.subList(0, Math.min(3, meant.size())), " or "))
                        .append("? ");
            }
            List<String> others = NameHints.typesWithField(schema, t, head);
            if (t != null && !others.isEmpty()) {
                hint.append(String.join(", ", others))
                        .append(others.size() == 1 ? " has" : " have")
                        .append(" '")
                        .append(head)
                        .append("': pass \"type\": \"")
                        .append(others.get(0))
                        .append("\" to filter on it. ");
            } else if (meant.isEmpty()) {
                NameHints.relationship(schema, t, path.toString())
                        .ifPresent(m ->
                                hint.append(NameHints.relationshipHint(head, m)).append(' '));
            }
            hint.append(label)
                    .append(": ")
                    .append(names.isEmpty() ? "(none)" : String.join(", ", names))
                    .append('.');
            return hint.toString();
        }

        private FieldKind systemKind(String name) {
            return switch (name) {
                case "created_at", "updated_at" -> new FieldKind(name, FieldType.DATETIME, List.of(), null, true);
                case "type" -> new FieldKind(name, FieldType.ENUM, schema.typeNames(), null, false);
                default -> new FieldKind(name, FieldType.STRING, List.of(), null, false);
            };
        }
    }

    /** {@code "a string field"}, {@code "an enum field"}, for the hints of the tools. */
    public static String aFieldOf(FieldType type) {
        return aField(type);
    }

    /** {@code "a string field"}, {@code "an integer field"}: messages are read, so the article fits. */
    static String aField(FieldType type) {
        String name = type.jsonName();
        return ("aeiou".indexOf(name.charAt(0)) >= 0 ? "an " : "a ") + name + " field";
    }

    static String fieldHint(String input, List<String> names, String label) {
        List<String> near = Suggestions.nearest(input, names, SUGGESTIONS);
        StringBuilder hint = new StringBuilder();
        if (!near.isEmpty()) {
            hint.append("Did you mean ").append(quoteAll(near, " or ")).append("? ");
        }
        hint.append(label)
                .append(": ")
                .append(names.isEmpty() ? "(none)" : String.join(", ", names))
                .append('.');
        return hint.toString();
    }

    private static String quoteAll(List<String> names, String separator) {
        return String.join(separator, names.stream().map(n -> "'" + n + "'").toList());
    }

    /**
     * What the validator knows of a field: its type, enum values and array element type.
     *
     * @param label how messages name the field ({@code Task.status})
     * @param instant whether every store keeps an instant here, never a string: the system timestamps
     */
    record FieldKind(String label, FieldType type, List<String> values, FieldType items, boolean instant) {
        /** The field's name as a filter writes it, for the examples of hints. */
        String name() {
            String n = label.startsWith("'") ? label.substring(1, label.indexOf('\'', 1)) : label;
            n = n.contains(".") ? n.substring(n.indexOf('.') + 1) : n;
            return n.endsWith(" elements") ? n.substring(0, n.length() - " elements".length()) : n;
        }

        static FieldKind of(Field field, String label) {
            return new FieldKind(label, field.type(), field.values(), field.items(), false);
        }

        /** The kind of one element of an array field, or {@code null} when not declared. */
        FieldKind element() {
            return items == null ? null : new FieldKind(label + " elements", items, List.of(), null, false);
        }
    }

    /** Checks each operator and value against the field's declared type. */
    private record TypeCheck(FieldKind field, String where, List<QueryError> errors, List<QueryError> warnings)
            implements Predicate.Visitor<Void> {

        private void warn(String message, String hint) {
            warnings.add(new QueryError(ErrorCode.TYPE_MISMATCH, where, message, hint));
        }

        private void mismatch(String message, String hint) {
            errors.add(new QueryError(ErrorCode.TYPE_MISMATCH, where, message, hint));
        }

        /** The kind scalar operators compare against: an array field's element kind, or the field. */
        private FieldKind scalarKind() {
            return field.type() == FieldType.ARRAY ? field.element() : field;
        }

        @Override
        public Void compare(Predicate.Compare compare) {
            FieldKind kind = scalarKind();
            if (kind == null) {
                return null;
            }
            if (compare.op() == CompareOp.EQ) {
                if (compare.operand() instanceof Value.Str s && SqlHabits.isNullWord(s.value())) {
                    String hint = "SQL's NULL is JSON null: write {\"" + kind.name()
                            + "\": null} (missing or null), or "
                            + "{\"" + kind.name() + "\": {\"$exists\": "
                            + !s.value().toUpperCase(java.util.Locale.ROOT).contains("NOT") + "}}; $exists: false "
                            + "finds objects without it.";
                    if (kind.type() == FieldType.STRING || kind.type() == FieldType.TEXT) {
                        warn("'" + s.value() + "' is compared as text with " + kind.label() + ".", hint);
                    } else {
                        mismatch("'" + s.value() + "' is not a value of " + kind.label() + ".", hint);
                    }
                    return null;
                }
                if (compare.operand() instanceof Value.Str s
                        && (kind.type() == FieldType.STRING || kind.type() == FieldType.TEXT)
                        && s.value().length() > 2
                        && s.value().startsWith("%")
                        && s.value().endsWith("%")) {
                    warn(
                            "'%' is not a wildcard here: " + kind.label() + " must equal \"" + s.value() + "\".",
                            "For a substring write {\"" + kind.name() + "\": {\"$contains\": \""
                                    + s.value().substring(1, s.value().length() - 1) + "\", \"$options\": \"i\"}}.");
                    return null;
                }
                dateEquality(kind, compare.operand());
                checkValue(kind, compare.operand(), "$eq");
                return null;
            }
            String op = compare.op().operator();
            switch (kind.type()) {
                case BOOLEAN, OBJECT, ARRAY ->
                    mismatch(
                            "'" + op + "' does not apply to " + kind.label() + ", " + aField(kind.type()) + ".",
                            operatorsFor(kind));
                case ENUM ->
                    mismatch(
                            "'" + op + "' does not apply to " + kind.label() + ", an enum field.",
                            "Use $in with the values you want: " + String.join(", ", kind.values()) + ".");
                default -> checkValue(kind, compare.operand(), op);
            }
            return null;
        }

        @Override
        public Void in(Predicate.In in) {
            FieldKind kind = scalarKind();
            if (kind != null) {
                in.values().forEach(v -> dateEquality(kind, v));
                in.values().forEach(v -> checkValue(kind, v, "$in"));
            }
            return null;
        }

        @Override
        public Void exists(Predicate.Exists exists) {
            return null;
        }

        /** A date compared for equality with a date-time matches only midnight: the range is meant. */
        private void dateEquality(FieldKind kind, Value value) {
            if ((kind.type() == FieldType.DATETIME || kind.instant())
                    && value instanceof Value.Str s
                    && s.value().length() == 10
                    && IsoDateTime.isDateTime(s.value())) {
                java.time.LocalDate day;
                try {
                    day = java.time.LocalDate.parse(s.value());
                } catch (java.time.DateTimeException e) {
                    return;
                }
                warn(
                        kind.label() + " is a date-time: equality with the date \"" + s.value()
                                + "\" matches only midnight UTC.",
                        "For the whole day write {\"" + kind.name() + "\": {\"$gte\": \"" + day + "\", \"$lt\": \""
                                + day.plusDays(1) + "\"}}.");
            }
        }

        @Override
        public Void regex(Predicate.Regex regex) {
            textual("$regex");
            if (regex.pattern().contains("%")) {
                warn(
                        "'%' is a literal character in a regular expression.",
                        "Any run of characters is .* in a regex: \""
                                + regex.pattern().replace("%", ".*") + "\"; or use $contains for a substring.");
            }
            return null;
        }

        @Override
        public Void match(Predicate.Match match) {
            textual(match.op().operator());
            String literal = match.literal();
            if (literal.length() > 1
                    && (literal.startsWith("%") || (match.op() != MatchOp.ENDS_WITH && literal.endsWith("%")))) {
                warn(
                        "'%' is not a wildcard here: " + match.op().operator()
                                + " looks for the characters as written.",
                        "Drop the % signs: {\"" + match.op().operator() + "\": \"" + literal.replaceAll("^%+|%+$", "")
                                + "\"}; $contains already matches anywhere.");
            }
            return null;
        }

        private void textual(String op) {
            FieldKind kind = scalarKind();
            if (kind == null) {
                return;
            }
            if (kind.instant()) {
                // the databases keep an instant, not its text: a pattern over the text would differ by backend
                mismatch(
                        "'" + op + "' matches strings; " + kind.label() + " is a timestamp, compared as a date.",
                        "Use $eq, $gt, $gte, $lt or $lte with an ISO-8601 date or date-time, such as \"2024-01-31\".");
                return;
            }
            if (kind.type().isNumeric() || kind.type() == FieldType.BOOLEAN || kind.type() == FieldType.OBJECT) {
                mismatch(
                        "'" + op + "' matches strings; " + kind.label() + " is " + aField(kind.type()) + ".",
                        operatorsFor(kind));
            }
        }

        @Override
        public Void all(Predicate.All all) {
            if (field.type() != FieldType.ARRAY) {
                mismatch(
                        "'$all' applies to arrays; " + field.label() + " is " + aField(field.type()) + ".",
                        "Use $eq or $in instead.");
            } else if (field.element() != null) {
                all.values().forEach(v -> checkValue(field.element(), v, "$all"));
            }
            return null;
        }

        @Override
        public Void size(Predicate.Size size) {
            if (field.type() != FieldType.ARRAY) {
                mismatch(
                        "'$size' applies to arrays; " + field.label() + " is " + aField(field.type()) + ".",
                        "Use $exists to test whether the field is present.");
            }
            return null;
        }

        @Override
        public Void not(Predicate.Not not) {
            return not.predicate().accept(this);
        }

        @Override
        public Void every(Predicate.Every every) {
            every.predicates().forEach(p -> p.accept(this));
            return null;
        }

        private void checkValue(FieldKind kind, Value value, String op) {
            if (value instanceof Value.Null) {
                return;
            }
            switch (kind.type()) {
                case NUMBER, INTEGER -> {
                    if (!(value instanceof Value.Num)) {
                        String hint = value instanceof Value.Str s
                                        && NumericLiteral.parse(s.value()).isPresent()
                                ? "Write the number without quotes: "
                                        + s.value().strip() + "."
                                : value instanceof Value.Str s
                                                && SqlHabits.comparison(s.value())
                                                        .isPresent()
                                        ? SqlHabits.comparisonHint(kind.name(), s.value())
                                        : "Give a number, such as 5.";
                        mismatch(kind.label() + " is a number field; " + value + " is not a number.", hint);
                    }
                }
                case BOOLEAN -> {
                    if (!(value instanceof Value.Bool)) {
                        mismatch(
                                kind.label() + " is a boolean field; " + value + " is not true or false.",
                                "Give true or false.");
                    }
                }
                case ENUM -> {
                    if (!(value instanceof Value.Str s) || !kind.values().contains(s.value())) {
                        String input = value instanceof Value.Str s ? s.value() : value.toString();
                        List<String> near = kind.values().stream()
                                .filter(v -> v.equalsIgnoreCase(input) || v.equalsIgnoreCase(input.replace('_', ' ')))
                                .toList();
                        if (near.isEmpty()) {
                            near = Suggestions.nearest(input, kind.values(), 1);
                        }
                        List<String> several = SqlHabits.list(input).stream()
                                .filter(kind.values()::contains)
                                .toList();
                        String meant = several.size() > 1
                                ? "For any of several values write {\"" + kind.name() + "\": {\"$in\": "
                                        + SqlHabits.jsonList(several) + "}}. "
                                : near.isEmpty() ? "" : "Did you mean '" + near.get(0) + "'? ";
                        mismatch(
                                value + " is not a value of " + kind.label() + ".",
                                meant + "Allowed values: " + String.join(", ", kind.values()) + ".");
                    }
                }
                case DATE, DATETIME -> {
                    if (!(value instanceof Value.Str s) || !IsoDateTime.isDateTime(s.value())) {
                        mismatch(
                                kind.label() + " is " + aField(kind.type()) + "; " + value + " is not a date.",
                                SqlHabits.dateHint(kind.name(), value) + DATE_FORMATS);
                    }
                }
                case STRING, TEXT -> {
                    if (!(value instanceof Value.Str)) {
                        mismatch(
                                kind.label() + " is " + aField(kind.type()) + "; " + value + " is not a string.",
                                "Quote the value: \"" + value + "\".");
                    }
                }
                case OBJECT ->
                    mismatch(
                            "'" + op + "' cannot compare " + kind.label() + ", an object field, with a value.",
                            "Filter its nested fields with dotted paths, or use $exists.");
                case ARRAY -> {
                    // an array of arrays: elements are not scalars, nothing to check
                }
            }
        }

        private static String operatorsFor(FieldKind kind) {
            return switch (kind.type()) {
                case BOOLEAN -> "Boolean fields take $eq, $ne, $in, $nin and $exists: {\"flag\": true}.";
                case OBJECT ->
                    "Object fields take $exists; filter their nested fields with dotted paths such as field.key.";
                case NUMBER, INTEGER -> "Number fields take $eq, $ne, $gt, $gte, $lt, $lte, $in, $nin and $exists.";
                case ARRAY -> "Array fields take $all, $size and the scalar operators, which match any element.";
                default -> "See the field's type in get_database_schema.";
            };
        }
    }
}
