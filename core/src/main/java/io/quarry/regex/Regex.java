package io.quarry.regex;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;

/**
 * A portable pattern as a tree, parsed once ({@link #parse}) and printed for each engine: RE2/J
 * ({@link PortableRegex}: the evaluator and the embedded databases' Java functions), {@link PcrePrinter}
 * (MariaDB, MySQL) and {@link PostgresRegex} (PostgreSQL's advanced regular expressions). Case
 * folding is a rewrite of the tree ({@link #foldCase}), so no printer knows about it.
 *
 * <p>Every count of a {@link Repeat} is in the tree, so a validator can bound repetition.
 */
public sealed interface Regex {

    /**
     * Parses a portable pattern (see {@link PortableRegex} for the subset).
     *
     * @throws IllegalArgumentException if the pattern is not portable; the message is {@link
     *     PortableRegex#violation}'s
     */
    static Regex parse(String pattern) {
        try {
            return RegexParser.parse(requireNonNull(pattern, "pattern"));
        } catch (RegexParser.Invalid e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** Parses a portable pattern and folds its case when {@code ignoreCase} ({@code "$options": "i"}). */
    static Regex parse(String pattern, boolean ignoreCase) {
        Regex tree = parse(pattern);
        return ignoreCase ? tree.foldCase() : tree;
    }

    /**
     * The same pattern matching case-insensitively: every literal with case partners becomes the class
     * of them, and every class gains the partners of its members (simple case folding from the
     * JDK's Unicode data); {@code \d \w \s} and their negations are never folded.
     */
    default Regex foldCase() {
        return CaseFolding.fold(this);
    }

    /** Calls the visitor's method for this node. */
    <R> R accept(Visitor<R> visitor);

    /** One method per node, no defaults: a new node breaks every printer at compile time. */
    interface Visitor<R> {
        /** A literal code point. */
        R literal(Literal node);

        /** {@code .}: any code point but a newline. */
        R anyChar(AnyChar node);

        /** {@code ^}: the very start of the text. */
        R start(Start node);

        /** {@code $}: the very end of the text. */
        R end(End node);

        /** A class of code points. */
        R charClass(CharClass node);

        /** A group {@code (...)} or {@code (?:...)}, which never captures. */
        R group(Group node);

        /** Parts one after another. */
        R sequence(Sequence node);

        /** Alternatives. */
        R alternation(Alternation node);

        /** A quantified part. */
        R repeat(Repeat node);
    }

    /** A code point matched literally (a metacharacter or {@code \t \n \r} escaped in the pattern). */
    record Literal(int codePoint) implements Regex {
        /** Checks the code point. */
        public Literal {
            if (!Character.isValidCodePoint(codePoint)) {
                throw new IllegalArgumentException("not a code point: " + codePoint);
            }
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.literal(this);
        }
    }

    /** {@code .}: any one code point except {@code \n}. */
    record AnyChar() implements Regex {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.anyChar(this);
        }
    }

    /** {@code ^}: the very start of the text. */
    record Start() implements Regex {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.start(this);
        }
    }

    /** {@code $}: the very end of the text (never before a final newline). */
    record End() implements Regex {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.end(this);
        }
    }

    /**
     * A class {@code [...]}, {@code [^...]}, or a shorthand {@code \d \w \s \D \W \S} on its own.
     *
     * @param negated whether it matches the code points outside it
     * @param ranges its literal members and ranges, sorted and merged
     * @param shorthands its shorthand classes, which case folding leaves as they are
     */
    record CharClass(boolean negated, List<Range> ranges, List<Shorthand> shorthands) implements Regex {
        /** Copies the lists and sorts and merges the ranges. */
        public CharClass {
            ranges = Range.normalize(ranges);
            shorthands = List.copyOf(shorthands);
        }

        /** Every member, sorted and merged: the ranges and the shorthands' ranges (before negation). */
        public List<Range> members() {
            List<Range> all = new ArrayList<>(ranges);
            shorthands.forEach(s -> all.addAll(s.ranges()));
            return Range.normalize(all);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.charClass(this);
        }
    }

    /** A group: the parentheses, written {@code (?:...)} by every printer. */
    record Group(Regex body) implements Regex {
        /** Checks the body. */
        public Group {
            requireNonNull(body, "body");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.group(this);
        }
    }

    /** Parts matched one after another; empty matches the empty string. */
    record Sequence(List<Regex> parts) implements Regex {
        /** Copies the parts. */
        public Sequence {
            parts = List.copyOf(parts);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.sequence(this);
        }
    }

    /** Two or more alternatives, {@code a|b}. */
    record Alternation(List<Regex> alternatives) implements Regex {
        /** Copies the alternatives. */
        public Alternation {
            alternatives = List.copyOf(alternatives);
            if (alternatives.size() < 2) {
                throw new IllegalArgumentException("an alternation needs two alternatives");
            }
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.alternation(this);
        }
    }

    /**
     * A quantified part: {@code *} (0, unbounded), {@code +} (1, unbounded), {@code ?} (0, 1), or
     * counted {@code {m}}, {@code {m,}}, {@code {m,n}}.
     *
     * @param body the repeated part
     * @param min the least count
     * @param max the largest count, or {@link #UNBOUNDED}
     * @param counted whether the pattern wrote braces (printers keep the form)
     */
    record Repeat(Regex body, int min, int max, boolean counted) implements Regex {
        /** {@link #max()} of a repetition without upper bound. */
        public static final int UNBOUNDED = -1;

        /** Checks the counts. */
        public Repeat {
            requireNonNull(body, "body");
            if (min < 0 || (max != UNBOUNDED && max < min)) {
                throw new IllegalArgumentException("bad counts {" + min + "," + max + "}");
            }
            if (!counted && !((min == 0 || min == 1) && max == UNBOUNDED) && !(min == 0 && max == 1)) {
                throw new IllegalArgumentException("{" + min + "," + max + "} is not * + or ?");
            }
        }

        /** The quantifier as printers write it: {@code * + ?}, or {@code {m}}, {@code {m,}}, {@code {m,n}}. */
        public String quantifier() {
            if (!counted) {
                return min == 1 ? "+" : max == 1 ? "?" : "*";
            }
            return "{" + min + (max == min ? "" : "," + (max == UNBOUNDED ? "" : Integer.toString(max))) + "}";
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.repeat(this);
        }
    }
}
