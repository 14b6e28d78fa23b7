package io.quarry.sql;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.config.QuarryConfig;
import io.quarry.internal.Json;
import io.quarry.schema.Schema;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A deterministic data set of dirty values for the backend contracts: numbers, numeric strings,
 * poison strings ({@code "high"}, {@code ""}, {@code "n/a"}, {@code "1e999"}), nulls, missing fields,
 * booleans, arrays, nested objects, Unicode (combining marks, astral code points, full-width letters),
 * LIKE and regex metacharacters, and dates and date-times with offsets, valid and not. The values
 * are the pools the filter generator draws operands from, so filters match something.
 *
 * <p>Non-ASCII letters in the data fold only to non-ASCII letters (no Kelvin sign, no long s), so a
 * case-insensitive test with an ASCII operand means the same on every backend: the filter language
 * guarantees ASCII folding only.
 */
final class GeneratedData {
    /** Numbers, as JSON: exact decimals, beyond double precision, negative zero, exponents. */
    static final List<String> NUMBERS = List.of(
            "0",
            "1",
            "5",
            "5.0",
            "5E0",
            "-3",
            "2.5",
            "-0.0",
            "9007199254740993",
            "9007199254740992",
            "1E-7",
            "123456789.123456789",
            "1E308",
            "100",
            "-2.5");

    /** Strings that are numbers to the filter language. */
    static final List<String> NUMERIC_STRINGS =
            List.of("5", " 5 ", "5e0", "-0", ".5", "5.", "+7", "\t5\n", "2.50", "9007199254740993", "-3");

    /** Strings a naive cast chokes on. */
    static final List<String> POISON = List.of(
            "high",
            "",
            "n/a",
            "1e999",
            "1e400",
            "NaN",
            "Infinity",
            "-",
            ".",
            "e5",
            "0x10",
            "1,000",
            "\u0665",
            "\uff15",
            "null",
            "true",
            " ",
            "5 5",
            "--5");

    /** Plain and Unicode strings, and LIKE and regex metacharacters. */
    static final List<String> STRINGS = List.of(
            "apple",
            "Apple",
            "APPLE",
            "banana",
            "z",
            "\u00e9",
            "e\u0301",
            "\u00c9",
            "\ud834\udd1e",
            "a\ud834\udd1eb",
            "\uff41",
            "\u00c4",
            "\u00e4",
            "\u65e5\u672c",
            "\ud83d\ude00",
            "a%b",
            "a_b",
            "a\\b",
            "100%",
            "line\nbreak",
            "a.c",
            "(x)",
            "[y]",
            "*",
            "$5",
            "ab",
            "ba",
            "o001",
            "Thing",
            // around MariaDB's generated string column's width (200): one short, one whole, two past it
            // that share its first 200 characters, one with a surrogate pair as its 200th character
            "apple".repeat(39) + "appl",
            "apple".repeat(40),
            "apple".repeat(40) + "s",
            "apple".repeat(40) + "x",
            "\u00e9".repeat(199) + "\ud83d\ude00" + "z");

    /** Dates and date-times: offsets, fractions, and strings that only look like dates. */
    static final List<String> DATES = List.of(
            "2024-03-01",
            "2024-03-01T10:00:00Z",
            "2024-03-01T12:00:00+02:00",
            "2024-03-01T10:00:00.000001Z",
            "2024-03-01T10:00:00.5-05:00",
            "2024-02-29",
            "2024-02-30",
            "2024-03-01 10:00:00",
            "2024-03-01T10:00",
            "2024-03-01t10:00:00z",
            "2023-12-31T23:59:59.999999Z",
            "1970-01-01",
            "9999-12-31T23:59:59Z",
            "2024-03-01T24:00:00Z",
            "20240301",
            "2024-03-01T05:00:00-05:00");

    /** Arrays and objects, as JSON. */
    static final List<String> CONTAINERS = List.of(
            "[]",
            "[1, \"5\", null]",
            "[\"apple\", \"B\"]",
            "[[1]]",
            "[{\"x\": 1}]",
            "[\"2024-03-01\", 7]",
            "[true]",
            "[\"high\", 5.0]",
            "[\"\u00e9\", \"e\u0301\"]",
            "[\"a%b\", \"100%\"]",
            "{}",
            "{\"x\": 5}",
            "{\"x\": {\"z\": \"apple\"}}");

