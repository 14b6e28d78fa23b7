package io.quarry.sql.dialect;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Exact, order-preserving text keys of numbers, as the MySQL/MariaDB function {@code quarry_num_v1}
 * computes them in SQL: comparing two keys byte by byte orders them as the numbers.
 *
 * <p>Zero is {@code "1"}. A positive number is {@code "2"}, its decimal exponent plus 400 in three
 * digits, and its significant digits without trailing zeros ({@code 2.5} is {@code "24002" + "5"}…
 * exactly {@code "240025"}). A negative number is {@code "0"}, 599 minus its exponent in three digits,
 * its significant digits each replaced by 9 minus the digit, and {@code "~"}, which sorts above every
 * digit so that -1 ({@code "0599" + "8~"}) orders after -1.5 ({@code "0599" + "84~"}). Exponents of
 * numbers in the double range lie in [-324, 308], so the three digits never overflow.
 */
final class NumberKey {
    /** 2^1024 - 2^970: magnitudes from here on overflow a double. */
    static final BigDecimal OVERFLOW = new BigDecimal(BigInteger.TWO.pow(1024).subtract(BigInteger.TWO.pow(970)));

    /** 2^-1075: magnitudes up to here underflow a double to zero. */
    static final BigDecimal UNDERFLOW = new BigDecimal(Double.MIN_VALUE).multiply(new BigDecimal("0.5"));

    private NumberKey() {}

    /** The key of a number. */
    static String of(BigDecimal n) {
        if (n.signum() == 0) {
            return "1";
        }
        BigDecimal s = n.stripTrailingZeros();
        String digits = digits(s);
        long exponent = exponent(s);
        if (n.signum() > 0) {
            return "2" + three(exponent + 400) + digits;
        }
        StringBuilder complement =
                new StringBuilder(digits.length() + 5).append('0').append(three(599 - exponent));
        for (int i = 0; i < digits.length(); i++) {
            complement.append((char) ('9' - digits.charAt(i) + '0'));
        }
        return complement.append('~').toString();
    }

    /** The significant digits of a number without trailing zeros. */
    static String digits(BigDecimal n) {
        return n.stripTrailingZeros().unscaledValue().abs().toString();
    }

    /** The decimal exponent of the leading digit: 2 for 120, -2 for 0.05. */
    static long exponent(BigDecimal n) {
        BigDecimal s = n.stripTrailingZeros();
        return (long) s.precision() - s.scale() - 1;
    }

    private static String three(long value) {
        if (value < 0 || value > 999) {
            throw new IllegalArgumentException("number outside the double range");
        }
        String s = Long.toString(value);
        return "0".repeat(3 - s.length()) + s;
    }
}
