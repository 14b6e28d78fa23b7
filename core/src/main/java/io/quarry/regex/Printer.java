package io.quarry.regex;

/**
 * What the printers write alike: ASCII letters and digits as themselves, other printable ASCII
 * escaped with a backslash, every other code point as the syntax's escape ({@link #escape}); groups
 * as {@code (?:...)}; classes with their members sorted and merged; quantifiers as {@link
 * Regex.Repeat#quantifier()}, with counts above the syntax's largest split into a sequence of smaller
 * counts that matches the same strings. A syntax gives its escape, its forms of {@code .} and {@code
 * $}, and its largest count.
 */
abstract class Printer implements Regex.Visitor<Void> {
    /** The text written so far. */
    protected final StringBuilder out = new StringBuilder();

    private final String anyChar;
    private final String end;
    private final int maxCount;

    /** A printer writing {@code .} and {@code $} as given, and counts of at most {@code maxCount}. */
    Printer(String anyChar, String end, int maxCount) {
        this.anyChar = anyChar;
        this.end = end;
        this.maxCount = maxCount;
    }

    /** Writes a code point as the syntax's escape. */
    abstract void escape(int codePoint);

    /** Writes the tree and returns all that was written. */
    final String write(Regex tree) {
        tree.accept(this);
        return out.toString();
    }

    @Override
    public Void literal(Regex.Literal node) {
        int c = node.codePoint();
        if (c < 0x80 && Character.isLetterOrDigit(c)) {
            out.append((char) c);
        } else if (c < 0x80 && c > ' ' && c != 0x7F) {
            out.append('\\').append((char) c);
        } else {
            escape(c);
        }
        return null;
    }

    @Override
    public Void anyChar(Regex.AnyChar node) {
        out.append(anyChar);
        return null;
    }

    @Override
    public Void start(Regex.Start node) {
        out.append('^');
        return null;
    }

    @Override
    public Void end(Regex.End node) {
        out.append(end);
        return null;
    }

    @Override
    public Void charClass(Regex.CharClass node) {
        out.append('[');
        if (node.negated()) {
            out.append('^');
        }
        for (Range r : node.members()) {
            classChar(r.first());
            if (!r.single()) {
                out.append('-');
                classChar(r.last());
            }
        }
        out.append(']');
        return null;
    }

    private void classChar(int c) {
        if (c < 0x80 && Character.isLetterOrDigit(c)) {
            out.append((char) c);
        } else {
            escape(c);
        }
    }

    @Override
    public Void group(Regex.Group node) {
        out.append("(?:");
        node.body().accept(this);
        out.append(')');
        return null;
    }

    @Override
    public Void sequence(Regex.Sequence node) {
        node.parts().forEach(p -> p.accept(this));
        return null;
    }

    @Override
    public Void alternation(Regex.Alternation node) {
        for (int i = 0; i < node.alternatives().size(); i++) {
            if (i > 0) {
                out.append('|');
            }
            node.alternatives().get(i).accept(this);
        }
        return null;
    }

    /** {@code atom{min,max}}, as counts of at most {@code maxCount} that match the same strings. */
    @Override
    public Void repeat(Regex.Repeat node) {
        int start = out.length();
        node.body().accept(this);
        int min = node.min();
        int max = node.max();
        if (!node.counted() || (min <= maxCount && max <= maxCount)) {
            out.append(node.quantifier());
            return null;
        }
        String atom = out.substring(start);
        out.setLength(start);
        for (int left = min; left > 0; left -= maxCount) {
            out.append(atom).append('{').append(Math.min(left, maxCount)).append('}');
        }
        if (max == Regex.Repeat.UNBOUNDED) {
            out.append(atom).append('*');
            return null;
        }
        for (int left = max - min; left > 0; left -= maxCount) {
            out.append(atom).append("{0,").append(Math.min(left, maxCount)).append('}');
        }
        return null;
    }
}
