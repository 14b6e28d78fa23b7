package io.quarry.sql.dialect;

import io.quarry.internal.PortableRegex;
import java.util.Locale;

/**
 * A portable pattern in PostgreSQL's advanced regular expression syntax, with the evaluator's exact
 * semantics. The pattern is first translated by {@link PortableRegex} (which validates it and expands
 * case-insensitivity into explicit classes), and that canonical form is rewritten: {@code .} becomes
 * "any character but newline" (PostgreSQL's {@code .} also matches a newline), code points become
 * fixed-width escapes (backslash-u with four hex digits, backslash-U with eight), and counts above PostgreSQL's limit of 255 are split into
 * a sequence of smaller counts that matches the same strings.
 *
 * @param pattern the PostgreSQL pattern
 * @param trigrams whether the pattern has a run of three literal letters or digits outside any
 *     alternation, so a trigram index can narrow the search; without one, a trigram index would scan
 *     itself whole, and the dialect writes a form no index serves
 */
record PostgresRegex(String pattern, boolean trigrams) {
    private static final int MAX_COUNT = 255;

    /** Translates a portable pattern; throws {@link IllegalArgumentException} if it is not portable. */
    static PostgresRegex of(String portable, boolean ignoreCase) {
        Parser p = new Parser(PortableRegex.compile(portable, ignoreCase).pattern());
        String out = p.alternation(true);
        return new PostgresRegex(out, p.longestRun >= 3 && !p.topLevelAlternation);
    }

    /** Whether a literal has a run of three letters or digits, the least a trigram index can use. */
    static boolean hasTrigram(String literal) {
        int run = 0;
        for (int cp : literal.codePoints().toArray()) {
            run = Character.isLetterOrDigit(cp) ? run + 1 : 0;
            if (run >= 3) {
                return true;
            }
        }
        return false;
    }

    /** Reads RE2/J's rendering of a portable pattern, a small fixed grammar, and writes PostgreSQL's. */
    private static final class Parser {
        private final String in;
        private int pos;
        private int run;
        private int longestRun;
        private boolean topLevelAlternation;

        Parser(String in) {
            this.in = in;
        }

        String alternation(boolean top) {
            StringBuilder out = new StringBuilder(sequence(top));
            while (pos < in.length() && in.charAt(pos) == '|') {
                pos++;
                if (top) {
                    topLevelAlternation = true;
                }
                out.append('|').append(sequence(top));
            }
            return out.toString();
        }

        private String sequence(boolean top) {
            StringBuilder out = new StringBuilder();
            while (pos < in.length() && in.charAt(pos) != '|' && in.charAt(pos) != ')') {
                boolean[] literal = new boolean[1];
                String atom = atom(literal);
                String quantified = quantifier(atom);
                if (top && literal[0] && quantified.equals(atom)) {
                    run++;
                    longestRun = Math.max(longestRun, run);
                } else {
                    run = 0;
                }
                out.append(quantified);
            }
            if (top) {
                run = 0;
            }
            return out.toString();
        }

        private String atom(boolean[] literal) {
            char c = in.charAt(pos);
            switch (c) {
                case '(' -> {
                    // RE2/J's rendering has only non-capturing groups
                    pos += 3;
                    String inner = alternation(false);
                    pos++;
                    return "(?:" + inner + ")";
                }
                case '[' -> {
                    return charClass(literal);
                }
                case '.' -> {
                    pos++;
                    return "[^\\u000a]";
                }
                case '^', '$' -> {
                    pos++;
                    return String.valueOf(c);
                }
                case '\\' -> {
                    if (in.charAt(pos + 1) == 'x') {
                        int cp = hexEscape();
                        literal[0] = Character.isLetterOrDigit(cp);
                        return escape(cp);
                    }
                    pos += 2;
                    return "\\" + in.charAt(pos - 1);
                }
                default -> {
                    int cp = in.codePointAt(pos);
                    pos += Character.charCount(cp);
                    literal[0] = Character.isLetterOrDigit(cp);
                    return literal[0] && cp < 0x80 ? Character.toString(cp) : escape(cp);
                }
            }
        }

        /** A class; a class of two to four single letters (a case-folded letter) counts as a literal. */
        private String charClass(boolean[] literal) {
            StringBuilder out = new StringBuilder("[");
            pos++;
            if (in.charAt(pos) == '^') {
                out.append('^');
                pos++;
            }
            int members = 0;
            boolean letters = out.length() == 1;
            while (in.charAt(pos) != ']') {
                int lo = classChar();
                out.append(escapeInClass(lo));
                members++;
                letters &= Character.isLetter(lo);
                if (in.charAt(pos) == '-') {
                    pos++;
                    out.append('-').append(escapeInClass(classChar()));
                    letters = false;
                }
            }
            pos++;
            literal[0] = letters && members >= 2 && members <= 4;
            return out.append(']').toString();
        }

        private int classChar() {
            if (in.charAt(pos) == '\\') {
                return hexEscape();
            }
            int cp = in.codePointAt(pos);
            pos += Character.charCount(cp);
            return cp;
        }

        /** Reads {@code \x{hex}}. */
        private int hexEscape() {
            int close = in.indexOf('}', pos);
            int cp = Integer.parseInt(in.substring(pos + 3, close), 16);
            pos = close + 1;
            return cp;
        }

        private String quantifier(String atom) {
            if (pos >= in.length()) {
                return atom;
            }
            char c = in.charAt(pos);
            if (c == '*' || c == '+' || c == '?') {
                pos++;
                return atom + c;
            }
            if (c != '{') {
                return atom;
            }
            int close = in.indexOf('}', pos);
            String body = in.substring(pos + 1, close);
            pos = close + 1;
            int comma = body.indexOf(',');
            int min = Integer.parseInt(comma < 0 ? body : body.substring(0, comma));
            int max = comma < 0 ? min : comma == body.length() - 1 ? -1 : Integer.parseInt(body.substring(comma + 1));
            return repeat(atom, min, max);
        }

        /** {@code atom{min,max}} (max -1: unbounded) as counts of at most 255, matching the same strings. */
        private static String repeat(String atom, int min, int max) {
            if (min <= MAX_COUNT && max <= MAX_COUNT) {
                return atom + "{" + min + (max == min ? "" : "," + (max < 0 ? "" : Integer.toString(max))) + "}";
            }
            StringBuilder out = new StringBuilder();
            for (int left = min; left > 0; left -= MAX_COUNT) {
                out.append(atom).append('{').append(Math.min(left, MAX_COUNT)).append('}');
            }
            if (max < 0) {
                return out.append(atom).append('*').toString();
            }
            for (int left = max - min; left > 0; left -= MAX_COUNT) {
                out.append(atom).append("{0,").append(Math.min(left, MAX_COUNT)).append('}');
            }
            return out.toString();
        }

        private static String escapeInClass(int cp) {
            return cp < 0x80 && Character.isLetterOrDigit(cp) ? Character.toString(cp) : escape(cp);
        }

        /** A code point as a fixed-width escape: {@code \x} would swallow the hex digits after it. */
        private static String escape(int cp) {
            return cp <= 0xFFFF ? String.format(Locale.ROOT, "\\u%04x", cp) : String.format(Locale.ROOT, "\\U%08x", cp);
        }
    }
}
