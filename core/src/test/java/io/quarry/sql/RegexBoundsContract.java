package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.Filter;
import io.quarry.filter.FilterParser;
import io.quarry.filter.FilterValidator;
import io.quarry.internal.Json;
import io.quarry.schema.Schema;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectQuery;
import io.quarry.store.Page;
import io.quarry.store.Scope;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

/**
 * Generated patterns near the bounds of the portable subset (large and nested counts, unbounded
 * repetitions inside repetitions, long alternations) either are refused at validation with {@code
 * INVALID_REGEX} or {@code LIMIT_EXCEEDED}, or compile and run on the backend with the evaluator's
 * answer: never an {@code INTERNAL} error, "too complex", or a timeout. The rows are a few of {@link
 * GeneratedData}'s, with long strings so that a slow engine shows. The one run-time refusal allowed is
 * on MariaDB, whose PCRE2 backtracks: {@code QUERY_TIMEOUT} with the hint to simplify the pattern, at
 * the engine's match limit (which the dialect reports instead of the wrong "no match" the engine
 * gives) or at the statement timeout (a polynomial pattern such as {@code .{0,73}0{0,6}.{2,}[a-c]{103,}}
 * stays under the match limit at each of 3,000 start positions).
 */
abstract class RegexBoundsContract implements BackendUnderTest {
    private static final Schema SCHEMA = GeneratedData.schema();
    private static final DataFile.DataSet DATA = data();
    private static final InMemoryObjectStore MEMORY = InMemoryObjectStore.of(DATA);
    private static final Map<Backend, JdbcObjectStore> STORES = new ConcurrentHashMap<>();

    /** A dozen generated objects and three with strings of 3,000 characters. */
    private static DataFile.DataSet data() {
        DataFile.DataSet generated = GeneratedData.dataSet(12, 7L);
        String time = "2024-01-01T00:00:00Z";
        List<Map<String, Object>> longs = List.of("ab0 ", "5\n\t", "xyz.").stream()
                .map(unit -> Map.<String, Object>of(
                        "id",
                        "long-" + unit.hashCode(),
                        "type",
                        "Thing",
                        "created_at",
                        time,
                        "updated_at",
                        time,
                        "properties",
                        Map.of("s", unit.repeat(3000 / unit.length()), "tags", List.of(unit.repeat(50)))))
                .toList();
        DataFile.DataSet extra = DataFile.read(Json.MAPPER.valueToTree(Map.of("objects", longs)), "long strings");
        List<GraphObject> objects = new ArrayList<>(generated.objects());
        objects.addAll(extra.objects());
        return new DataFile.DataSet(objects, generated.relationships());
    }

    JdbcObjectStore store() {
        return STORES.computeIfAbsent(
                backend(), b -> b.store(b.pooledDataSource("regex_bounds_" + b.name()), StoreMapping.graph(), DATA));
    }

    @Provide
    Arbitrary<String> patterns() {
        return pattern(3);
    }

    private static Arbitrary<String> pattern(int depth) {
        Arbitrary<String> atom = Arbitraries.of("a", "b", "0", ".", "[a-c]", "\\d", "\\w", "\\s", "[^x]", "5");
        Arbitrary<String> part = depth == 0
                ? atom
                : Arbitraries.frequencyOf(
                        Tuple.of(4, atom),
                        Tuple.of(2, Arbitraries.lazy(() -> pattern(depth - 1)).map(p -> "(" + p + ")")),
                        Tuple.of(1, Arbitraries.lazy(() -> pattern(depth - 1)).map(p -> "(?:" + p + "|b)")));
        Arbitrary<String> quantified = Combinators.combine(part, quantifier()).as((p, q) -> p + q);
        return quantified.list().ofMinSize(1).ofMaxSize(4).map(l -> String.join("", l));
    }

    private static Arbitrary<String> quantifier() {
        Arbitrary<Integer> count = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.integers().between(0, 10)),
                Tuple.of(2, Arbitraries.integers().between(11, 300)),
                Tuple.of(2, Arbitraries.of(254, 255, 256, 333, 500, 999, 1000)));
        return Arbitraries.oneOf(
                Arbitraries.of("", "", "*", "+", "?"),
                count.map(n -> "{" + n + "}"),
                count.map(n -> "{" + n + ",}"),
                Combinators.combine(count, count).as((m, n) -> "{" + Math.min(m, n) + "," + Math.max(m, n) + "}"));
    }

    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
    void refusedOrSameAsMemory(@ForAll("patterns") String pattern, @ForAll boolean ignoreCase) {
        String json = Json.write(Json.MAPPER.valueToTree(Map.of(
                "$or",
                List.of(
                        Map.of(
                                "s",
                                ignoreCase ? Map.of("$regex", pattern, "$options", "i") : Map.of("$regex", pattern)),
                        Map.of("tags", Map.of("$regex", pattern))))));
        Filter filter;
        try {
            filter = FilterParser.withDefaults().parse(json);
        } catch (QueryException e) {
            assertThat(e.first().code())
                    .as(e.first().message())
                    .isIn(ErrorCode.INVALID_REGEX, ErrorCode.LIMIT_EXCEEDED);
            assertThat(e.first().hint()).isNotBlank();
            Statistics.label("pattern").collect("refused");
            return;
        }
        Statistics.label("pattern").collect("accepted");
        ObjectQuery query = ObjectQuery.builder()
                .types(GeneratedData.TYPES)
                .filter(new FilterValidator(SCHEMA).validate(filter, null))
                .limit(100)
                .scope(Scope.unrestricted())
                .build();
        List<String> expected = ids(MEMORY.search(query));
        try {
            assertThat(ids(store().search(query))).as(pattern).isEqualTo(expected);
        } catch (QueryException e) {
            // MariaDB's PCRE2 stops at its match limit, and the dialect turns its "no match" into this
            // error (docs/sql.md): an answer the model can act on, never a wrong result. The other
            // engines never backtrack.
            assertThat(backend()).as(pattern + ": " + e.errors()).isIn(Backend.MARIADB, Backend.MARIADB_GENERATED);
            assertThat(e.first().code()).as(e.first().message()).isEqualTo(ErrorCode.QUERY_TIMEOUT);
            assertThat(e.first().hint()).as(pattern).startsWith("Simplify the pattern");
            Statistics.label("pattern")
                    .collect(
                            e.first().message().contains("backtracking steps")
                                    ? "stopped at the engine's match limit"
                                    : "stopped at the statement timeout");
        }
    }

    private static List<String> ids(Page page) {
        return page.items().stream().map(GraphObject::id).toList();
    }
}
