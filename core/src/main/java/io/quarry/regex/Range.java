package io.quarry.regex;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The code points from {@code first} to {@code last}, both included.
 *
 * @param first the first code point
 * @param last the last code point, at least {@code first}
 */
public record Range(int first, int last) {
    /** Checks the bounds. */
    public Range {
        if (first < 0 || last < first || last > Character.MAX_CODE_POINT) {
            throw new IllegalArgumentException("bad range " + first + "-" + last);
        }
    }

    /** The range of one code point. */
    public static Range of(int codePoint) {
        return new Range(codePoint, codePoint);
    }

    /** Whether the range holds one code point. */
    public boolean single() {
        return first == last;
    }

    /** Sorts and merges overlapping or adjacent ranges. */
    static List<Range> normalize(List<Range> ranges) {
        List<Range> sorted = new ArrayList<>(ranges);
        sorted.sort(Comparator.comparingInt(Range::first));
        List<Range> merged = new ArrayList<>();
        for (Range r : sorted) {
            Range last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && r.first() <= last.last() + 1) {
                merged.set(merged.size() - 1, new Range(last.first(), Math.max(last.last(), r.last())));
            } else {
                merged.add(r);
            }
        }
        return List.copyOf(merged);
    }

    /** The code points outside the ranges. */
    static List<Range> complement(List<Range> ranges) {
        List<Range> result = new ArrayList<>();
        int next = 0;
        for (Range r : normalize(ranges)) {
            if (r.first() > next) {
                result.add(new Range(next, r.first() - 1));
            }
            next = r.last() + 1;
        }
        if (next <= Character.MAX_CODE_POINT) {
            result.add(new Range(next, Character.MAX_CODE_POINT));
        }
        return List.copyOf(result);
    }
}
