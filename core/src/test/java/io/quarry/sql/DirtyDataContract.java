package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.filter.FilterParser;
import io.quarry.filter.FilterValidator;
import io.quarry.internal.Json;
import io.quarry.schema.Schema;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectQuery;
import io.quarry.store.ObjectStore;
import io.quarry.store.Page;
import io.quarry.store.Scope;
import io.quarry.store.SortKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every operator, with every operand of its kind, over every kind of dirty value, runs on the backend
 * without a conversion or database error and selects what the evaluator selects; sorting by the
 * dirty field, page after page, gives the evaluator's order. The data holds one object per value of
 * {@link GeneratedData} at {@code v} (and at {@code o.v}), an object without {@code v}, and objects
 * whose {@code o} is not an object, so paths meet scalars, arrays and nulls. Where
 * {@link GeneratedFilterContract} samples combinations, this contract is exhaustive per operator.
 * Each backend's test class nests one subclass ({@link BackendUnderTest}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class DirtyDataContract implements BackendUnderTest {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Schema SCHEMA = GeneratedData.schema();

    JdbcObjectStore store;
    InMemoryObjectStore memory;

    @BeforeAll
    void load() {
        List<GraphObject> objects = new ArrayList<>();
        Instant at = Instant.parse("2024-03-01T10:00:00Z");
        List<JsonNode> values = GeneratedData.values();
        for (int i = 0; i < values.size(); i++) {
            ObjectNode p = Json.object();
            p.set("v", values.get(i));
            p.putObject("o").set("v", values.get(i));
            objects.add(new GraphObject(
                    String.format(Locale.ROOT, "d%03d", i), "Thing", p, at, at.plusSeconds(i % 7), Map.of()));
        }
        objects.add(new GraphObject("missing", "Thing", Json.object(), at, at, Map.of()));
        for (String o : List.of("5", "\"text\"", "[{\"v\": 5}]", "null", "{\"v\": {\"v\": 5}}")) {
            ObjectNode p = Json.object();
            p.set("o", GeneratedData.parse(o));
            objects.add(new GraphObject("o-" + objects.size(), "Thing", p, at, at, Map.of()));
        }
        DataFile.DataSet data = new DataFile.DataSet(objects, List.of());
        store = backend().store("differential_dirty_" + backend().name(), StoreMapping.graph(), data);
        memory = InMemoryObjectStore.of(data);
    }

    /**
     * An operator and the operands it takes.
     *
     * @param name the operator as the report names it
     * @param operands the operand values
     * @param condition the condition on a field for an operand
     */
    record Operator(String name, List<JsonNode> operands, Function<JsonNode, JsonNode> condition) {
        @Override
        public String toString() {
            return name + " (" + operands.size() + " operands)";
        }
    }

    Stream<Operator> operators() {
        List<JsonNode> scalars = GeneratedData.scalars();
        List<JsonNode> comparable =
                scalars.stream().filter(v -> v.isNumber() || v.isTextual()).toList();
        Map<String, Operator> ops = new LinkedHashMap<>();
        ops.put("implicit $eq", new Operator("implicit $eq", scalars, v -> v));
        for (String op : List.of("$eq", "$ne")) {
            ops.put(op, new Operator(op, scalars, v -> object(op, v)));
        }
        for (String op : List.of("$gt", "$gte", "$lt", "$lte")) {
            ops.put(op, new Operator(op, comparable, v -> object(op, v)));
        }
        for (String op : List.of("$in", "$nin", "$all")) {
            ops.put(
                    op,
                    new Operator(op, scalars, v -> object(op, NODES.arrayNode().add(v))));
        }
        ops.put(
                "$in of two",
                new Operator(
                        "$in of two",
                        scalars,
                        v -> object("$in", NODES.arrayNode().add(v).add(5))));
        ops.put(
                "$exists",
                new Operator(
                        "$exists",
                        List.of(NODES.booleanNode(true), NODES.booleanNode(false)),
                        v -> object("$exists", v)));
        ops.put("$size", new Operator("$size", ints(0, 1, 2, 3), v -> object("$size", v)));
        ops.put("$not $gt", new Operator("$not $gt", comparable, v -> object("$not", object("$gt", v))));
        List<JsonNode> patterns = texts(GeneratedFilters.PATTERNS);
        List<JsonNode> literals = texts(GeneratedFilters.LITERALS);
        ops.put("$regex", new Operator("$regex", patterns, v -> object("$regex", v)));
        ops.put("$regex i", new Operator("$regex i", ascii(patterns), v -> withOptions(object("$regex", v))));
        for (String op : List.of("$contains", "$startsWith", "$endsWith")) {
            ops.put(op, new Operator(op, literals, v -> object(op, v)));
            ops.put(op + " i", new Operator(op + " i", ascii(literals), v -> withOptions(object(op, v))));
        }
        return ops.values().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("operators")
    void everyOperandOverEveryDirtyValue(Operator operator) {
        for (String path : List.of("v", "o.v")) {
            for (JsonNode operand : operator.operands()) {
                ObjectNode filter = object(path, operator.condition().apply(operand));
                ObjectQuery query = ObjectQuery.builder()
                        .type("Thing")
                        .filter(new FilterValidator(SCHEMA)
                                .validate(
                                        FilterParser.withDefaults().parse(filter, ""),
                                        SCHEMA.type("Thing").orElseThrow()))
                        .limit(1_000)
                        .scope(Scope.unrestricted())
                        .build();
                assertThat(ids(search(store, query, filter)))
                        .as(Json.write(filter))
                        .containsExactlyElementsOf(ids(memory.search(query)));
            }
        }
    }

    static Stream<String> sortPaths() {
        return Stream.of("v", "o.v", "o");
    }

    @ParameterizedTest
    @MethodSource("sortPaths")
    void sortingByADirtyFieldPageAfterPage(String path) {
        for (boolean descending : new boolean[] {false, true}) {
            List<SortKey> sort = List.of(new SortKey(FilterParser.withDefaults().parsePath(path, "sort"), descending));
            String cursor = null;
            List<String> seen = new ArrayList<>();
            do {
                ObjectQuery query = ObjectQuery.builder()
                        .type("Thing")
                        .sort(sort)
                        .limit(9)
                        .cursor(cursor)
                        .scope(Scope.unrestricted())
                        .build();
                Page expected = memory.search(query);
                Page actual = search(store, query, sort);
                assertThat(ids(actual)).as(sort + " after " + seen.size()).containsExactlyElementsOf(ids(expected));
                assertThat(actual.cursors()).isEqualTo(expected.cursors());
                seen.addAll(ids(actual));
                cursor = expected.nextCursor();
            } while (cursor != null);
            assertThat(seen).hasSize(memory.objects().size());
        }
    }

    /** Searches, naming the query in any failure: a database or conversion error fails the contract. */
    static Page search(ObjectStore s, ObjectQuery query, Object what) {
        try {
            return s.search(query);
        } catch (RuntimeException e) {
            throw new AssertionError(what + " raised " + e, e);
        }
    }

    static List<String> ids(Page page) {
        return page.items().stream().map(GraphObject::id).toList();
    }

    static List<JsonNode> ints(int... values) {
        List<JsonNode> out = new ArrayList<>();
        for (int v : values) {
            out.add(NODES.numberNode(v));
        }
        return out;
    }

    static List<JsonNode> texts(List<String> values) {
        return values.stream().map(v -> (JsonNode) NODES.textNode(v)).toList();
    }

    /** Case-insensitive operands: ASCII only, the folding every backend guarantees. */
    static List<JsonNode> ascii(List<JsonNode> values) {
        return values.stream()
                .filter(v -> v.textValue().chars().allMatch(c -> c < 128))
                .toList();
    }

    static ObjectNode withOptions(ObjectNode expression) {
        expression.put("$options", "i");
        return expression;
    }

    static ObjectNode object(String key, JsonNode value) {
        return GeneratedFilters.object(key, value);
    }
}
