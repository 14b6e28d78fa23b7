package io.quarry.store;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A compact set of ids that remembers where each was first seen: the ids' UTF-8 bytes in one array
 * behind an open-addressing table of ints, about 17 bytes plus the id's length per id (a
 * {@code HashMap<String, Integer>} takes about 100), so checking a data file of millions of objects
 * for duplicates and dangling ends holds its ids and nothing else.
 */
final class IdIndex {
    private byte[] bytes = new byte[1 << 12];
    private int used;
    /** Per entry, in the order added: where its length (a varint) and bytes start, and its hash. */
    private int[] starts = new int[1 << 8];

    private int[] hashes = new int[1 << 8];
    private int size;
    /** Entry number + 1, or 0 for a free slot; at most half full. */
    private int[] slots = new int[1 << 9];

    /** Adds an id: -1 when it is new, else the number of the entry that holds it (its first position). */
    int add(String id) {
        byte[] b = id.getBytes(StandardCharsets.UTF_8);
        int h = hash(b);
        int mask = slots.length - 1;
        int i = h & mask;
        while (slots[i] != 0) {
            int e = slots[i] - 1;
            if (hashes[e] == h && holds(e, b)) {
                return e;
            }
            i = (i + 1) & mask;
        }
        if (size == starts.length) {
            starts = Arrays.copyOf(starts, size * 2);
            hashes = Arrays.copyOf(hashes, size * 2);
        }
        long need = (long) used + 5 + b.length;
        if (need > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("the data has more than 2 GB of ids; load it in several files");
        }
        if (need > bytes.length) {
            bytes = Arrays.copyOf(bytes, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need, 2L * bytes.length)));
        }
        starts[size] = used;
        for (int n = b.length; ; n >>>= 7) { // the length as a varint, then the bytes
            if (n < 0x80) {
                bytes[used++] = (byte) n;
                break;
            }
            bytes[used++] = (byte) (0x80 | (n & 0x7f));
        }
        System.arraycopy(b, 0, bytes, used, b.length);
        used += b.length;
        hashes[size] = h;
        slots[i] = ++size;
        if (size * 2L > slots.length) {
            rehash();
        }
        return -1;
    }

    /** Whether the id was added. */
    boolean contains(String id) {
        byte[] b = id.getBytes(StandardCharsets.UTF_8);
        int h = hash(b);
        int mask = slots.length - 1;
        for (int i = h & mask; slots[i] != 0; i = (i + 1) & mask) {
            int e = slots[i] - 1;
            if (hashes[e] == h && holds(e, b)) {
                return true;
            }
        }
        return false;
    }

    /** The number of ids. */
    int size() {
        return size;
    }

    private boolean holds(int entry, byte[] b) {
        int p = starts[entry];
        int length = 0;
        for (int shift = 0; ; shift += 7) {
            byte next = bytes[p++];
            length |= (next & 0x7f) << shift;
            if (next >= 0) {
                break;
            }
        }
        return length == b.length && Arrays.equals(bytes, p, p + length, b, 0, b.length);
    }

    private void rehash() {
        int[] grown = new int[slots.length * 2];
        int mask = grown.length - 1;
        for (int e = 0; e < size; e++) {
            int i = hashes[e] & mask;
            while (grown[i] != 0) {
                i = (i + 1) & mask;
            }
            grown[i] = e + 1;
        }
        slots = grown;
    }

    private static int hash(byte[] b) {
        int h = Arrays.hashCode(b);
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        return h ^ (h >>> 16);
    }
}
