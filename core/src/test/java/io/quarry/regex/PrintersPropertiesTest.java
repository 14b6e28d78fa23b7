package io.quarry.regex;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

/**
 * The printers agree with each other and with the tree: for generated portable patterns and strings,
 * RE2/J on {@link Re2Printer}'s output (what the evaluator runs), java.util.regex on {@link
 * PcrePrinter}'s and on {@link PostgresRegex}'s (read as Java syntax) all answer as the tree's own
 * semantics ({@link #find}). The databases' agreement is the generated-filter contracts' business.
 */
class PrintersPropertiesTest {

    @Property(tries = 3000)
    void everyPrinterAgreesWithTheTree(
            @ForAll("patterns") String pattern, @ForAll boolean ignoreCase, @ForAll("inputs") String input) {
        Assume.that(PortableRegex.violation(pattern).isEmpty());
        Regex tree = Regex.parse(pattern, ignoreCase);
        boolean expected = find(tree, input);
        Statistics.label("matches").collect(expected);
        String as = "/" + pattern + "/ ci=" + ignoreCase + " on \"" + input + "\"";

        assertThat(PortableRegex.find(pattern, ignoreCase, input))
                .as("RE2/J " + as)
                .isEqualTo(expected);

        // java.util.regex stands in for PCRE and PostgreSQL below, but it stops a counted repetition at
        // an iteration that matched nothing ((a|^){2} on "a" fails there), which neither database does
        if (repeatsSomethingEmpty(tree)) {
            return;
        }
        String pcre = PcrePrinter.print(tree);
        assertThat(java.util.regex.Pattern.compile(pcre).matcher(input).find())
                .as("PCRE %s: %s", pcre, as)
                .isEqualTo(expected);

        String postgres = PostgresRegex.print(tree).pattern();
        assertThat(java.util.regex.Pattern.compile(asJava(postgres))
                        .matcher(input)
                        .find())
                .as("PostgreSQL %s: %s", postgres, as)
                .isEqualTo(expected);
        Matcher counts =
                java.util.regex.Pattern.compile("\\{(\\d+)(?:,(\\d*))?}").matcher(postgres);
        while (counts.find()) {
            for (int g = 1; g <= 2; g++) {
                if (counts.group(g) != null && !counts.group(g).isEmpty()) {
                    assertThat(Integer.parseInt(counts.group(g))).as(postgres).isLessThanOrEqualTo(255);
                }
            }
        }
    }

