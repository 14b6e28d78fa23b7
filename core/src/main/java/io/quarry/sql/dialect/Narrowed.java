package io.quarry.sql.dialect;

import io.quarry.filter.CompareOp;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * A comparison {@code value op operand} rewritten for values from a narrower domain, so that
 * {@link MySqlDialect} can compare plain decimals and canonical UTC text in SQL instead of calling a
 * key function per row: either an operator and an operand from that domain, or a constant answer
 * (an operand outside the domain, or between two of its values).
 *
 * @param op the operator to use, or {@code null} when {@code constant} answers
 * @param operand the operand to bind, or {@code null}
 * @param constant the answer for every value of the domain, or {@code null}
 */
record Narrowed(CompareOp op, Object operand, Boolean constant) {

    /** The largest magnitude of a {@linkplain #decimal plain decimal}, exclusive: 30 integer digits. */
    static final BigDecimal DECIMAL_BOUND = BigDecimal.TEN.pow(30);

    /** Plain decimals have at most 30 fraction digits. */
    static final int DECIMAL_SCALE = 30;

    private static final long MIN_SECOND = LocalDateTime.of(0, 1, 1, 0, 0).toEpochSecond(ZoneOffset.UTC);
    private static final long MAX_SECOND =
            LocalDateTime.of(9999, 12, 31, 23, 59, 59).toEpochSecond(ZoneOffset.UTC);
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'");

    /**
     * For values that are plain decimals: fewer than 30 integer digits and at most 30 fraction digits
     * (exact in {@code DECIMAL(65,30)}).
     */
    static Narrowed decimal(CompareOp op, BigDecimal n) {
        if (n.abs().compareTo(DECIMAL_BOUND) >= 0) {
            return outside(op, n.signum() > 0);
        }
        BigDecimal stripped = n.stripTrailingZeros();
        if (stripped.scale() <= DECIMAL_SCALE) {
            return new Narrowed(op, n, null);
        }
        return between(
                op, n.setScale(DECIMAL_SCALE, RoundingMode.FLOOR), n.setScale(DECIMAL_SCALE, RoundingMode.CEILING));
    }

    /**
     * For values that are whole-second UTC instants of the years 0000 to 9999, compared as their text
     * {@code yyyy-MM-ddTHH:mm:ssZ} (whose order is the instants' order).
     */
    static Narrowed seconds(CompareOp op, long micros) {
        long second = Math.floorDiv(micros, 1_000_000L);
        boolean whole = Math.floorMod(micros, 1_000_000L) == 0;
        if (second < MIN_SECOND) {
            return outside(op, false);
        }
        if (second > MAX_SECOND || (second == MAX_SECOND && !whole)) {
            return outside(op, true);
        }
        if (whole) {
            return new Narrowed(op, text(second), null);
        }
        return between(op, text(second), text(second + 1));
    }

    private static String text(long second) {
        return LocalDateTime.ofEpochSecond(second, 0, ZoneOffset.UTC).format(SECONDS);
    }

    /** Every value is below the operand ({@code above}) or above it. */
    private static Narrowed outside(CompareOp op, boolean above) {
        boolean answer =
                switch (op) {
                    case EQ -> false;
                    case GT, GTE -> !above;
                    case LT, LTE -> above;
                };
        return new Narrowed(null, null, answer);
    }

    /** The operand lies strictly between two neighbouring values of the domain, {@code floor} and {@code ceiling}. */
    private static Narrowed between(CompareOp op, Object floor, Object ceiling) {
        return switch (op) {
            case EQ -> new Narrowed(null, null, false);
            case GT, GTE -> new Narrowed(CompareOp.GTE, ceiling, null);
            case LT, LTE -> new Narrowed(CompareOp.LTE, floor, null);
        };
    }
}
