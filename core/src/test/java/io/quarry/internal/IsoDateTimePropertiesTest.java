package io.quarry.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.statistics.Statistics;

class IsoDateTimePropertiesTest {

    // Annotation values must be constants: 0001-01-01T00:00Z and 10000-01-01T00:00Z in epoch seconds.
    private static final long YEAR_1 = -62_135_596_800L;
    private static final long YEAR_10000 = 253_402_300_800L;

    @Property(tries = 1)
    void yearBoundsAreRight() {
        assertThat(Instant.ofEpochSecond(YEAR_1))
                .isEqualTo(LocalDateTime.of(1, 1, 1, 0, 0).toInstant(ZoneOffset.UTC));
        assertThat(Instant.ofEpochSecond(YEAR_10000))
                .isEqualTo(LocalDateTime.of(10000, 1, 1, 0, 0).toInstant(ZoneOffset.UTC));
    }

    @Property
    void neverThrowsOnArbitraryText(@ForAll String s) {
        IsoDateTime.parse(s);
    }

    @Property(tries = 3000)
    void neverThrowsOnDateLikeText(@ForAll("dateLike") String s) {
        IsoDateTime.parse(s);
    }

    @Property(tries = 3000)
    void formatThenParseIsTruncationToTheMicrosecond(
            @ForAll @LongRange(min = YEAR_1, max = YEAR_10000 - 1) long epochSecond,
            @ForAll @IntRange(min = 0, max = 999_999_999) int nanos) {
        Instant instant = Instant.ofEpochSecond(epochSecond, nanos);
        assertThat(IsoDateTime.parse(IsoDateTime.format(instant))).contains(instant.truncatedTo(ChronoUnit.MICROS));
    }

    /** Cross-checks accepted date-times against java.time's strict ISO parser. */
    @Property(tries = 3000)
    void agreesWithStrictJavaTimeOnWellShapedText(@ForAll("wellShaped") String s) {
        Optional<Instant> expected = reference(s);
        Statistics.label("valid").collect(expected.isPresent());
        assertThat(IsoDateTime.parse(s)).as(s).isEqualTo(expected);
    }

    private static Optional<Instant> reference(String s) {
        DateTimeFormatter strict = DateTimeFormatter.ISO_OFFSET_DATE_TIME.withResolverStyle(ResolverStyle.STRICT);
        String withOffset = s.length() == 10 ? s + "T00:00Z" : s.matches(".*(Z|[+-]\\d\\d:\\d\\d)$") ? s : s + "Z";
        try {
            return Optional.of(OffsetDateTime.parse(withOffset, strict).toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    @Provide
    Arbitrary<String> dateLike() {
        return Arbitraries.strings().withChars("0123456789-T:Z+.tz ").ofMaxLength(40);
    }

    @Provide
    Arbitrary<String> wellShaped() {
        // Each field ranges one past its limits, so most samples are valid and the rest are near misses.
        Arbitrary<String> date = Combinators.combine(Arbitraries.integers().between(1, 9999), upTo(13), upTo(32))
                .as((y, m, d) -> String.format("%04d-%02d-%02d", y, m, d));
        Arbitrary<String> fraction =
                Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(6);
        // Shape 0: no time; 1: HH:MM; 2: HH:MM:SS; 3: HH:MM:SS.f
        Arbitrary<String> time = Combinators.combine(
                        Arbitraries.integers().between(0, 3), upTo(24), upTo(60), upTo(60), fraction)
                .as((shape, h, m, s, f) -> switch (shape) {
                    case 0 -> "";
                    case 1 -> String.format("T%02d:%02d", h, m);
                    case 2 -> String.format("T%02d:%02d:%02d", h, m, s);
                    default -> String.format("T%02d:%02d:%02d.%s", h, m, s, f);
                });
        Arbitrary<String> offset = Combinators.combine(
                        Arbitraries.integers().between(0, 2), Arbitraries.of('+', '-'), upTo(19), upTo(60))
                .as((kind, sign, h, m) -> kind == 0 ? "" : kind == 1 ? "Z" : String.format("%c%02d:%02d", sign, h, m));
        return Combinators.combine(date, time, offset).as((d, t, o) -> t.isEmpty() ? d : d + t + o);
    }

    private static Arbitrary<Integer> upTo(int max) {
        return Arbitraries.integers().between(0, max);
    }
}
