package io.quarry.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;

/**
 * Exact decimal numbers from filter values: numeric literals in strings, JSON numbers and Java numbers.
 *
 * <p>A value is a number only if it is {@linkplain #inDoubleRange(BigDecimal) in the double range}:
 * it converts to a finite double, and to a nonzero one unless it is zero. Values are kept exactly as
 * decimals, so {@code 9007199254740993} stays greater than {@code 9007199254740992}.
 */
public final class NumericLiteral {

    // Round-to-nearest-even sends magnitudes >= 2^1024 - 2^970 (halfway between MAX_VALUE and the next
    // power of two) to infinity, and magnitudes <= 2^-1075 (half of MIN_VALUE) to zero.
    private static final BigDecimal OVERFLOW =
            new BigDecimal(BigInteger.TWO.pow(1024).subtract(BigInteger.TWO.pow(970)));
    private static final BigDecimal UNDERFLOW = new BigDecimal(Double.MIN_VALUE).multiply(new BigDecimal("0.5"));

    // Decimal exponent of the leading significant digit: 1e308 < OVERFLOW < 1e309, 1e-324 < UNDERFLOW < 1e-323.
    private static final long MAX_LEADING_EXPONENT = 308;
    private static final long MIN_LEADING_EXPONENT = -324;

    // An exponent with more significant digits than this is astronomically out of range.
    private static final int MAX_EXPONENT_DIGITS = 18;

    private NumericLiteral() {}

