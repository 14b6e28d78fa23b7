package io.quarry.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import io.quarry.error.QueryException;
import io.quarry.internal.Json;
import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The parser builds the documented AST; its errors carry the path inside the tool input. */
class FilterParserTest {
    static final FilterParser PARSER = FilterParser.withDefaults();

    static Filter.Condition on(String field, Predicate p) {
        return new Filter.Condition(FieldPath.property(field.split("\\.")), p, field);
    }

    static Predicate eq(Value v) {
        return new Predicate.Compare(CompareOp.EQ, v);
    }

    static Value num(String n) {
        return Value.of(new BigDecimal(n));
    }

    static Stream<Arguments> trees() {
        return Stream.of(
                Arguments.of("{}", Filter.matchAll()),
                Arguments.of("{\"n\": 5}", on("n", eq(num("5")))),
                Arguments.of("{\"n\": 5.0}", on("n", eq(num("5.0")))),
                Arguments.of("{\"n\": 9007199254740993}", on("n", eq(num("9007199254740993")))),
                Arguments.of("{\"n\": 0.1}", on("n", eq(num("0.1")))),
                Arguments.of("{\"n\": \"5\"}", on("n", eq(Value.of("5")))),
                Arguments.of("{\"n\": null}", on("n", eq(Value.nul()))),
                Arguments.of("{\"n\": true}", on("n", eq(Value.of(true)))),
                Arguments.of("{\"n\": {\"$ne\": 5}}", on("n", new Predicate.Not(eq(num("5"))))),
                Arguments.of(
                        "{\"n\": {\"$nin\": [1, \"a\"]}}",
                        on("n", new Predicate.Not(new Predicate.In(List.of(num("1"), Value.of("a")))))),
                Arguments.of("{\"n\": {\"$in\": []}}", on("n", new Predicate.In(List.of()))),
                Arguments.of(
                        "{\"n\": {\"$gte\": 1, \"$lt\": 5}}",
                        on(
                                "n",
                                new Predicate.Every(List.of(
                                        new Predicate.Compare(CompareOp.GTE, num("1")),
                                        new Predicate.Compare(CompareOp.LT, num("5")))))),
                Arguments.of(
                        "{\"t\": {\"$options\": \"i\", \"$regex\": \"^a\", \"$endsWith\": \"z\"}}",
                        on(
                                "t",
                                new Predicate.Every(List.of(
                                        new Predicate.Regex("^a", true),
                                        new Predicate.Match(MatchOp.ENDS_WITH, "z", true))))),
                Arguments.of(
                        "{\"t\": {\"$contains\": \"%_\"}}",
                        on("t", new Predicate.Match(MatchOp.CONTAINS, "%_", false))),
                Arguments.of(
                        "{\"t\": {\"$not\": {\"$not\": {\"$exists\": true}}}}",
                        on("t", new Predicate.Not(new Predicate.Not(new Predicate.Exists(true))))),
                Arguments.of("{\"tags\": {\"$size\": 2.0}}", on("tags", new Predicate.Size(2))),
                Arguments.of("{\"tags\": {\"$all\": [\"a\"]}}", on("tags", new Predicate.All(List.of(Value.of("a"))))),
                Arguments.of(
                        "{\"a\": 1, \"b\": 2}", new Filter.And(List.of(on("a", eq(num("1"))), on("b", eq(num("2")))))),
                Arguments.of(
                        "{\"$or\": [{\"a\": 1}, {\"b\": 2}]}",
                        new Filter.Or(List.of(
                                new Filter.Condition(FieldPath.property("a"), eq(num("1")), "$or[0].a"),
                                new Filter.Condition(FieldPath.property("b"), eq(num("2")), "$or[1].b")))),
                Arguments.of("{\"$nor\": [{}]}", new Filter.Nor(List.of(Filter.matchAll()))),
                Arguments.of(
                        "{\"addr.city\": \"x\"}",
                        new Filter.Condition(FieldPath.property("addr", "city"), eq(Value.of("x")), "addr.city")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("trees")
    void buildsTheDocumentedTree(String json, Filter expected) {
        assertThat(PARSER.parse(json)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "id | true | id",
                "type | true | type",
                "created_at | true | created_at",
                "updated_at | true | updated_at",
                "properties.id | false | properties.id",
                "properties.properties | false | properties.properties",
                "properties.status | false | status",
                "status | false | status",
                "properties | false | properties.properties",
                "addr.city | false | addr.city",
                "_a-b.c_d | false | _a-b.c_d"
            })
    void pathsReachSystemFieldsAndProperties(String key, boolean system, String printed) {
        FieldPath path = PARSER.parsePath(key, "sort");
        assertThat(path.system()).isEqualTo(system);
        assertThat(path).hasToString(printed);
        assertThat(PARSER.parsePath(path.toString(), "x")).isEqualTo(path);
    }

    @Test
    void aMissingOrNullTreeIsTheEmptyFilter() {
        assertThat(PARSER.parse(null, "properties")).isEqualTo(Filter.matchAll());
        assertThat(PARSER.parse(MissingNode.getInstance(), "properties")).isEqualTo(Filter.matchAll());
        assertThat(PARSER.parse(Json.MAPPER.nullNode(), "properties")).isEqualTo(Filter.matchAll());
    }

    @Test
    void errorPathsStartAtTheBasePath() throws Exception {
        assertThatThrownBy(() -> PARSER.parse(Json.parse("{\"$or\": [{\"n\": {\"$gt\": true}}]}"), "properties"))
                .isInstanceOfSatisfying(
                        QueryException.class, e -> assertThat(e.first().path()).isEqualTo("properties.$or[0].n.$gt"));
        assertThatThrownBy(() -> PARSER.parse(Json.parse("[]"), "properties"))
                .isInstanceOfSatisfying(
                        QueryException.class, e -> assertThat(e.first().path()).isEqualTo("properties"));
    }

    @Test
    void conditionsRememberWhereTheyStand() throws Exception {
        Filter f = PARSER.parse(Json.parse("{\"$and\": [{\"x\": 1}, {\"$nor\": [{\"y.z\": 2}]}]}"), "properties");
        assertThat(f)
                .isEqualTo(new Filter.And(List.of(
                        new Filter.Condition(FieldPath.property("x"), eq(num("1")), "properties.$and[0].x"),
                        new Filter.Nor(List.of(new Filter.Condition(
                                FieldPath.property("y", "z"), eq(num("2")), "properties.$and[1].$nor[0].y.z"))))));
    }

    @Test
    void allMistakesAreReportedInDocumentOrderUpToTen() {
        String json = IntStream.range(0, 15)
                .mapToObj(i -> "\"bad " + i + "\": 1")
                .collect(Collectors.joining(", ", "{", "}"));
        assertThatThrownBy(() -> PARSER.parse(json)).isInstanceOfSatisfying(QueryException.class, e -> {
            assertThat(e.errors()).hasSize(10);
            assertThat(e.errors())
                    .extracting(QueryError::path)
                    .containsExactlyElementsOf(
                            IntStream.range(0, 10).mapToObj(i -> "bad " + i).toList());
        });
    }

    @Test
    void pathErrors() {
        assertThatThrownBy(() -> PARSER.parsePath("a..b", "sort[0].field"))
                .isInstanceOfSatisfying(QueryException.class, e -> {
                    assertThat(e.first().code()).isEqualTo(ErrorCode.UNKNOWN_FIELD);
                    assertThat(e.first().path()).isEqualTo("sort[0].field");
                });
        assertThatThrownBy(() -> PARSER.parsePath("a.b.c.d.e.f.g.h.i", "sort"))
                .isInstanceOfSatisfying(
                        QueryException.class, e -> assertThat(e.first().code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED));
    }

    @Test
    void aPathOfTooManySegmentsHasAHint() {
        assertThatThrownBy(() -> PARSER.parsePath("a.b.c.d.e.f.g.h.i", "sort"))
                .isInstanceOfSatisfying(QueryException.class, e -> assertThat(
                                e.first().hint())
                        .isEqualTo("Filter on a field nearer the top of the object, such as 'a.b.c.d.e.f.g.h'."));
    }

    static Stream<Arguments> oversizedFilters() {
        ObjectNode manyKeys = JsonNodeFactory.instance.objectNode();
        IntStream.range(0, 100_000).forEach(i -> manyKeys.put("k" + i, i));
        ObjectNode manyValues = JsonNodeFactory.instance.objectNode();
        for (int f = 0; f < 3; f++) {
            var in = manyValues.putObject("f" + f).putArray("$in");
            IntStream.range(0, 1000).forEach(in::add);
        }
        ObjectNode manyOrs = JsonNodeFactory.instance.objectNode();
        var or = manyOrs.putArray("$or");
        for (int i = 0; i < 100; i++) {
            ObjectNode branch = or.addObject();
            IntStream.range(0, 3).forEach(k -> branch.put("k" + k, k));
        }
        return Stream.of(
                Arguments.of("100,000 keys", manyKeys, "k200", "more than 200 field conditions"),
                Arguments.of("3 x 1000 $in values", manyValues, "f2.$in[0]", "more than 2000 values"),
                Arguments.of("300 conditions under $or", manyOrs, "$or[66].k2", "more than 200 field conditions"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("oversizedFilters")
    void theWholeFilterIsCapped(String why, JsonNode filter, String path, String message) {
        assertThatThrownBy(() -> PARSER.parse(filter, "")).isInstanceOfSatisfying(QueryException.class, e -> {
            assertThat(e.errors()).hasSize(1);
            assertThat(e.first().code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);
            assertThat(e.first().path()).isEqualTo(path);
            assertThat(e.first().message()).contains(message);
            assertThat(e.first().hint()).contains("split it into several queries");
        });
    }

    @Test
    void longInputIsAbbreviatedInMessages() {
        String name = "a".repeat(200) + " ";
        assertThatThrownBy(() -> PARSER.parse("{\"" + name + "\": 1}"))
                .isInstanceOfSatisfying(QueryException.class, e -> {
                    assertThat(e.first().message()).hasSizeLessThan(120).contains("...");
                    assertThat(e.first().path()).isEqualTo(name);
                });
    }

    @Test
    void inputDeeperThanJacksonWritesIsEchoedSafely() {
        JsonNode value = JsonNodeFactory.instance.textNode("x");
        for (int i = 0; i < 5000; i++) {
            value = JsonNodeFactory.instance.arrayNode().add(value);
        }
        ObjectNode filter = JsonNodeFactory.instance.objectNode();
        filter.set("n", value);
        assertThatThrownBy(() -> PARSER.parse(filter, "properties")).isInstanceOfSatisfying(QueryException.class, e -> {
            assertThat(e.first().code()).isEqualTo(ErrorCode.INVALID_OPERAND);
            assertThat(e.first().hint()).contains("{\"n\": {\"$in\": [[[[[").contains("...");
        });
    }

    @Test
    void anUnreadableNumberIsInvalidJson() {
        assertThatThrownBy(() -> PARSER.parse("{\"n\": 1E+2147483648}"))
                .isInstanceOfSatisfying(
                        QueryException.class, e -> assertThat(e.first().code()).isEqualTo(ErrorCode.INVALID_JSON));
    }

    @Test
    void limitsMustBePositive() {
        assertThatThrownBy(() -> new FilterLimits(0, 1, 1, 1, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FilterLimits(1, 1, 1, 1, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(FilterLimits.DEFAULTS).isEqualTo(new FilterLimits(8, 100, 1000, 100, 256));
    }

    @Test
    void theAstChecksItsArguments() {
        assertThatThrownBy(() -> new Filter.Or(List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Filter.Nor(List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Predicate.All(List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Predicate.Size(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Predicate.Match(MatchOp.CONTAINS, "", false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Predicate.Compare(CompareOp.GT, Value.nul()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Predicate.Every(List.of(new Predicate.Exists(true))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FieldPath.property("a b")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FieldPath(true, List.of("status"))).isInstanceOf(IllegalArgumentException.class);
    }
}
