package io.quarry.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.CompareOp;
import io.quarry.filter.Predicate;
import io.quarry.filter.Value;
import io.quarry.internal.IsoDateTime;
import io.quarry.schema.FieldType;
import io.quarry.store.SortKey;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code datetime_range_search}: objects whose date or date-time field falls before, after, between or within the last period. */
final class DatetimeRangeSearchTool extends TypedSearch {
    static final String NAME = "datetime_range_search";
    private static final List<String> PRECISIONS = List.of("second", "minute", "hour", "day");

    /**
     * The digits of a fraction past the sixth: a bound is truncated to its precision (a second at the
     * finest), so they never count, and a caller's nanoseconds are read rather than refused.
     */
    private static final Pattern FRACTION_PAST_MICROS = Pattern.compile("(\\.[0-9]{6})[0-9]{1,3}(?=Z|[+-]|$)");

    private static final Pattern RELATIVE =
            Pattern.compile("last_(?:([1-9][0-9]{0,3})_)?(minute|hour|day|week|month|year)s?");
    private static final String PERIOD_HINT = "Use last_hour, last_24_hours, last_7_days, last_30_days, last_year, "
            + "or last_N_minutes/hours/days/weeks/months, such as last_3_months.";

    DatetimeRangeSearchTool(Parts parts, ToolConfig config) {
        super(NAME, parts, config, FieldType::isTemporal, true);
    }

    @Override
    public String description() {
        String type = firstType();
        return "Find objects whose date field is before, after or between dates, or within a relative period "
                + "(relative_period: last_7_days, last_24_hours, last_3_months…), newest first. Dates: YYYY-MM-DD, "
                + "YYYY-MM-DDTHH:mm[:ss][Z|+hh:mm]; a date alone means the whole day, so between 2024-01-01 and "
                + "2024-01-31 includes the 31st. before and after are exclusive. "
                + "Example: {\"entity_type\": \"" + type + "\", \"field\": \"" + exampleField(type)
                + "\", \"mode\": \"relative\", "
                + "\"relative_period\": \"last_7_days\"}.";
    }

    /** {@code updated_at} when the type has it, else its first date field. */
    private String exampleField(String type) {
        List<String> fields = eligible.get(type);
        return fields.contains("updated_at") ? "updated_at" : fields.get(0);
    }

    @Override
    public ObjectNode inputSchema() {
        ObjectNode schema = baseSchema();
        ObjectNode props = (ObjectNode) schema.get("properties");
        ObjectNode mode = InputSchemas.enumString(DATETIME_MODES);
        mode.put(
                "description",
                "before/after use datetime; between uses start_datetime and end_datetime; "
                        + "relative uses relative_period.");
        props.set("mode", mode);
        props.set("datetime", InputSchemas.string("For before and after, such as 2024-06-01."));
        props.set("start_datetime", InputSchemas.string("For between: the first day or instant, inclusive."));
        props.set("end_datetime", InputSchemas.string("For between: the last day or instant, inclusive."));
        props.set(
                "relative_period",
                InputSchemas.string("For relative: last_hour, last_24_hours, last_7_days, last_30_days, last_year or "
                        + "last_N_minutes/hours/days/weeks/months."));
        props.set(
                "precision",
                InputSchemas.enumString(
                        PRECISIONS, "How much of each date counts; default: as written (a date alone is a day)."));
        pageParameters(schema, limits.defaultLimit());
        schema.withArray("required").add("mode");
        return schema;
    }

    @Override
    public ObjectNode handle(Arguments args, Call call) {
        Target target = target(args);
        String mode = args.choice("mode", DATETIME_MODES).orElseThrow(() -> missing("mode"));
        checkMode(target, "mode", mode);
        ChronoUnit precision = args.choice("precision", PRECISIONS)
                .map(p -> ChronoUnit.valueOf(p.toUpperCase(Locale.ROOT) + "S"))
                .orElse(null);
        Predicate predicate;
        String source;
        switch (mode) {
            case "before" -> {
                Instant start = start(args, "datetime", precision);
                predicate = compare(CompareOp.LT, start);
                source = "datetime";
            }
            case "after" -> {
                Instant end = end(args, "datetime", precision);
                predicate = compare(CompareOp.GTE, end);
                source = "datetime";
            }
            case "between" -> {
                Instant start = start(args, "start_datetime", precision);
                Instant end = end(args, "end_datetime", precision);
                if (!start.isBefore(end)) {
                    throw QueryException.of(
                            ErrorCode.INVALID_OPERAND,
                            "end_datetime",
                            "end_datetime is before start_datetime.",
                            "Swap start_datetime and end_datetime: start_datetime is the earlier one.");
                }
                predicate = new Predicate.Every(List.of(compare(CompareOp.GTE, start), compare(CompareOp.LT, end)));
                source = "start_datetime";
            }
            default -> {
                Instant now = call.context().clock().instant().truncatedTo(ChronoUnit.SECONDS);
                Instant from = relative(args, now);
                predicate = new Predicate.Every(List.of(compare(CompareOp.GTE, from), compare(CompareOp.LTE, now)));
                source = "relative_period";
            }
        }
        return run(
                target,
                predicate,
                source,
                List.of(new SortKey(target.path(), true)),
                call.limits().defaultLimit(),
                args,
                call);
    }

