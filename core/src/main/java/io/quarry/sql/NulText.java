package io.quarry.sql;

import io.quarry.filter.CompareOp;

/**
 * What a database whose text cannot hold NUL ({@link Dialect#storesNul}) makes of a string with NUL:
 * no stored string contains one, so such a string equals and contains nothing, and compares as the
 * text before its first NUL (docs/sql.md).
 */
final class NulText {
    private NulText() {}

    /**
     * The test as the dialect can run it: on a dialect that stores NUL, the test itself; elsewhere a
     * string operand with NUL equals and contains none ({@code null}: the test is never true), and a
     * comparison with it is a comparison with the text before the first NUL: {@code s >= "a\0b"} is
     * {@code s > "a"} and {@code s <= "a\0b"} is {@code s <= "a"} for every NUL-free {@code s}.
     */
    static ElementTest storable(Dialect dialect, ElementTest test) {
        return dialect.storesNul() ? test : test.accept(NUL_FREE);
    }

    /** Whether a value is a string with NUL that this dialect cannot store. */
    static boolean unstorable(Dialect dialect, Object value) {
        return !dialect.storesNul() && value instanceof String s && hasNul(s);
    }

    static boolean hasNul(String s) {
        return s.indexOf('\0') >= 0;
    }

    static String beforeNul(String s) {
        return s.substring(0, s.indexOf('\0'));
    }

    /** A test on NUL-free text: the same test, a narrower one, or {@code null} when it never holds. */
    private static final ElementTest.Visitor<ElementTest> NUL_FREE = new ElementTest.Visitor<>() {
        @Override
        public ElementTest stringEquals(ElementTest.StringEquals t) {
            return hasNul(t.value()) ? null : t;
        }

        @Override
        public ElementTest stringCompare(ElementTest.StringCompare t) {
            if (!hasNul(t.value())) {
                return t;
            }
            String before = beforeNul(t.value());
            return switch (t.op()) {
                case EQ -> null;
                case GT, GTE -> new ElementTest.StringCompare(CompareOp.GT, before);
                case LT, LTE -> new ElementTest.StringCompare(CompareOp.LTE, before);
            };
        }

        @Override
        public ElementTest numberCompare(ElementTest.NumberCompare t) {
            return t;
        }

        @Override
        public ElementTest instantCompare(ElementTest.InstantCompare t) {
            return t;
        }

        @Override
        public ElementTest booleanEquals(ElementTest.BooleanEquals t) {
            return t;
        }

        @Override
        public ElementTest isNull(ElementTest.IsNull t) {
            return t;
        }

        @Override
        public ElementTest regex(ElementTest.Regex t) {
            return t;
        }

        @Override
        public ElementTest match(ElementTest.Match t) {
            return hasNul(t.literal()) ? null : t;
        }
    };
}
