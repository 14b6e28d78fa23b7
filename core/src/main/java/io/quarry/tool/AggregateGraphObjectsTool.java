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
import io.quarry.schema.Relationship;
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
    private static final List<String> METRIC_KEYS = List.of("op", "field", "expr", "p", "of");
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
                + examples.relatedMetric()
                        .map(r -> "Across a relationship, top 5 by a metric: {\"type\": " + Examples.quote(r.get(0))
                                + ", \"group_by\": \"id\", \"metrics\": [{\"op\": \"count\", \"of\": "
                                + Examples.quote(r.get(1)) + "}], \"sort\": [{\"field\": "
                                + Examples.quote("count_" + r.get(1)) + "}], \"limit\": 5}; keep groups with "
                                + "\"having\": {" + Examples.quote("count_" + r.get(1)) + ": {\"$gt\": 3}}. ")
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
        itemProps.set("of", InputSchemas.string("A relationship of type: count its objects or read their field/expr."));
        ObjectNode p = itemProps.putObject("p");
        p.put("type", "number");
        p.put("minimum", 0);
        p.put("maximum", 100);
        p.put("description", "For percentile, such as 90.");
        item.putArray("required").add("op");
        metrics.set("items", item);
        ObjectNode having = props.putObject("having");
        having.put("type", "object");
        having.put(
                "description",
                "Keep groups whose metric passes, by its name in the groups: {\"count\": {\"$gt\": 30}}.");
        ObjectNode sort = props.putObject("sort");
        sort.put("type", "array");
        sort.put("maxItems", 2);
        ObjectNode key = InputSchemas.object();
        ObjectNode keyProps = (ObjectNode) key.get("properties");
        keyProps.putObject("field").put("type", "string");
        keyProps.set("direction", InputSchemas.enumString(List.of("asc", "desc")));
        key.putArray("required").add("field");
        sort.set("items", key);
        sort.put("description", "Order groups by a metric or the group field (default desc); with limit, top N.");
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
                MAX_OBJECTS,
                grouping.via()));
        List<ObjectNode> groups = new ArrayList<>();
        EntityType keyType =
                grouping.via() == null ? type : view.type(grouping.via().target(), "group_by");
        boolean maskedKey = groupBy != null && !groupBy.system() && masked(keyType, groupBy.head());
        for (Aggregation.Group g : aggregation.groups()) {
            ObjectNode node = Json.object();
            if (groupBy != null) {
                // a masked field's groups keep apart, each under its value's mask
                JsonNode key = maskedKey ? runner.masking.mask(g.key()) : g.key();
                node.set(grouping.name(), key == null ? Json.MAPPER.nullNode() : key);
            }
            for (int i = 0; i < metrics.size(); i++) {
                JsonNode v = g.values().get(i);
                node.set(metricName(metrics.get(i)), v == null ? Json.MAPPER.nullNode() : v);
            }
            groups.add(node);
        }
        List<String> names = new ArrayList<>();
        if (groupBy != null) {
            names.add(grouping.name());
        }
        metrics.forEach(m -> names.add(metricName(m)));
        List<Condition> having = having(args.node("having").orElse(null), names);
        groups.removeIf(g -> !having.stream().allMatch(c -> c.test(g.get(c.name()))));
        List<Order> order = order(args.node("sort").orElse(null), names);
        if (!order.isEmpty()) {
            // stable: ties keep the reference order
            groups.sort((a, b) -> {
                for (Order o : order) {
                    int c = compare(a.get(o.name()), b.get(o.name()), o.descending());
                    if (c != 0) {
                        return c;
                    }
                }
                return 0;
            });
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

    private static final List<String> COMPARISONS = List.of("$eq", "$ne", "$gt", "$gte", "$lt", "$lte");
    private static final String HAVING_FORM = "{\"count\": {\"$gt\": 30}}";

    /** One condition of {@code having}: a group's value under a name, an operator and an operand. */
    private record Condition(String name, String op, JsonNode operand) {
        /**
         * Whether a group's value passes: numbers compare as numbers, other values as date-times by
         * instant when both are, else as strings by code point; a value of another kind than the
         * operand, and no value (null), pass no condition.
         */
        boolean test(JsonNode value) {
            if (value == null || value.isNull()) {
                return false;
            }
            Optional<Integer> c = comparison(value, operand);
            if (c.isEmpty()) {
                return false;
            }
            int v = c.get();
            return switch (op) {
                case "$eq" -> v == 0;
                case "$ne" -> v != 0;
                case "$gt" -> v > 0;
                case "$gte" -> v >= 0;
                case "$lt" -> v < 0;
                default -> v <= 0;
            };
        }
    }

    /** A sort key of the groups: a name and a direction. */
    private record Order(String name, boolean descending) {}

    private static Optional<Integer> comparison(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return Optional.of(a.decimalValue().compareTo(b.decimalValue()));
        }
        if (a.isTextual() && b.isTextual()) {
            Optional<java.time.Instant> x = io.quarry.internal.IsoDateTime.parse(a.textValue());
            Optional<java.time.Instant> y = io.quarry.internal.IsoDateTime.parse(b.textValue());
            return Optional.of(
                    x.isPresent() && y.isPresent()
                            ? x.get().compareTo(y.get())
                            : io.quarry.internal.CodePoints.compare(a.textValue(), b.textValue()));
        }
        if (a.isBoolean() && b.isBoolean()) {
            return Optional.of(Boolean.compare(a.booleanValue(), b.booleanValue()));
        }
        return Optional.empty();
    }

    /** Two groups' values under a sort key: the missing value last either way; numbers before other kinds. */
    private static int compare(JsonNode a, JsonNode b, boolean descending) {
        boolean noA = a == null || a.isNull();
        boolean noB = b == null || b.isNull();
        if (noA || noB) {
            return noA == noB ? 0 : noA ? 1 : -1;
        }
        Optional<Integer> c = comparison(a, b);
        if (c.isEmpty()) {
            return Boolean.compare(!a.isNumber(), !b.isNumber());
        }
        return descending ? -c.get() : c.get();
    }

    /** {@code having}: {NAME: value | {"$gt": value, ...}}, each name a metric's or the group field's. */
    private static List<Condition> having(JsonNode node, List<String> names) {
        List<Condition> out = new ArrayList<>();
        if (node == null || node.isNull()) {
            return out;
        }
        if (!node.isObject()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "having",
                    "'having' is an object of conditions on the groups' metrics, such as " + HAVING_FORM + ".",
                    "Name a metric as the groups show it: " + String.join(", ", names) + ".");
        }
        for (java.util.Map.Entry<String, JsonNode> e : node.properties()) {
            String name = e.getKey();
            String where = "having." + name;
            if (!names.contains(name)) {
                throw unknownName(where, name, names, "having");
            }
            JsonNode v = e.getValue();
            if (!v.isObject()) {
                out.add(new Condition(name, "$eq", operand(v, where)));
                continue;
            }
            if (v.isEmpty()) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        where,
                        "A condition needs an operator.",
                        "Write " + HAVING_FORM + "; operators: " + String.join(", ", COMPARISONS) + ".");
            }
            for (java.util.Map.Entry<String, JsonNode> c : v.properties()) {
                String op = c.getKey();
                if (!COMPARISONS.contains(op)) {
                    String bare = op.startsWith("$") ? op.substring(1) : op;
                    String meant =
                            switch (bare) {
                                case ">" -> "$gt";
                                case ">=" -> "$gte";
                                case "<" -> "$lt";
                                case "<=" -> "$lte";
                                case "=", "==" -> "$eq";
                                case "!=", "<>" -> "$ne";
                                default -> COMPARISONS.contains("$" + bare) ? "$" + bare : null;
                            };
                    throw QueryException.of(
                            ErrorCode.INVALID_OPERAND,
                            where + "." + op,
                            "Unknown operator '" + Arguments.echo(op) + "' in having.",
                            (meant == null ? "" : "Did you mean '" + meant + "'? ") + "Operators: "
                                    + String.join(", ", COMPARISONS) + ".");
                }
                out.add(new Condition(name, op, operand(c.getValue(), where + "." + op)));
            }
        }
        return out;
    }

    private static JsonNode operand(JsonNode v, String where) {
        if (!v.isNumber() && !v.isTextual() && !v.isBoolean()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    where,
                    "A having condition compares with a number, a string or a boolean.",
                    "Such as " + HAVING_FORM + ".");
        }
        return v;
    }

    /** {@code sort}: [{"field": NAME, "direction"?: "desc" | "asc"}], at most two, NAME a metric's or the group field's. */
    private static List<Order> order(JsonNode node, List<String> names) {
        List<Order> out = new ArrayList<>();
        if (node == null || node.isNull()) {
            return out;
        }
        JsonNode list = node.isObject() || node.isTextual()
                ? Json.MAPPER.createArrayNode().add(node)
                : node;
        if (!list.isArray() || list.isEmpty() || list.size() > 2) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "sort",
                    "'sort' is [{\"field\": NAME, \"direction\": \"asc\"|\"desc\"}], one or two keys.",
                    "NAME is a metric or the group field as the groups show it: " + String.join(", ", names) + ".");
        }
        for (int i = 0; i < list.size(); i++) {
            JsonNode k = list.get(i);
            String where = "sort[" + i + "]";
            String name = k.isTextual()
                    ? k.textValue()
                    : k.path("field").isTextual() ? k.get("field").textValue() : null;
            if (name == null) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        where,
                        "A sort key is {\"field\": NAME, \"direction\": \"asc\"|\"desc\"}.",
                        "NAME is one of " + String.join(", ", names) + ".");
            }
            if (!names.contains(name)) {
                throw unknownName(where + ".field", name, names, "sort");
            }
            String direction = k.path("direction").asText("desc").toLowerCase(Locale.ROOT);
            if (!List.of("asc", "desc").contains(direction)) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        where + ".direction",
                        "direction is asc or desc, not '" + Arguments.echo(direction) + "'.",
                        "Default desc: the largest first.");
            }
            out.add(new Order(name, direction.equals("desc")));
        }
        return out;
    }

    private static QueryException unknownName(String where, String name, List<String> names, String parameter) {
        List<String> near = Suggestions.nearest(name, names, 1);
        if (near.isEmpty() && names.size() == 1) {
            near = names;
        }
        return QueryException.of(
                ErrorCode.INVALID_OPERAND,
                where,
                "'" + Arguments.echo(name) + "' is no metric or group field of this aggregation.",
                (near.isEmpty() ? "" : "Did you mean '" + near.get(0) + "'? ") + parameter + " names the groups' keys: "
                        + String.join(", ", names) + ".");
    }

    /** The field grouped by ({@code null}: none) and its date bucket ({@code null}: the value itself). */
    private record Grouping(FieldPath field, AggregateQuery.Bucket bucket, AggregateQuery.Related via) {
        Grouping(FieldPath field, AggregateQuery.Bucket bucket) {
            this(field, bucket, null);
        }

        /** The groups' key: the field's name, after the relationship's ({@code customer.country}). */
        String name() {
            return via == null ? field.toString() : via.name() + "." + field;
        }
    }

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
            return across(node.textValue(), "group_by", parser, type)
                    .orElseGet(() -> new Grouping(field(parser, node.textValue(), "group_by", type), null));
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
        Optional<Grouping> across = across(node.get("field").textValue(), "group_by.field", parser, type);
        AggregateQuery.Related via = across.map(Grouping::via).orElse(null);
        EntityType owner = via == null ? type : view.type(via.target(), "group_by.field");
        FieldPath field = across.map(Grouping::field)
                .orElseGet(() -> field(parser, node.get("field").textValue(), "group_by.field", type));
        if (!node.has("bucket")) {
            if (node.has("offset")) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        "group_by.offset",
                        "'offset' applies only with a bucket.",
                        "Add \"bucket\": " + String.join("|", BUCKETS) + ", or remove offset.");
            }
            return new Grouping(field, null, via);
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
        if (owner != null && !field.system() && !field.nested()) {
            Optional<Field> declared = owner.field(field.head());
            if (declared.isPresent() && !DATE_LIKE.contains(declared.get().type())) {
                throw QueryException.of(
                        ErrorCode.TYPE_MISMATCH,
                        "group_by.field",
                        "A bucket groups dates; " + owner.name() + "." + field + " is "
                                + declared.get().type().jsonName() + ".",
                        "Bucket a date or date-time field, or group_by \"" + field + "\" without a bucket.");
            }
        }
        return new Grouping(
                field,
                new AggregateQuery.Bucket(AggregateQuery.Bucket.Unit.valueOf(unit.toUpperCase(Locale.ROOT)), offset),
                via);
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
                                    Set.of("column", "property", "attribute", "on")
                                                    .contains(k)
                                            ? "field"
                                            : Set.of(
                                                                    "relationship",
                                                                    "related",
                                                                    "across",
                                                                    "through",
                                                                    "via",
                                                                    "from",
                                                                    "in")
                                                            .contains(k)
                                                    ? "of"
                                                    : Set.of("percentile", "percent", "q", "quantile")
                                                                    .contains(k)
                                                            ? "p"
                                                            : Set.of(
                                                                                    "expression",
                                                                                    "formula",
                                                                                    "compute",
                                                                                    "calc",
                                                                                    "computed")
                                                                            .contains(k)
                                                                    ? "expr"
                                                                    : null);
                    throw QueryException.of(
                            ErrorCode.INVALID_OPERAND,
                            where + "." + k,
                            "Unknown metric parameter '" + Arguments.echo(k) + "'.",
                            (meant == null ? "" : "Did you mean '" + meant + "'? ")
                                    + "A metric is {\"op\", \"field\"?, \"expr\"?, \"p\"?, \"of\"?}.");
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
            AggregateQuery.Related of = m.hasNonNull("of") ? related(m.get("of"), where + ".of", type) : null;
            // across a relationship, fields are the related type's
            EntityType owner = of == null ? type : view.type(of.target(), where + ".of");
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
                        m.get("expr").textValue(), at, name -> numberField(parser, name, at, owner));
            } else if (m.hasNonNull("field")) {
                if (!m.get("field").isTextual()) {
                    throw QueryException.of(
                            ErrorCode.INVALID_OPERAND,
                            where + ".field",
                            "'field' must be a string.",
                            "Name one field, such as \"updated_at\".");
                }
                field = metricField(parser, m.get("field").textValue(), where + ".field", owner, op, of);
            } else if (!op.equals("count")) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        where + ".field",
                        op + " needs a field.",
                        "Write {\"op\": \"" + op + "\", \"field\": \"...\"}"
                                + (EXPR_OPS.contains(op) ? ", or an expression: \"expr\": \"price * quantity\"" : "")
                                + ".");
            }
            if (NUMERIC_OPS.contains(op) && owner != null && field != null && !field.system()) {
                Optional<Field> declared = owner.field(field.head());
                if (declared.isPresent()
                        && !field.nested()
                        && !declared.get().type().isNumeric()) {
                    throw QueryException.of(
                            ErrorCode.TYPE_MISMATCH,
                            where + ".field",
                            op + " needs a number field; " + owner.name() + "." + field + " is "
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
            if (field != null && !op.equals("count") && !field.system() && masked(owner, field.head())) {
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
            metrics.add(new AggregateQuery.Metric(
                    AggregateQuery.Op.valueOf(op.toUpperCase(Locale.ROOT)), field, p, expr, of));
        }
        return metrics;
    }

    /**
     * {@code group_by} across a relationship: {@code customer.country}, a relationship {@code type}
     * declares (and no object field of that name) and a field of its target type; empty for any other name.
     */
    private Optional<Grouping> across(String name, String where, FilterParser parser, EntityType type) {
        int dot = name.indexOf('.');
        if (type == null || dot <= 0 || dot == name.length() - 1) {
            return Optional.empty();
        }
        String head = name.substring(0, dot);
        // an object field's nested key is the type's own; a key column named as its relationship is not
        if (type.field(head).filter(f -> f.type() == FieldType.OBJECT).isPresent()) {
            return Optional.empty();
        }
        for (Relationship r : type.relationships()) {
            if (r.name().equals(head)) {
                EntityType target = view.type(r.target(), where);
                FieldPath field = field(parser, name.substring(dot + 1), where, target);
                return Optional.of(new Grouping(
                        field, null, new AggregateQuery.Related(r.name(), r.storedType(), r.direction(), r.target())));
            }
        }
        return Optional.empty();
    }

    /** {@code of}: a relationship the aggregated type declares, by the name it gives it. */
    private AggregateQuery.Related related(JsonNode node, String where, EntityType type) {
        if (!node.isTextual()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    where,
                    "'of' must be a string: the name of a relationship of the type.",
                    "Such as {\"op\": \"count\", \"of\": \"invoices\"}.");
        }
        String name = node.textValue();
        if (type == null) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    where,
                    "'of' reads a relationship of one type; no 'type' was given.",
                    "Add \"type\": the type whose objects have the relationship '" + Arguments.echo(name) + "'.");
        }
        List<String> names =
                type.relationships().stream().map(Relationship::name).toList();
        for (Relationship r : type.relationships()) {
            if (r.name().equals(name)) {
                return new AggregateQuery.Related(r.name(), r.storedType(), r.direction(), r.target());
            }
        }
        view.refuseRenamed(type, name, where);
        List<String> near = names.stream()
                .filter(n -> n.replace("_", "").equalsIgnoreCase(name.replace("_", "")))
                .toList();
        if (near.isEmpty()) {
            near = Suggestions.nearest(name, names, 1);
        }
        throw QueryException.of(
                ErrorCode.INVALID_OPERAND,
                where,
                type.name() + " has no relationship '" + Arguments.echo(name) + "'.",
                (near.isEmpty() ? "" : "Did you mean '" + near.get(0) + "'? ")
                        + (names.isEmpty()
                                ? type.name() + " has no relationships; aggregate the other type and filter it."
                                : "Relationships of " + type.name() + ": " + String.join(", ", names) + "."));
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

    /**
     * A metric's field; a name that reaches across a relationship ({@code invoices.total}, {@code
     * track.genre_id}) is refused with the hint to write it with {@code of}.
     */
    private FieldPath metricField(
            FilterParser parser, String name, String where, EntityType type, String op, AggregateQuery.Related of) {
        try {
            return field(parser, name, where, type);
        } catch (QueryException e) {
            int dot = name.indexOf('.');
            if (type == null || of != null || dot <= 0 || dot == name.length() - 1) {
                throw e;
            }
            String head = name.substring(0, dot);
            String rest = name.substring(dot + 1);
            Optional<String> relationship = type.relationships().stream()
                    .map(Relationship::name)
                    .filter(head::equals)
                    .findFirst()
                    .or(() -> io.quarry.filter.NameHints.relationship(view.schema, type, head)
                            .filter(r -> r.from().equals(type.name()))
                            .map(io.quarry.filter.NameHints.RelationshipMatch::relationship));
            if (relationship.isEmpty()) {
                throw e;
            }
            throw QueryException.of(
                    e.first().code(),
                    where,
                    e.first().message(),
                    "'" + Arguments.echo(head) + "' reaches across the relationship '" + relationship.get()
                            + "' of " + type.name() + ": write {\"op\": \"" + op + "\", \"field\": "
                            + Examples.quote(rest) + ", \"of\": " + Examples.quote(relationship.get()) + "}.");
        }
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
        if (m.of() != null) {
            op = op + "_" + m.of().name();
        }
        if (m.expr() != null) {
            return op + "(" + MetricExpression.text(m.expr()) + ")";
        }
        return m.field() == null ? op : op + "_" + String.join("_", m.field().segments());
    }
}
