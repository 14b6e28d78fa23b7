package io.quarry.regex;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses a portable pattern into a {@link Regex}, validating it in the same recursive-descent pass
 * with messages for a language model: the first offending construct, its position (a 0-based
 * code-point index) and what to write instead.
 */
final class RegexParser {

    /** The largest count in {@code {m,n}}. */
    static final int MAX_REPEAT = 1000;

    /**
     * The largest size of a pattern written out: every part but an anchor counts 1, a sequence or alternation the sum
     * of its parts, a repetition its body times its largest count ({@code {m,}}: m + 1; {@code * + ?}: 1).
     * PostgreSQL expands counted repetitions into copies and compiles in time that grows with the square
     * of the copies (about 7 ms for 1,000, 1.5 s for 20,000, "too complex" from 27,000), so the bound
     * keeps every backend's compilation small.
     */
    static final int MAX_SIZE = 1000;

    private static final String TOO_BIG_HINT = ", more than " + MAX_SIZE
            + " (counts multiply when repetitions nest, and add up along the pattern); use smaller counts, or * or +"
            + " for any number";

    /** The deepest nesting of groups. */
    static final int MAX_NESTING = 100;

    private static final String ALLOWED = "portable patterns allow literals, ., [...], \\d \\w \\s, ^ $, groups, |"
            + " and the quantifiers * + ? {m,n}";

    private static final String METACHARACTERS = "\\.^$|?*+()[]{}/-";

    /** Inline flag letters of Java, PCRE, Python and .NET, to recognize {@code (?i)} and the like. */
    private static final String FLAGS = "imsxnuUdJaLc-";

