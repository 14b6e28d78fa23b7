package io.quarry.internal;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.Month;
import java.time.Year;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The strict ISO-8601 subset that the filter language treats as a date or date-time.
 *
 * <p>Accepted forms are exactly {@code YYYY-MM-DD}, or that followed by {@code T} and {@code HH:MM},
 * {@code HH:MM:SS} or {@code HH:MM:SS.f} (1 to 6 fraction digits), then optionally {@code Z} or
 * {@code ±HH:MM}. Anything else is not a date.
 */
public final class IsoDateTime {

    private static final Pattern FORMAT = Pattern.compile("([0-9]{4})-([0-9]{2})-([0-9]{2})"
            + "(?:T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\\.([0-9]{1,6}))?)?"
            + "(?:Z|([+-])([0-9]{2}):([0-9]{2}))?)?");

    // "2024-01-01T10:00:00.123456+05:30"
    private static final int MAX_LENGTH = 32;
    private static final int MIN_LENGTH = 10;
    private static final int MAX_OFFSET_MINUTES = 18 * 60;

    private IsoDateTime() {}

    /**
     * Parses a date or date-time in the filter language's ISO-8601 subset, or returns empty.
     *
     * <p>Years are four ASCII digits (0000 to 9999); {@code T} and {@code Z} are uppercase; there is no
     * surrounding whitespace. Offset hours are 00 to 18 and minutes 00 to 59, within ±18:00 in total;
     * an offset is allowed only after a time. Impossible dates and times ({@code 2023-02-29}, month 13,
     * hour 24, minute or second 60) are not dates. A date alone means 00:00:00 UTC that day; a
     * date-time without offset is UTC. Fractions have at most six digits, so results are exact to the
     * microsecond.
     *
     * @param s the text to parse
     * @return the instant, or empty if {@code s} is not in the accepted subset
     */
    public static Optional<Instant> parse(String s) {
        if (s.length() < MIN_LENGTH || s.length() > MAX_LENGTH) {
            return Optional.empty();
        }
        Matcher m = FORMAT.matcher(s);
        if (!m.matches()) {
            return Optional.empty();
        }
        int year = number(s, m, 1);
        int month = number(s, m, 2);
        int day = number(s, m, 3);
        if (month < 1 || month > 12 || day < 1 || day > Month.of(month).length(Year.isLeap(year))) {
            return Optional.empty();
        }
        int hour = number(s, m, 4);
        int minute = number(s, m, 5);
        int second = number(s, m, 6);
        if (hour > 23 || minute > 59 || second > 59) {
            return Optional.empty();
        }
        int nanos = 0;
        if (m.start(7) >= 0) {
            nanos = Integer.parseInt(m.group(7));
            for (int digits = m.end(7) - m.start(7); digits < 9; digits++) {
                nanos *= 10;
            }
        }
        int offsetSeconds = 0;
        if (m.start(8) >= 0) {
            int offsetHours = number(s, m, 9);
            int offsetMinutes = number(s, m, 10);
            int total = offsetHours * 60 + offsetMinutes;
            if (offsetMinutes > 59 || total > MAX_OFFSET_MINUTES) {
                return Optional.empty();
            }
            offsetSeconds = (s.charAt(m.start(8)) == '-' ? -total : total) * 60;
        }
        long epochSecond = LocalDateTime.of(year, month, day, hour, minute, second)
                .toEpochSecond(ZoneOffset.ofTotalSeconds(offsetSeconds));
        return Optional.of(Instant.ofEpochSecond(epochSecond, nanos));
    }

    /**
     * Tells whether {@code s} is a date or date-time that {@link #parse(String)} accepts.
     *
     * @param s the text to check
     * @return {@code true} if {@code s} parses
     */
    public static boolean isDateTime(String s) {
        return parse(s).isPresent();
    }

    /**
     * The day of a date alone, {@code YYYY-MM-DD} exactly, as a {@code DATE} column holds it.
     *
     * @param s the text to read
     * @return the day, or empty if {@code s} is anything else (a date-time, another spelling)
     */
    public static Optional<java.time.LocalDate> localDate(String s) {
        return s.length() == 10 && parse(s).isPresent() ? Optional.of(java.time.LocalDate.parse(s)) : Optional.empty();
    }

    /**
     * Renders an instant canonically in UTC, as the library prints system timestamps.
     *
     * <p>The form is {@code yyyy-MM-dd'T'HH:mm:ss[.fff|.ffffff]'Z'}: the instant is first truncated to
     * the microsecond; the fraction is omitted when zero, else printed with 3 digits when exact to the
     * millisecond and with 6 otherwise ({@link DateTimeFormatter#ISO_INSTANT} applied to the truncated
     * instant). For years 0000 to 9999 the result parses back with {@link #parse(String)}; other years
     * use ISO-8601's expanded form ({@code +10000-…}, {@code -0001-…}) and do not.
     *
     * @param instant the instant to render
     * @return the canonical UTC rendering
     */
    public static String format(Instant instant) {
        return DateTimeFormatter.ISO_INSTANT.format(instant.truncatedTo(ChronoUnit.MICROS));
    }

    private static int number(String s, Matcher m, int group) {
        int start = m.start(group);
        if (start < 0) {
            return 0;
        }
        int value = 0;
        for (int i = start; i < m.end(group); i++) {
            value = value * 10 + (s.charAt(i) - '0');
        }
        return value;
    }
}
