package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.FilterCases;
import io.quarry.filter.FilterLimits;
import io.quarry.filter.FilterParser;
import io.quarry.filter.FilterValidator;
import io.quarry.filter.ValidatedFilter;
import io.quarry.internal.Json;
import io.quarry.regex.PortableRegex;
import io.quarry.schema.Schema;
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
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile strings change neither what a statement is nor whether it runs. For every operator, and
 * for related_to_id, full-text words (up to the tools' 256 code points) and sort fields: the statement compiled for a hostile value has
 * exactly the text of the statement compiled for a benign value of the same kind (same length in
 * code points, same ASCII/BMP/astral mix, same white space), so only the binds differ; it runs on
 * the backend without a database error; and it returns what {@link InMemoryObjectStore} returns.
 * Field names take what the naming rule accepts ({@code a--b}, 64 characters); the SQL text then
 * differs at most by the name itself (both names are blanked out on both sides before comparing). Names the rule refuses are filter errors before any SQL exists.
 * Each backend's test class nests one subclass ({@link BackendUnderTest}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class InjectionContract implements BackendUnderTest {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Schema SCHEMA = GeneratedData.schema();

    /** Quotes, backslashes, LIKE wildcards, NUL, comment markers, escapes, JSON-breaking text, 100 kB and 30 kB. */
    static final List<String> HOSTILE = List.of(
            "'",
            "''",
            "' OR '1'='1",
            "'; DROP TABLE quarry_objects; --",
            "\"",
            "\" OR \"\"=\"",
            "\\",
            "\\'",
            "'\\",
            "%",
            "_",
            "%_%",
            "\\%",
            "a%b_c\\",
            "\u0000",
            "a\u0000b",
            "--",
            "-- comment",
            "/*",
            "*/",
            "/* x */ 1",
            ";",
            "; SELECT 1",
            "?",
            "$1",
            ":name",
            "\\u0027",
            "\\x27",
            "\u2019",
            "\uff07",
            "\"}]}",
            "{\"$gt\": \"\"}",
            "\n",
            "\r\n\t",
            "${jndi:ldap://x}",
            "\ud834\udd1e'",
            "\ufeff",
            "\u202e",
            "e\u0301'",
            "NULL",
            "1e999",
            "' || (SELECT 1) || '",
            // past 65,535 bytes (a TEXT column's limit on MariaDB); the two escaping-heavy ones are
            // shorter, since every read re-parses every stored value on PostgreSQL
            "x".repeat(100_000),
            "'".repeat(30_000),
            "\\".repeat(15_000) + "%".repeat(15_000));

    /** Field names the naming rule accepts, each holding SQL-ish text. */
    static final List<String> ACCEPTED_NAMES = List.of(
            "a--b", "_", "x-y", "__proto__", "select", "FROM", "quarry_objects", "o", "a".repeat(64), "a--b.c--d");

    /** Field names the naming rule refuses. */
    static final List<String> REFUSED_NAMES = List.of(
            "a'b", "a b", "a;b", "a/*", "a\"b", "a\u0000", "\u00e9", "1a", "a".repeat(65), "a\\b", "a%b", "a.", "");

    JdbcObjectStore store;
    InMemoryObjectStore memory;
    /** {@link Dialect#storesNul}: where it is false, the stored data has no NUL, and a value with NUL may compile to other text. */
    boolean storesNul;

    @BeforeAll
    void load() {
        DataSource ds =
                backend().pooledDataSource("differential_injection_" + backend().name());
        Dialect dialect = backend().dialect(ds);
        storesNul = dialect.storesNul();
        store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(dialect)
                .mapping(StoreMapping.graph())
                .build();
        store.createLayout();
        DataFile.DataSet data = data(true);
        if (!storesNul) {
            // the load refuses NUL, naming the object, and keeps nothing; the data stored instead drops
            // the NUL (the queries keep it)
            assertThatThrownBy(() -> store.load(data))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("object 'h14'")
                    .hasMessageContaining("NUL");
            assertThat(store.search(query(ValidatedFilter.matchAll(), null, null, List.of()))
                            .total())
                    .isZero();
        }
        DataFile.DataSet stored = storesNul ? data : data(false);
        store.load(stored);
        memory = InMemoryObjectStore.of(stored);
    }

    /** The hostile strings as properties, with or without their NULs. */
    static DataFile.DataSet data(boolean withNul) {
        List<GraphObject> objects = new ArrayList<>();
        Instant at = Instant.parse("2024-03-01T10:00:00Z");
        for (int i = 0; i < HOSTILE.size(); i++) {
            String value = withNul ? HOSTILE.get(i) : HOSTILE.get(i).replace("\u0000", "");
            ObjectNode p = Json.object();
            p.put("s", value);
            p.putArray("tags").add(value).add("plain");
            p.put(ACCEPTED_NAMES.get(i % (ACCEPTED_NAMES.size() - 1)), value);
            p.putObject("a--b").put("c--d", value);
            objects.add(new GraphObject(
                    String.format(java.util.Locale.ROOT, "h%02d", i), "Thing", p, at, at.plusSeconds(i), Map.of()));
        }
        objects.add(new GraphObject("plain", "Thing", Json.object().put("s", "plain"), at, at, Map.of()));
        return new DataFile.DataSet(objects, List.of());
    }

    /**
     * Whether a hostile value compiles to the text of its benign twin: always, but for a value with
     * NUL where the dialect cannot store NUL (it is written as what it is on NUL-free data, such as
     * {@code (1 = 0)}: see docs/sql.md).
     */
    boolean sameText(String value) {
        return storesNul || value.indexOf('\0') < 0;
    }

    /**
     * An operator applied to a hostile string.
     *
     * @param operator a label
     * @param value the hostile string
     * @param filter the filter for a string, or {@code null} when the operator does not take it
     */
    record Case(String operator, String value, Function<String, JsonNode> filter) {
        @Override
        public String toString() {
            return operator + " " + Json.preview(NODES.textNode(value), 40);
        }
    }

    Stream<Case> valueCases() {
        Map<String, Function<String, JsonNode>> operators = new java.util.LinkedHashMap<>();
        operators.put("implicit $eq", v -> object("s", NODES.textNode(v)));
        for (String op : List.of("$eq", "$ne", "$gt", "$gte", "$lt", "$lte")) {
            operators.put(op, v -> object("s", object(op, NODES.textNode(v))));
        }
        for (String op : List.of("$in", "$nin", "$all")) {
            operators.put(
                    op, v -> object("tags", object(op, NODES.arrayNode().add(v).add("plain"))));
        }
        for (String op : List.of("$contains", "$startsWith", "$endsWith")) {
            operators.put(op, v -> v.isEmpty() ? null : object("s", object(op, NODES.textNode(v))));
            operators.put(op + " i", v -> {
                if (v.isEmpty()) {
                    return null;
                }
                ObjectNode e = object(op, NODES.textNode(v));
                e.put("$options", "i");
                return object("s", e);
            });
        }
        operators.put("$regex", v -> v.isEmpty() ? null : object("s", object("$regex", NODES.textNode(quote(v)))));
        operators.put("$not $eq", v -> object("s", object("$not", object("$eq", NODES.textNode(v)))));
        operators.put(
                "nested path",
                v -> object("a--b.c--d", object("$in", NODES.arrayNode().add(v))));
        List<Case> cases = new ArrayList<>();
        operators.forEach((name, f) -> HOSTILE.forEach(v -> cases.add(new Case(name, v, f))));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("valueCases")
    void aHostileValueIsOnlyABind(Case c) {
        JsonNode hostile = c.filter().apply(c.value());
        if (hostile == null) {
            return;
        }
        JsonNode benign = c.filter().apply(benign(c.value()));
        ValidatedFilter filter;
        try {
            filter = validate(hostile);
        } catch (QueryException e) {
            // over a limit (patterns are at most 256 code points): a filter error, before any SQL
            assertThat(e.first().code()).as(e.errors().toString()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);
            assertThatThrownBy(() -> validate(benign)).isInstanceOf(QueryException.class);
            return;
        }
        ObjectQuery query = query(filter, null, null, List.of());
        if (sameText(c.value())) {
            assertThat(text(query)).isEqualTo(text(query(validate(benign), null, null, List.of())));
        }
        assertSameResult(query);
    }

    static Stream<String> hostile() {
        return HOSTILE.stream();
    }

    @ParameterizedTest
    @MethodSource("hostile")
    void aHostileRelatedIdOrTextIsOnlyABind(String value) {
        ValidatedFilter all = ValidatedFilter.matchAll();
        ObjectQuery related = query(all, value, null, List.of());
        if (sameText(value)) {
            assertThat(text(related)).isEqualTo(text(query(all, benign(value), null, List.of())));
        }
        assertSameResult(related);
        if (value.codePointCount(0, value.length()) > FilterLimits.DEFAULTS.maxPatternLength()) {
            return; // the tools refuse a longer full-text query (LIMIT_EXCEEDED)
        }
        ObjectQuery text = query(all, null, value, List.of());
        if (sameText(value)) {
            assertThat(text(text)).isEqualTo(text(query(all, null, benign(value), List.of())));
        }
        assertSameResult(text);
    }

    static Stream<String> acceptedNames() {
        return ACCEPTED_NAMES.stream();
    }

    @ParameterizedTest
    @MethodSource("acceptedNames")
    void anAcceptedFieldNameIsOnlyAName(String name) {
        String benign = benignName(name);
        for (JsonNode operand : List.of(
                NODES.textNode("'"),
                object("$gt", NODES.numberNode(1)),
                object("$exists", NODES.booleanNode(false)),
                object("$contains", NODES.textNode("%")),
                object("$size", NODES.numberNode(1)))) {
            ObjectQuery query = query(validate(object(name, operand)), null, null, List.of());
            ObjectQuery plain = query(validate(object(benign, operand)), null, null, List.of());
            assertThat(withoutNames(text(query), name, benign))
                    .as(name + " " + operand)
                    .isEqualTo(withoutNames(text(plain), name, benign));
            assertSameResult(query);
        }
        List<SortKey> sort = List.of(new SortKey(FilterParser.withDefaults().parsePath(name, "sort"), true));
        ObjectQuery sorted = query(ValidatedFilter.matchAll(), null, null, sort);
        ObjectQuery sortedPlain = query(
                ValidatedFilter.matchAll(),
                null,
                null,
                List.of(new SortKey(FilterParser.withDefaults().parsePath(benign, "sort"), true)));
        assertThat(withoutNames(text(sorted), name, benign)).isEqualTo(withoutNames(text(sortedPlain), name, benign));
        assertSameResult(sorted);
    }

    static Stream<String> refusedNames() {
        return REFUSED_NAMES.stream();
    }

    @ParameterizedTest
    @MethodSource("refusedNames")
    void aRefusedFieldNameIsAFilterError(String name) {
        assertThatThrownBy(() -> validate(object(name, NODES.textNode("x"))))
                .isInstanceOfSatisfying(QueryException.class, e -> assertThat(FilterCases.FILTER_CODES)
                        .contains(e.first().code()));
    }

    void assertSameResult(ObjectQuery query) {
        Page expected = memory.search(query);
        Page actual = store.search(query);
        assertThat(actual.items().stream().map(GraphObject::id).toList())
                .containsExactlyElementsOf(
                        expected.items().stream().map(GraphObject::id).toList());
        assertThat(actual.total()).isEqualTo(expected.total());
    }

    String text(ObjectQuery query) {
        List<Sql> statements = store.explain(query);
        return statements.stream().map(Sql::text).reduce("", (a, b) -> a + "\n" + b);
    }

    static ObjectQuery query(ValidatedFilter filter, String relatedTo, String text, List<SortKey> sort) {
        return ObjectQuery.builder()
                .type("Thing")
                .filter(filter)
                .relatedTo(relatedTo, null)
                .text(text, List.of())
                .sort(sort)
                .limit(100)
                .scope(Scope.unrestricted())
                .build();
    }

    static ValidatedFilter validate(JsonNode filter) {
        return new FilterValidator(SCHEMA)
                .validate(
                        FilterParser.withDefaults().parse(filter, ""),
                        SCHEMA.type("Thing").orElseThrow());
    }

    /**
     * A benign string of the same kind: each code point replaced by {@code a} (ASCII), {@code é} (other
     * BMP) or {@code 𝄞} (astral), white space and double quotes (which split full-text words) kept,
     * and a code point that is not a letter or digit replaced by one that is not either ({@code .} or
     * {@code ·}): a dialect may pick its form by the runs of letters and digits a trigram index can
     * use (PostgreSQL: see docs/sql.md).
     */
    static String benign(String hostile) {
        StringBuilder out = new StringBuilder();
        hostile.codePoints().forEach(cp -> {
            boolean word = Character.isLetterOrDigit(cp);
            if (Character.isWhitespace(cp) || cp == '"') {
                out.appendCodePoint(cp);
            } else if (cp < 128) {
                out.append(word ? 'a' : '.');
            } else if (cp < 0x10000) {
                out.append(word ? '\u00e9' : '\u00b7');
            } else {
                out.appendCodePoint(0x1d11e);
            }
        });
        return out.toString();
    }

    /**
     * The text with both names replaced, on both sides alike: a dialect may write a (validated) name
     * into the SQL, and a name such as {@code o} or {@code FROM} also occurs as SQL.
     */
    static String withoutNames(String text, String name, String benign) {
        return text.replace(name, "\u0001").replace(benign, "\u0001");
    }

    /** A name of the same length and dots, of letters only. */
    static String benignName(String name) {
        return name.replaceAll("[^.]", "q");
    }

    /** The literal as a portable pattern. */
    static String quote(String literal) {
        return PortableRegex.quote(literal);
    }

    static ObjectNode object(String key, JsonNode value) {
        return GeneratedFilters.object(key, value);
    }
}
