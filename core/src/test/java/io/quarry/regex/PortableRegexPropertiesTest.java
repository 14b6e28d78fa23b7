package io.quarry.regex;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.re2j.Pattern;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

class PortableRegexPropertiesTest {

    @Property(tries = 2000)
    void violationNeverThrows(@ForAll String pattern) {
        PortableRegex.violation(pattern);
    }

    @Property(tries = 5000)
    void everyPortablePatternCompilesAndRuns(@ForAll("regexLike") String pattern, @ForAll("inputs") String input) {
        boolean portable = PortableRegex.violation(pattern).isEmpty();
        Statistics.label("portable").collect(portable);
        if (portable) {
            PortableRegex.compile(pattern, false).matcher(input).find();
            PortableRegex.compile(pattern, true).matcher(input).find();
        }
    }

    @Property(tries = 2000)
    void arbitraryPortablePatternsCompile(@ForAll String pattern) {
        if (PortableRegex.violation(pattern).isEmpty()) {
            PortableRegex.compile(pattern, false);
            PortableRegex.compile(pattern, true);
        }
    }

    @Property(tries = 2000)
    void quoteMatchesTheLiteralExactly(@ForAll String literal, @ForAll String other) {
        String quoted = PortableRegex.quote(literal);
        assertThat(PortableRegex.violation(quoted)).isEmpty();
        Pattern exact = PortableRegex.compile("^" + quoted + "$", false);
        assertThat(exact.matcher(literal).find()).isTrue();
        assertThat(exact.matcher(other).find()).isEqualTo(other.equals(literal));
        assertThat(PortableRegex.compile(quoted, true)
                        .matcher(other + literal + other)
                        .find())
                .isTrue();
    }

    // ---- Class membership, checked code point by code point against a brute-force definition.

    /** Probe code points: all of ASCII and the non-ASCII ones where folding or classes get subtle. */
    private static final int[] PROBES = IntStream.concat(
                    IntStream.range(0, 0x80),
                    IntStream.of(
                            0x17F, 0x212A, 0x212B, 0xE5, 0xC5, 0xE9, 0xC9, 0xDF, 0x1E9E, 0xFF, 0x178, 0xA0, 0x85,
                            0x2028, 0x663, 0x1F600, 0x10400, 0x10428, 0x130, 0x131, 0x1C80, 0x412, 0x432, 0x3A3, 0x3C3,
                            0x3C2, 0xB5, 0x39C, 0x3BC))
            .toArray();

    /** Code points that may appear in generated classes, as literals or inside ranges. */
    private static final int[] UNIVERSE = IntStream.concat(
                    IntStream.range(0, 0x180),
                    IntStream.of(
                            0x1E9E, 0x212A, 0x212B, 0x1F600, 0x10400, 0x10428, 0x1C80, 0x412, 0x432, 0x3A3, 0x3C3,
                            0x3C2, 0x39C, 0x3BC))
            .toArray();

    /**
     * For each probe, the universe members equal to it ignoring case, by an independent definition:
     * {@link String#equalsIgnoreCase(String)}, except that the Turkic dotted and dotless i fold only to
     * themselves.
     */
    private static final Map<Integer, List<Integer>> FOLDS = new HashMap<>();

    static {
        for (int probe : PROBES) {
            List<Integer> same = new ArrayList<>();
            for (int c : UNIVERSE) {
                if (c == probe || (!isTurkicI(c) && !isTurkicI(probe) && text(c).equalsIgnoreCase(text(probe)))) {
                    same.add(c);
                }
            }
            FOLDS.put(probe, same);
        }
    }

    private static boolean isTurkicI(int c) {
        return c == 0x130 || c == 0x131;
    }

    private static String text(int c) {
        return Character.toString(c);
    }

    /** One class member: a literal or range in [lo, hi], or a \d-style escape. */
    private record Item(String written, int lo, int hi, char perl) {
        boolean contains(int c) {
            if (perl == 0) {
                return lo <= c && c <= hi;
            }
            boolean in =
                    switch (Character.toLowerCase(perl)) {
                        case 'd' -> c >= '0' && c <= '9';
                        case 'w' -> c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_';
                        default -> c == ' ' || c >= '\t' && c <= '\r';
                    };
            return in != Character.isUpperCase(perl);
        }

        boolean folds(int c) {
            return perl == 0 && FOLDS.get(c).stream().anyMatch(this::contains);
        }
    }

    @Property(tries = 3000)
    void classesMatchTheirDefinition(
            @ForAll boolean negated, @ForAll boolean caseInsensitive, @ForAll("items") List<Item> items) {
        StringBuilder pattern = new StringBuilder("^[");
        if (negated) {
            pattern.append('^');
        }
        items.forEach(item -> pattern.append(item.written()));
        pattern.append("]$");
        Pattern compiled = PortableRegex.compile(pattern.toString(), caseInsensitive);
        for (int c : PROBES) {
            boolean member = items.stream().anyMatch(item -> item.contains(c) || (caseInsensitive && item.folds(c)));
            assertThat(compiled.matcher(Character.toString(c)).find())
                    .as("%s (ci=%s) on U+%04X", pattern, caseInsensitive, c)
                    .isEqualTo(member != negated);
        }
    }