    /** PostgreSQL's pattern in Java's syntax: {@code \U} escapes as {@code \x{...}}, {@code $} as the very end. */
    private static String asJava(String postgres) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < postgres.length(); i++) {
            char c = postgres.charAt(i);
            if (c == '\\' && postgres.charAt(i + 1) == 'U') {
                out.append("\\x{").append(postgres, i + 2, i + 10).append('}');
                i += 9;
            } else if (c == '\\') {
                out.append(postgres, i, i + 2);
                i++;
            } else if (c == '$') {
                out.append("\\z");
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Whether some repetition of {@code tree} repeats a part that can match the empty text. */
    private static boolean repeatsSomethingEmpty(Regex tree) {
        return tree.accept(new Regex.Visitor<Boolean>() {
            @Override
            public Boolean literal(Regex.Literal n) {
                return false;
            }

            @Override
            public Boolean anyChar(Regex.AnyChar n) {
                return false;
            }

            @Override
            public Boolean start(Regex.Start n) {
                return false;
            }

            @Override
            public Boolean end(Regex.End n) {
                return false;
            }

            @Override
            public Boolean charClass(Regex.CharClass n) {
                return false;
            }

            @Override
            public Boolean group(Regex.Group n) {
                return repeatsSomethingEmpty(n.body());
            }

            @Override
            public Boolean sequence(Regex.Sequence n) {
                return n.parts().stream().anyMatch(PrintersPropertiesTest::repeatsSomethingEmpty);
            }

            @Override
            public Boolean alternation(Regex.Alternation n) {
                return n.alternatives().stream().anyMatch(PrintersPropertiesTest::repeatsSomethingEmpty);
            }

            @Override
            public Boolean repeat(Regex.Repeat n) {
                return !ends(n.body(), new int[0], Set.of(0)).isEmpty() || repeatsSomethingEmpty(n.body());
            }
        });
    }

    // ---- The tree's own semantics: the end positions reachable from each start, over code points.

    static boolean find(Regex tree, String input) {
        int[] text = input.codePoints().toArray();
        for (int start = 0; start <= text.length; start++) {
            if (!ends(tree, text, Set.of(start)).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private static Set<Integer> ends(Regex node, int[] text, Set<Integer> from) {
        return node.accept(new Regex.Visitor<Set<Integer>>() {
            private Set<Integer> step(java.util.function.IntPredicate accepts) {
                Set<Integer> out = new HashSet<>();
                for (int p : from) {
                    if (p < text.length && accepts.test(text[p])) {
                        out.add(p + 1);
                    }
                }
                return out;
            }

            @Override
            public Set<Integer> literal(Regex.Literal n) {
                return step(c -> c == n.codePoint());
            }

            @Override
            public Set<Integer> anyChar(Regex.AnyChar n) {
                return step(c -> c != '\n');
            }

            @Override
            public Set<Integer> start(Regex.Start n) {
                return from.contains(0) ? Set.of(0) : Set.of();
            }

            @Override
            public Set<Integer> end(Regex.End n) {
                return from.contains(text.length) ? Set.of(text.length) : Set.of();
            }

            @Override
            public Set<Integer> charClass(Regex.CharClass n) {
                List<Range> members = n.members();
                return step(c -> members.stream().anyMatch(r -> r.first() <= c && c <= r.last()) != n.negated());
            }

            @Override
            public Set<Integer> group(Regex.Group n) {
                return ends(n.body(), text, from);
            }

            @Override
            public Set<Integer> sequence(Regex.Sequence n) {
                Set<Integer> at = from;
                for (Regex part : n.parts()) {
                    at = ends(part, text, at);
                }
                return at;
            }

            @Override
            public Set<Integer> alternation(Regex.Alternation n) {
                Set<Integer> out = new HashSet<>();
                n.alternatives().forEach(a -> out.addAll(ends(a, text, from)));
                return out;
            }

            @Override
            public Set<Integer> repeat(Regex.Repeat n) {
                Set<Integer> at = from;
                for (int i = 0; i < n.min() && !at.isEmpty(); i++) {
                    at = ends(n.body(), text, at);
                }
                Set<Integer> all = new HashSet<>(at);
                int left = n.max() == Regex.Repeat.UNBOUNDED ? Integer.MAX_VALUE : n.max() - n.min();
                for (int i = 0; i < left && !at.isEmpty(); i++) {
                    at = ends(n.body(), text, at);
                    if (!all.addAll(at)) {
                        break; // nothing new: more repetitions reach nothing new either
                    }
                }
                return all;
            }
        });
    }

    // ---- Generators: the portable subset with case partners, non-ASCII, escapes and large counts.

    /** Characters that stand for themselves in a pattern, with case partners and non-ASCII among them. */
    private static final List<String> LITERALS = "abkKs\u017f\u212a\u00e9\u00c9\ud83d\ude001_ "
            .codePoints()
            .mapToObj(Character::toString)
            .toList();

    @Provide
    Arbitrary<String> patterns() {
        return alternation(2);
    }

    private Arbitrary<String> alternation(int depth) {
        Arbitrary<String> sequence =
                piece(depth).list().ofMinSize(0).ofMaxSize(4).map(p -> String.join("", p));
        return Arbitraries.oneOf(
                sequence, sequence, Combinators.combine(sequence, sequence).as((a, b) -> a + "|" + b));
    }

    private Arbitrary<String> piece(int depth) {
        List<String> atoms = new ArrayList<>(LITERALS);
        atoms.addAll(List.of(
                ".",
                "\\.",
                "\\$",
                "\\\\",
                "\\-",
                "\\t",
                "\\n",
                "\\d",
                "\\W",
                "\\s",
                "\\S",
                "[ab]",
                "[^a]",
                "[a-k]",
                "[\\w.]",
                "[^\\s]",
                "[\\d-]",
                "[A-Z]",
                "[\u00e0-\u00ff]",
                "[\u00e9\ud83d\ude00]",
                "[$^]",
                "[^k\\d]"));
        Arbitrary<String> atom = Arbitraries.of(atoms);
        if (depth > 0) {
            Arbitrary<String> inner = alternation(depth - 1);
            atom = Arbitraries.oneOf(atom, atom, atom, inner.map(r -> "(" + r + ")"), inner.map(r -> "(?:" + r + ")"));
        }
        Arbitrary<String> quantifier = Arbitraries.frequencyOf(
                Tuple.of(12, Arbitraries.just("")),
                Tuple.of(6, Arbitraries.of("*", "+", "?", "{2}", "{0,1}", "{1,}", "{1,2}", "{0}", "{2,2}")),
                Tuple.of(1, Arbitraries.of("{300}", "{0,300}", "{2,600}", "{256,}")));
        Arbitrary<String> quantified = Combinators.combine(atom, quantifier).as((a, q) -> a + q);
        return Arbitraries.frequencyOf(
                Tuple.of(10, quantified), Tuple.of(1, Arbitraries.just("^")), Tuple.of(1, Arbitraries.just("$")));
    }

    @Provide
    Arbitrary<String> inputs() {
        List<String> characters = new ArrayList<>(LITERALS);
        characters.addAll(List.of("A", "S", ".", "$", "\\", "-", "\t", "\n", "\r", "\u2028"));
        return Arbitraries.of(characters).list().ofMaxSize(8).map(parts -> String.join("", parts));
    }
}
