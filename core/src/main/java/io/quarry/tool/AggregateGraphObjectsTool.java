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
import io.quarry.filter.ValidatedFilter;
import io.quarry.internal.Json;
import io.quarry.internal.Suggestions;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.store.AggregateQuery;
import io.quarry.store.Aggregation;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** {@code aggregate_graph_objects}: count, sum, average, min, max and percentiles, grouped by a field. */
final class AggregateGraphObjectsTool extends SchemaTool {
    static final String NAME = "aggregate_graph_objects";
    /** The most objects one aggregation reads; beyond, the result says it is partial. */
    static final int MAX_OBJECTS = 100_000;

    private static final List<String> OPS = List.of("count", "sum", "avg", "min", "max", "percentile");
    private static final Set<String> NUMERIC_OPS = Set.of("sum", "avg", "percentile");
    private static final int MAX_METRICS = 5;
    private static final List<String> METRIC_KEYS = List.of("op", "field", "expr", "p");
    private static final Set<String> EXPR_OPS = Set.of("sum", "avg", "min", "max");

    AggregateGraphObjectsTool(Parts parts) {
        super(NAME, parts);
    }

    @Override
    public String description() {
        Examples examples = view.examples;
        return "Count objects and compute sum, avg, min, max or percentile (p 0-100) of a field, optionally "
                + "grouped by a field (array fields count once per element) and filtered like query_graph_objects. "
                + "Groups come largest first by the first metric. Answers 'how many per status' without paging; "
                + "per month: \"group_by\": {\"field\": \"created_at\", \"bucket\": \"month\"}. "
                + examples.numberExpression()
                        .map(e -> "Arithmetic over number fields: {\"op\": \"sum\", \"expr\": " + Examples.quote(e)
                                + "}. ")
                        .orElse("")
                + "Example: {\"type\": " + Examples.quote(examples.type())
                + examples.enumField()
                        .map(f -> ", \"group_by\": " + Examples.quote(f))
                        .orElse("")
                + ", \"metrics\": [{\"op\": \"count\"}]}.";
    }

    @Override
    public ObjectNode inputSchema() {
        ObjectNode schema = InputSchemas.object();
        ObjectNode props = (ObjectNode) schema.get("properties");
        props.set(
                "type",
                InputSchemas.enumString(
                        view.typeNames(),
                        "The type to aggregate; omit for every type (then group_by \"type\" counts per type)."));
        props.set("properties", InputSchemas.filter("A filter, as in query_graph_objects."));
        ObjectNode groupBy = Json.object();
        ArrayNode forms = groupBy.putArray("anyOf");
        forms.add(fieldSchema());
        ObjectNode bucketed = forms.addObject();
        bucketed.put("type", "object");
        ObjectNode bucketProps = bucketed.putObject("properties");
        bucketProps.putObject("field").put("type", "string");
        bucketProps.set("bucket", InputSchemas.enumString(BUCKETS));
        bucketProps.putObject("offset").put("type", "string");
        bucketed.putArray("required").add("field").add("bucket");
        groupBy.put(
                "description",
                "Group by this field, or a date field by period (offset default Z); omit for one group.");
        props.set("group_by", groupBy);
        ObjectNode metrics = props.putObject("metrics");
        metrics.put("type", "array");
        metrics.put("minItems", 1);
        metrics.put("maxItems", MAX_METRICS);
        metrics.put("description", "Default [{\"op\": \"count\"}].");
        ObjectNode item = InputSchemas.object();
        ObjectNode itemProps = (ObjectNode) item.get("properties");
        itemProps.set("op", InputSchemas.enumString(OPS));
        itemProps.set("field", fieldSchema());
        itemProps.set(
                "expr", InputSchemas.string("Instead of field: + - * / over number fields, such as \"price * qty\"."));
        ObjectNode p = itemProps.putObject("p");
        p.put("type", "number");
        p.put("minimum", 0);
        p.put("maximum", 100);
        p.put("description", "For percentile, such as 90.");
        item.putArray("required").add("op");
        metrics.set("items", item);
        ObjectNode limit = InputSchemas.integer(1, limits.maxLimit(), limits.defaultLimit());
        props.set("limit", limit);
        limit.put("description", "The most groups to return.");
        return schema;
    }