    @Provide
    Arbitrary<List<Item>> items() {
        Arbitrary<Item> literal = Arbitraries.of(
                        'a', 'i', 'I', 'k', 'K', 's', 'S', 'z', '5', '_', ' ', '\u00e9', '\u00c9', '\u017f', '\u212a',
                        '\u212b', '\u00df', '\u00ff', '\u0130', '\u0131', '\u1c80', '\u0432', '\u03c2', '\u00b5')
                .map(c -> new Item(String.valueOf(c), c, c, (char) 0));
        Arbitrary<Item> range = Arbitraries.of(
                        "a-c", "j-l", "r-t", "A-Z", "0-9", "\u00e0-\u00ff", "\u0100-\u017f", "!-/")
                .map(r -> new Item(r, r.charAt(0), r.charAt(2), (char) 0));
        Arbitrary<Item> perl = Arbitraries.of('d', 'w', 's', 'D', 'W', 'S').map(p -> new Item("\\" + p, 0, -1, p));
        Arbitrary<Item> escaped = Arbitraries.of("\\-", "\\]", "\\t", "\\n").map(e -> {
            int c = e.charAt(1) == 't' ? '\t' : e.charAt(1) == 'n' ? '\n' : e.charAt(1);
            return new Item(e, c, c, (char) 0);
        });
        return Arbitraries.frequencyOf(
                        Tuple.of(4, literal), Tuple.of(3, range), Tuple.of(3, perl), Tuple.of(1, escaped))
                .list()
                .ofMinSize(1)
                .ofMaxSize(4);
    }

    // ---- Whole patterns, checked against java.util.regex on an ASCII sub-language where both agree.

    @Property(tries = 2000)
    void agreesWithJavaRegexOnAsciiPatterns(
            @ForAll("asciiPatterns") String pattern,
            @ForAll boolean caseInsensitive,
            @ForAll("asciiInputs") String input) {
        var violation = PortableRegex.violation(pattern);
        if (violation.isPresent()) {
            // the generator nests * + {1,} freely; the subset refuses an unbounded repetition inside another
            // or a repetition of a part that can match nothing
            assertThat(violation.get())
                    .as(pattern)
                    .containsAnyOf(
                            "has an unbounded repetition (* + or {m,}) inside",
                            "repeats a part that can match nothing");
            return;
        }
        // With UNIX_LINES, Java's . excludes only \n; \z is our $ (Java's $ also matches before a final \n).
        int flags =
                java.util.regex.Pattern.UNIX_LINES | (caseInsensitive ? java.util.regex.Pattern.CASE_INSENSITIVE : 0);
        java.util.regex.Pattern reference = java.util.regex.Pattern.compile(pattern.replace("$", "\\z"), flags);
        boolean expected = reference.matcher(input).find();
        Statistics.label("matches").collect(expected);
        assertThat(PortableRegex.find(pattern, caseInsensitive, input))
                .as("/%s/ ci=%s on \"%s\"", pattern, caseInsensitive, input)
                .isEqualTo(expected);
    }

    @Provide
    Arbitrary<String> asciiPatterns() {
        return alternation(3);
    }

    private Arbitrary<String> alternation(int depth) {
        Arbitrary<String> sequence =
                piece(depth).list().ofMinSize(0).ofMaxSize(3).map(p -> String.join("", p));
        return Arbitraries.oneOf(
                sequence, sequence, Combinators.combine(sequence, sequence).as((a, b) -> a + "|" + b));
    }

    private Arbitrary<String> piece(int depth) {
        Arbitrary<String> atom = Arbitraries.of(
                "a", "b", "B", ".", "\\.", "\\n", "\\w", "\\W", "\\d", "\\s", "\\S", "[ab]", "[^a]", "[a-b]", "[\\w.]",
                "[^\\s]", "[^a\\W]", "[\\d-]", "[A-Z]");
        if (depth > 0) {
            Arbitrary<String> inner = alternation(depth - 1);
            atom = Arbitraries.oneOf(atom, atom, inner.map(r -> "(" + r + ")"), inner.map(r -> "(?:" + r + ")"));
        }
        Arbitrary<String> quantifier =
                Arbitraries.of("", "", "", "*", "+", "?", "{2}", "{0,1}", "{1,}", "{1,2}", "{0}");
        Arbitrary<String> quantified = Combinators.combine(atom, quantifier).as((a, q) -> a + q);
        return Arbitraries.frequencyOf(
                Tuple.of(8, quantified), Tuple.of(1, Arbitraries.just("^")), Tuple.of(1, Arbitraries.just("$")));
    }

    @Provide
    Arbitrary<String> asciiInputs() {
        return Arbitraries.strings().withChars("abAB.\n 1_-").ofMaxLength(8);
    }

    @Provide
    Arbitrary<String> regexLike() {
        return Arbitraries.strings()
                .withChars("\\.^$|?*+()[]{}/-,:=!<>&'#PpdDwWsSbBxutnrkAzZ0123456789aAé \u212a")
                .ofMaxLength(16);
    }

    @Provide
    Arbitrary<String> inputs() {
        return Arbitraries.strings().withChars("aAbk\n. \u212a\u00e9").ofMaxLength(10);
    }
}
