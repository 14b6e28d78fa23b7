package io.quarry.filter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import io.quarry.error.QueryException;
import io.quarry.internal.Json;
import io.quarry.schema.EntityType;
import io.quarry.schema.Schema;
import io.quarry.store.GraphObject;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * Arbitrary JSON never makes the parser or validator fail with anything but a {@link QueryException}
 * carrying a filter error code, and the evaluator is total on every filter they accept.
 */
class FilterPropertiesTest {
    static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    static final Schema SCHEMA = FilterCases.schema();
    static final List<JsonNode> DOCUMENTS = FilterCases.data().objects().stream()
            .map(GraphObject::document)
            .map(JsonNode.class::cast)
            .toList();

    static final Set<ErrorCode> FILTER_CODES = FilterCases.FILTER_CODES;

    static final List<String> FIELDS = List.of(
            "n",
            "s",
            "t",
            "d",
            "tags",
            "items",
            "addr.city",
            "addr.geo.lat",
            "flag",
            "g",
            "status",
            "priority",
            "score",
            "done",
            "due",
            "due_at",
            "meta",
            "meta.owner",
            "labels",
            "title",
            "cost_code",
            "secret",
            "id",
            "type",
            "created_at",
            "updated_at",
            "properties.id",
            "properties.n",
            "deep.a.b.c.d.e.f.g",
            "x-y");

    @Property(tries = 2000)
    void arbitraryJsonGivesOnlyFilterErrors(@ForAll("filterish") JsonNode filter, @ForAll("types") String type) {
        Statistics.label("outcome").collect(outcome(filter, type));
    }

    @Property(tries = 500)
    void arbitraryJsonOfAnyShapeGivesOnlyFilterErrors(@ForAll("anyJson") JsonNode filter) {
        outcome(filter, "Task");
    }

    @Property(tries = 1000)
    void arbitraryTextGivesOnlyFilterErrors(@ForAll("texts") String text) {
        try {
            FilterParser.withDefaults().parse(text);
        } catch (QueryException e) {
            assertThat(FILTER_CODES).contains(e.first().code());
        }
    }

    @Property(tries = 50)
    void deepNestingGivesOnlyFilterErrors(
            @ForAll @IntRange(min = 1, max = 5000) int depth, @ForAll("wrappers") String wrapper) {
        JsonNode leaf = NODES.numberNode(5);
        JsonNode node = leaf;
        for (int i = 0; i < depth; i++) {
            node = wrap(wrapper, node);
        }
        ObjectNode filter = NODES.objectNode();
        if (wrapper.startsWith("$and") || wrapper.startsWith("$or")) {
            filter = (ObjectNode) node;
        } else {
            filter.set("n", node);
        }
        outcome(filter, "Thing");
        try {
            FilterParser.withDefaults().parse(Json.write(filter));
        } catch (QueryException e) {
            assertThat(FILTER_CODES).contains(e.first().code());
        } catch (IllegalStateException e) {
            // a tree deeper than Jackson writes; the text form cannot reach the parser then
            assertThat(depth).isGreaterThan(500);
        }
    }

    @Property(tries = 2000)
    void theEvaluatorIsTotal(
            @ForAll("filterish") JsonNode json, @ForAll("types") String type, @ForAll("documents") JsonNode document) {
        ValidatedFilter filter;
        try {
            filter = validate(json, type);
        } catch (QueryException e) {
            Statistics.label("valid").collect(false);
            return;
        }
        Statistics.label("valid").collect(true);
        boolean matches = FilterEvaluator.matches(filter.filter(), document);
        Statistics.label("matches").collect(matches);
    }

    @Property(tries = 300)
    void theEvaluatorIsTotalOnTheCorpusData(@ForAll("filterish") JsonNode json) {
        ValidatedFilter filter;
        try {
            filter = validate(json, null);
        } catch (QueryException e) {
            return;
        }
        for (JsonNode document : DOCUMENTS) {
            FilterEvaluator.matches(filter.filter(), document);
        }
    }

