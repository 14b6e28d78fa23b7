package io.quarry.sql;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.filter.FilterParser;
import io.quarry.filter.FilterValidator;
import io.quarry.filter.ValidatedFilter;
import io.quarry.internal.Json;
import io.quarry.schema.Schema;
import io.quarry.store.SortKey;
import io.quarry.testing.Golden;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden files of the compiled SQL and binds per dialect (STYLE.md 11). Each case
 * {@code golden/filters/NAME.filter.json} holds a filter and optionally a sort and a keyset position
 * ({@code "after": {"keys": [...], "id": "..."}}) and a type ({@code "type": "Declared"}: its fields are
 * declared scalars); its expected SQL is
 * {@code golden/DIALECT/NAME.sql}: the WHERE condition, the ORDER BY and keyset condition when the
 * case sorts, and a {@code -- binds: [...]} line. {@code -Dquarry.golden.update=true} rewrites them;
 * a mismatch writes {@code NAME.sql.actual} beside the expected file; a missing one fails when
 * {@code CI=true} ({@link Golden}).
 *
 * <p>The golden files need no database: one subclass per dialect gives a configured {@link Dialect}.
 */
abstract class GoldenSqlContract {
    static final Path DIR = Path.of("src/test/resources/io/quarry/sql/golden");
    /**
     * The generated data's types, and {@code Declared}, whose fields a case with {@code "type":
     * "Declared"} reads as the scalars the schema declares (no array arms where a dialect drops them).
     */
    private static final Schema SCHEMA = io.quarry.config.QuarryConfig.parse(
                    "types:\n  Thing:\n    description: Dirty data.\n  Other:\n    description: More dirty data.\n"
                            + "  Declared:\n    description: Declared fields.\n"
                            + "    fields: {due_at: datetime, score: number, title: string}\n",
                    "schema.yaml")
            .schema()
            .orElseThrow();

    /** The dialect whose SQL the golden files hold; its {@link Dialect#name()} names their directory. */
    abstract Dialect dialect();

    static Stream<String> cases() throws IOException {
        List<String> names;
        try (Stream<Path> files = Files.list(DIR.resolve("filters"))) {
            names = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".filter.json"))
                    .map(n -> n.substring(0, n.length() - ".filter.json".length()))
                    .sorted()
                    .toList();
        }
        return names.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void compiledSqlAndBindsMatchTheGoldenFile(String name) throws IOException {
        JsonNode c = Json.parse(Files.readString(DIR.resolve("filters").resolve(name + ".filter.json")));
        Golden.assertMatches(DIR.resolve(dialect().name()).resolve(name + ".sql"), render(c));
    }

    /** The SQL of a case as its golden file holds it. */
    String render(JsonNode c) {
        SqlCompiler compiler = new SqlCompiler(dialect());
        SqlCompiler.Columns columns = SqlCompiler.Columns.of("o", StoreMapping.graph());
        String typeName = c.path("type").asText(null);
        io.quarry.schema.EntityType type =
                typeName == null ? null : SCHEMA.type(typeName).orElseThrow();
        ValidatedFilter filter =
                new FilterValidator(SCHEMA).validate(FilterParser.withDefaults().parse(c.get("filter"), ""), type);
        SqlWriter w = new SqlWriter();
        compiler.writeFilter(w, filter.filter(), FieldReads.document(dialect(), columns, type));
        List<SortKey> sort = new ArrayList<>();
        FilterParser parser = FilterParser.withDefaults();
        c.path("sort")
                .forEach(s -> sort.add(new SortKey(
                        parser.parsePath(s.path("field").asText(), "sort"),
                        "desc".equals(s.path("direction").asText()))));
        if (c.has("after")) {
            List<JsonNode> keys = new ArrayList<>();
            c.get("after").get("keys").forEach(k -> keys.add(k.isNull() ? null : k));
            w.append("\nAND ");
            compiler.after(
                    w, sort, keys, c.get("after").get("id").asText(), FieldReads.document(dialect(), columns, null));
        }
        if (!sort.isEmpty()) {
            w.append("\nORDER BY ");
            compiler.orderBy(w, sort, FieldReads.document(dialect(), columns, null));
        }
        Sql sql = w.toSql();
        return "-- " + Json.write(c) + "\n" + sql.text() + "\n-- binds: " + binds(sql.binds()) + "\n";
    }

    /** Binds as {@code [ "text", BigDecimal(5), null ]}: strings as JSON, other values with their Java type. */
    static String binds(List<Object> binds) {
        return binds.stream()
                .map(b -> b == null
                        ? "null"
                        : b instanceof String s
                                ? Json.write(Json.MAPPER.getNodeFactory().textNode(s))
                                : b.getClass().getSimpleName() + "(" + b + ")")
                .collect(Collectors.joining(", ", "[", "]"));
    }
}
