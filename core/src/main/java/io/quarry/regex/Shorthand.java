package io.quarry.regex;

import java.util.List;

/**
 * The shorthand classes, the same in every mode: {@code \d} is {@code [0-9]}, {@code \w} is {@code
 * [0-9A-Za-z_]}, {@code \s} is {@code [\t\n\x0B\f\r ]}, and the capitals their complements.
 */
public enum Shorthand {
    /** {@code \d}. */
    DIGIT('d'),
    /** {@code \D}. */
    NOT_DIGIT('D'),
    /** {@code \w}. */
    WORD('w'),
    /** {@code \W}. */
    NOT_WORD('W'),
    /** {@code \s}. */
    SPACE('s'),
    /** {@code \S}. */
    NOT_SPACE('S');

    private final char letter;
    private final List<Range> ranges;

    Shorthand(char letter) {
        this.letter = letter;
        List<Range> positive =
                switch (Character.toLowerCase(letter)) {
                    case 'd' -> List.of(new Range('0', '9'));
                    case 'w' -> List.of(new Range('0', '9'), new Range('A', 'Z'), Range.of('_'), new Range('a', 'z'));
                    default -> List.of(new Range('\t', '\r'), Range.of(' '));
                };
        this.ranges = Character.isUpperCase(letter) ? Range.complement(positive) : positive;
    }

    /** The letter after the backslash. */
    public char letter() {
        return letter;
    }

    /** The code points it matches, sorted and merged. */
    public List<Range> ranges() {
        return ranges;
    }

    /** The shorthand written with {@code letter} after a backslash, or {@code null}. */
    static Shorthand of(int letter) {
        for (Shorthand s : values()) {
            if (s.letter == letter) {
                return s;
            }
        }
        return null;
    }
}