    /** Top-level property names of the data (besides {@code obj}, nested, and {@code id}, named like a system field). */
    static final List<String> PROPERTIES = List.of("a", "b", "n", "s", "d", "tags");

    /** Every path a generated filter or sort names. */
    static final List<String> PATHS = List.of(
            "a",
            "b",
            "n",
            "s",
            "d",
            "tags",
            "obj",
            "obj.x",
            "obj.y.z",
            "properties.id",
            "nope",
            "id",
            "type",
            "created_at",
            "updated_at");

    /** The types of the data. */
    static final List<String> TYPES = List.of("Thing", "Other");

    private static final List<JsonNode> SCALARS = buildScalars();
    private static final List<JsonNode> VALUES = buildValues();

    private GeneratedData() {}

    /** The schema: both types schemaless, so every path is a fair question. */
    static Schema schema() {
        return QuarryConfig.parse(
                        "types:\n  Thing:\n    description: Dirty data.\n  Other:\n"
                                + "    description: More dirty data.\n",
                        "schema.yaml")
                .schema()
                .orElseThrow();
    }

    /** Every scalar of the pools, as JSON nodes (numbers as the library parses them). */
    static List<JsonNode> scalars() {
        return SCALARS;
    }

    /** Every value of the pools: the scalars, arrays and objects. */
    static List<JsonNode> values() {
        return VALUES;
    }

    private static List<JsonNode> buildScalars() {
        List<JsonNode> out = new ArrayList<>();
        NUMBERS.forEach(n -> out.add(parse(n)));
        for (List<String> strings : List.of(NUMERIC_STRINGS, POISON, STRINGS, DATES)) {
            strings.forEach(s -> out.add(Json.MAPPER.getNodeFactory().textNode(s)));
        }
        out.add(parse("true"));
        out.add(parse("false"));
        out.add(parse("null"));
        return List.copyOf(out);
    }

    private static List<JsonNode> buildValues() {
        List<JsonNode> out = new ArrayList<>(SCALARS);
        CONTAINERS.forEach(c -> out.add(parse(c)));
        return List.copyOf(out);
    }

    /**
     * The data set: {@code count} objects of two types, each property present with probability 0.8
     * and drawn from every pool; created and updated at instants that tie, carry fractions and span
     * centuries. The same seed gives the same data.
     */
    static DataFile.DataSet dataSet(int count, long seed) {
        Random random = new Random(seed);
        List<JsonNode> values = values();
        List<GraphObject> objects = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ObjectNode properties = Json.object();
            for (String name : PROPERTIES) {
                if (random.nextInt(5) > 0) {
                    properties.set(name, values.get(random.nextInt(values.size())));
                }
            }
            if (random.nextInt(3) > 0) {
                ObjectNode obj = properties.putObject("obj");
                obj.set("x", values.get(random.nextInt(values.size())));
                if (random.nextBoolean()) {
                    obj.putObject("y").set("z", values.get(random.nextInt(values.size())));
                }
            } else if (random.nextBoolean()) {
                properties.set("obj", values.get(random.nextInt(values.size())));
            }
            if (random.nextInt(8) == 0) {
                properties.set("id", values.get(random.nextInt(values.size())));
            }
            // a few ids look like numbers or dates: ids still order as strings, by code point
            String id = i % 10 == 3
                    ? List.of("99", "100", "2024-03-01", " 7", "1e3", "-0", "9007199254740993")
                                    .get(i / 10 % 7)
                            + (i / 70 == 0 ? "" : "-" + i)
                    : String.format(java.util.Locale.ROOT, "o%03d", i);
            objects.add(new GraphObject(
                    id,
                    TYPES.get(random.nextInt(4) == 0 ? 1 : 0),
                    properties,
                    instant(random),
                    instant(random),
                    Map.of()));
        }
        return new DataFile.DataSet(objects, List.of());
    }

    private static Instant instant(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> Instant.parse("2024-03-01T10:00:00Z");
            case 1 -> Instant.parse("2024-03-01T10:00:00Z").plusNanos(1_000L * random.nextInt(3));
            case 2 -> Instant.parse("1999-12-31T23:59:59Z").plusSeconds(random.nextInt(1_000_000_000));
            default -> Instant.parse("2024-02-29T00:00:00Z").plusSeconds(3_600L * random.nextInt(48));
        };
    }

    static JsonNode parse(String json) {
        try {
            return Json.parse(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(json, e);
        }
    }
}
