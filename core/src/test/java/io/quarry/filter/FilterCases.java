package io.quarry.filter;

import static java.util.Objects.requireNonNull;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryError;
import io.quarry.error.QueryException;
import io.quarry.internal.Json;
import io.quarry.schema.EntityType;
import io.quarry.schema.Schema;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.ObjectQuery;
import io.quarry.store.ObjectStore;
import io.quarry.store.Page;
import io.quarry.store.Scope;
import io.quarry.store.SortKey;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The store-agnostic filter case corpus in {@code src/test/resources/io/quarry/filter/cases} (see the
 * README there): a shared schema and data set, and cases that each give a filter and either the ids it
 * selects or the error it raises. Every store runs the id cases through {@link #ids(ObjectStore, Case)}
 * and must agree with the evaluator.
 */
public final class FilterCases {
    /** The codes parsing and validating a filter may raise; the corpus raises each of them. */
    public static final Set<ErrorCode> FILTER_CODES = Collections.unmodifiableSet(EnumSet.of(
            ErrorCode.INVALID_JSON,
            ErrorCode.UNKNOWN_FIELD,
            ErrorCode.UNKNOWN_OPERATOR,
            ErrorCode.INVALID_OPERAND,
            ErrorCode.TYPE_MISMATCH,
            ErrorCode.INVALID_REGEX,
            ErrorCode.LIMIT_EXCEEDED));

    private static final String DIR = "cases/";
    private static final int ALL = 1000;
    private static List<Case> cases;

    private FilterCases() {}

    /** A case of the corpus. */
    public record Case(
            String file,
            String name,
            String type,
            JsonNode filter,
            String filterText,
            List<Map<String, String>> sort,
            FilterLimits limits,
            Expectation expected) {

        /** Checks the arguments. */
        public Case {
            requireNonNull(file, "file");
            requireNonNull(name, "name");
            sort = List.copyOf(sort);
            requireNonNull(limits, "limits");
            requireNonNull(expected, "expected");
        }

        /** The filter as text, as a tool would receive it. */
        public String text() {
            return filterText != null ? filterText : Json.write(filter);
        }

        /** Parses the filter with the case's limits; throws the parser's {@link QueryException}. */
        public Filter parse() {
            return new FilterParser(limits).parse(text());
        }

        /** Parses and validates against the corpus schema for the case's type (or every type). */
        public ValidatedFilter validate() {
            Schema schema = schema();
            EntityType t = type == null ? null : schema.type(type).orElseThrow();
            return new FilterValidator(schema).validate(parse(), t);
        }

        /** The type names the case searches. */
        public List<String> types() {
            return type == null ? schema().typeNames() : List.of(type);
        }

        /** The sort keys, with {@code id} breaking ties as every store does. */
        public List<SortKey> sortKeys() {
            FilterParser parser = new FilterParser(limits);
            return sort.stream()
                    .map(s -> new SortKey(parser.parsePath(s.get("field"), "sort"), "desc".equals(s.get("direction"))))
                    .toList();
        }

        /** The whole query, unrestricted scope, one page large enough for every object. */
        public ObjectQuery query() {
            return ObjectQuery.builder()
                    .types(types())
                    .filter(validate())
                    .sort(sortKeys())
                    .limit(ALL)
                    .scope(Scope.unrestricted())
                    .build();
        }

        @Override
        public String toString() {
            return file + ": " + name;
        }
    }

    /** What a case expects. */
    public sealed interface Expectation {}

    /**
     * The ids the filter selects.
     *
     * @param ids the ids, in order when {@code ordered}
     * @param ordered whether the case gives a sort, so order matters
     */
    public record Ids(List<String> ids, boolean ordered) implements Expectation {
        /** Copies the list. */
        public Ids {
            ids = List.copyOf(ids);
        }

        /** Asserts the ids a store returned. */
        public void check(List<String> actual, Case c) {
            if (ordered) {
                assertThat(actual).as(c + " " + c.text()).containsExactlyElementsOf(ids);
            } else {
                assertThat(actual).as(c + " " + c.text()).containsExactlyInAnyOrderElementsOf(ids);
            }
        }
    }

    /**
     * The first error the filter raises, and optionally how many there are.
     *
     * @param code the code
     * @param path the JSON path, relative to the filter ({@code ""} is the filter itself)
     * @param hint a substring of the hint, or {@code null}
     * @param hintExcludes a string the hint must not contain (a hidden name), or {@code null}
     * @param message a substring of the message, or {@code null}
     * @param count the number of errors, or {@code null}
     */
    public record Error(ErrorCode code, String path, String hint, String hintExcludes, String message, Integer count)
            implements Expectation {
        /** Checks the arguments. */
        public Error {
            requireNonNull(code, "code");
            requireNonNull(path, "path");
        }

        /** Asserts the errors of a failed parse or validation. */
        public void check(QueryException e, Case c) {
            QueryError first = e.first();
            String as = c + " " + c.text() + " -> " + e.errors();
            assertThat(first.code()).as(as).isEqualTo(code);
            assertThat(first.path()).as(as).isEqualTo(path);
            if (hint != null) {
                assertThat(first.hint()).as(as).contains(hint);
            }
            if (hintExcludes != null) {
                for (QueryError error : e.errors()) {
                    assertThat(String.valueOf(error.hint())).as(as).doesNotContain(hintExcludes);
                }
            }
            if (message != null) {
                assertThat(first.message()).as(as).contains(message);
            }
            if (count != null) {
                assertThat(e.errors()).as(as).hasSize(count);
            }
        }
    }

    /** The corpus schema ({@code schema.yaml}). */
    public static Schema schema() {
        return Schema.parse(resource("schema.yaml"));
    }

    /** The corpus data set ({@code data.json}). */
    public static DataFile.DataSet data() {
        try (InputStream in = open("data.json")) {
            return DataFile.read(in, "data.json");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every case, file by file in the order of {@code index.txt}. */
    public static synchronized List<Case> all() {
        if (cases == null) {
            List<Case> list = new ArrayList<>();
            for (String line : resource("index.txt").split("\n")) {
                String file = line.strip();
                if (!file.isEmpty() && !file.startsWith("#")) {
                    list.addAll(read(file));
                }
            }
            cases = List.copyOf(list);
        }
        return cases;
    }

    /** The cases that expect ids. */
    public static Stream<Case> idCases() {
        return all().stream().filter(c -> c.expected() instanceof Ids);
    }

    /** The cases that expect an error. */
    public static Stream<Case> errorCases() {
        return all().stream().filter(c -> c.expected() instanceof Error);
    }

    /** The ids a store returns for an id case, in the store's order. */
    public static List<String> ids(ObjectStore store, Case c) {
        Page page = store.search(c.query());
        assertThat(page.hasMore()).as(c.toString()).isFalse();
        return page.items().stream().map(GraphObject::id).toList();
    }

    private static List<Case> read(String file) {
        JsonNode root;
        try {
            root = Json.parse(resource(file));
        } catch (IOException e) {
            throw new UncheckedIOException(file, e);
        }
        String defaultType =
                root.path("type").isNull() ? null : root.path("type").asText();
        List<Case> list = new ArrayList<>();
        for (JsonNode c : root.path("cases")) {
            String type = c.has("type")
                    ? (c.get("type").isNull() ? null : c.get("type").asText())
                    : defaultType;
            List<Map<String, String>> sort = new ArrayList<>();
            c.path("sort")
                    .forEach(s -> sort.add(Map.of(
                            "field",
                            s.path("field").asText(),
                            "direction",
                            s.path("direction").asText("asc"))));
            list.add(new Case(
                    file,
                    c.path("name").asText(),
                    type,
                    c.get("filter"),
                    c.has("filter_text") ? c.get("filter_text").asText() : null,
                    sort,
                    limits(c.path("limits")),
                    expectation(c, !sort.isEmpty(), file)));
        }
        return list;
    }

    private static FilterLimits limits(JsonNode node) {
        FilterLimits d = FilterLimits.DEFAULTS;
        return new FilterLimits(
                node.path("maxDepth").asInt(d.maxDepth()),
                node.path("maxLogicalItems").asInt(d.maxLogicalItems()),
                node.path("maxInItems").asInt(d.maxInItems()),
                node.path("maxAllItems").asInt(d.maxAllItems()),
                node.path("maxPatternLength").asInt(d.maxPatternLength()));
    }

    private static Expectation expectation(JsonNode c, boolean ordered, String file) {
        if (c.has("ids")) {
            List<String> ids = new ArrayList<>();
            c.get("ids").forEach(id -> ids.add(id.asText()));
            return new Ids(ids, ordered);
        }
        JsonNode e = c.get("error");
        if (e == null) {
            throw new IllegalArgumentException(
                    file + ": case '" + c.path("name").asText() + "' has no ids or error");
        }
        return new Error(
                ErrorCode.valueOf(e.path("code").asText()),
                e.path("path").asText(),
                text(e, "hint"),
                text(e, "hint_excludes"),
                text(e, "message"),
                e.has("count") ? e.get("count").asInt() : null);
    }

    private static String text(JsonNode node, String key) {
        return node.hasNonNull(key) ? node.get(key).asText() : null;
    }

    private static InputStream open(String name) {
        InputStream in = FilterCases.class.getResourceAsStream(DIR + name);
        if (in == null) {
            throw new IllegalArgumentException("no corpus file " + DIR + name);
        }
        return in;
    }

    private static String resource(String name) {
        try (InputStream in = open(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
