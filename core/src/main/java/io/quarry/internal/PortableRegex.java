package io.quarry.internal;

import com.google.re2j.Pattern;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The filter language's portable regular expressions: validation with messages for a language model,
 * and compilation to RE2/J with the contract's semantics.
 *
 * <p>The portable subset is: literals; {@code .}; classes {@code [...]} and {@code [^...]} with ranges,
 * which may also contain {@code \d \w \s \D \W \S}, escaped metacharacters and {@code \t \n \r};
 * {@code \d \w \s \D \W \S}; the escaped metacharacters {@code \\ \. \^ \$ \| \? \* \+ \( \) \[ \] \{
 * \} \/ \-} and {@code \t \n \r}, all literals; the anchors {@code ^ $}; groups {@code (...)} and
 * {@code (?:...)}; alternation {@code |}; and the quantifiers {@code * + ? {m} {m,} {m,n}} with
 * {@code m <= n <= 1000}.
 *
 * <p>Besides what the contract names, this class requires a {@code ]} or a closing brace outside a
 * class, and a {@code -} inside one that is neither first, last nor part of a range, to be escaped;
 * rejects {@code [} and {@code &&} inside a class (set syntax in some engines), a quantifier on an
 * anchor, groups nested more than 100 deep, and nested counted repetitions whose
 * counts multiply beyond 1000 (as RE2 does), so that a pattern cannot make a backend
 * compile a huge program.
 *
 * <p>Semantics: matching is an unanchored find; {@code .} matches any one code point except {@code
 * \n}; {@code ^} and {@code $} match only at the very start and end of the text; {@code \d} is
 * {@code [0-9]}, {@code \w} is {@code [0-9A-Za-z_]} and {@code \s} is {@code [\t\n\x0B\f\r ]}, in every
 * mode. Case-insensitive matching folds literals and class ranges by simple case folding taken from
 * the JDK's Unicode data: ASCII letters fold pairwise, and also {@code k} with
 * U+212A KELVIN SIGN and {@code s} with U+017F LONG S; it never changes {@code \d \w \s} or their
 * negations.
 *
 * <p>Folding is done here, by expanding literals and classes, and never by RE2/J's {@code
 * CASE_INSENSITIVE} flag: RE2/J 1.8 mixes its bundled fold tables with the running JDK's case data and
 * loops forever on some code points (U+1C80..U+1C88 on Java 17; google/re2j#168).
 */
public final class PortableRegex {

    /** The largest count in {@code {m,n}}, and the largest product of nested counts. */
    static final int MAX_REPEAT = 1000;

    /** The deepest nesting of groups. */
    static final int MAX_NESTING = 100;

    private static final String ALLOWED = "portable patterns allow literals, ., [...], \\d \\w \\s, ^ $, groups, |"
            + " and the quantifiers * + ? {m,n}";

    private static final String METACHARACTERS = "\\.^$|?*+()[]{}/-";

    /** Inline flag letters of Java, PCRE, Python and .NET, to recognize {@code (?i)} and the like. */
    private static final String FLAGS = "imsxnuUdJaLc-";

    /** The characters {@link #quote(String)} escapes: those that are not literal outside a class. */
    private static final String SPECIAL = "\\.^$|?*+()[]{}";

    private static final int MAX_CODE_POINT = Character.MAX_CODE_POINT;

    private static final int CACHE_SIZE = 256;
    private static final Map<CacheKey, Pattern> CACHE = new LinkedHashMap<>(CACHE_SIZE * 2, 0.75f, true);

    private PortableRegex() {}

    /**
     * Checks a pattern against the portable subset.
     *
     * <p>The message names the first offending construct and its position (a 0-based code-point index)
     * and says what to write instead, for example {@code lookahead '(?=' at position 3 is not supported;
     * portable patterns allow literals, ., [...], \d \w \s, ^ $, groups, | and the quantifiers * + ?
     * {m,n}}. Pattern length is not checked here.
     *
     * @param pattern the pattern to check
     * @return empty if the pattern is portable, otherwise a message for the filter's author
     */
    public static Optional<String> violation(String pattern) {
        Objects.requireNonNull(pattern, "pattern");
        try {
            new Translator(pattern, false).translate();
            return Optional.empty();
        } catch (Invalid e) {
            return Optional.of(e.getMessage());
        }
    }

    /**
     * Compiles a portable pattern to an RE2/J pattern with the contract's semantics.
     *
     * <p>Use {@link com.google.re2j.Matcher#find()} on the result: portable patterns match anywhere in
     * the text. The pattern is translated first, so RE2/J's own syntax and defaults never leak through;
     * case-insensitivity is compiled into explicit classes, so the result has no RE2/J flags.
     *
     * @param pattern a portable pattern
     * @param caseInsensitive whether to fold case ({@code "$options": "i"})
     * @return the compiled pattern
     * @throws IllegalArgumentException if the pattern is not portable; the message is {@link
     *     #violation(String)}'s
     */
    public static Pattern compile(String pattern, boolean caseInsensitive) {
        Objects.requireNonNull(pattern, "pattern");
        String translated;
        try {
            translated = new Translator(pattern, caseInsensitive).translate();
        } catch (Invalid e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return Pattern.compile(translated);
    }

    /**
     * Tells whether a portable pattern matches anywhere in {@code input}, compiling through a small
     * cache.
     *
     * <p>The 256 most recently used compiled patterns are kept, so per-row callers
     * (database functions) compile each pattern once. Thread-safe.
     *
     * @param pattern a portable pattern
     * @param caseInsensitive whether to fold case
     * @param input the text to search
     * @return {@code true} if the pattern matches somewhere in {@code input}
     * @throws IllegalArgumentException if the pattern is not portable
     */
    public static boolean find(String pattern, boolean caseInsensitive, String input) {
        Objects.requireNonNull(input, "input");
        return cached(pattern, caseInsensitive).matcher(input).find();
    }

    /**
     * Escapes a literal so that the result is a portable pattern matching exactly that text.
     *
     * <p>{@code compile(quote(x), ci)} finds {@code x} literally (case-folded when {@code ci}); this is
     * how {@code $contains}, {@code $startsWith} ({@code "^" + quote(x)}) and {@code $endsWith} ({@code
     * quote(x) + "$"}) can be run as patterns.
     *
     * @param literal the text to match
     * @return a portable pattern for {@code literal}
     */
    public static String quote(String literal) {
        StringBuilder out = new StringBuilder(literal.length() + 8);
        for (int i = 0; i < literal.length(); i++) {
            char c = literal.charAt(i);
            if (SPECIAL.indexOf(c) >= 0) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    private static Pattern cached(String pattern, boolean caseInsensitive) {
        CacheKey key = new CacheKey(pattern, caseInsensitive);
        synchronized (CACHE) {
            Pattern hit = CACHE.get(key);
            if (hit != null) {
                return hit;
            }
        }
        // Compile outside the lock; a concurrent duplicate compilation is harmless.
        Pattern compiled = compile(pattern, caseInsensitive);
        synchronized (CACHE) {
            CACHE.put(key, compiled);
            if (CACHE.size() > CACHE_SIZE) {
                Iterator<CacheKey> eldest = CACHE.keySet().iterator();
                eldest.next();
                eldest.remove();
            }
        }
        return compiled;
    }

    /** The number of compiled patterns in the cache, for tests. */
    static int cacheSize() {
        synchronized (CACHE) {
            return CACHE.size();
        }
    }

    private record CacheKey(String pattern, boolean caseInsensitive) {}

    /** A pattern outside the portable subset; the message is the violation. */
    private static final class Invalid extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Invalid(String message) {
            super(message, null, false, false);
        }
    }

    /** Validates a portable pattern and renders it in RE2 syntax, in one recursive-descent pass. */
    private static final class Translator {
        private final int[] cp;
        private final boolean caseInsensitive;
        private final StringBuilder out = new StringBuilder();
        private int pos;

        Translator(String pattern, boolean caseInsensitive) {
            this.cp = pattern.codePoints().toArray();
            this.caseInsensitive = caseInsensitive;
        }

        String translate() {
            alternation(0);
            if (pos < cp.length) {
                throw new Invalid("unbalanced ')' at position " + pos + "; escape it as \\) to match a parenthesis");
            }
            return out.toString();
        }

        /**
         * Parses alternatives up to an unmatched {@code )} or the end.
         *
         * @return the largest product of nested counted repetitions inside, at least 1
         */
        private int alternation(int depth) {
            int weight = sequence(depth);
            while (pos < cp.length && cp[pos] == '|') {
                out.append('|');
                pos++;
                weight = Math.max(weight, sequence(depth));
            }
            return weight;
        }

        private int sequence(int depth) {
            int weight = 1;
            while (pos < cp.length && cp[pos] != '|' && cp[pos] != ')') {
                weight = Math.max(weight, piece(depth));
            }
            return weight;
        }

        private int piece(int depth) {
            int c = cp[pos];
            int weight = 1;
            switch (c) {
                case '*', '+', '?' -> throw nothingToRepeat(pos, Character.toString(c));
                case '{' -> {
                    Repeat repeat = repeatAt(pos);
                    if (repeat != null) {
                        throw nothingToRepeat(pos, text(pos, repeat.end));
                    }
                    throw new Invalid("'{' at position " + pos
                            + " does not start a quantifier {m}, {m,} or {m,n}; escape it as \\{ to match a brace");
                }
                case '}' ->
                    throw new Invalid("unbalanced '}' at position " + pos + "; escape it as \\} to match a brace");
                case ']' ->
                    throw new Invalid("unbalanced ']' at position " + pos + "; escape it as \\] to match a bracket");
                case '^', '$' -> {
                    out.appendCodePoint(c);
                    pos++;
                    if (quantifierAt(pos)) {
                        throw new Invalid("quantifier '" + quantifierText(pos) + "' at position " + pos
                                + " cannot repeat the anchor '" + Character.toString(c)
                                + "'; remove it, or escape the anchor to match it literally");
                    }
                    return 1;
                }
                case '(' -> weight = group(depth);
                case '[' -> charClass();
                case '.' -> {
                    out.append('.');
                    pos++;
                }
                case '\\' -> escape();
                default -> {
                    literal(c);
                    pos++;
                }
            }
            return quantifier(weight);
        }

        private int quantifier(int weight) {
            if (pos >= cp.length) {
                return weight;
            }
            int start = pos;
            int c = cp[pos];
            int count = 0;
            if (c == '*' || c == '+' || c == '?') {
                out.appendCodePoint(c);
                pos++;
            } else if (c == '{') {
                Repeat repeat = repeatAt(pos);
                if (repeat == null) {
                    return weight;
                }
                String written = text(pos, repeat.end);
                if (repeat.min > MAX_REPEAT || repeat.max > MAX_REPEAT) {
                    throw new Invalid(
                            "repetition '" + written + "' at position " + pos + " exceeds the maximum count of "
                                    + MAX_REPEAT + "; use a smaller count, or * or + for any number");
                }
                if (repeat.max >= 0 && repeat.min > repeat.max) {
                    throw new Invalid("repetition '" + written + "' at position " + pos
                            + " has its minimum above its maximum; write {" + repeat.max + "," + repeat.min + "}");
                }
                out.append('{').append(repeat.min);
                if (repeat.max != repeat.min) {
                    out.append(',');
                    if (repeat.max >= 0) {
                        out.append(repeat.max);
                    }
                }
                out.append('}');
                count = repeat.max >= 0 ? repeat.max : repeat.min;
                pos = repeat.end;
            } else {
                return weight;
            }
            String written = text(start, pos);
            if (pos < cp.length && cp[pos] == '?') {
                throw new Invalid("lazy quantifier '" + written + "?' at position " + start + " is not supported; use '"
                        + written + "' instead (whether a pattern matches does not depend on greediness)");
            }
            if (pos < cp.length && cp[pos] == '+') {
                throw new Invalid("possessive quantifier '" + written + "+' at position " + start
                        + " is not supported; use '" + written + "' instead");
            }
            if (quantifierAt(pos)) {
                throw new Invalid("quantifier '" + quantifierText(pos) + "' at position " + pos
                        + " has nothing to repeat (it follows the quantifier '" + written
                        + "'); use one quantifier, or wrap the repeated part in a group first");
            }
            int product = count > 0 ? weight * count : weight;
            if (product > MAX_REPEAT) {
                throw new Invalid("repetition '" + written + "' at position " + start
                        + " repeats a part that is already repeated, and the nested counts multiply to " + product
                        + ", more than " + MAX_REPEAT + "; use smaller counts, or * or +");
            }
            return product;
        }

        private boolean quantifierAt(int at) {
            if (at >= cp.length) {
                return false;
            }
            int c = cp[at];
            return c == '*' || c == '+' || c == '?' || (c == '{' && repeatAt(at) != null);
        }

        private String quantifierText(int at) {
            Repeat repeat = cp[at] == '{' ? repeatAt(at) : null;
            return repeat != null ? text(at, repeat.end) : Character.toString(cp[at]);
        }

        /** Reads {@code {m}}, {@code {m,}} or {@code {m,n}} at {@code at}, or returns null. */
        private Repeat repeatAt(int at) {
            int i = at + 1;
            int minStart = i;
            while (i < cp.length && isDigit(cp[i])) {
                i++;
            }
            if (i == minStart || i >= cp.length) {
                return null;
            }
            int min = count(minStart, i);
            if (cp[i] == '}') {
                return new Repeat(min, min, i + 1);
            }
            if (cp[i] != ',') {
                return null;
            }
            i++;
            int maxStart = i;
            while (i < cp.length && isDigit(cp[i])) {
                i++;
            }
            if (i >= cp.length || cp[i] != '}') {
                return null;
            }
            int max = i == maxStart ? -1 : count(maxStart, i);
            return new Repeat(min, max, i + 1);
        }

        /** Reads decimal digits, saturating at a value above any allowed count. */
        private int count(int from, int to) {
            long value = 0;
            for (int i = from; i < to; i++) {
                value = Math.min(value * 10 + (cp[i] - '0'), Integer.MAX_VALUE);
            }
            return (int) value;
        }

        private int group(int depth) {
            int open = pos;
            if (depth >= MAX_NESTING) {
                throw new Invalid("group at position " + open + " is nested more than " + MAX_NESTING
                        + " deep; simplify the pattern");
            }
            pos++;
            if (pos < cp.length && cp[pos] == '?') {
                if (pos + 1 < cp.length && cp[pos + 1] == ':') {
                    pos += 2;
                } else {
                    throw unsupportedGroup(open);
                }
            }
            out.append("(?:");
            int weight = alternation(depth + 1);
            if (pos >= cp.length) {
                throw new Invalid("unclosed group '(' at position " + open
                        + "; add ')' to close it, or escape it as \\( to match a parenthesis");
            }
            out.append(')');
            pos++;
            return weight;
        }

        private Invalid unsupportedGroup(int open) {
            int next = open + 2 < cp.length ? cp[open + 2] : -1;
            int after = open + 3 < cp.length ? cp[open + 3] : -1;
            switch (next) {
                case '=':
                    return unsupported("lookahead", open, 3, ALLOWED);
                case '!':
                    return unsupported("negative lookahead", open, 3, ALLOWED);
                case '<':
                    if (after == '=') {
                        return unsupported("lookbehind", open, 4, ALLOWED);
                    }
                    if (after == '!') {
                        return unsupported("negative lookbehind", open, 4, ALLOWED);
                    }
                    return unsupported("named group", open, 3, "use a plain group (...)");
                case 'P':
                    if (after == '<') {
                        return unsupported("named group", open, 4, "use a plain group (...)");
                    }
                    if (after == '=') {
                        return unsupported("named backreference", open, 4, ALLOWED);
                    }
                    return unsupported("group syntax", open, 4, ALLOWED);
                case '\'':
                    return unsupported("named group", open, 3, "use a plain group (...)");
                case '>':
                    return unsupported("atomic group", open, 3, "use a plain group (...)");
                case '#':
                    return unsupported("comment", open, 3, "remove it");
                case '(':
                    return unsupported("conditional", open, 3, ALLOWED);
                case '|':
                    return unsupported("branch reset group", open, 3, "use a plain group (...)");
                case -1:
                    return new Invalid("incomplete group '(?' at position " + open
                            + "; write (...) or (?:...), or escape as \\( and \\? to match the characters");
                default:
                    if (isFlag(next)) {
                        int end = open + 2;
                        while (end < cp.length && end < open + 12 && isFlag(cp[end])) {
                            end++;
                        }
                        if (end < cp.length && (cp[end] == ')' || cp[end] == ':')) {
                            end++;
                        }
                        return new Invalid("inline flags '" + text(open, end) + "' at position " + open
                                + " are not supported; for case-insensitive matching use \"$options\": \"i\" beside"
                                + " the pattern");
                    }
                    return unsupported("group syntax", open, 3, ALLOWED);
            }
        }

        private static boolean isFlag(int c) {
            return c < 0x80 && FLAGS.indexOf(c) >= 0;
        }

        private void escape() {
            int at = pos;
            int c = escapedAt(at);
            pos += 2;
            switch (c) {
                case 'd', 'D', 'w', 'W', 's', 'S' -> {
                    List<int[]> perl = perlClass(c);
                    out.append(renderClass(false, List.of(), perl));
                }
                case 't' -> literal('\t');
                case 'n' -> literal('\n');
                case 'r' -> literal('\r');
                default -> {
                    if (!isMetacharacter(c)) {
                        throw badEscape(at, false);
                    }
                    literal(c);
                }
            }
        }

        /** Returns the code point after the backslash at {@code at}, rejecting a trailing backslash. */
        private int escapedAt(int at) {
            if (at + 1 >= cp.length) {
                throw new Invalid(
                        "the pattern ends with a lone '\\' at position " + at + "; write \\\\ to match a backslash");
            }
            return cp[at + 1];
        }

        private Invalid badEscape(int at, boolean inClass) {
            int c = cp[at + 1];
            String literalHint = "write the character itself (escape it with \\ if it is a metacharacter)";
            if (c >= '1' && c <= '9') {
                return unsupported("backreference", at, 1 + digitRun(at + 1, 3), ALLOWED);
            }
            if (c == '0') {
                return unsupported("octal escape", at, 1 + digitRun(at + 1, 3), literalHint);
            }
            switch (c) {
                case 'k':
                    return unsupported("named backreference", at, 2, ALLOWED);
                case 'p', 'P': {
                    int end = at + 2;
                    if (end < cp.length && cp[end] == '{') {
                        while (end < cp.length && end < at + 40 && cp[end] != '}') {
                            end++;
                        }
                        end = Math.min(end + 1, cp.length);
                    } else {
                        end = Math.min(end + 1, cp.length);
                    }
                    return unsupported("Unicode class", at, end - at, "use explicit ranges such as [A-Za-z] or [0-9]");
                }
                case 'b':
                    if (inClass) {
                        return unsupported("escape", at, 2, literalHint);
                    }
                    return unsupported(
                            "word boundary",
                            at,
                            2,
                            "match the neighbouring characters instead, as in (^|[^A-Za-z0-9_])word([^A-Za-z0-9_]|$)");
                case 'B':
                    return unsupported("non-word-boundary", at, 2, ALLOWED);
                case 'A':
                    return unsupported("anchor", at, 2, "use ^ for the start of the text");
                case 'z', 'Z':
                    return unsupported("anchor", at, 2, "use $ for the end of the text");
                case 'G':
                    return unsupported("anchor", at, 2, "use ^ for the start of the text");
                case 'x':
                    return unsupported("hex escape", at, hexLength(at), literalHint);
                case 'u':
                    return unsupported("Unicode escape", at, hexLength(at), literalHint);
                case 'Q', 'E':
                    return unsupported("quoting", at, 2, "escape each metacharacter with \\ instead");
                default:
                    if (c < 0x80 && !Character.isLetterOrDigit(c) && !Character.isISOControl(c) && c != ' ') {
                        return unsupported(
                                "escape",
                                at,
                                2,
                                "write '" + Character.toString(c) + "' without the backslash; only the metacharacters "
                                        + METACHARACTERS.replace("", " ").trim() + " may be escaped");
                    }
                    return unsupported(
                            "escape",
                            at,
                            2,
                            literalHint + "; the escapes allowed are \\d \\w \\s \\D \\W \\S"
                                    + " \\t \\n \\r and escaped metacharacters");
            }
        }

        private int digitRun(int from, int max) {
            int i = from;
            while (i < cp.length && i < from + max && isDigit(cp[i])) {
                i++;
            }
            return i - from;
        }

        // The length of a hex escape (backslash x or u, then digits or braces) at "at", for messages.
        private int hexLength(int at) {
            int i = at + 2;
            if (i < cp.length && cp[i] == '{') {
                while (i < cp.length && i < at + 14 && cp[i] != '}') {
                    i++;
                }
                return Math.min(i + 1, cp.length) - at;
            }
            int max = cp[at + 1] == 'u' ? 4 : 2;
            while (i < cp.length && i < at + 2 + max && Character.digit(cp[i], 16) >= 0 && cp[i] < 0x80) {
                i++;
            }
            return i - at;
        }

        private Invalid unsupported(String construct, int at, int length, String hint) {
            return new Invalid(construct + " '" + text(at, Math.min(at + length, cp.length)) + "' at position " + at
                    + " is not supported; " + hint);
        }

        private Invalid nothingToRepeat(int at, String quantifier) {
            return new Invalid("quantifier '" + quantifier + "' at position " + at
                    + " has nothing to repeat; escape it with \\ to match it literally");
        }

        private void charClass() {
            int open = pos;
            pos++;
            boolean negated = false;
            if (pos < cp.length && cp[pos] == '^') {
                negated = true;
                pos++;
            }
            if (pos < cp.length && cp[pos] == ']') {
                throw new Invalid("empty class '" + text(open, pos + 1) + "' at position " + open
                        + "; to match ']' write \\] (also inside a class)");
            }
            List<int[]> ranges = new ArrayList<>();
            List<int[]> perl = new ArrayList<>();
            boolean first = true;
            while (true) {
                if (pos >= cp.length) {
                    throw new Invalid("unclosed class '[' at position " + open
                            + "; add ']' to close it, or escape it as \\[ to match a bracket");
                }
                int c = cp[pos];
                if (c == ']') {
                    pos++;
                    break;
                }
                if (c == '-' && !first && !(pos + 1 < cp.length && cp[pos + 1] == ']')) {
                    throw misplacedHyphen(pos);
                }
                int lowStart = pos;
                int lo = classAtom(perl);
                if (lo < 0) {
                    first = false;
                    continue;
                }
                int hi = lo;
                if (pos + 1 < cp.length && cp[pos] == '-' && cp[pos + 1] != ']') {
                    if (cp[lowStart] == '-') {
                        throw misplacedHyphen(lowStart);
                    }
                    pos++;
                    if (cp[pos] == '-') {
                        throw misplacedHyphen(pos);
                    }
                    int highStart = pos;
                    hi = classAtom(new ArrayList<>());
                    if (hi < 0) {
                        throw new Invalid("range at position " + lowStart + " ends in the class '"
                                + text(highStart, pos) + "'; escape the '-' as \\- to match a hyphen");
                    }
                    if (hi < lo) {
                        throw new Invalid("reversed range '" + text(lowStart, pos) + "' at position " + lowStart
                                + " in a class; write the lower character first");
                    }
                }
                ranges.add(new int[] {lo, hi});
                first = false;
            }
            out.append(renderClass(negated, normalize(ranges), normalize(perl)));
        }

        private Invalid misplacedHyphen(int at) {
            return new Invalid("'-' at position " + at
                    + " in a class is ambiguous; escape it as \\- to match a hyphen, or put it first or last");
        }

        /**
         * Reads one class member: returns its code point, or -1 after adding a {@code \d}-style class to
         * {@code perl}.
         */
        private int classAtom(List<int[]> perl) {
            int at = pos;
            int c = cp[at];
            if (c == '[') {
                if (at + 1 < cp.length && (cp[at + 1] == ':' || cp[at + 1] == '=' || cp[at + 1] == '.')) {
                    int end = at + 2;
                    while (end < cp.length && end < at + 20 && cp[end] != ']') {
                        end++;
                    }
                    throw unsupported(
                            "POSIX class",
                            at,
                            Math.min(end + 1, cp.length) - at,
                            "use explicit ranges such as [A-Za-z] or [0-9]");
                }
                throw new Invalid("'[' at position " + at + " inside a class must be escaped as \\[");
            }
            if (c == '&' && at + 1 < cp.length && cp[at + 1] == '&') {
                throw new Invalid("'&&' at position " + at
                        + " inside a class is not portable (some engines read it as an intersection); write '&' once");
            }
            if (c != '\\') {
                pos++;
                return c;
            }
            int e = escapedAt(at);
            pos += 2;
            switch (e) {
                case 'd', 'D', 'w', 'W', 's', 'S' -> {
                    perl.addAll(perlClass(e));
                    if (pos + 1 < cp.length && cp[pos] == '-' && cp[pos + 1] != ']') {
                        throw new Invalid("range at position " + at + " starts with the class '" + text(at, at + 2)
                                + "'; escape the '-' as \\- to match a hyphen");
                    }
                    return -1;
                }
                case 't' -> {
                    return '\t';
                }
                case 'n' -> {
                    return '\n';
                }
                case 'r' -> {
                    return '\r';
                }
                default -> {
                    if (!isMetacharacter(e)) {
                        throw badEscape(at, true);
                    }
                    return e;
                }
            }
        }

        private void literal(int c) {
            int[] orbit = caseInsensitive ? CaseFolding.orbit(c) : null;
            if (orbit != null) {
                List<int[]> members = new ArrayList<>();
                for (int m : orbit) {
                    members.add(new int[] {m, m});
                }
                out.append(bracket(false, normalize(members)));
            } else if (c < 0x80 && Character.isLetterOrDigit(c)) {
                out.append((char) c);
            } else if (c < 0x80 && c > ' ' && c != 0x7F) {
                out.append('\\').append((char) c);
            } else {
                hex(out, c);
            }
        }

        private String renderClass(boolean negated, List<int[]> ranges, List<int[]> perl) {
            // \d \w \s and their negations are never folded.
            List<int[]> members = caseInsensitive ? CaseFolding.fold(ranges) : ranges;
            return bracket(negated, union(members, perl));
        }

        private String text(int from, int to) {
            return new String(cp, from, to - from);
        }
    }

    private record Repeat(int min, int max, int end) {}

    /**
     * Simple case folding from the JDK's Unicode data, built on first case-insensitive use.
     *
     * <p>Two code points fold together when a chain of {@link Character#toLowerCase(int)}, {@link
     * Character#toUpperCase(int)} and {@link Character#toTitleCase(int)} mappings connects them, except
     * that U+0130 and U+0131 (Turkic dotted capital I and dotless small i) fold only to themselves, as in
     * Unicode's simple case folding. This agrees with Unicode simple case folding for practical
     * purposes and, unlike RE2/J's tables, always with the running JDK.
     */
    static final class CaseFolding {
        private static final int DOTTED_CAPITAL_I = 0x130;
        private static final int DOTLESS_SMALL_I = 0x131;

        /** Every code point with a case partner, sorted. */
        private static final int[] CASED;

        /** {@code ORBITS[i]}: the sorted code points that fold together with {@code CASED[i]}. */
        private static final int[][] ORBITS;

        static {
            Map<Integer, Integer> parent = new HashMap<>();
            for (int c = 0; c <= MAX_CODE_POINT; c++) {
                if (c == DOTTED_CAPITAL_I || c == DOTLESS_SMALL_I) {
                    continue;
                }
                int lower = Character.toLowerCase(c);
                int upper = Character.toUpperCase(c);
                int title = Character.toTitleCase(c);
                if (lower != c) {
                    union(parent, c, lower);
                }
                if (upper != c) {
                    union(parent, c, upper);
                }
                if (title != c) {
                    union(parent, c, title);
                }
            }
            CASED = parent.keySet().stream()
                    .mapToInt(Integer::intValue)
                    .sorted()
                    .toArray();
            Map<Integer, List<Integer>> members = new HashMap<>();
            for (int c : CASED) {
                members.computeIfAbsent(root(parent, c), r -> new ArrayList<>()).add(c);
            }
            Map<Integer, int[]> orbitByRoot = new HashMap<>();
            ORBITS = new int[CASED.length][];
            for (int i = 0; i < CASED.length; i++) {
                ORBITS[i] = orbitByRoot.computeIfAbsent(
                        root(parent, CASED[i]),
                        r -> members.get(r).stream().mapToInt(Integer::intValue).toArray());
            }
        }

        private CaseFolding() {}

        /** The code points that fold together with {@code c}, itself included, or null if none other. */
        static int[] orbit(int c) {
            int i = Arrays.binarySearch(CASED, c);
            return i >= 0 ? ORBITS[i] : null;
        }

        /** The ranges plus every code point that folds together with a member of them. */
        static List<int[]> fold(List<int[]> ranges) {
            List<int[]> folded = new ArrayList<>(ranges);
            for (int[] r : ranges) {
                int i = Arrays.binarySearch(CASED, r[0]);
                for (i = i >= 0 ? i : -i - 1; i < CASED.length && CASED[i] <= r[1]; i++) {
                    for (int m : ORBITS[i]) {
                        folded.add(new int[] {m, m});
                    }
                }
            }
            return normalize(folded);
        }

        private static void union(Map<Integer, Integer> parent, int a, int b) {
            int ra = root(parent, a);
            int rb = root(parent, b);
            if (ra != rb) {
                parent.put(Math.max(ra, rb), Math.min(ra, rb));
            }
        }

        private static int root(Map<Integer, Integer> parent, int c) {
            int r = parent.computeIfAbsent(c, k -> k);
            while (r != parent.get(r)) {
                int grandparent = parent.get(parent.get(r));
                parent.put(r, grandparent);
                r = grandparent;
            }
            return r;
        }
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isMetacharacter(int c) {
        return c < 0x80 && METACHARACTERS.indexOf(c) >= 0;
    }

    private static List<int[]> perlClass(int c) {
        List<int[]> ranges =
                switch (Character.toLowerCase(c)) {
                    case 'd' -> List.of(new int[] {'0', '9'});
                    case 'w' ->
                        List.of(new int[] {'0', '9'}, new int[] {'A', 'Z'}, new int[] {'_', '_'}, new int[] {'a', 'z'});
                    default -> List.of(new int[] {'\t', '\r'}, new int[] {' ', ' '});
                };
        return Character.isUpperCase(c) ? complement(ranges) : ranges;
    }

    private static List<int[]> union(List<int[]> a, List<int[]> b) {
        List<int[]> all = new ArrayList<>(a);
        all.addAll(b);
        return normalize(all);
    }

    /** Sorts and merges overlapping or adjacent ranges. */
    private static List<int[]> normalize(List<int[]> ranges) {
        List<int[]> sorted = new ArrayList<>(ranges);
        sorted.sort(Comparator.comparingInt((int[] r) -> r[0]));
        List<int[]> merged = new ArrayList<>();
        for (int[] r : sorted) {
            int[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && r[0] <= last[1] + 1) {
                last[1] = Math.max(last[1], r[1]);
            } else {
                merged.add(new int[] {r[0], r[1]});
            }
        }
        return merged;
    }

    private static List<int[]> complement(List<int[]> ranges) {
        List<int[]> result = new ArrayList<>();
        int next = 0;
        for (int[] r : normalize(ranges)) {
            if (r[0] > next) {
                result.add(new int[] {next, r[0] - 1});
            }
            next = r[1] + 1;
        }
        if (next <= MAX_CODE_POINT) {
            result.add(new int[] {next, MAX_CODE_POINT});
        }
        return result;
    }

    private static String bracket(boolean negated, List<int[]> ranges) {
        StringBuilder out = new StringBuilder("[");
        if (negated) {
            out.append('^');
        }
        for (int[] r : ranges) {
            classChar(out, r[0]);
            if (r[1] != r[0]) {
                out.append('-');
                classChar(out, r[1]);
            }
        }
        return out.append(']').toString();
    }

    private static void classChar(StringBuilder out, int c) {
        if (c < 0x80 && Character.isLetterOrDigit(c)) {
            out.append((char) c);
        } else {
            hex(out, c);
        }
    }

    private static void hex(StringBuilder out, int c) {
        out.append("\\x{").append(Integer.toHexString(c)).append('}');
    }
}
