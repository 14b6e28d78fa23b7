package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.filter.FilterParser;
import io.quarry.internal.Json;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectQuery;
import io.quarry.store.Page;
import io.quarry.store.Scope;
import io.quarry.store.SortKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Sort keys are compared whole: strings that share long prefixes (255, 256, 257, 1,000 and 2,000
 * characters, ASCII and multi-byte, around MariaDB's default {@code max_sort_length} of 1,024 bytes),
 * sorted alone and beside a second key, ascending and descending, walked five at a time to the end,
 * give the evaluator's order, pages and cursors. Past {@link #DIVERGENT} characters of shared prefix
 * MariaDB ties the strings (a documented divergence): the walk still visits every object once.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class LongSortKeyContract implements BackendUnderTest {
    /** A shared prefix past MariaDB's compared length (docs/sql.md): order by id there, each object once. */
    static final int DIVERGENT = 3_000;

    private static final com.fasterxml.jackson.databind.JsonNode FAR =
            Json.object().set("title", Json.object().put("$startsWith", "qqq"));
    private static final com.fasterxml.jackson.databind.JsonNode NOT_FAR =
            Json.object().set("title", Json.object().set("$not", Json.object().put("$startsWith", "qqq")));

    JdbcObjectStore store;
    InMemoryObjectStore memory;

    /** Prefixes of the lengths around the boundaries, then tails that differ right after them. */
    static List<String> titles() {
        List<String> titles = new ArrayList<>();
        List<String> tails = List.of("", "a", "b", "\u00e9", "\ud83d\ude00");
        for (int length : new int[] {255, 256, 257, 341, 342, 1_000, 2_000}) {
            for (String unit : List.of("x", "\u65e5")) {
                String prefix = unit.repeat(length);
                for (String tail : tails) {
                    titles.add(prefix + tail);
                }
            }
        }
        // one with a surrogate pair straddling the 256th character
        titles.add("y".repeat(255) + "\ud83d\ude00" + "b");
        titles.add("y".repeat(255) + "\ud83d\ude00" + "a");
        return titles;
    }

    @BeforeAll
    void load() {
        List<GraphObject> objects = new ArrayList<>();
        Instant at = Instant.parse("2024-03-01T10:00:00Z");
        List<String> titles = titles();
        for (int i = 0; i < titles.size(); i++) {
            objects.add(thing(String.format(Locale.ROOT, "t%03d", titles.size() - i), titles.get(i), i % 3, at));
        }
        String far = "q".repeat(DIVERGENT);
        for (String tail : List.of("c", "a", "b")) {
            objects.add(thing("far-" + tail, far + tail, 9, at));
        }
        DataFile.DataSet data = new DataFile.DataSet(objects, List.of());
        store = backend().store("long_sort_keys_" + backend().name(), StoreMapping.graph(), data);
        memory = InMemoryObjectStore.of(data);
    }

    private static GraphObject thing(String id, String title, int group, Instant at) {
        var p = Json.object();
        p.put("title", title);
        p.put("group", "g" + group);
        return new GraphObject(id, "Thing", p, at, at, Map.of());
    }

    static Stream<List<String>> sorts() {
        return Stream.of(
                List.of("title"),
                List.of("-title"),
                List.of("group", "title"),
                List.of("-group", "-title"),
                List.of("title", "group"));
    }

    @ParameterizedTest
    @MethodSource("sorts")
    void pagesWalkedToTheEndAreTheEvaluators(List<String> keys) {
        List<SortKey> sort = keys.stream()
                .map(k -> new SortKey(
                        FilterParser.withDefaults().parsePath(k.replace("-", ""), "sort"), k.startsWith("-")))
                .toList();
        String cursor = null;
        List<String> seen = new ArrayList<>();
        do {
            ObjectQuery query = query(sort, cursor, NOT_FAR);
            Page expected = memory.search(query);
            Page actual = DirtyDataContract.search(store, query, sort);
            assertThat(DirtyDataContract.ids(actual))
                    .as(keys + " after " + seen.size())
                    .containsExactlyElementsOf(DirtyDataContract.ids(expected));
            assertThat(actual.cursors()).isEqualTo(expected.cursors());
            seen.addAll(DirtyDataContract.ids(actual));
            cursor = expected.nextCursor();
        } while (cursor != null);
        assertThat(seen).hasSize(titles().size()).doesNotHaveDuplicates();
    }

    @Test
    void pastTheComparedLengthEveryObjectIsVisitedOnce() {
        for (boolean descending : new boolean[] {false, true}) {
            List<SortKey> sort =
                    List.of(new SortKey(FilterParser.withDefaults().parsePath("title", "sort"), descending));
            String cursor = null;
            List<String> seen = new ArrayList<>();
            do {
                Page page = DirtyDataContract.search(store, query(sort, cursor, FAR), sort);
                seen.addAll(DirtyDataContract.ids(page));
                cursor = page.nextCursor();
            } while (cursor != null);
            assertThat(seen).containsExactlyInAnyOrder("far-a", "far-b", "far-c");
        }
    }

    private static ObjectQuery query(
            List<SortKey> sort, String cursor, com.fasterxml.jackson.databind.JsonNode filter) {
        var schema = io.quarry.schema.Schema.builder()
                .type(io.quarry.schema.EntityType.of(
                        "Thing",
                        io.quarry.schema.Field.of("title", io.quarry.schema.FieldType.STRING),
                        io.quarry.schema.Field.of("group", io.quarry.schema.FieldType.STRING)))
                .build();
        return ObjectQuery.builder()
                .type("Thing")
                .filter(new io.quarry.filter.FilterValidator(schema)
                        .validate(
                                FilterParser.withDefaults().parse(filter, ""),
                                schema.type("Thing").orElseThrow()))
                .sort(sort)
                .limit(5)
                .cursor(cursor)
                .scope(Scope.unrestricted())
                .build();
    }
}