    private static ObjectNode fieldSchema() {
        return InputSchemas.string("A field of the type (get_database_schema lists them).");
    }

    @Override
    public ObjectNode handle(Arguments args, Call call) {
        FilterParser parser = new FilterParser(call.limits().filter());
        EntityType type = args.string("type").map(t -> view.type(t, "type")).orElse(null);
        Filter filter = parser.parse(args.node("properties").orElse(null), "properties");
        ValidatedFilter validated = runner.validate(filter, type);
        List<QueryError> warnings = new ArrayList<>(validated.warnings());
        Grouping grouping = grouping(args.node("group_by").orElse(null), parser, type);
        FieldPath groupBy = grouping.field();
        List<AggregateQuery.Metric> metrics = metrics(args, parser, type);
        int limit = args.integer("limit", 1, call.limits().maxLimit())
                .orElse(call.limits().defaultLimit());
        Aggregation aggregation = store.aggregate(new AggregateQuery(
                type == null ? view.typeNames() : List.of(type.name()),
                validated,
                groupBy,
                grouping.bucket(),
                metrics,
                call.context().scope(),
                MAX_OBJECTS));
        List<ObjectNode> groups = new ArrayList<>();
        boolean maskedKey = groupBy != null && !groupBy.system() && masked(type, groupBy.head());
        for (Aggregation.Group g : aggregation.groups()) {
            ObjectNode node = Json.object();
            if (groupBy != null) {
                // a masked field's groups keep apart, each under its value's mask
                JsonNode key = maskedKey ? runner.masking.mask(g.key()) : g.key();
                node.set(groupBy.toString(), key == null ? Json.MAPPER.nullNode() : key);
            }
            for (int i = 0; i < metrics.size(); i++) {
                JsonNode v = g.values().get(i);
                node.set(metricName(metrics.get(i)), v == null ? Json.MAPPER.nullNode() : v);
            }
            groups.add(node);
        }
        int keep = Math.min(limit, groups.size());
        ObjectNode result = envelope(groups, keep, limit, aggregation, warnings);
        while (keep > 0 && Results.size(result) > call.limits().sizeBudget()) {
            keep--;
            result = envelope(groups, keep, limit, aggregation, warnings);
        }
        return result;
    }

    private static ObjectNode envelope(
            List<ObjectNode> groups, int keep, int limit, Aggregation aggregation, List<QueryError> warnings) {
        ObjectNode result = Json.object();
        ArrayNode list = result.putArray("groups");
        groups.subList(0, keep).forEach(list::add);
        result.put("returned", keep);
        result.put("total", groups.size());
        result.put("objects", aggregation.objects());
        boolean truncated = keep < groups.size() || !aggregation.complete();
        result.put("truncated", truncated);
        ArrayNode caps = result.putArray("caps");
        if (keep < groups.size()) {
            caps.add(keep < limit ? "size_budget" : "limit");
        }
        if (!aggregation.complete()) {
            caps.add("scan_limit");
        }
        if (!aggregation.complete()) {
            result.put(
                    "hint",
                    "Only the first " + aggregation.objects() + " matching objects were aggregated; narrow the filter "
                            + "for an exact answer.");
        } else if (keep < groups.size()) {
            result.put(
                    "hint",
                    "Showing the " + keep + " largest of " + groups.size() + " groups. Raise limit, or filter to "
                            + "the groups you need.");
        } else if (aggregation.objects() == 0) {
            result.put("hint", "No objects matched the filter; loosen it, or check values with get_database_schema.");
        }
        Results.warnings(result, warnings);
        return result;
    }

    /** The field grouped by ({@code null}: none) and its date bucket ({@code null}: the value itself). */
    private record Grouping(FieldPath field, AggregateQuery.Bucket bucket) {}

    private static final List<String> GROUP_KEYS = List.of("field", "bucket", "offset");
    private static final List<String> BUCKETS = List.of("year", "quarter", "month", "week", "day");
    private static final java.util.regex.Pattern OFFSET =
            java.util.regex.Pattern.compile("([+-])([01][0-9]):([0-5][0-9])");
    private static final String BUCKET_FORM =
            "{\"field\": \"created_at\", \"bucket\": \"month\", \"offset\"?: \"+02:00\"}";

