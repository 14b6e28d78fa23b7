package io.quarry.search;

import static java.util.Objects.requireNonNull;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntSupplier;

/**
 * For {@link Embedder} implementations over a framework's model: one call of the model for the texts
 * that say something, the zero vector for the blank ones (models refuse them, and a blank text is near
 * to nothing), and the model's failures and miscounts as {@link EmbeddingException}s that name the
 * model and never quote the texts.
 */
public final class Batches {
    private Batches() {}

    /**
     * Whether a text is blank to a model: nothing in it but white space, control and format characters,
     * private-use code points, lone surrogates, U+FFFD, and combining marks (alone, or all a character
     * decomposes to). These are what a BERT-style tokenizer cleans away (the default model refuses a
     * text it tokenizes to nothing, such as a lone {@code U+065F}), and they carry no meaning for any
     * model.
     */
    public static boolean blank(String text) {
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            if (!silent(c) && !silentDecomposed(c)) {
                return false;
            }
            i += Character.charCount(c);
        }
        return true;
    }

    private static boolean silent(int c) {
        if (c == 0xFFFD || Character.isWhitespace(c) || Character.isSpaceChar(c)) {
            return true;
        }
        return switch (Character.getType(c)) {
            case Character.CONTROL,
                    Character.FORMAT,
                    Character.SURROGATE,
                    Character.PRIVATE_USE,
                    Character.NON_SPACING_MARK -> true;
            default -> false;
        };
    }

    /** Whether a character's canonical decomposition is silent code points only (a tokenizer strips accents after NFD). */
    private static boolean silentDecomposed(int c) {
        String decomposed = Normalizer.normalize(Character.toString(c), Normalizer.Form.NFD);
        return decomposed.length() != Character.charCount(c)
                && decomposed.codePoints().allMatch(Batches::silent);
    }

    /**
     * One vector per text, in order: the model's for the texts that are not {@linkplain #blank blank},
     * asked in one call, and {@code new float[dimension]} for the others.
     *
     * @param name the model's name, for the messages
     * @param dimension the model's dimension, asked only when a text is blank
     * @param model the model: one vector per text it is given, in order
     */
    public static List<float[]> embed(
            List<String> texts, String name, IntSupplier dimension, Function<List<String>, List<float[]>> model) {
        requireNonNull(texts, "texts");
        List<float[]> out = new ArrayList<>(texts.size());
        List<String> asked = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        for (String text : texts) {
            requireNonNull(text, "text");
            out.add(null);
            if (!blank(text)) {
                asked.add(text);
                positions.add(out.size() - 1);
            }
        }
        if (!asked.isEmpty()) {
            List<float[]> vectors;
            try {
                vectors = model.apply(asked);
            } catch (EmbeddingException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new EmbeddingException(
                        "The embedding model " + name + " failed on a batch of " + asked.size() + " texts: "
                                + e.getClass().getSimpleName(),
                        e);
            }
            if (vectors == null || vectors.size() != asked.size()) {
                throw new EmbeddingException("The embedding model " + name + " returned "
                        + (vectors == null ? 0 : vectors.size()) + " vectors for " + asked.size() + " texts.");
            }
            for (int i = 0; i < positions.size(); i++) {
                out.set(positions.get(i), vectors.get(i));
            }
        }
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i) == null) {
                out.set(i, new float[dimension.getAsInt()]);
            }
        }
        return out;
    }
}