    /**
     * The comparison with a bound, kept within the dates a value can hold (years 0000 to 9999): a
     * bound past either end (after 9999-12-31, or an offset that moves 0000-01-01 into year -1) is the
     * end itself with the comparison that gives the same answer, so no value the caller never sent
     * reaches the filter.
     */
    private static Predicate compare(CompareOp op, Instant instant) {
        boolean lower = op == CompareOp.GT || op == CompareOp.GTE;
        if (instant.isAfter(LAST)) {
            return compare(lower ? CompareOp.GT : CompareOp.LTE, LAST);
        }
        if (instant.isBefore(FIRST)) {
            return compare(lower ? CompareOp.GTE : CompareOp.LT, FIRST);
        }
        return new Predicate.Compare(op, Value.of(IsoDateTime.format(instant)));
    }

    /** The first and last instants a date value can hold. */
    private static final Instant FIRST = Instant.parse("0000-01-01T00:00:00Z");

    private static final Instant LAST = Instant.parse("9999-12-31T23:59:59.999999Z");

    /** The first instant the date denotes at its precision. */
    private static Instant start(Arguments args, String parameter, ChronoUnit precision) {
        String text = args.string(parameter).orElseThrow(() -> missing(parameter));
        return truncate(parse(text, parameter), precision == null ? precisionOf(text) : precision);
    }

    /** The first instant after the date at its precision: a date alone ends at the next midnight. */
    private static Instant end(Arguments args, String parameter, ChronoUnit precision) {
        String text = args.string(parameter).orElseThrow(() -> missing(parameter));
        ChronoUnit unit = precision == null ? precisionOf(text) : precision;
        return truncate(parse(text, parameter), unit).plus(1, unit);
    }

    private static Instant parse(String text, String parameter) {
        return IsoDateTime.parse(FRACTION_PAST_MICROS.matcher(text).replaceFirst("$1"))
                .orElseThrow(() -> QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        parameter,
                        "'" + Arguments.echo(text) + "' is not a date.",
                        "Write YYYY-MM-DD, or YYYY-MM-DDTHH:mm:ssZ, such as 2024-06-01 or 2024-06-01T09:30:00Z."));
    }

    private static ChronoUnit precisionOf(String text) {
        if (text.length() == 10) {
            return ChronoUnit.DAYS;
        }
        return text.length() >= 19 && text.charAt(16) == ':' ? ChronoUnit.SECONDS : ChronoUnit.MINUTES;
    }

    private static Instant truncate(Instant instant, ChronoUnit unit) {
        return instant.truncatedTo(unit);
    }

    private static Instant relative(Arguments args, Instant now) {
        String period = args.string("relative_period").orElseThrow(() -> missing("relative_period"));
        Matcher m = RELATIVE.matcher(period);
        if (!m.matches()) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "relative_period",
                    "'" + Arguments.echo(period) + "' is not a relative period.",
                    PERIOD_HINT);
        }
        long n = Optional.ofNullable(m.group(1)).map(Long::parseLong).orElse(1L);
        ZonedDateTime t = now.atZone(ZoneOffset.UTC);
        ZonedDateTime from =
                switch (m.group(2)) {
                    case "minute" -> t.minusMinutes(n);
                    case "hour" -> t.minusHours(n);
                    case "day" -> t.minusDays(n);
                    case "week" -> t.minusWeeks(n);
                    case "month" -> t.minusMonths(n);
                    default -> t.minusYears(n);
                };
        return from.toInstant();
    }
}