    /** {@code group_by}: a field's name, or {@code {field, bucket, offset?}} for calendar periods of a date field. */
    private Grouping grouping(JsonNode node, FilterParser parser, EntityType type) {
        if (node == null || node.isNull()) {
            return new Grouping(null, null);
        }
        if (node.isTextual()) {
            return new Grouping(field(parser, node.textValue(), "group_by", type), null);
        }
        if (!node.isObject()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "group_by",
                    "'group_by' is a field's name, or " + BUCKET_FORM + " to group dates by period.",
                    "Write \"group_by\": \"status\", or " + BUCKET_FORM + ".");
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!GROUP_KEYS.contains(k)) {
                String meant = Arguments.meant(k, GROUP_KEYS)
                        .orElse(
                                Set.of("unit", "period", "interval", "granularity", "by", "trunc", "date_trunc")
                                                .contains(k)
                                        ? "bucket"
                                        : Set.of("timezone", "time_zone", "tz", "zone", "utc_offset")
                                                        .contains(k)
                                                ? "offset"
                                                : null);
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        "group_by." + k,
                        "Unknown group_by parameter '" + Arguments.echo(k) + "'.",
                        (meant == null ? "" : "Did you mean '" + meant + "'? ") + "Write " + BUCKET_FORM + ".");
            }
        }
        if (!node.path("field").isTextual()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "group_by.field",
                    "group_by needs 'field', the name of a date or date-time field.",
                    "Write " + BUCKET_FORM + ".");
        }
        FieldPath field = field(parser, node.get("field").textValue(), "group_by.field", type);
        if (!node.has("bucket")) {
            if (node.has("offset")) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        "group_by.offset",
                        "'offset' applies only with a bucket.",
                        "Add \"bucket\": " + String.join("|", BUCKETS) + ", or remove offset.");
            }
            return new Grouping(field, null);
        }
        JsonNode b = node.get("bucket");
        String unit = b.isTextual() ? b.textValue().toLowerCase(Locale.ROOT) : "";
        if (!BUCKETS.contains(unit)) {
            String meant =
                    switch (unit) {
                        case "yearly", "annual", "annually", "years" -> "year";
                        case "quarterly", "quarters" -> "quarter";
                        case "monthly", "months" -> "month";
                        case "weekly", "weeks", "isoweek", "iso_week" -> "week";
                        case "daily", "days", "date" -> "day";
                        default ->
                            Suggestions.nearest(unit, BUCKETS, 1).stream()
                                    .findFirst()
                                    .orElse(null);
                    };
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "group_by.bucket",
                    "bucket must be one of " + String.join(", ", BUCKETS) + ", not "
                            + (b.isTextual()
                                    ? "'" + Arguments.echo(b.textValue()) + "'"
                                    : b.getNodeType().name().toLowerCase(Locale.ROOT))
                            + ".",
                    meant != null
                            ? "Did you mean '" + meant + "'?"
                            : Set.of("hour", "hours", "hourly", "minute", "minutes", "second", "seconds")
                                            .contains(unit)
                                    ? "The smallest bucket is day; for hours, filter one day and group_by the field."
                                    : "Such as \"bucket\": \"month\".");
        }
        java.time.ZoneOffset offset = offset(node.get("offset"));
        if (field.system() && !Set.of("created_at", "updated_at").contains(field.head())) {
            throw QueryException.of(
                    ErrorCode.TYPE_MISMATCH,
                    "group_by.field",
                    "A bucket groups dates; '" + field + "' is no date.",
                    "Bucket created_at, updated_at or a date field of the type.");
        }
        if (type != null && !field.system() && !field.nested()) {
            Optional<Field> declared = type.field(field.head());
            if (declared.isPresent() && !DATE_LIKE.contains(declared.get().type())) {
                throw QueryException.of(
                        ErrorCode.TYPE_MISMATCH,
                        "group_by.field",
                        "A bucket groups dates; " + type.name() + "." + field + " is "
                                + declared.get().type().jsonName() + ".",
                        "Bucket a date or date-time field, or group_by \"" + field + "\" without a bucket.");
            }
        }
        return new Grouping(
                field,
                new AggregateQuery.Bucket(AggregateQuery.Bucket.Unit.valueOf(unit.toUpperCase(Locale.ROOT)), offset));
    }

    /** Declared field types that may hold dates: a bucket of any other is a mistake. */
    private static final Set<FieldType> DATE_LIKE =
            Set.of(FieldType.DATE, FieldType.DATETIME, FieldType.STRING, FieldType.TEXT, FieldType.ARRAY);

    private static java.time.ZoneOffset offset(JsonNode node) {
        if (node == null || node.isNull()) {
            return java.time.ZoneOffset.UTC;
        }
        String s = node.isTextual() ? node.textValue() : "";
        if (s.equals("Z") || s.equals("UTC") || s.equals("+00:00") || s.equals("-00:00")) {
            return java.time.ZoneOffset.UTC;
        }
        java.util.regex.Matcher m = OFFSET.matcher(s);
        int minutes = m.matches() ? Integer.parseInt(m.group(2)) * 60 + Integer.parseInt(m.group(3)) : -1;
        if (minutes < 0 || minutes > 18 * 60) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "group_by.offset",
                    "offset is a UTC offset from -18:00 to +18:00 such as \"+02:00\" or \"Z\", not " + "'"
                            + Arguments.echo(node.isTextual() ? s : node.toString()) + "'" + ".",
                    s.contains("/")
                            ? "Write the zone's offset, such as \"+01:00\"; daylight saving time is not applied."
                            : "Write \"+05:30\" or \"-08:00\".");
        }
        return java.time.ZoneOffset.ofTotalSeconds((m.group(1).equals("-") ? -minutes : minutes) * 60);
    }

    private List<AggregateQuery.Metric> metrics(Arguments args, FilterParser parser, EntityType type) {
        Optional<JsonNode> node = args.node("metrics");
        if (node.isEmpty()) {
            return List.of(new AggregateQuery.Metric(AggregateQuery.Op.COUNT, null, null));
        }
        if (!node.get().isArray() || node.get().isEmpty()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "metrics",
                    "'metrics' must be a non-empty array of {op, field?, p?}.",
                    "Write [{\"op\": \"count\"}, {\"op\": \"avg\", \"field\": \"priority\"}].");
        }
        if (node.get().size() > MAX_METRICS) {
            throw QueryException.of(
                    ErrorCode.LIMIT_EXCEEDED,
                    "metrics",
                    "At most " + MAX_METRICS + " metrics are allowed.",
                    "Ask for the others in a second call.");
        }
        List<AggregateQuery.Metric> metrics = new ArrayList<>();
        for (int i = 0; i < node.get().size(); i++) {
            String where = "metrics[" + i + "]";
            JsonNode m = node.get().get(i);
            if (m.isTextual() && OPS.contains(m.textValue())) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        where,
                        "Each metric is an object, not a string.",
                        "Write {\"op\": \"" + m.textValue() + "\"}"
                                + (m.textValue().equals("count") ? "" : " with a field") + ".");
            }
            if (m.isObject() && !m.has("op")) {
                for (String k : List.of("aggregation", "function", "fn", "agg", "type", "operation", "metric")) {
                    if (m.has(k)) {
                        throw QueryException.of(
                                ErrorCode.INVALID_OPERAND,
                                where + "." + k,
                                "Unknown metric parameter '" + k + "'.",
                                "Did you mean 'op'? A metric is {\"op\", \"field\"?, \"p\"?}.");
                    }
                }
            }
            if (!m.isObject() || !m.path("op").isTextual()) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        where,
                        "Each metric is {\"op\": " + String.join("|", OPS) + ", \"field\"?, \"p\"?}.",
                        "Such as {\"op\": \"count\"} or {\"op\": \"max\", \"field\": \"updated_at\"}.");
            }
            for (Iterator<String> it = m.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                if (!METRIC_KEYS.contains(k)) {
                    String meant = Arguments.meant(k, METRIC_KEYS)
                            .orElse(
                                    Set.of("column", "property", "attribute", "of", "on")
                                                    .contains(k)
                                            ? "field"
                                            : Set.of("percentile", "percent", "q", "quantile")
                                                            .contains(k)
                                                    ? "p"
                                                    : Set.of("expression", "formula", "compute", "calc", "computed")
                                                                    .contains(k)
                                                            ? "expr"
                                                            : null);
                    throw QueryException.of(
                            ErrorCode.INVALID_OPERAND,
                            where + "." + k,
                            "Unknown metric parameter '" + Arguments.echo(k) + "'.",
                            (meant == null ? "" : "Did you mean '" + meant + "'? ")
                                    + "A metric is {\"op\", \"field\"?, \"expr\"?, \"p\"?}.");
                }
            }
            String op = m.get("op").textValue();
            if (!OPS.contains(op)) {
                String lower = op.toLowerCase(Locale.ROOT);
                String meant = Set.of("average", "mean").contains(lower)
                        ? "Did you mean 'avg'? "
                        : lower.equals("median")
                                ? "The median is {\"op\": \"percentile\", \"p\": 50}. "
                                : lower.matches("p\\d{1,2}|percentile_?\\d{1,2}|quantile")
                                        ? "Write {\"op\": \"percentile\", \"p\": " + lower.replaceAll("\\D", "") + "}. "
                                        : lower.contains("distinct") || lower.contains("unique")
                                                ? "To count distinct values, group_by the field and read the number of"
                                                        + " groups ('total'). "
                                                : Suggestions.nearest(op, OPS, 1).stream()
                                                        .map(n -> "Did you mean '" + n + "'? ")
                                                        .findFirst()
                                                        .orElse("");
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        where + ".op",
                        "op must be one of " + String.join(", ", OPS) + ", not '" + Arguments.echo(op) + "'.",
                        meant + "count counts objects; sum, avg, min, max and percentile need a field.");
            }
            FieldPath field = null;
            AggregateQuery.Expr expr = null;
            if (m.hasNonNull("expr")) {
                if (!EXPR_OPS.contains(op)) {
                    throw QueryException.of(
                            ErrorCode.INVALID_OPERAND,
                            where + ".expr",
                            "An expression works in sum, avg, min and max, not " + op + ".",
                            op.equals("count")
                                    ? "Count objects with {\"op\": \"count\"}; add a filter for the ones you need."
                                    : "Use sum, avg, min or max.");
                }
                if (m.has("field")) {
                    throw QueryException.of(
                            ErrorCode.INVALID_OPERAND,
                            where + ".field",
                            "A metric reads a field or an expression, not both.",
                            "Remove 'field'; name fields inside 'expr'.");
                }
                if (!m.get("expr").isTextual()) {
                    throw QueryException.of(
                            ErrorCode.INVALID_OPERAND,
                            where + ".expr",
                            "'expr' must be a string.",
                            "Write " + MetricExpression.FORM + ".");
                }
                String at = where + ".expr";
                expr = MetricExpression.parse(
                        m.get("expr").textValue(), at, name -> numberField(parser, name, at, type));
            } else if (m.hasNonNull("field")) {
                if (!m.get("field").isTextual()) {
                    throw QueryException.of(
                            ErrorCode.INVALID_OPERAND,
                            where + ".field",
                            "'field' must be a string.",
                            "Name one field, such as \"updated_at\".");
                }
                field = field(parser, m.get("field").textValue(), where + ".field", type);
            } else if (!op.equals("count")) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        where + ".field",
                        op + " needs a field.",
                        "Write {\"op\": \"" + op + "\", \"field\": \"...\"}"
                                + (EXPR_OPS.contains(op) ? ", or an expression: \"expr\": \"price * quantity\"" : "")
                                + ".");
            }
            if (NUMERIC_OPS.contains(op) && type != null && field != null && !field.system()) {
                Optional<Field> declared = type.field(field.head());
                if (declared.isPresent()
                        && !field.nested()
                        && !declared.get().type().isNumeric()) {
                    throw QueryException.of(
                            ErrorCode.TYPE_MISMATCH,
                            where + ".field",
                            op + " needs a number field; " + type.name() + "." + field + " is "
                                    + declared.get().type().jsonName() + ".",
                            declared.get().type() == FieldType.OBJECT
                                            && !io.quarry.filter.NameHints.objectKeys(declared.get())
                                                    .isEmpty()
                                    ? "Name a number key inside it with a dotted path, such as '" + field + "."
                                            + io.quarry.filter.NameHints.objectKeys(declared.get())
                                                    .get(0)
                                            + "'."
                                    : "Use count, min or max on it, or group_by it.");
                }
            }
            if (field != null && !op.equals("count") && !field.system() && masked(type, field.head())) {
                throw maskedValue(where + ".field", op, field.head());
            }
            BigDecimal p = null;
            if (op.equals("percentile")) {
                p = Json.decimal(m.get("p"))
                        .orElseThrow(
                                () -> QueryException.of(
                                        ErrorCode.INVALID_OPERAND,
                                        where + ".p",
                                        "percentile needs p, a number from 0 to 100.",
                                        "Add 'p', such as {\"op\": \"percentile\", \"field\": \"estimate_hours\", \"p\": 90}."));
                if (p.signum() > 0 && p.compareTo(BigDecimal.ONE) < 0) {
                    throw QueryException.of(
                            ErrorCode.INVALID_OPERAND,
                            where + ".p",
                            "p is a percent from 0 to 100, not a fraction: " + p.toPlainString() + " would be the "
                                    + p.toPlainString() + "th percentile.",
                            "Write \"p\": "
                                    + p.movePointRight(2).stripTrailingZeros().toPlainString() + ".");
                }
                if (p.signum() < 0 || p.compareTo(BigDecimal.valueOf(100)) > 0) {
                    throw QueryException.of(
                            ErrorCode.INVALID_OPERAND,
                            where + ".p",
                            "p must be from 0 to 100, not " + p.toPlainString() + ".",
                            "Such as 50 for the median or 90.");
                }
            } else if (m.has("p")) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        where + ".p",
                        "Only percentile takes p.",
                        "Remove p, or use {\"op\": \"percentile\", \"field\": ..., \"p\": 90}.");
            }
            metrics.add(
                    new AggregateQuery.Metric(AggregateQuery.Op.valueOf(op.toUpperCase(Locale.ROOT)), field, p, expr));
        }
        return metrics;
    }

    /**
     * Whether the answer shows the field masked: the type masks it, or, without a type, some type does
     * (a group's key, a metric's value come from objects of every type).
     */
    private boolean masked(EntityType type, String head) {
        return view.masked(type, head);
    }

    /** The error for a metric that would compute with a masked field's values. */
    private static QueryException maskedValue(String where, String op, String field) {
        return QueryException.of(
                ErrorCode.FORBIDDEN_FIELD,
                where,
                "The field '" + field + "' is masked: " + op + " would show what its values are.",
                "Count by it instead: {\"group_by\": \"" + field + "\", \"metrics\": [{\"op\": \"count\"}]}, "
                        + "or filter on it.");
    }

    /** A field an expression reads: known, not masked, and a number where the type declares it. */
    private FieldPath numberField(FilterParser parser, String name, String where, EntityType type) {
        FieldPath path = field(parser, name, where, type);
        if (!path.system() && masked(type, path.head())) {
            throw maskedValue(where, "an expression", path.head());
        }
        if (type != null && !path.nested()) {
            Optional<Field> declared = path.system() ? Optional.empty() : type.field(path.head());
            if (path.system() || (declared.isPresent() && !declared.get().type().isNumeric())) {
                throw QueryException.of(
                        ErrorCode.TYPE_MISMATCH,
                        where,
                        "An expression computes with numbers; " + type.name() + "." + path + " is "
                                + (path.system()
                                        ? "no number"
                                        : declared.get().type().jsonName()) + ".",
                        "Name number fields of " + type.name() + " only.");
            }
        }
        return path;
    }

    private FieldPath field(FilterParser parser, String name, String where, EntityType type) {
        FieldPath path = parser.parsePath(name, where);
        runner.sortKey(path, false, type, where); // the same checks as a filter field
        return path;
    }

    static String metricName(AggregateQuery.Metric m) {
        String op = m.op() == AggregateQuery.Op.PERCENTILE
                ? "p" + m.p().stripTrailingZeros().toPlainString()
                : m.op().name().toLowerCase(Locale.ROOT);
        if (m.expr() != null) {
            return op + "(" + MetricExpression.text(m.expr()) + ")";
        }
        return m.field() == null ? op : op + "_" + String.join("_", m.field().segments());
    }
}
