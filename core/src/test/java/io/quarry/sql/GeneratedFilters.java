package io.quarry.sql;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Valid filters over the paths of {@link GeneratedData}, using every operator of the filter language
 * and {@code $and}/{@code $or}/{@code $nor} two levels deep, with operands drawn from the
 * data's own pools so that filters select something. System fields get operands of their kind (text
 * for {@code id} and {@code type}, dates for the timestamps).
 */
final class GeneratedFilters {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** Portable patterns, some matching the data, some not. */
    static final List<String> PATTERNS = List.of(
            "^a",
            "a$",
            "[0-9]+",
            "^\\s*5\\s*$",
            "\u00e9",
            "e\u0301",
            ".",
            "^.$",
            "(?:ab|ba)",
            "\\d{2,}",
            "^$",
            "\ud834\udd1e",
            "[a-c]",
            "\\.",
            "%",
            "_",
            "^2024-03",
            "[^a-z]",
            "A",
            "p+le",
            "^[A-Z]+$",
            "\\\\",
            "\\n",
            "^.{5}$",
            "(x|y)",
            "o0[0-9]",
            "T.*Z$",
            "^-?\\d+(\\.\\d+)?$");

    /** Literals of the string operators: metacharacters stay literal. */
    static final List<String> LITERALS = List.of(
            "a",
            "A",
            "p",
            "PP",
            "5",
            "%",
            "_",
            "\\",
            "\u00e9",
            "\u00c9",
            "e\u0301",
            "\ud834\udd1e",
            "2024",
            "an",
            "n/a",
            "\uff41",
            "\u00c4",
            "a%",
            "%b",
            "_b",
            ".",
            "*",
            "0",
            "T10",
            "+02:00",
            "line\n",
            " ");

    private GeneratedFilters() {}

    /**
     * What filters are drawn from: the paths, the type names, the scalar operands and the date-time
     * operands of comparisons on timestamps.
     *
     * @param paths the field paths conditions are written on
     * @param types the type names, the operands of {@code type}
     * @param scalars the operands of every other path
     * @param dates the operands of comparisons on {@code created_at} and {@code updated_at}
     */
    record Pools(List<String> paths, List<String> types, List<JsonNode> scalars, List<String> dates) {}

    /** The pools of {@link GeneratedData}. */
    static final Pools GENERATED =
            new Pools(GeneratedData.PATHS, GeneratedData.TYPES, GeneratedData.scalars(), GeneratedData.DATES);

    /** A whole query: types, a filter, a sort and a page size. */
    static Arbitrary<GeneratedQuery> queries() {
        return Combinators.combine(
                        Arbitraries.of(List.of("Thing"), GeneratedData.TYPES),
                        filter(GENERATED, 2),
                        sortKey().list().ofMaxSize(2),
                        Arbitraries.integers().between(1, 7))
                .as(GeneratedQuery::new);
    }

    /**
     * A query the contracts run: the filter JSON is what a shrunk counterexample prints.
     *
     * @param types the types searched
     * @param filter the filter
     * @param sort the sort keys as {@code [field, "asc"|"desc"]}
     * @param pageSize the page size for paging through cursors
     */
    record GeneratedQuery(List<String> types, JsonNode filter, List<List<String>> sort, int pageSize) {
        @Override
        public String toString() {
            return "filter " + Json.write(filter) + " types " + types + " sort "
                    + sort.stream().map(k -> k.get(0) + " " + k.get(1)).collect(Collectors.joining(", ", "[", "]"))
                    + " page size " + pageSize;
        }
    }

    static Arbitrary<List<String>> sortKey() {
        return Combinators.combine(Arbitraries.of(GeneratedData.PATHS), Arbitraries.of("asc", "desc"))
                .as(List::of);
    }

    /** A filter object: conditions and, above depth 0, logical operators. */
    static Arbitrary<JsonNode> filter(Pools pools, int depth) {
        Arbitrary<JsonNode> condition = Arbitraries.of(pools.paths())
                .flatMap(path -> condition(pools, path, depth).map(c -> (JsonNode) object(path, c)));
        Arbitrary<JsonNode> entry = depth == 0
                ? condition
                : Arbitraries.frequencyOf(Tuple.of(3, condition), Tuple.of(1, logical(pools, depth)));
        return entry.list().ofMinSize(0).ofMaxSize(2).map(GeneratedFilters::merge);
    }

    private static Arbitrary<JsonNode> logical(Pools pools, int depth) {
        return Combinators.combine(
                        Arbitraries.of("$and", "$or", "$nor"),
                        Arbitraries.lazy(() -> filter(pools, depth - 1))
                                .list()
                                .ofMinSize(1)
                                .ofMaxSize(2))
                .as((op, items) -> {
                    ArrayNode a = NODES.arrayNode();
                    items.forEach(a::add);
                    return object(op, a);
                });
    }

    /** The value of a field: a scalar (implicit {@code $eq}) or an operator expression. */
    static Arbitrary<JsonNode> condition(Pools pools, String path, int depth) {
        return Arbitraries.frequencyOf(
                Tuple.of(1, equalityOperand(pools, path)), Tuple.of(4, expression(pools, path, depth)));
    }

    /**
     * An operator expression: one string operator with {@code $options}, or one or two others. Every
     * operator on every path, system fields included: where the validator refuses one (a string
     * operator on a timestamp, {@code $size} on a string), the contract checks the refusal instead.
     */
    static Arbitrary<JsonNode> expression(Pools pools, String path, int depth) {
        Arbitrary<JsonNode> plain =
                operator(pools, path, depth).list().ofMinSize(1).ofMaxSize(2).map(GeneratedFilters::merge);
        return Arbitraries.frequencyOf(Tuple.of(timestamp(path) ? 8 : 3, plain), Tuple.of(1, stringOperator()));
    }

