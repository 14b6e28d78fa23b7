package io.quarry.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * "Did you mean" suggestions: the names nearest to a misspelt one, for hints read by a language model.
 */
public final class Suggestions {

    private static final int MIN_PREFIX = 3;

    // Distances between the lowercased originals only break ties; beyond this they all tie.
    private static final int TIE_BREAK_LIMIT = 8;

    private Suggestions() {}

    /**
     * Returns up to {@code max} candidates that plausibly mean {@code input}, nearest first.
     *
     * <p>Names are compared in a normalized form that is lowercased ({@link Locale#ROOT}) and has
     * {@code _} and {@code -} removed, so {@code dueAt}, {@code due_at} and {@code Due-At} are at
     * distance 0. A candidate is kept when the {@linkplain #distance(String, String) edit distance}
     * between the normalized forms is at most {@code max(1, min(3, n / 3))}, {@code n} being the
     * normalized input's length in code points, or when one normalized form is a prefix of the other
     * and at least 3 code points long. Kept candidates are ordered by normalized distance, then by the
     * distance between the lowercased originals (so {@code due_at} ranks {@code due_at} before {@code
     * dueAt}), then by their order in {@code candidates}. Duplicates are kept once; an input that
     * normalizes to nothing has no suggestions. The cost is linear in the total length of the names.
     *
     * @param input the name that was not found
     * @param candidates the names that exist, in a stable order
     * @param max the most suggestions to return, at least 0
     * @return the suggestions, at most {@code max}, nearest first
     * @throws IllegalArgumentException if {@code max} is negative
     */
    public static List<String> nearest(String input, Collection<String> candidates, int max) {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(candidates, "candidates");
        if (max < 0) {
            throw new IllegalArgumentException("max must be at least 0, was " + max);
        }
        String normalInput = normalize(input);
        int inputLength = CodePoints.length(normalInput);
        if (max == 0 || inputLength == 0) {
            return List.of();
        }
        int threshold = Math.max(1, Math.min(3, inputLength / 3));
        int[] in = normalInput.codePoints().toArray();
        int[] lowerInput = input.toLowerCase(Locale.ROOT).codePoints().toArray();
        List<Match> matches = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int index = 0;
        for (String candidate : candidates) {
            int order = index++;
            if (!seen.add(Objects.requireNonNull(candidate, "candidate"))) {
                continue;
            }
            String normal = normalize(candidate);
            int length = CodePoints.length(normal);
            if (length == 0) {
                continue;
            }
            int d;
            if (Math.min(length, inputLength) >= MIN_PREFIX
                    && (normal.startsWith(normalInput) || normalInput.startsWith(normal))) {
                // Between a string and its prefix the distance is exactly the difference in length.
                d = Math.abs(length - inputLength);
            } else {
                d = boundedDistance(in, normal.codePoints().toArray(), threshold);
                if (d > threshold) {
                    continue;
                }
            }
            int[] lowerCandidate =
                    candidate.toLowerCase(Locale.ROOT).codePoints().toArray();
            matches.add(new Match(candidate, d, boundedDistance(lowerInput, lowerCandidate, TIE_BREAK_LIMIT), order));
        }
        matches.sort(Comparator.comparingInt(Match::distance)
                .thenComparingInt(Match::caseInsensitiveDistance)
                .thenComparingInt(Match::order));
        return matches.stream().limit(max).map(Match::candidate).toList();
    }

    /**
     * Returns the optimal string alignment distance between two strings, by code point and
     * case-sensitive.
     *
     * <p>This is the Damerau-Levenshtein distance restricted to edits that do not overlap: each
     * insertion, deletion, substitution or transposition of two adjacent code points costs 1.
     *
     * @param a the first string
     * @param b the second string
     * @return the number of edits that turn {@code a} into {@code b}
     */
    public static int distance(String a, String b) {
        int[] x = a.codePoints().toArray();
        int[] y = b.codePoints().toArray();
        int[] twoBack = new int[y.length + 1];
        int[] previous = new int[y.length + 1];
        int[] current = new int[y.length + 1];
        for (int j = 0; j <= y.length; j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= x.length; i++) {
            current[0] = i;
            for (int j = 1; j <= y.length; j++) {
                int cost = x[i - 1] == y[j - 1] ? 0 : 1;
                int best = Math.min(Math.min(previous[j] + 1, current[j - 1] + 1), previous[j - 1] + cost);
                if (i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1]) {
                    best = Math.min(best, twoBack[j - 2] + 1);
                }
                current[j] = best;
            }
            int[] recycled = twoBack;
            twoBack = previous;
            previous = current;
            current = recycled;
        }
        return previous[y.length];
    }

    /**
     * The OSA distance if it is at most {@code limit}, else {@code limit + 1}; only the diagonal band
     * {@code |i - j| <= limit} of the table is computed, so the cost is linear in the lengths.
     */
    static int boundedDistance(int[] x, int[] y, int limit) {
        int beyond = limit + 1;
        if (Math.abs(x.length - y.length) > limit) {
            return beyond;
        }
        int[] twoBack = new int[y.length + 1];
        int[] previous = new int[y.length + 1];
        int[] current = new int[y.length + 1];
        for (int j = 0; j <= y.length; j++) {
            previous[j] = Math.min(j, beyond);
        }
        for (int i = 1; i <= x.length; i++) {
            int lo = Math.max(1, i - limit);
            int hi = Math.min(y.length, i + limit);
            current[0] = Math.min(i, beyond);
            if (lo > 1) {
                current[lo - 1] = beyond;
            }
            for (int j = lo; j <= hi; j++) {
                int cost = x[i - 1] == y[j - 1] ? 0 : 1;
                int best = Math.min(Math.min(previous[j] + 1, current[j - 1] + 1), previous[j - 1] + cost);
                if (i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1]) {
                    best = Math.min(best, twoBack[j - 2] + 1);
                }
                current[j] = Math.min(best, beyond);
            }
            if (hi < y.length) {
                current[hi + 1] = beyond;
            }
            int[] recycled = twoBack;
            twoBack = previous;
            previous = current;
            current = recycled;
        }
        return previous[y.length];
    }

    private static String normalize(String name) {
        StringBuilder out = new StringBuilder(name.length());
        String lower = name.toLowerCase(Locale.ROOT);
        for (int i = 0; i < lower.length(); i++) {
            char c = lower.charAt(i);
            if (c != '_' && c != '-') {
                out.append(c);
            }
        }
        return out.toString();
    }

    private record Match(String candidate, int distance, int caseInsensitiveDistance, int order) {}
}