    /** A pattern outside the portable subset; the message is the violation. */
    static final class Invalid extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Invalid(String message) {
            super(message, null, false, false);
        }
    }

    private final int[] cp;
    private int pos;

    private RegexParser(String pattern) {
        this.cp = pattern.codePoints().toArray();
    }

    /** Parses a whole pattern. */
    static Regex parse(String pattern) {
        RegexParser p = new RegexParser(pattern);
        Regex tree = p.alternation(0).node();
        if (p.pos < p.cp.length) {
            throw new Invalid("unbalanced ')' at position " + p.pos + "; escape it as \\) to match a parenthesis");
        }
        return tree;
    }

    /**
     * A parsed part, its size written out (see {@link #MAX_SIZE}), whether it contains an unbounded
     * repetition ({@code * + {m,}}), whether it can match the empty text, and whether it can match
     * some character.
     */
    private record Part(Regex node, long size, boolean unbounded, boolean empty, boolean consumes) {}

    /** Parses alternatives up to an unmatched {@code )} or the end. */
    private Part alternation(int depth) {
        Part first = sequence(depth);
        if (pos >= cp.length || cp[pos] != '|') {
            return first;
        }
        List<Regex> alternatives = new ArrayList<>(List.of(first.node()));
        long size = first.size();
        boolean unbounded = first.unbounded();
        boolean empty = first.empty();
        boolean consumes = first.consumes();
        while (pos < cp.length && cp[pos] == '|') {
            pos++;
            int at = pos;
            Part next = sequence(depth);
            alternatives.add(next.node());
            size = checkSize(size + next.size(), at);
            unbounded |= next.unbounded();
            empty |= next.empty();
            consumes |= next.consumes();
        }
        return new Part(new Regex.Alternation(alternatives), size, unbounded, empty, consumes);
    }

    private Part sequence(int depth) {
        List<Regex> parts = new ArrayList<>();
        long size = 0;
        boolean unbounded = false;
        boolean empty = true;
        boolean consumes = false;
        while (pos < cp.length && cp[pos] != '|' && cp[pos] != ')') {
            int at = pos;
            Part piece = piece(depth);
            parts.add(piece.node());
            size = checkSize(size + piece.size(), at);
            unbounded |= piece.unbounded();
            empty &= piece.empty();
            consumes |= piece.consumes();
        }
        return new Part(new Regex.Sequence(parts), size, unbounded, empty, consumes);
    }

    /** Refuses a pattern that grows beyond {@link #MAX_SIZE} with the part starting at {@code at}. */
    private long checkSize(long size, int at) {
        if (size > MAX_SIZE) {
            throw new Invalid("the pattern is too big from position " + at + " on: written out, its parts come to "
                    + size + TOO_BIG_HINT);
        }
        return size;
    }

    private Part piece(int depth) {
        int c = cp[pos];
        Part atom;
        switch (c) {
            case '*', '+', '?' -> throw nothingToRepeat(pos, Character.toString(c));
            case '{' -> {
                Counts repeat = repeatAt(pos);
                if (repeat != null) {
                    throw nothingToRepeat(pos, text(pos, repeat.end));
                }
                throw new Invalid("'{' at position " + pos
                        + " does not start a quantifier {m}, {m,} or {m,n}; escape it as \\{ to match a brace");
            }
            case '}' -> throw new Invalid("unbalanced '}' at position " + pos + "; escape it as \\} to match a brace");
            case ']' ->
                throw new Invalid("unbalanced ']' at position " + pos + "; escape it as \\] to match a bracket");
            case '^', '$' -> {
                pos++;
                if (quantifierAt(pos)) {
                    throw new Invalid("quantifier '" + quantifierText(pos) + "' at position " + pos
                            + " cannot repeat the anchor '" + Character.toString(c)
                            + "'; remove it, or escape the anchor to match it literally");
                }
                return new Part(c == '^' ? new Regex.Start() : new Regex.End(), 0, false, true, false);
            }
            case '(' -> atom = group(depth);
            case '[' -> atom = new Part(charClass(), 1, false, false, true);
            case '.' -> {
                pos++;
                atom = new Part(new Regex.AnyChar(), 1, false, false, true);
            }
            case '\\' -> atom = new Part(escape(), 1, false, false, true);
            default -> {
                pos++;
                atom = new Part(new Regex.Literal(c), 1, false, false, true);
            }
        }
        return quantifier(atom);
    }

    private Part quantifier(Part atom) {
        if (pos >= cp.length) {
            return atom;
        }
        int start = pos;
        int c = cp[pos];
        Regex.Repeat node;
        if (c == '*' || c == '+' || c == '?') {
            node = new Regex.Repeat(atom.node(), c == '+' ? 1 : 0, c == '?' ? 1 : Regex.Repeat.UNBOUNDED, false);
            pos++;
        } else if (c == '{') {
            Counts repeat = repeatAt(pos);
            if (repeat == null) {
                return atom;
            }
            String written = text(pos, repeat.end);
            if (repeat.min > MAX_REPEAT || repeat.max > MAX_REPEAT) {
                throw new Invalid("repetition '" + written + "' at position " + pos + " exceeds the maximum count of "
                        + MAX_REPEAT + "; use a smaller count, or * or + for any number");
            }
            if (repeat.max >= 0 && repeat.min > repeat.max) {
                throw new Invalid("repetition '" + written + "' at position " + pos
                        + " has its minimum above its maximum; write {" + repeat.max + "," + repeat.min + "}");
            }
            node = new Regex.Repeat(atom.node(), repeat.min, repeat.max, true);
            pos = repeat.end;
        } else {
            return atom;
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
        boolean unbounded = node.max() == Regex.Repeat.UNBOUNDED;
        if (atom.unbounded() && node.max() != 1) {
            // (.*){1000} or (a+)*: the ways to split a text between the copies grow without bound, which
            // backtracking engines explore one by one and PostgreSQL's NFA pays for on every character.
            throw new Invalid("repetition '" + written + "' at position " + start
                    + " repeats a part that has an unbounded repetition (* + or {m,}) inside; give the inner one a"
                    + " bound such as {0,20}, or repeat only the part outside it");
        }
        long copies = unbounded ? node.min() + 1L : Math.max(node.max(), 1);
        // a repeated part counts at least 1 a copy: ((?:$|^){300}){0,300} writes 90,000 anchors out
        long size = Math.max(atom.size(), 1) * copies;
        if (size > MAX_SIZE) {
            throw new Invalid("repetition '" + written + "' at position " + start
                    + " makes the pattern too big: written out, its copies come to " + size + TOO_BIG_HINT);
        }
        if (atom.empty() && atom.consumes() && node.max() != 1) {
            // (.?){25} or (a|){9}: every copy may take a character or none (a part that only ever matches
            // nothing, such as () or (^), cannot split anything), so the ways to split a text
            // between the copies multiply (2^25 here), which backtracking engines explore one by one.
            throw new Invalid("repetition '" + written + "' at position " + start
                    + " repeats a part that can match nothing, so its copies can split a text in too many ways;"
                    + " make the repeated part match at least one character and put the choice in the count,"
                    + " e.g. .{0,25} instead of (.?){25}");
        }
        return new Part(
                node,
                size,
                unbounded || atom.unbounded(),
                node.min() == 0 || atom.empty(),
                atom.consumes() && node.max() != 0);
    }

    private boolean quantifierAt(int at) {
        if (at >= cp.length) {
            return false;
        }
        int c = cp[at];
        return c == '*' || c == '+' || c == '?' || (c == '{' && repeatAt(at) != null);
    }

    private String quantifierText(int at) {
        Counts repeat = cp[at] == '{' ? repeatAt(at) : null;
        return repeat != null ? text(at, repeat.end) : Character.toString(cp[at]);
    }

    /** Reads {@code {m}}, {@code {m,}} or {@code {m,n}} at {@code at}, or returns null. */
    private Counts repeatAt(int at) {
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
            return new Counts(min, min, i + 1);
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
        return new Counts(min, max, i + 1);
    }

    /** Reads decimal digits, saturating at a value above any allowed count. */
    private int count(int from, int to) {
        long value = 0;
        for (int i = from; i < to; i++) {
            value = Math.min(value * 10 + (cp[i] - '0'), Integer.MAX_VALUE);
        }
        return (int) value;
    }

    private Part group(int depth) {
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
        Part body = alternation(depth + 1);
        if (pos >= cp.length) {
            throw new Invalid("unclosed group '(' at position " + open
                    + "; add ')' to close it, or escape it as \\( to match a parenthesis");
        }
        pos++;
        return new Part(new Regex.Group(body.node()), body.size(), body.unbounded(), body.empty(), body.consumes());
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

    private Regex escape() {
        int at = pos;
        int c = escapedAt(at);
        pos += 2;
        return switch (c) {
            case 'd', 'D', 'w', 'W', 's', 'S' -> new Regex.CharClass(false, List.of(), List.of(Shorthand.of(c)));
            case 't' -> new Regex.Literal('\t');
            case 'n' -> new Regex.Literal('\n');
            case 'r' -> new Regex.Literal('\r');
            default -> {
                if (!isMetacharacter(c)) {
                    throw badEscape(at, false);
                }
                yield new Regex.Literal(c);
            }
        };
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

    private Regex charClass() {
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
        List<Range> ranges = new ArrayList<>();
        List<Shorthand> shorthands = new ArrayList<>();
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
            int lo = classAtom(shorthands);
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
                    throw new Invalid("range at position " + lowStart + " ends in the class '" + text(highStart, pos)
                            + "'; escape the '-' as \\- to match a hyphen");
                }
                if (hi < lo) {
                    throw new Invalid("reversed range '" + text(lowStart, pos) + "' at position " + lowStart
                            + " in a class; write the lower character first");
                }
            }
            ranges.add(new Range(lo, hi));
            first = false;
        }
        return new Regex.CharClass(negated, ranges, shorthands);
    }

    private Invalid misplacedHyphen(int at) {
        return new Invalid("'-' at position " + at
                + " in a class is ambiguous; escape it as \\- to match a hyphen, or put it first or last");
    }

    /**
     * Reads one class member: returns its code point, or -1 after adding a {@code \d}-style class to
     * {@code shorthands}.
     */
    private int classAtom(List<Shorthand> shorthands) {
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
                shorthands.add(Shorthand.of(e));
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

    private String text(int from, int to) {
        return new String(cp, from, to - from);
    }

    /** A counted quantifier read at a position: its counts and where it ends. */
    private record Counts(int min, int max, int end) {}

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isMetacharacter(int c) {
        return c < 0x80 && METACHARACTERS.indexOf(c) >= 0;
    }
}
