package io.quarry.regex;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Simple case folding from the JDK's Unicode data, built on first use, and the rewrite of a tree
 * that folds its case ({@link Regex#foldCase}).
 *
 * <p>Two code points fold together when a chain of {@link Character#toLowerCase(int)}, {@link
 * Character#toUpperCase(int)} and {@link Character#toTitleCase(int)} mappings connects them, except
 * that U+0130 and U+0131 (Turkic dotted capital I and dotless small i) fold only to themselves, as in
 * Unicode's simple case folding. This agrees with Unicode simple case folding for practical
 * purposes and, unlike RE2/J's tables, always with the running JDK.
 *
 * <p>Folding is done here, on the tree, and never by RE2/J's {@code CASE_INSENSITIVE} flag: RE2/J
 * 1.8 mixes its bundled fold tables with the running JDK's case data and loops forever on some code
 * points (U+1C80..U+1C88 on Java 17; google/re2j#168).
 */
final class CaseFolding implements Regex.Visitor<Regex> {
    private static final int DOTTED_CAPITAL_I = 0x130;
    private static final int DOTLESS_SMALL_I = 0x131;

    /** Every code point with a case partner, sorted. */
    private static final int[] CASED;

    /** {@code ORBITS[i]}: the sorted code points that fold together with {@code CASED[i]}. */
    private static final int[][] ORBITS;

    static {
        Map<Integer, Integer> parent = new HashMap<>();
        for (int c = 0; c <= Character.MAX_CODE_POINT; c++) {
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
        CASED = parent.keySet().stream().mapToInt(Integer::intValue).sorted().toArray();
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

    private static final CaseFolding REWRITE = new CaseFolding();

    private CaseFolding() {}

    /** The tree with its case folded. */
    static Regex fold(Regex tree) {
        return tree.accept(REWRITE);
    }

    /** The code points that fold together with {@code c}, itself included, or null if none other. */
    static int[] orbit(int c) {
        int i = Arrays.binarySearch(CASED, c);
        return i >= 0 ? ORBITS[i] : null;
    }

    /** The ranges plus every code point that folds together with a member of them. */
    static List<Range> fold(List<Range> ranges) {
        List<Range> folded = new ArrayList<>(ranges);
        for (Range r : ranges) {
            int i = Arrays.binarySearch(CASED, r.first());
            for (i = i >= 0 ? i : -i - 1; i < CASED.length && CASED[i] <= r.last(); i++) {
                for (int m : ORBITS[i]) {
                    folded.add(Range.of(m));
                }
            }
        }
        return Range.normalize(folded);
    }

    @Override
    public Regex literal(Regex.Literal node) {
        int[] orbit = orbit(node.codePoint());
        if (orbit == null) {
            return node;
        }
        List<Range> members = new ArrayList<>();
        for (int m : orbit) {
            members.add(Range.of(m));
        }
        return new Regex.CharClass(false, members, List.of());
    }

    @Override
    public Regex anyChar(Regex.AnyChar node) {
        return node;
    }

    @Override
    public Regex start(Regex.Start node) {
        return node;
    }

    @Override
    public Regex end(Regex.End node) {
        return node;
    }

    @Override
    public Regex charClass(Regex.CharClass node) {
        // \d \w \s and their negations are never folded
        return new Regex.CharClass(node.negated(), fold(node.ranges()), node.shorthands());
    }

    @Override
    public Regex group(Regex.Group node) {
        return new Regex.Group(node.body().accept(this));
    }

    @Override
    public Regex sequence(Regex.Sequence node) {
        return new Regex.Sequence(node.parts().stream().map(p -> p.accept(this)).toList());
    }

    @Override
    public Regex alternation(Regex.Alternation node) {
        return new Regex.Alternation(
                node.alternatives().stream().map(a -> a.accept(this)).toList());
    }

    @Override
    public Regex repeat(Regex.Repeat node) {
        return new Regex.Repeat(node.body().accept(this), node.min(), node.max(), node.counted());
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