    /**
     * Parses a numeric literal exactly, or returns empty if {@code s} is not one.
     *
     * <p>Accepts exactly: optional ASCII whitespace (space, tab, CR, LF), an optional sign {@code +} or
     * {@code -}, then {@code \d+\.?\d*} or {@code \.\d+} in ASCII digits, an optional exponent {@code
     * [eE][+-]?\d+}, and optional ASCII whitespace. Unicode digits, {@code _} separators, hexadecimal,
     * {@code Infinity} and {@code NaN} are not numbers. A literal outside the {@linkplain
     * #inDoubleRange(BigDecimal) double range} is not a number either: {@code "1e400"} would overflow to
     * infinity and {@code "1e-400"} would underflow to zero, while {@code "4.9e-324"} (Java's rendering
     * of {@link Double#MIN_VALUE}) is accepted. Zero with any exponent is zero.
     *
     * <p>Runs in time linear in the length of {@code s} apart from the final {@link BigInteger}
     * construction of the significant digits; the exponent is range-checked before anything is built.
     *
     * @param s the text to parse
     * @return the exact value, or empty if {@code s} is not a numeric literal in the double range
     */
    public static Optional<BigDecimal> parse(String s) {
        int begin = 0;
        int end = s.length();
        while (begin < end && isSpace(s.charAt(begin))) {
            begin++;
        }
        while (end > begin && isSpace(s.charAt(end - 1))) {
            end--;
        }
        int i = begin;
        boolean negative = false;
        if (i < end && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        int intStart = i;
        i = skipDigits(s, i, end);
        int intEnd = i;
        int fracStart = i;
        int fracEnd = i;
        if (i < end && s.charAt(i) == '.') {
            fracStart = i + 1;
            i = skipDigits(s, fracStart, end);
            fracEnd = i;
        }
        if (intEnd == intStart && fracEnd == fracStart) {
            return Optional.empty();
        }
        long exponent = 0;
        boolean hugeExponent = false;
        if (i < end && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            boolean negativeExponent = false;
            if (i < end && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                negativeExponent = s.charAt(i) == '-';
                i++;
            }
            int expStart = i;
            i = skipDigits(s, i, end);
            if (i == expStart) {
                return Optional.empty();
            }
            int significant = expStart;
            while (significant < i - 1 && s.charAt(significant) == '0') {
                significant++;
            }
            if (i - significant > MAX_EXPONENT_DIGITS) {
                hugeExponent = true;
            } else {
                exponent = Long.parseLong(s, significant, i, 10);
                if (negativeExponent) {
                    exponent = -exponent;
                }
            }
        }
        if (i != end) {
            return Optional.empty();
        }
        return exact(s, negative, intStart, intEnd, fracStart, fracEnd, exponent, hugeExponent);
    }

    private static Optional<BigDecimal> exact(
            String s,
            boolean negative,
            int intStart,
            int intEnd,
            int fracStart,
            int fracEnd,
            long exponent,
            boolean hugeExponent) {
        int first = firstNonZero(s, intStart, intEnd);
        long leadingExponent;
        if (first < intEnd) {
            leadingExponent = (long) intEnd - 1 - first;
        } else {
            first = firstNonZero(s, fracStart, fracEnd);
            if (first == fracEnd) {
                return Optional.of(BigDecimal.ZERO);
            }
            leadingExponent = -((long) first - fracStart + 1);
        }
        if (hugeExponent) {
            return Optional.empty();
        }
        leadingExponent += exponent;
        if (leadingExponent > MAX_LEADING_EXPONENT || leadingExponent < MIN_LEADING_EXPONENT) {
            return Optional.empty();
        }
        // Trailing zeros of the fraction add nothing but digits to convert.
        int lastFrac = fracEnd;
        while (lastFrac > fracStart && s.charAt(lastFrac - 1) == '0') {
            lastFrac--;
        }
        long scale = (long) (lastFrac - fracStart) - exponent;
        if (scale > Integer.MAX_VALUE || scale < Integer.MIN_VALUE) {
            return Optional.empty();
        }
        StringBuilder digits = new StringBuilder((intEnd - Math.min(first, intEnd)) + (lastFrac - fracStart) + 1);
        if (negative) {
            digits.append('-');
        }
        if (first < intEnd) {
            digits.append(s, first, intEnd).append(s, fracStart, lastFrac);
        } else {
            digits.append(s, first, lastFrac);
        }
        BigDecimal value = new BigDecimal(new BigInteger(digits.toString()), (int) scale);
        return inDoubleRange(value) ? Optional.of(value) : Optional.empty();
    }

    /**
     * Returns the exact value of a JSON number or of a numeric literal in a JSON string.
     *
     * <p>A number node gives its decimal value ({@link JsonNode#decimalValue()}; a float node its
     * shortest float rendering); NaN, infinities and values outside the double range (see {@link
     * #parse(String)}) give empty. A string node is {@linkplain #parse(String) parsed}. Any other node,
     * a missing node or {@code null} gives empty.
     *
     * @param node a JSON value, or {@code null}
     * @return the exact value, or empty if the node is not a number or numeric string in the double range
     */
    public static Optional<BigDecimal> fromJson(JsonNode node) {
        if (node == null) {
            return Optional.empty();
        }
        if (node.isTextual()) {
            return parse(node.textValue());
        }
        if (!node.isNumber()) {
            return Optional.empty();
        }
        if (node.isFloat()) {
            return fromFloat(node.floatValue());
        }
        if (node.isDouble() && !Double.isFinite(node.doubleValue())) {
            return Optional.empty();
        }
        return inRange(node.decimalValue());
    }

    /**
     * Returns the exact value of a Java number, as stored objects and JDBC results carry them.
     *
     * <p>Integral boxes and {@link BigInteger} convert exactly; a {@link Double} or {@link Float} gives
     * its shortest decimal rendering ({@code 0.1} stays {@code 0.1}); NaN, infinities and values outside
     * the double range give empty. Any other {@link Number} is {@linkplain #parse(String) parsed} from its
     * {@code toString()}.
     *
     * @param number a number, or {@code null}
     * @return the exact value, or empty if {@code number} is {@code null}, not finite or out of range
     */
    public static Optional<BigDecimal> fromNumber(Number number) {
        if (number == null) {
            return Optional.empty();
        }
        if (number instanceof BigDecimal decimal) {
            return inRange(decimal);
        }
        if (number instanceof BigInteger integer) {
            return inRange(new BigDecimal(integer));
        }
        if (number instanceof Long || number instanceof Integer || number instanceof Short || number instanceof Byte) {
            return Optional.of(BigDecimal.valueOf(number.longValue()));
        }
        if (number instanceof Double d) {
            return Double.isFinite(d) ? Optional.of(BigDecimal.valueOf(d)) : Optional.empty();
        }
        if (number instanceof Float f) {
            return fromFloat(f);
        }
        return parse(number.toString());
    }

    /**
     * Tells whether a decimal converts to a finite double, and to a nonzero one unless it is zero.
     *
     * <p>This is what {@link Double#parseDouble(String)} does with the decimal under IEEE
     * round-to-nearest-even: a nonzero magnitude is in range when it is above 2<sup>-1075</sup> (half of
     * {@link Double#MIN_VALUE}, about 2.47e-324) and below 2<sup>1024</sup> - 2<sup>970</sup> (halfway
     * from {@link Double#MAX_VALUE} to 2<sup>1024</sup>, about 1.7976931348623158e308). So every finite
     * double's shortest rendering is in range, and a number that backends store as a double never turns
     * into an infinity or a false zero.
     *
     * @param value the value to check
     * @return {@code true} if {@code value} converts to a finite double without becoming zero
     */
    public static boolean inDoubleRange(BigDecimal value) {
        if (value.signum() == 0) {
            return true;
        }
        BigDecimal magnitude = value.abs();
        return magnitude.compareTo(OVERFLOW) < 0 && magnitude.compareTo(UNDERFLOW) > 0;
    }

    private static Optional<BigDecimal> fromFloat(float f) {
        return Float.isFinite(f) ? Optional.of(new BigDecimal(Float.toString(f))) : Optional.empty();
    }

    private static Optional<BigDecimal> inRange(BigDecimal value) {
        return inDoubleRange(value) ? Optional.of(value) : Optional.empty();
    }

    private static int skipDigits(String s, int from, int end) {
        int i = from;
        while (i < end && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
        }
        return i;
    }

    private static int firstNonZero(String s, int from, int end) {
        int i = from;
        while (i < end && s.charAt(i) == '0') {
            i++;
        }
        return i;
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n';
    }
}