    @Property(tries = 500)
    void negationIsComplement(@ForAll("filterish") JsonNode json, @ForAll("documents") JsonNode document) {
        Filter filter;
        try {
            filter = validate(json, "Thing").filter();
        } catch (QueryException e) {
            return;
        }
        boolean matches = FilterEvaluator.matches(filter, document);
        assertThat(FilterEvaluator.matches(new Filter.Nor(List.of(filter)), document))
                .isEqualTo(!matches);
    }

    static String outcome(JsonNode filter, String type) {
        try {
            validate(filter, type);
            return "valid";
        } catch (QueryException e) {
            for (QueryError error : e.errors()) {
                assertThat(FILTER_CODES).as(error.toString()).contains(error.code());
                assertThat(error.message()).isNotBlank();
            }
            assertThat(e.errors()).hasSizeLessThanOrEqualTo(10);
            return e.first().code().name();
        }
    }

    static ValidatedFilter validate(JsonNode json, String type) {
        Filter parsed = FilterParser.withDefaults().parse(json, "");
        EntityType t = type == null ? null : SCHEMA.type(type).orElseThrow();
        return new FilterValidator(SCHEMA).validate(parsed, t);
    }

    static JsonNode wrap(String wrapper, JsonNode inner) {
        return switch (wrapper) {
            case "array" -> NODES.arrayNode().add(inner);
            case "object" -> NODES.objectNode().set("k", inner);
            case "$not" ->
                NODES.objectNode()
                        .set(
                                "$not",
                                inner.isObject() ? inner : NODES.objectNode().set("$eq", inner));
            case "$in" -> NODES.objectNode().set("$in", NODES.arrayNode().add(inner));
            case "$and" ->
                NODES.objectNode()
                        .set(
                                "$and",
                                NODES.arrayNode()
                                        .add(
                                                inner.isObject()
                                                        ? inner
                                                        : NODES.objectNode().set("n", inner)));
            default ->
                NODES.objectNode()
                        .set(
                                "$or",
                                NODES.arrayNode()
                                        .add(
                                                inner.isObject()
                                                        ? inner
                                                        : NODES.objectNode().set("n", inner)));
        };
    }

    @Provide
    Arbitrary<String> wrappers() {
        return Arbitraries.of("array", "object", "$not", "$in", "$and", "$or");
    }

    @Provide
    Arbitrary<String> types() {
        return Arbitraries.of("Thing", "Task", "Doc").injectNull(0.25);
    }

    @Provide
    Arbitrary<JsonNode> filterish() {
        return filter(3);
    }

    @Provide
    Arbitrary<JsonNode> anyJson() {
        return json(4);
    }

    @Provide
    Arbitrary<JsonNode> documents() {
        Arbitrary<JsonNode> properties = Combinators.combine(
                        Arbitraries.of(FIELDS).list().ofMaxSize(6),
                        json(3).list().ofMaxSize(6))
                .as((keys, values) -> {
                    ObjectNode o = NODES.objectNode();
                    for (int i = 0; i < Math.min(keys.size(), values.size()); i++) {
                        put(o, keys.get(i), values.get(i));
                    }
                    return o;
                });
        Arbitrary<JsonNode> generated = Combinators.combine(
                        properties, Arbitraries.of("2024-01-05T00:00:00Z", "1970-01-01T00:00:00Z", "x"))
                .as((props, at) -> {
                    ObjectNode doc = NODES.objectNode();
                    doc.put("id", "x1");
                    doc.put("type", "Thing");
                    doc.put("created_at", at);
                    doc.put("updated_at", at);
                    doc.set("properties", props);
                    return doc;
                });
        return Arbitraries.oneOf(generated, Arbitraries.of(DOCUMENTS));
    }

    /** Puts a value at a dotted path, creating the objects on the way. */
    static void put(ObjectNode o, String path, JsonNode value) {
        String[] segments = path.replace("properties.", "").split("\\.");
        ObjectNode at = o;
        for (int i = 0; i < segments.length - 1; i++) {
            JsonNode next = at.get(segments[i]);
            if (!(next instanceof ObjectNode)) {
                next = at.putObject(segments[i]);
            }
            at = (ObjectNode) next;
        }
        at.set(segments[segments.length - 1], value);
    }

