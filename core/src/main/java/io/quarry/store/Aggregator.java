package io.quarry.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.quarry.filter.FilterEvaluator;
import io.quarry.internal.CodePoints;
import io.quarry.internal.IsoDateTime;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The reference semantics of aggregation, which every store's {@link ObjectStore#aggregate} follows:
 * feed it the documents ({@link GraphObject#document()}) that match, then take the {@link #result(boolean)}.
 *
 * <ul>
 *   <li>Group values: a number or numeric string groups by its number ({@code "7"}, {@code 7} and
 *       {@code 7.0} are one group); other scalars by their JSON value; an array puts the object in the
 *       group of each distinct element; missing, null and empty arrays form the {@code null} group.
 *   <li>{@code count} counts objects (with a field: objects where it holds a non-null value);
 *       {@code sum}, {@code avg} and {@code percentile} read numbers and numeric strings (array
 *       elements each), ignoring the rest; {@code min} and {@code max} compare numbers if the group has
 *       any, else date-times by instant, else strings by code point.
 *   <li>{@code sum}, {@code avg}, {@code min} and {@code max} of an {@link AggregateQuery.Expr} read its
 *       exact value per object ({@link #value}), leaving out objects where it has none.
 *   <li>{@code avg} and {@code percentile} are rounded to 6 decimal places; {@code percentile}
 *       interpolates linearly between the closest ranks, as SQL's {@code percentile_cont}.
 * </ul>
 */
public final class Aggregator {
    private static final MathContext MC = MathContext.DECIMAL128;
    private static final int SCALE = 6;

    private final AggregateQuery query;
    private final Map<String, Acc> groups = new LinkedHashMap<>();
    private long objects;

    /** An empty aggregation of this query. */
    public Aggregator(AggregateQuery query) {
        this.query = query;
    }

    /** Adds one matching object's document; for a query with {@link AggregateQuery#related()} metrics, see the other. */
    public void add(JsonNode document) {
        add(document, r -> List.of());
    }

    /**
     * Adds one matching object's document, and for each metric {@link AggregateQuery.Metric#of() of} a
     * relationship the documents at the other end of the object's links ({@link #related}), once per link.
     */
    public void add(JsonNode document, java.util.function.Function<AggregateQuery.Related, List<JsonNode>> related) {
        objects++;
        List<JsonNode> keys = query.groupOf() == null ? keys(document) : keys(related.apply(query.groupOf()));
        for (JsonNode key : keys) {
            String id = key == null ? "\u0000null" : key.toString();
            groups.computeIfAbsent(id, k -> new Acc(key, query.metrics().size()))
                    .add(document, query.metrics(), related);
        }
    }

    /**
     * The objects at the other end of an object's links that a relationship metric reads, in the order of
     * the links: of the stored type, from the right end, of the target type, in the graph (so in the scope).
     */
    public static List<JsonNode> related(ScopeGraph graph, String id, AggregateQuery.Related of) {
        List<JsonNode> out = new ArrayList<>();
        for (GraphRelationship r : graph.relationships(id)) {
            boolean from =
                    switch (of.direction()) {
                        case OUT -> r.srcId().equals(id);
                        case IN -> r.dstId().equals(id);
                        case BOTH -> true;
                    };
            if (!r.type().equals(of.storedType()) || !from) {
                continue;
            }
            graph.object(r.other(id)).filter(o -> o.type().equals(of.target())).ifPresent(o -> out.add(o.document()));
        }
        return out;
    }

    /**
     * The reference aggregation over a store's {@link ObjectStore#search}: the matching objects in id
     * order, and for relationship metrics their neighbourhood ({@link ObjectStore#neighbourhood}) once per
     * page. At most {@link AggregateQuery#maxObjects()} objects are read, the related objects a page
     * brings included; beyond, the result is incomplete. What {@link ObjectStore#aggregate}'s default
     * does, and what a store that computes in the database does for what it does not compute.
     */
    public static Aggregation scan(ObjectStore store, AggregateQuery query) {
        Aggregator aggregator = new Aggregator(query);
        List<AggregateQuery.Related> of = java.util.stream.Stream.concat(
                        java.util.stream.Stream.of(query.groupOf()),
                        query.metrics().stream().map(AggregateQuery.Metric::of))
                .filter(java.util.Objects::nonNull)
                .distinct()
                .toList();
        long read = 0;
        String cursor = null;
        int pageSize = Math.min(1_000, query.maxObjects());
        while (true) {
            Page page = store.search(ObjectQuery.builder()
                    .types(query.types())
                    .filter(query.filter())
                    .sort(List.of(new SortKey(io.quarry.filter.FieldPath.systemField("id"), false)))
                    .limit(pageSize)
                    .cursor(cursor)
                    .scope(query.scope())
                    .build());
            ScopeGraph graph = of.isEmpty()
                    ? null
                    : store.neighbourhood(
                            page.items().stream().map(GraphObject::id).toList(), query.scope());
            for (GraphObject o : page.items()) {
                Map<AggregateQuery.Related, List<JsonNode>> links = new java.util.HashMap<>();
                for (AggregateQuery.Related r : of) {
                    links.put(r, related(graph, o.id(), r));
                }
                long reads = 1 + links.values().stream().mapToLong(List::size).sum();
                if (read + reads > query.maxObjects()) {
                    return aggregator.result(false);
                }
                read += reads;
                aggregator.add(o.document(), r -> links.getOrDefault(r, List.of()));
            }
            if (!page.hasMore()) {
                return aggregator.result(true);
            }
            cursor = page.nextCursor();
        }
    }

    /** How many objects were added. */
    public long objects() {
        return objects;
    }

    /** The groups in reference order. */
    public Aggregation result(boolean complete) {
        List<Aggregation.Group> out = new ArrayList<>();
        for (Acc acc : groups.values()) {
            List<JsonNode> values = new ArrayList<>();
            for (int i = 0; i < query.metrics().size(); i++) {
                values.add(acc.value(i, query.metrics().get(i)));
            }
            out.add(new Aggregation.Group(acc.key, values));
        }
        out.sort(ORDER);
        return new Aggregation(out, objects, complete);
    }

    /**
     * Groups a store computed itself (in a database), put in reference order: what a store returns
     * from {@link ObjectStore#aggregate} when it does not feed an {@code Aggregator}.
     */
    public static Aggregation ordered(List<Aggregation.Group> groups, long objects, boolean complete) {
        List<Aggregation.Group> out = new ArrayList<>(groups);
        out.sort(ORDER);
        return new Aggregation(out, objects, complete);
    }

    /**
     * Whether plain counts are all an aggregation asks (every metric a {@code count} without a field,
     * grouped by nothing or by {@code type}), so a database can count, exactly, however many objects
     * match, instead of feeding an {@code Aggregator} at most {@link AggregateQuery#maxObjects()}.
     */
    public static boolean countsOnly(AggregateQuery query) {
        boolean plainCounts =
                query.metrics().stream().allMatch(m -> m.op() == AggregateQuery.Op.COUNT && m.field() == null);
        return plainCounts
                && query.bucket() == null
                && query.groupOf() == null
                && (query.groupBy() == null || query.groupBy().equals(io.quarry.filter.FieldPath.systemField("type")));
    }

    /**
     * The result of a {@link #countsOnly} aggregation from the matching objects a database counted per
     * type name (none zero): complete, in reference order.
     */
    public static Aggregation counted(AggregateQuery query, Map<String, Long> counts) {
        long objects = counts.values().stream().mapToLong(Long::longValue).sum();
        List<Aggregation.Group> groups = new ArrayList<>();
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (query.groupBy() == null) {
            if (objects > 0) {
                groups.add(new Aggregation.Group(
                        null, java.util.Collections.nCopies(query.metrics().size(), f.numberNode(objects))));
            }
        } else {
            counts.forEach((type, n) -> groups.add(new Aggregation.Group(
                    f.textNode(type),
                    java.util.Collections.nCopies(query.metrics().size(), f.numberNode(n)))));
        }
        return ordered(groups, objects, true);
    }

    /** First metric descending (null last), then group value ascending (the null group last). */
    private static final Comparator<Aggregation.Group> ORDER = (a, b) -> {
        int c = ObjectOrder.compareKey(a.values().get(0), b.values().get(0), true);
        if (c != 0) {
            return c;
        }
        c = ObjectOrder.compareKey(a.key(), b.key(), false);
        if (c != 0) {
            return c;
        }
        return CodePoints.compare(String.valueOf(a.key()), String.valueOf(b.key()));
    };

    /** The groups of an object by its related objects' values: each distinct one, else the missing group. */
    private List<JsonNode> keys(List<JsonNode> related) {
        Set<String> seen = new LinkedHashSet<>();
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode document : related) {
            for (JsonNode k : keys(document)) {
                if (k != null && seen.add(String.valueOf(k))) {
                    out.add(k);
                }
            }
        }
        return out.isEmpty() ? java.util.Collections.singletonList(null) : out;
    }

    private List<JsonNode> keys(JsonNode document) {
        if (query.groupBy() == null) {
            return java.util.Collections.singletonList(null);
        }
        JsonNode v = FilterEvaluator.resolve(query.groupBy(), document);
        if (v == null || v.isNull() || (v.isArray() && v.isEmpty())) {
            return java.util.Collections.singletonList(null);
        }
        if (!v.isArray()) {
            return java.util.Collections.singletonList(groupKey(v, query.bucket()));
        }
        Set<String> seen = new LinkedHashSet<>();
        List<JsonNode> keys = new ArrayList<>();
        for (JsonNode e : v) {
            if (e.isNull()) {
                continue;
            }
            JsonNode k = groupKey(e, query.bucket());
            if (seen.add(String.valueOf(k))) {
                keys.add(k);
            }
        }
        return keys.isEmpty() ? java.util.Collections.singletonList(null) : keys;
    }

    /**
     * The group of one non-null scalar value: a number or numeric string groups by its number
     * ({@code "7"}, {@code 7} and {@code 7.0} are one group), anything else by itself. Groups are the
     * same when their keys' JSON texts are.
     */
    public static JsonNode groupKey(JsonNode v) {
        if (v.isContainerNode()) {
            return v;
        }
        Optional<BigDecimal> n = FilterEvaluator.numberOf(v);
        return n.isPresent() ? number(n.get()) : v;
    }

    /**
     * The group of one non-null value under a bucket: its period's label, or {@code null} (the missing
     * group) when it is no date or date-time; without a bucket, {@link #groupKey(JsonNode)}.
     */
    public static JsonNode groupKey(JsonNode v, AggregateQuery.Bucket bucket) {
        if (bucket == null) {
            return groupKey(v);
        }
        return bucket.label(v).<JsonNode>map(JsonNodeFactory.instance::textNode).orElse(null);
    }

    /** A number as a metric's value: without trailing zeros, never in exponent notation. */
    public static JsonNode number(BigDecimal n) {
        return JsonNodeFactory.instance.numberNode(plain(n));
    }

    /** The mean of {@code count} numbers adding up to {@code sum}, rounded as {@code avg} is. */
    public static JsonNode mean(BigDecimal sum, long count) {
        return JsonNodeFactory.instance.numberNode(round(sum.divide(BigDecimal.valueOf(count), MC)));
    }

    private static BigDecimal plain(BigDecimal n) {
        BigDecimal s = n.stripTrailingZeros();
        return s.scale() < 0 ? s.setScale(0) : s;
    }

    /** The scalar values of a field: the value itself, or each element of an array. */
    private static List<JsonNode> scalars(JsonNode document, AggregateQuery.Metric metric) {
        JsonNode v = FilterEvaluator.resolve(metric.field(), document);
        List<JsonNode> out = new ArrayList<>();
        if (v == null || v.isNull()) {
            return out;
        }
        if (v.isArray()) {
            v.forEach(e -> {
                if (!e.isNull() && e.isValueNode()) {
                    out.add(e);
                }
            });
        } else if (v.isValueNode()) {
            out.add(v);
        }
        return out;
    }

    private static final class Acc {
        final JsonNode key;
        final long[] counts;
        final List<List<BigDecimal>> numbers = new ArrayList<>();
        final List<List<Instant>> instants = new ArrayList<>();
        final List<List<String>> strings = new ArrayList<>();

        Acc(JsonNode key, int metrics) {
            this.key = key;
            this.counts = new long[metrics];
            for (int i = 0; i < metrics; i++) {
                numbers.add(new ArrayList<>());
                instants.add(new ArrayList<>());
                strings.add(new ArrayList<>());
            }
        }

        void add(
                JsonNode document,
                List<AggregateQuery.Metric> metrics,
                java.util.function.Function<AggregateQuery.Related, List<JsonNode>> related) {
            for (int i = 0; i < metrics.size(); i++) {
                AggregateQuery.Metric m = metrics.get(i);
                if (m.of() == null) {
                    add(i, m, document);
                } else {
                    for (JsonNode other : related.apply(m.of())) {
                        add(i, m, other);
                    }
                }
            }
        }

        /** Adds what one document (the object's own, or one across the metric's relationship) brings to metric i. */
        private void add(int i, AggregateQuery.Metric m, JsonNode document) {
            if (m.expr() != null) {
                Aggregator.value(m.expr(), document).ifPresent(numbers.get(i)::add);
                return;
            }
            if (m.field() == null) {
                counts[i]++;
                return;
            }
            JsonNode v = FilterEvaluator.resolve(m.field(), document);
            if (v != null && !v.isNull()) {
                counts[i]++;
            }
            if (m.op() == AggregateQuery.Op.COUNT) {
                return;
            }
            for (JsonNode s : scalars(document, m)) {
                Optional<BigDecimal> n = FilterEvaluator.numberOf(s);
                if (n.isPresent()) {
                    numbers.get(i).add(n.get());
                } else if (s.isTextual()) {
                    Optional<Instant> t = IsoDateTime.parse(s.textValue());
                    if (t.isPresent()) {
                        instants.get(i).add(t.get());
                    } else {
                        strings.get(i).add(s.textValue());
                    }
                }
            }
        }

        JsonNode value(int i, AggregateQuery.Metric m) {
            JsonNodeFactory f = JsonNodeFactory.instance;
            List<BigDecimal> nums = numbers.get(i);
            return switch (m.op()) {
                case COUNT -> f.numberNode(counts[i]);
                case SUM -> nums.isEmpty() ? null : number(sum(nums));
                case AVG -> nums.isEmpty() ? null : mean(sum(nums), nums.size());
                case PERCENTILE -> nums.isEmpty() ? null : f.numberNode(round(percentile(nums, m.p())));
                case MIN, MAX -> extreme(i, m.op() == AggregateQuery.Op.MAX);
            };
        }

        private JsonNode extreme(int i, boolean max) {
            JsonNodeFactory f = JsonNodeFactory.instance;
            if (!numbers.get(i).isEmpty()) {
                BigDecimal b = max
                        ? numbers.get(i).stream().max(BigDecimal::compareTo).orElseThrow()
                        : numbers.get(i).stream().min(BigDecimal::compareTo).orElseThrow();
                return number(b);
            }
            if (!instants.get(i).isEmpty()) {
                Instant t = max
                        ? instants.get(i).stream().max(Instant::compareTo).orElseThrow()
                        : instants.get(i).stream().min(Instant::compareTo).orElseThrow();
                return f.textNode(IsoDateTime.format(t));
            }
            if (!strings.get(i).isEmpty()) {
                String s = max
                        ? strings.get(i).stream().max(CodePoints::compare).orElseThrow()
                        : strings.get(i).stream().min(CodePoints::compare).orElseThrow();
                return f.textNode(s);
            }
            return null;
        }
    }

    /**
     * An expression's exact value for one document ({@link AggregateQuery.Expr}), or empty: a field that
     * is missing, null, an array or no number, or a division by zero.
     */
    public static Optional<BigDecimal> value(AggregateQuery.Expr expr, JsonNode document) {
        return expr.accept(new AggregateQuery.Expr.Visitor<Optional<BigDecimal>>() {
            @Override
            public Optional<BigDecimal> field(AggregateQuery.Expr.Field field) {
                JsonNode v = FilterEvaluator.resolve(field.path(), document);
                return v == null ? Optional.empty() : FilterEvaluator.numberOf(v);
            }

            @Override
            public Optional<BigDecimal> constant(AggregateQuery.Expr.Constant constant) {
                return Optional.of(constant.value());
            }

            @Override
            public Optional<BigDecimal> negate(AggregateQuery.Expr.Negate negate) {
                return negate.operand().accept(this).map(BigDecimal::negate);
            }

            @Override
            public Optional<BigDecimal> binary(AggregateQuery.Expr.Binary binary) {
                Optional<BigDecimal> left = binary.left().accept(this);
                Optional<BigDecimal> right = binary.right().accept(this);
                if (left.isEmpty() || right.isEmpty()) {
                    return Optional.empty();
                }
                BigDecimal a = left.get();
                BigDecimal b = right.get();
                return switch (binary.operator()) {
                    case ADD -> Optional.of(a.add(b));
                    case SUBTRACT -> Optional.of(a.subtract(b));
                    case MULTIPLY -> Optional.of(a.multiply(b));
                    case DIVIDE -> b.signum() == 0 ? Optional.empty() : Optional.of(a.divide(b, MC));
                };
            }
        });
    }

    private static BigDecimal sum(List<BigDecimal> values) {
        BigDecimal s = BigDecimal.ZERO;
        for (BigDecimal v : values) {
            s = s.add(v);
        }
        return s;
    }

    private static BigDecimal percentile(List<BigDecimal> values, BigDecimal p) {
        List<BigDecimal> sorted = new ArrayList<>(values);
        sorted.sort(BigDecimal::compareTo);
        BigDecimal rank = p.multiply(BigDecimal.valueOf(sorted.size() - 1L)).divide(BigDecimal.valueOf(100), MC);
        int lo = rank.setScale(0, RoundingMode.FLOOR).intValueExact();
        int hi = Math.min(lo + 1, sorted.size() - 1);
        BigDecimal frac = rank.subtract(BigDecimal.valueOf(lo));
        return sorted.get(lo).add(sorted.get(hi).subtract(sorted.get(lo)).multiply(frac, MC));
    }

    private static BigDecimal round(BigDecimal v) {
        return plain(v.setScale(SCALE, RoundingMode.HALF_EVEN));
    }
}
