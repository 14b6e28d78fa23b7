package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Schema;
import io.quarry.sql.Backend;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.ObjectStore;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The typed tools at the edges of their domains: dates from year 0000 to 9999 with any offset and up
 * to nine fraction digits, numbers up to the double range. Every call is answered with the
 * objects a reference computation in Java selects, in memory and on H2, and never with an error about
 * a value the caller did not send (such as the tool's own widened bound {@code +10000-01-01}).
 */
class DomainEdgesTest {
    private static final Schema SCHEMA = Schema.builder()
            .type(EntityType.of("Event", Field.of("at", FieldType.DATETIME), Field.of("n", FieldType.NUMBER)))
            .build();

    private static final List<String> DATES = List.of(
            "0000-01-01T00:00:00Z",
            "0000-01-01T00:00:00.000001Z",
            "0000-03-01T12:00:00Z",
            "0001-01-01T00:00:00Z",
            "1969-12-31T23:59:59.999999Z",
            "1970-01-01T00:00:00Z",
            "2024-02-29T12:30:45.5Z",
            "9999-12-30T23:59:59Z",
            "9999-12-31T00:00:00Z",
            "9999-12-31T23:59:59Z",
            "9999-12-31T23:59:59.999999Z");

    private static final List<String> NUMBERS = List.of(
            "-1.7976931348623157E308",
            "-1E300",
            "-1",
            "-4.9E-324",
            "0",
            "1E-300",
            "0.1",
            "1",
            "9007199254740993",
            "1E300",
            "1.7976931348623157E308");

    private static final List<Toolkit> TOOLKITS = toolkits();

    /** The same data in memory and on H2. */
    static List<Toolkit> toolkits() {
        List<GraphObject> objects = new ArrayList<>();
        Instant created = Instant.parse("2024-01-01T00:00:00Z");
        for (int i = 0; i < Math.max(DATES.size(), NUMBERS.size()); i++) {
            ObjectNode p = Json.object();
            if (i < DATES.size()) {
                p.put("at", DATES.get(i));
            }
            if (i < NUMBERS.size()) {
                p.put("n", new BigDecimal(NUMBERS.get(i)));
            }
            objects.add(
                    new GraphObject(String.format(Locale.ROOT, "e%02d", i), "Event", p, created, created, Map.of()));
        }
        DataFile.DataSet data = new DataFile.DataSet(objects, List.of());
        Toolkit memory = Toolkit.builder()
                .schema(SCHEMA)
                .store(io.quarry.store.InMemoryObjectStore.of(data))
                .build();
        ObjectStore sql = new StoreUnderTest.OnBackend() {
            @Override
            public Backend backend() {
                return Backend.H2;
            }
        }.newStore("domain_edges", data);
        return List.of(memory, Toolkit.builder().schema(SCHEMA).store(sql).build());
    }

    // ---- dates

    /** A date-time text of any year, offset and up to nine fraction digits, or a date alone. */
    @Provide
    Arbitrary<String> dateTexts() {
        Arbitrary<LocalDateTime> local = Arbitraries.longs()
                .between(
                        LocalDateTime.of(0, 1, 1, 0, 0).toEpochSecond(ZoneOffset.UTC),
                        LocalDateTime.of(9999, 12, 31, 23, 59, 59).toEpochSecond(ZoneOffset.UTC))
                .map(s -> LocalDateTime.ofEpochSecond(s, 0, ZoneOffset.UTC));
        Arbitrary<LocalDateTime> edges = Arbitraries.of(
                LocalDateTime.of(0, 1, 1, 0, 0),
                LocalDateTime.of(9999, 12, 31, 0, 0),
                LocalDateTime.of(9999, 12, 31, 23, 59, 59),
                LocalDateTime.of(0, 1, 1, 0, 0, 1));
        Arbitrary<Integer> fractionDigits = Arbitraries.integers().between(0, 9);
        Arbitrary<Integer> offsetMinutes = Arbitraries.oneOf(
                Arbitraries.integers().between(-18 * 60, 18 * 60), Arbitraries.of(0, -18 * 60, 18 * 60));
        Arbitrary<Integer> form = Arbitraries.integers().between(0, 3);
        return Combinators.combine(
                        Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, local), net.jqwik.api.Tuple.of(1, edges)),
                        fractionDigits,
                        Arbitraries.integers().between(0, 999_999_999),
                        offsetMinutes,
                        form)
                .as(DomainEdgesTest::dateText);
    }

    static String dateText(LocalDateTime t, int digits, int nanos, int offset, int form) {
        String date = String.format(Locale.ROOT, "%04d-%02d-%02d", t.getYear(), t.getMonthValue(), t.getDayOfMonth());
        if (form == 0) {
            return date;
        }
        String time = String.format(Locale.ROOT, "%02d:%02d", t.getHour(), t.getMinute());
        if (form >= 2) {
            time += String.format(Locale.ROOT, ":%02d", t.getSecond());
            if (digits > 0) {
                time += "." + String.format(Locale.ROOT, "%09d", nanos).substring(0, digits);
            }
        }
        String zone = offset == 0 && form == 3
                ? "Z"
                : String.format(
                        Locale.ROOT,
                        "%s%02d:%02d",
                        offset < 0 ? "-" : "+",
                        Math.abs(offset) / 60,
                        Math.abs(offset) % 60);
        return date + "T" + time + zone;
    }

    @Property(tries = 300, seed = "20261202")
    void beforeAndAfterAnyDateAnswerTheReference(
            @ForAll("dateTexts") String date, @ForAll boolean after, @ForAll("precisions") String precision) {
        ObjectNode args = Json.object().put("entity_type", "Event").put("field", "at");
        args.put("mode", after ? "after" : "before").put("datetime", date).put("limit", 100);
        if (!precision.isEmpty()) {
            args.put("precision", precision);
        }
        ChronoUnit unit = unit(date, precision);
        Instant bound = after ? floor(date, unit).plus(1, unit) : floor(date, unit);
        TreeSet<String> expected = new TreeSet<>();
        for (int i = 0; i < DATES.size(); i++) {
            Instant v = Instant.parse(DATES.get(i));
            if (after ? !v.isBefore(bound) : v.isBefore(bound)) {
                expected.add(String.format(Locale.ROOT, "e%02d", i));
            }
        }
        for (Toolkit toolkit : TOOLKITS) {
            JsonNode result = toolkit.call(
                            "datetime_range_search", args, ToolContext.builder().build())
                    .json();
            assertThat(result.has("error")).as(args + " -> " + result).isFalse();
            assertThat(new TreeSet<>(Fixture.ids(result))).as(args.toString()).isEqualTo(expected);
        }
    }

    @Property(tries = 200, seed = "20261203")
    void betweenAnyTwoDatesAnswersTheReference(@ForAll("dateTexts") String a, @ForAll("dateTexts") String b) {
        Instant ia = floor(a, unit(a, ""));
        Instant ib = floor(b, unit(b, ""));
        String start = ia.isAfter(ib) ? b : a;
        String end = ia.isAfter(ib) ? a : b;
        ObjectNode args = Json.object()
                .put("entity_type", "Event")
                .put("field", "at")
                .put("mode", "between")
                .put("start_datetime", start)
                .put("end_datetime", end)
                .put("limit", 100);
        Instant from = floor(start, unit(start, ""));
        Instant to = floor(end, unit(end, "")).plus(1, unit(end, ""));
        for (Toolkit toolkit : TOOLKITS) {
            JsonNode result = toolkit.call(
                            "datetime_range_search", args, ToolContext.builder().build())
                    .json();
            if (!from.isBefore(to)) {
                assertThat(result.path("error").path("path").asText()).isEqualTo("end_datetime");
                continue;
            }
            assertThat(result.has("error")).as(args + " -> " + result).isFalse();
            TreeSet<String> expected = new TreeSet<>();
            for (int i = 0; i < DATES.size(); i++) {
                Instant v = Instant.parse(DATES.get(i));
                if (!v.isBefore(from) && v.isBefore(to)) {
                    expected.add(String.format(Locale.ROOT, "e%02d", i));
                }
            }
            assertThat(new TreeSet<>(Fixture.ids(result))).as(args.toString()).isEqualTo(expected);
        }
    }

    @Provide
    Arbitrary<String> precisions() {
        return Arbitraries.of("", "second", "minute", "hour", "day");
    }

    /** The fixed cases the issue names: after the last day, before the first, the last years relative. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"mode\": \"after\", \"datetime\": \"9999-12-31\"}",
                "{\"mode\": \"after\", \"datetime\": \"9999-12-31T23:59:59Z\"}",
                "{\"mode\": \"after\", \"datetime\": \"9999-12-31T23:59:59.999999999Z\"}",
                "{\"mode\": \"before\", \"datetime\": \"0000-01-01T00:00:00+18:00\"}",
                "{\"mode\": \"after\", \"datetime\": \"9999-12-31T23:00-18:00\"}",
                "{\"mode\": \"before\", \"datetime\": \"2024-02-29T12:30:45.123456789+05:30\"}",
                "{\"mode\": \"between\", \"start_datetime\": \"0000-01-01T00:00+01:00\", \"end_datetime\": \"9999-12-31\"}",
                "{\"mode\": \"relative\", \"relative_period\": \"last_9999_years\"}"
            })
    void theIssuesEdgesAreAnswered(String call) throws Exception {
        ObjectNode args = (ObjectNode) Json.parse(call);
        args.put("entity_type", "Event").put("field", "at");
        for (Toolkit toolkit : TOOLKITS) {
            JsonNode result = toolkit.call(
                            "datetime_range_search", args, ToolContext.builder().build())
                    .json();
            assertThat(result.has("error")).as(call + " -> " + result).isFalse();
        }
    }

    static ChronoUnit unit(String text, String precision) {
        if (!precision.isEmpty()) {
            return ChronoUnit.valueOf(precision.toUpperCase(Locale.ROOT) + "S");
        }
        if (text.length() == 10) {
            return ChronoUnit.DAYS;
        }
        return text.length() >= 19 && text.charAt(16) == ':' ? ChronoUnit.SECONDS : ChronoUnit.MINUTES;
    }

    /** The instant of the text, by Java's own parser, truncated to the unit. */
    static Instant floor(String text, ChronoUnit unit) {
        Instant at = text.length() == 10
                ? java.time.LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant()
                : OffsetDateTime.parse(text).toInstant();
        return at.truncatedTo(unit);
    }

    // ---- numbers

    @Provide
    Arbitrary<BigDecimal> numbers() {
        return Arbitraries.oneOf(
                Arbitraries.of(NUMBERS).map(BigDecimal::new),
                Arbitraries.doubles()
                        .between(-Double.MAX_VALUE, Double.MAX_VALUE)
                        .map(BigDecimal::valueOf),
                Arbitraries.bigDecimals()
                        .between(BigDecimal.valueOf(-1000), BigDecimal.valueOf(1000))
                        .ofScale(3));
    }

    @Property(tries = 300, seed = "20261204")
    void everyNumberOperatorOverTheDoubleRangeIsAnswered(
            @ForAll("numbers") BigDecimal value,
            @ForAll("numbers") BigDecimal other,
            @ForAll("operators") String operator) {
        ObjectNode args = Json.object()
                .put("entity_type", "Event")
                .put("field", "n")
                .put("operator", operator)
                .put("limit", 100);
        args.put("value", value);
        switch (operator) {
            case "between" -> {
                args.put("value", value.min(other));
                args.put("upper_value", value.max(other));
            }
            case "approximately" -> args.put("tolerance", other.abs());
            case "rounded_equal" -> {
                if (other.signum() != 0) {
                    args.put("round_to", other.abs());
                }
            }
            default -> {}
        }
        List<String> answers = new ArrayList<>();
        for (Toolkit toolkit : TOOLKITS) {
            JsonNode result = toolkit.call(
                            "number_range_search", args, ToolContext.builder().build())
                    .json();
            assertThat(result.has("error")).as(args + " -> " + result).isFalse();
            answers.add(new TreeSet<>(Fixture.ids(result)).toString());
        }
        assertThat(answers.get(1)).as(args.toString()).isEqualTo(answers.get(0));
    }

    /** A number beyond the double range is named as such, as a filter value is, not as "not a number". */
    @ParameterizedTest
    @ValueSource(strings = {"1e400", "-1e309", "1.8e308", "9.9e99999"})
    void aNumberBeyondTheDoubleRangeIsOutOfRangeInEveryNumberArgument(String number) throws Exception {
        for (String[] read :
                List.of(new String[] {"value", "gt"}, new String[] {"upper_value", "between"}, new String[] {
                    "tolerance", "approximately"
                })) {
            String name = read[0];
            ObjectNode args = (ObjectNode) Json.parse("{\"entity_type\": \"Event\", \"field\": \"n\","
                    + " \"operator\": \"" + read[1] + "\", \"value\": 1}");
            args.set(name, Json.parse(number));
            JsonNode error = TOOLKITS.get(0)
                    .call("number_range_search", args, ToolContext.builder().build())
                    .json()
                    .path("error");
            assertThat(error.path("code").asText())
                    .as(name + " " + number + " " + error)
                    .isEqualTo("INVALID_OPERAND");
            assertThat(error.path("path").asText()).isEqualTo(name);
            assertThat(error.path("message").asText()).contains("outside the range of numbers");
            JsonNode filter = TOOLKITS.get(0)
                    .call(
                            "query_graph_objects",
                            Json.parse("{\"type\": \"Event\", \"properties\": {\"n\": {\"$gt\": " + number + "}}}"),
                            ToolContext.builder().build())
                    .json()
                    .path("error");
            assertThat(error.path("message").asText())
                    .isEqualTo(filter.path("message").asText());
        }
    }

    @Provide
    Arbitrary<String> operators() {
        return Arbitraries.of("equal", "gt", "gte", "lt", "lte", "between", "approximately", "rounded_equal");
    }

    @Test
    void aBoundPastTheLastDayIsNotEchoedAsTheCallersValue() {
        ObjectNode args = Json.object()
                .put("entity_type", "Event")
                .put("field", "at")
                .put("mode", "after")
                .put("datetime", "9999-12-31");
        JsonNode result = TOOLKITS.get(0)
                .call("datetime_range_search", args, ToolContext.builder().build())
                .json();
        assertThat(result.toString()).doesNotContain("+10000");
        assertThat(Fixture.ids(result)).isEmpty();
    }
}