    @Provide
    Arbitrary<String> texts() {
        Arbitrary<String> fromTrees = json(3).map(Json::write);
        Arbitrary<String> mangled = Combinators.combine(
                        fromTrees, Arbitraries.strings().ofMaxLength(5))
                .as((text, junk) -> text + junk);
        Arbitrary<String> truncated = fromTrees.map(t -> t.substring(0, t.length() / 2));
        return Arbitraries.oneOf(fromTrees, mangled, truncated, Arbitraries.strings(), Arbitraries.of("", " ", "\n"));
    }

    /** Filter-shaped trees: keys are mostly fields and operators, values mostly operands. */
    static Arbitrary<JsonNode> filter(int depth) {
        Arbitrary<String> keys = Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.of(FIELDS)),
                Tuple.of(2, Arbitraries.of("$and", "$or", "$nor", "$not")),
                Tuple.of(1, Arbitraries.of(FilterParser.FIELD_OPERATORS)),
                Tuple.of(1, oddKeys()));
        Arbitrary<JsonNode> value = depth == 0
                ? scalars()
                : Arbitraries.frequencyOf(
                        Tuple.of(3, scalars()), Tuple.of(4, expression(depth - 1)), Tuple.of(1, json(2)));
        Arbitrary<JsonNode> logical = depth == 0
                ? Arbitraries.just(NODES.objectNode())
                : Combinators.combine(
                                Arbitraries.of("$and", "$or", "$nor"),
                                Arbitraries.lazy(() -> filter(depth - 1)).list().ofMaxSize(3))
                        .as((op, items) -> {
                            ObjectNode o = NODES.objectNode();
                            ArrayNode a = o.putArray(op);
                            items.forEach(a::add);
                            return o;
                        });
        Arbitrary<JsonNode> plain = Combinators.combine(
                        keys.list().ofMaxSize(4), value.list().ofMaxSize(4))
                .as(FilterPropertiesTest::object);
        return Arbitraries.frequencyOf(Tuple.of(4, plain), Tuple.of(1, logical));
    }

    /** An operator expression: {@code {"$gt": 5, "$options": "i"}}, operands mostly of a fitting kind. */
    static Arbitrary<JsonNode> expression(int depth) {
        Arbitrary<String> ops = Arbitraries.frequencyOf(
                Tuple.of(9, Arbitraries.of(FilterParser.FIELD_OPERATORS)), Tuple.of(1, oddKeys()));
        Arbitrary<JsonNode> operand = Arbitraries.frequencyOf(
                Tuple.of(4, scalars()),
                Tuple.of(2, scalars().list().ofMaxSize(4).map(FilterPropertiesTest::array)),
                Tuple.of(1, patterns().map(NODES::textNode)),
                Tuple.of(1, depth == 0 ? json(1) : Arbitraries.lazy(() -> expression(depth - 1))));
        return Combinators.combine(
                        ops.list().ofMinSize(1).ofMaxSize(3),
                        operand.list().ofMinSize(1).ofMaxSize(3))
                .as(FilterPropertiesTest::object);
    }

    static JsonNode object(List<String> keys, List<JsonNode> values) {
        ObjectNode o = NODES.objectNode();
        for (int i = 0; i < Math.min(keys.size(), values.size()); i++) {
            o.set(keys.get(i), values.get(i));
        }
        return o;
    }

    static JsonNode array(List<JsonNode> values) {
        ArrayNode a = NODES.arrayNode();
        values.forEach(a::add);
        return a;
    }

    /** Any JSON tree. */
    static Arbitrary<JsonNode> json(int depth) {
        if (depth == 0) {
            return scalars();
        }
        Arbitrary<JsonNode> child = Arbitraries.lazy(() -> json(depth - 1));
        Arbitrary<String> keys = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.of(FIELDS)),
                Tuple.of(1, oddKeys()),
                Tuple.of(1, Arbitraries.of("$gt", "$in", "$or")));
        return Arbitraries.frequencyOf(
                Tuple.of(3, scalars()),
                Tuple.of(1, child.list().ofMaxSize(4).map(FilterPropertiesTest::array)),
                Tuple.of(
                        2,
                        Combinators.combine(
                                        keys.list().ofMaxSize(4), child.list().ofMaxSize(4))
                                .as(FilterPropertiesTest::object)));
    }

    static Arbitrary<String> oddKeys() {
        return Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(70),
                Arbitraries.of(
                        "",
                        "$",
                        ".",
                        "a..b",
                        "a.",
                        "properties",
                        "properties.",
                        "id.x",
                        "$gt.x",
                        "a".repeat(65),
                        "a.b.c.d.e.f.g.h.i",
                        "\u00fc",
                        "\uD83D\uDE00",
                        "$regex",
                        "$options",
                        "$NOT",
                        "__proto__"),
                Arbitraries.strings().alpha().ofMaxLength(8).map(s -> "$" + s));
    }

    static Arbitrary<JsonNode> scalars() {
        return Arbitraries.frequencyOf(
                Tuple.of(3, numbers()),
                Tuple.of(3, strings().map(NODES::textNode)),
                Tuple.of(1, Arbitraries.of(true, false).map(NODES::booleanNode)),
                Tuple.of(1, Arbitraries.just(NODES.nullNode())));
    }

    static Arbitrary<JsonNode> numbers() {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(-3, 12).map(i -> (JsonNode) NODES.numberNode(i)),
                Arbitraries.longs().map(NODES::numberNode),
                Arbitraries.doubles().map(NODES::numberNode),
                Arbitraries.floats().map(NODES::numberNode),
                Arbitraries.of(
                                Double.MIN_VALUE,
                                -Double.MIN_VALUE,
                                Double.MAX_VALUE,
                                Double.NaN,
                                Double.POSITIVE_INFINITY,
                                Double.NEGATIVE_INFINITY,
                                -0.0)
                        .map(NODES::numberNode),
                Arbitraries.of(Float.MIN_VALUE, Float.NaN, Float.MAX_VALUE).map(NODES::numberNode),
                Arbitraries.of(
                                new BigDecimal("1e400"),
                                new BigDecimal("-1e400"),
                                new BigDecimal("1e-400"),
                                new BigDecimal("2.0"),
                                new BigDecimal("-0"),
                                new BigDecimal("4.9e-324"),
                                new BigDecimal("9007199254740993"),
                                BigDecimal.valueOf(1, Integer.MIN_VALUE),
                                BigDecimal.valueOf(1, Integer.MAX_VALUE),
                                BigDecimal.valueOf(3, -9))
                        .map(NODES::numberNode),
                Arbitraries.bigIntegers()
                        .between(BigInteger.TWO.pow(2000).negate(), BigInteger.TWO.pow(2000))
                        .map(NODES::numberNode));
    }

    static Arbitrary<String> strings() {
        return Arbitraries.oneOf(
                Arbitraries.of(
                        "",
                        "5",
                        " 5 ",
                        "5e0",
                        "1e400",
                        "high",
                        "n/a",
                        "2024-01-05",
                        "2024-01-05T10:00:00Z",
                        "2024-01-05T01:00:00+02:00",
                        "2024-02-30",
                        "2024-01-05t10:00",
                        "Done",
                        "Open",
                        "Task",
                        "Thing",
                        "%",
                        "_",
                        "\\",
                        "\uD83D\uDE00",
                        "e\u0301",
                        "\uFF41",
                        "urgent",
                        "apple",
                        "x".repeat(300)),
                Arbitraries.strings().ofMaxLength(12),
                patterns());
    }

    static Arbitrary<String> patterns() {
        return Arbitraries.strings()
                .withChars("ab.^$|?*+()[]{}\\dwsSbpxzAP<>=!:,0123456789-")
                .ofMaxLength(16);
    }
}