    private static Arbitrary<JsonNode> operator(Pools pools, String path, int depth) {
        List<Arbitrary<? extends JsonNode>> choices = new ArrayList<>();
        weigh(choices, 3, equalityOperand(pools, path).map(v -> object("$eq", v)));
        weigh(choices, 3, equalityOperand(pools, path).map(v -> object("$ne", v)));
        {
            // a comparison on the enum type is a type mismatch: rarely
            weigh(
                    choices,
                    path.equals("type") ? 1 : 6,
                    Combinators.combine(Arbitraries.of("$gt", "$gte", "$lt", "$lte"), comparisonOperand(pools, path))
                            .as(GeneratedFilters::object));
        }
        weigh(
                choices,
                2,
                Combinators.combine(
                                Arbitraries.of("$in", "$nin"),
                                equalityOperand(pools, path).list().ofMaxSize(4).map(GeneratedFilters::array))
                        .as(GeneratedFilters::object));
        weigh(choices, 1, Arbitraries.of(true, false).map(b -> object("$exists", NODES.booleanNode(b))));
        if (!system(path)) {
            weigh(choices, 1, Arbitraries.integers().between(0, 3).map(n -> object("$size", NODES.numberNode(n))));
            weigh(
                    choices,
                    2,
                    equalityOperand(pools, path)
                            .list()
                            .ofMinSize(1)
                            .ofMaxSize(3)
                            .map(values -> object("$all", array(values))));
        } else {
            // type mismatches on a system field: rarely, so most queries run
            weigh(
                    choices,
                    1,
                    Arbitraries.of(
                            object("$size", NODES.numberNode(1)),
                            object("$all", array(List.of(NODES.textNode("Thing"))))));
        }
        if (depth > 0) {
            weigh(
                    choices,
                    1,
                    Arbitraries.lazy(() -> expression(pools, path, depth - 1)).map(e -> object("$not", e)));
        }
        return Arbitraries.oneOf(choices);
    }

    private static void weigh(
            List<Arbitrary<? extends JsonNode>> choices, int weight, Arbitrary<? extends JsonNode> a) {
        for (int i = 0; i < weight; i++) {
            choices.add(a);
        }
    }

    /** {@code $regex} or a literal string operator, case-sensitive or (with an ASCII operand) not. */
    private static Arbitrary<JsonNode> stringOperator() {
        Arbitrary<List<String>> regex = Arbitraries.of(PATTERNS).map(p -> List.of("$regex", p));
        Arbitrary<List<String>> literal = Combinators.combine(
                        Arbitraries.of("$contains", "$startsWith", "$endsWith"), Arbitraries.of(LITERALS))
                .as(List::of);
        return Combinators.combine(Arbitraries.oneOf(regex, literal), Arbitraries.of("none", "", "i"))
                .as((op, options) -> {
                    ObjectNode o = object(op.get(0), NODES.textNode(op.get(1)));
                    boolean ascii = op.get(1).chars().allMatch(c -> c < 128);
                    if (options.equals("") || (options.equals("i") && ascii)) {
                        o.put("$options", options);
                    }
                    return o;
                });
    }

    /** An operand of {@code $eq}, {@code $ne}, {@code $in}, {@code $nin} and {@code $all}. */
    static Arbitrary<JsonNode> equalityOperand(Pools pools, String path) {
        if (timestamp(path)) {
            return Arbitraries.of(
                            "2024-03-01T10:00:00Z",
                            "2024-03-01T10:00:00.000001Z",
                            "2024-03-01T10:00:00.000002Z",
                            "2024-03-01T10:00:00+00:00",
                            "2024-03-01")
                    .map(NODES::textNode);
        }
        if (path.equals("type")) {
            return Arbitraries.of(pools.types()).map(NODES::textNode);
        }
        if (path.equals("id")) {
            return textual();
        }
        return Arbitraries.of(pools.scalars());
    }

    /** An operand of {@code $gt} and the others: a number or a string, a date string included. */
    static Arbitrary<JsonNode> comparisonOperand(Pools pools, String path) {
        if (timestamp(path)) {
            return Arbitraries.of(pools.dates())
                    .filter(d -> io.quarry.internal.IsoDateTime.parse(d).isPresent())
                    .map(NODES::textNode);
        }
        if (path.equals("id")) {
            return textual();
        }
        return Arbitraries.of(pools.scalars()).filter(v -> v.isNumber() || v.isTextual());
    }

    private static Arbitrary<JsonNode> textual() {
        return Arbitraries.of("o001", "o010", "o05", "o1", "p", "", "Thing", "99", "100", "2024-03-01", " 7")
                .map(NODES::textNode);
    }

    /**
     * System fields take operands of their declared type: {@code type} is an enum of the type names,
     * {@code id} a string, the timestamps date-times; {@code $size} and {@code $all} are type mismatches.
     */
    private static boolean system(String path) {
        return timestamp(path) || path.equals("id") || path.equals("type");
    }

    private static boolean timestamp(String path) {
        return path.equals("created_at") || path.equals("updated_at");
    }

    static ObjectNode object(String key, JsonNode value) {
        ObjectNode o = NODES.objectNode();
        o.set(key, value);
        return o;
    }

    static ArrayNode array(List<JsonNode> values) {
        ArrayNode a = NODES.arrayNode();
        values.forEach(a::add);
        return a;
    }

    /** One object of several one-key objects; a repeated key keeps its last value, as JSON parsers do. */
    static JsonNode merge(List<JsonNode> parts) {
        ObjectNode o = NODES.objectNode();
        parts.forEach(p -> o.setAll((ObjectNode) p));
        return o;
    }
}
