package io.quarry.internal;

/** Arithmetic on embedding vectors that the vector indexes share. */
public final class Vectors {
    private Vectors() {}

    /** {@code v} scaled to length 1 (a copy); a zero vector stays zero. */
    public static float[] unit(float[] v) {
        double norm = 0;
        for (float x : v) {
            norm += (double) x * x;
        }
        float[] out = v.clone();
        if (norm > 0) {
            float inv = (float) (1 / Math.sqrt(norm));
            for (int i = 0; i < out.length; i++) {
                out[i] *= inv;
            }
        }
        return out;
    }
}
