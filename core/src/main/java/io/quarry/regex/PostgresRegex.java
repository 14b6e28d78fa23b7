package io.quarry.regex;

import java.util.Locale;

/**
 * A portable pattern in PostgreSQL's advanced regular expression syntax, with the evaluator's exact
 * semantics: {@code .} is "any character but newline" (PostgreSQL's {@code .} also matches a
 * newline), code points other than ASCII letters and digits are fixed-width escapes (backslash-u with
 * four hex digits, backslash-U with eight), and counts above PostgreSQL's limit of 255 are split into
 * a sequence of smaller counts that matches the same strings.
 *
 * @param pattern the PostgreSQL pattern
 * @param trigrams whether the pattern has a run of three literal letters or digits outside any
 *     alternation, so a trigram index can narrow the search; without one, a trigram index would scan
 *     itself whole, and the dialect writes a form no index serves
 */
public record PostgresRegex(String pattern, boolean trigrams) {
    private static final int MAX_COUNT = 255;

    /** Translates a portable pattern; throws {@link IllegalArgumentException} if it is not portable. */
    public static PostgresRegex of(String portable, boolean ignoreCase) {
        return print(Regex.parse(portable, ignoreCase));
    }

    /** Writes a tree. */
    public static PostgresRegex print(Regex tree) {
        return new PostgresRegex(new Syntax().write(tree), trigrams(tree));
    }

    /** Whether a literal has a run of three letters or digits, the least a trigram index can use. */
    public static boolean hasTrigram(String literal) {
        int run = 0;
        for (int cp : literal.codePoints().toArray()) {
            run = Character.isLetterOrDigit(cp) ? run + 1 : 0;
            if (run >= 3) {
                return true;
            }
        }
        return false;
    }

    /** Whether the top level, without alternation, has three literal letters or digits in a row. */
    private static boolean trigrams(Regex tree) {
        if (!(tree instanceof Regex.Sequence sequence)) {
            return false; // an alternation, or nothing else at the top
        }
        int run = 0;
        for (Regex part : sequence.parts()) {
            run = isLetterOrDigit(part) ? run + 1 : 0;
            if (run >= 3) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a part matches one letter or digit (or, as a class of two to four single letters, a
     * case-folded letter).
     */
    private static boolean isLetterOrDigit(Regex part) {
        if (part instanceof Regex.Literal literal) {
            return Character.isLetterOrDigit(literal.codePoint());
        }
        if (part instanceof Regex.CharClass c && !c.negated()) {
            var members = c.members();
            return members.size() >= 2
                    && members.size() <= 4
                    && members.stream().allMatch(r -> r.single() && Character.isLetter(r.first()));
        }
        return false;
    }

    /** PostgreSQL's syntax: fixed-width escapes, {@code .} without newline, counts of at most 255. */
    private static final class Syntax extends Printer {
        Syntax() {
            super("[^\\u000a]", "$", MAX_COUNT);
        }

        /** A code point as a fixed-width escape: {@code \x} would swallow the hex digits after it. */
        @Override
        void escape(int cp) {
            out.append(
                    cp <= 0xFFFF
                            ? String.format(Locale.ROOT, "\\u%04x", cp)
                            : String.format(Locale.ROOT, "\\U%08x", cp));
        }
    }
}
