package io.quarry.internal;

/**
 * String order and length by Unicode code point, as the filter language defines them.
 *
 * <p>{@link String#compareTo(String)} compares UTF-16 units, which orders supplementary characters
 * (U+10000 and above) before U+E000..U+FFFF; these methods do not. An unpaired surrogate counts as one
 * code point with its own value, as in {@link String#codePoints()}.
 */
public final class CodePoints {

    private CodePoints() {}

    /**
     * Compares two strings lexicographically by code point.
     *
     * <p>The result agrees in sign with comparing {@code a.codePoints().toArray()} and {@code
     * b.codePoints().toArray()} lexicographically, a proper prefix ordering first. Only the first
     * differing unit is decoded, and only when a surrogate is involved.
     *
     * @param a the first string
     * @param b the second string
     * @return a negative number, zero or a positive number as {@code a} orders before, with or after
     *     {@code b}
     */
    public static int compare(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char ca = a.charAt(i);
            char cb = b.charAt(i);
            if (ca != cb) {
                if (!Character.isSurrogate(ca) && !Character.isSurrogate(cb)) {
                    return ca - cb;
                }
                return compareAt(a, b, i);
            }
        }
        // When a is a prefix ending in a high surrogate that pairs up in b, a's last code point (the
        // lone surrogate) is still below b's supplementary one, so length decides correctly.
        return a.length() - b.length();
    }

    /** Compares the code points around the first differing unit {@code i} (a surrogate is involved). */
    private static int compareAt(String a, String b, int i) {
        // Equal prefixes decode alike, except that a high surrogate just before i may pair with the
        // unit at i in one string and not in the other.
        int start = i > 0 && Character.isHighSurrogate(a.charAt(i - 1)) ? i - 1 : i;
        int cpa = a.codePointAt(start);
        int cpb = b.codePointAt(start);
        if (cpa == cpb) {
            // Both are the same unpaired high surrogate; the next code points start at i.
            cpa = a.codePointAt(i);
            cpb = b.codePointAt(i);
        }
        return Integer.compare(cpa, cpb);
    }

    /**
     * Counts the code points of a string, an unpaired surrogate counting as one.
     *
     * @param s the string
     * @return the number of code points in {@code s}
     */
    public static int length(String s) {
        return s.codePointCount(0, s.length());
    }

    /**
     * Cuts a string for a message: at most {@code max} code points, ending in {@code ...} when cut, never
     * splitting a surrogate pair. Input echoed to a model is cut so a 100 kB value cannot flood it.
     *
     * @param s the string
     * @param max the most code points of the result, at least 4
     */
    public static String abbreviate(String s, int max) {
        if (length(s) <= max) {
            return s;
        }
        return s.substring(0, s.offsetByCodePoints(0, max - 3)) + "...";
    }

    /**
     * Whether a string is valid Unicode: no surrogate without its pair (JSON's {@code "\uD800"}
     * escape can make one, and databases either refuse it or store something else).
     *
     * @param s the string
     */
    public static boolean isValidUnicode(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return false;
            }
        }
        return true;
    }
}
