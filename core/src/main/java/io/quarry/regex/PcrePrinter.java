package io.quarry.regex;

/**
 * Writes a tree for PCRE2 (MariaDB) and ICU (MySQL): the RE2 form (explicit
 * classes, {@code \x{...}} escapes), with what the engines do differently pinned: flags off (a
 * server's {@code default_regex_flags} cannot leak in), {@code .} as "any code point but newline"
 * (PCRE and ICU exclude other line terminators too), and {@code $} as the very end ({@code \z}; their
 * {@code $} also matches before a final newline).
 */
public final class PcrePrinter {
    private PcrePrinter() {}

    /** The tree in PCRE syntax, with the portable subset's meaning. */
    public static String print(Regex tree) {
        return "(?-imsx)" + new Re2Printer("[^\\x{a}]", "\\z", Integer.MAX_VALUE).write(tree);
    }
}
