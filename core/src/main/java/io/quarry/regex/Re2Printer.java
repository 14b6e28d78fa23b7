package io.quarry.regex;

/**
 * Writes a tree in RE2 syntax, the canonical form, with {@code \x{hex}} escapes. {@link PcrePrinter}
 * writes the same form with {@code .} and {@code $} pinned.
 */
final class Re2Printer extends Printer {

    /** A printer writing {@code .} and {@code $} as given. */
    Re2Printer(String anyChar, String end) {
        super(anyChar, end);
    }

    /** The tree in RE2 syntax, with RE2/J's meaning of the portable subset (RE2/J's defaults). */
    static String print(Regex tree) {
        return new Re2Printer(".", "$").write(tree);
    }

    @Override
    void escape(int codePoint) {
        out.append("\\x{").append(Integer.toHexString(codePoint)).append('}');
    }
}
