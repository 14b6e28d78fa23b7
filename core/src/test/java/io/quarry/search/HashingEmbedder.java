package io.quarry.search;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;

/**
 * A small deterministic embedder for tests: every singular lower-case word and every character trigram
 * of a word adds to a component chosen by its hash (words weigh more). Texts sharing words or word
 * parts are near; it knows no synonyms, which is what the real model adds (tested in its own module).
 */
public final class HashingEmbedder implements Embedder {
    private final int dimension;
    private final String model;
    private final AtomicInteger calls = new AtomicInteger();
    private final List<String> seen = java.util.Collections.synchronizedList(new ArrayList<>());
    private volatile int failAfter = Integer.MAX_VALUE;

    public HashingEmbedder() {
        this("hashing-256", 256);
    }

    public HashingEmbedder(String model, int dimension) {
        this.model = model;
        this.dimension = dimension;
    }

    @Override
    public String model() {
        return model;
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public List<float[]> embed(List<String> texts) {
        if (calls.incrementAndGet() > failAfter) {
            throw new IllegalStateException("model service down");
        }
        seen.addAll(texts);
        List<float[]> out = new ArrayList<>();
        for (String text : texts) {
            out.add(vector(text));
        }
        return out;
    }

    /** Fails every call after this many more calls. */
    public HashingEmbedder failAfter(int more) {
        failAfter = calls.get() + more;
        return this;
    }

    /** Answers again. */
    public HashingEmbedder recover() {
        failAfter = Integer.MAX_VALUE;
        return this;
    }

    /** The calls made so far. */
    public int calls() {
        return calls.get();
    }

    /** Every text embedded so far, in order. */
    public List<String> texts() {
        synchronized (seen) {
            return List.copyOf(seen);
        }
    }

    float[] vector(String text) {
        float[] v = new float[dimension];
        for (String word : WordMatch.words(text)) {
            if (WordMatch.STOP_WORDS.contains(word)) {
                continue;
            }
            v[bucket("w:" + word)] += 2;
            String padded = "^" + word + "$";
            for (int i = 0; i + 3 <= padded.length(); i++) {
                v[bucket("t:" + padded.substring(i, i + 3))] += 1;
            }
        }
        return v;
    }

    private int bucket(String feature) {
        CRC32 crc = new CRC32();
        crc.update(feature.getBytes(StandardCharsets.UTF_8));
        return (int) (crc.getValue() % dimension);
    }
}
