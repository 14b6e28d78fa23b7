package io.quarry.search;

import io.quarry.internal.Suggestions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The word matching behind every ranked search of names and descriptions ({@code discover_schema},
 * {@code find_api}): lower-case singular words, camelCase and snake_case split, and a match quality
 * that forgives prefixes and small typos.
 */
public final class WordMatch {
    /** Words of a question that say nothing about what is looked for. */
    public static final Set<String> STOP_WORDS = Set.of(
            "a", "an", "the", "of", "for", "with", "in", "on", "to", "and", "or", "is", "are", "was", "were", "which",
            "what", "who", "whom", "how", "many", "much", "by", "me", "my", "our", "show", "list", "find", "all", "any",
            "that", "this", "there", "do", "does", "have", "has", "get");

    private WordMatch() {}

    /** 1 for the same word, 0.7 for a prefix (both at least 3 letters), 0.6 for a small typo, else 0. */
    public static double quality(String word, String token) {
        if (word.equals(token)) {
            return 1;
        }
        if (word.length() >= 3 && token.length() >= 3 && (token.startsWith(word) || word.startsWith(token))) {
            return 0.7;
        }
        int allowed = word.length() >= 7 ? 2 : word.length() >= 4 ? 1 : 0;
        if (allowed > 0
                && Math.abs(word.length() - token.length()) <= allowed
                && Suggestions.distance(word, token) <= allowed) {
            return 0.6;
        }
        return 0;
    }

    /** The quality of the best match of one word among the words of a text ({@code null} matches nothing). */
    public static double match(String word, String text) {
        if (text == null) {
            return 0;
        }
        double best = 0;
        for (String token : words(text)) {
            best = Math.max(best, quality(word, token));
            if (best == 1) {
                break;
            }
        }
        return best;
    }

    /** The quality of the best match of one word among tokens already split by {@link #words}. */
    public static double match(String word, java.util.Collection<String> tokens) {
        double best = 0;
        for (String token : tokens) {
            best = Math.max(best, quality(word, token));
            if (best == 1) {
                break;
            }
        }
        return best;
    }

    /** Lower-case singular words of a text: camelCase and snake_case split, plurals reduced. */
    public static List<String> words(String text) {
        String spaced = text.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replaceAll("[^\\p{L}\\p{N}]+", " ");
        List<String> out = new ArrayList<>();
        for (String w : spaced.toLowerCase(Locale.ROOT).strip().split(" ")) {
            if (!w.isEmpty()) {
                out.add(singular(w));
            }
        }
        return out;
    }

    /** The singular of a lower-case English word, by its ending ({@code categories} → {@code category}). */
    public static String singular(String w) {
        if (w.length() > 4 && w.endsWith("ies")) {
            return w.substring(0, w.length() - 3) + "y";
        }
        if (w.length() > 4 && (w.endsWith("sses") || w.endsWith("xes") || w.endsWith("ches") || w.endsWith("shes"))) {
            return w.substring(0, w.length() - 2);
        }
        if (w.length() > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) {
            return w.substring(0, w.length() - 1);
        }
        return w;
    }
}
