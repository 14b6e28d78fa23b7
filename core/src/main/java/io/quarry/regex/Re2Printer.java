package io.quarry.regex;

/**
 * Writes a tree in RE2 syntax, the canonical form, with {@code \x{hex}} escapes. {@link PcrePrinter}
 * writes the same form with {@code .} and {@code $} pinned.
 */
final class Re2Printer extends Printer {

    /**
     * RE2/J's largest count here: it compiles {@code x{0,n}} as n nested optional copies and compiles
     * them recursively, so a few {@code .{0,1000}} in a row overflowed a 512 kB thread stack.
     */
    static final int RE2J_MAX_COUNT = 100;

    /** A printer writing {@code .} and {@code $} as given, and counts of at most {@code maxCount}. */
    Re2Printer(String anyChar, String end, int maxCount) {
        super(anyChar, end, maxCount);
    }

    /** The tree in RE2 syntax, with RE2/J's meaning of the portable subset (RE2/J's defaults). */
    static String print(Regex tree) {
        return new Re2Printer(".", "$", RE2J_MAX_COUNT).write(tree);
    }

    @Override
    void escape(int codePoint) {
        out.append("\\x{").append(Integer.toHexString(codePoint)).append('}');
    }
}
