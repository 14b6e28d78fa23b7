package io.quarry.regex;

import com.google.re2j.Pattern;
import java.util.Iterator;
import java.util.LinkedHashMap;
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
 * anchor, groups nested more than 100 deep, a pattern whose size written out (every part 1, sequences
 * and alternatives adding up, repetitions multiplying by their largest count) exceeds 1000, and a
 * repetition other than {@code ?} of a part that contains {@code * + {m,}} or can match the empty
 * text, so that every backend
 * compiles a small program and matches in time linear in the text (PostgreSQL expands counts into
 * copies; backtracking engines explore the ways to split a text between nested unbounded
 * repetitions one by one).
 *
 * <p>Semantics: matching is an unanchored find; {@code .} matches any one code point except {@code
 * \n}; {@code ^} and {@code $} match only at the very start and end of the text; {@code \d} is
 * {@code [0-9]}, {@code \w} is {@code [0-9A-Za-z_]} and {@code \s} is {@code [\t\n\x0B\f\r ]}, in every
 * mode. Case-insensitive matching folds literals and class ranges by simple case folding taken from
 * the JDK's Unicode data: ASCII letters fold pairwise, and also {@code k} with
 * U+212A KELVIN SIGN and {@code s} with U+017F LONG S; it never changes {@code \d \w \s} or their
 * negations.
 *
 * <p>A pattern is parsed once into a {@link Regex} tree, folded by rewriting the tree, and printed
 * for RE2/J here; {@link PcrePrinter} and {@link PostgresRegex} print the same tree for the databases.
 */
public final class PortableRegex {

    /** The characters {@link #quote(String)} escapes: those that are not literal outside a class. */
    private static final String SPECIAL = "\\.^$|?*+()[]{}";

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
            RegexParser.parse(pattern);
            return Optional.empty();
        } catch (RegexParser.Invalid e) {
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
        return Pattern.compile(Re2Printer.print(Regex.parse(pattern, caseInsensitive)));
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
}
