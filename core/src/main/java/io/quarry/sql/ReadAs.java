package io.quarry.sql;

/**
 * What an {@link ElementTest} reads a value as: the kinds of JSON value it can pass, and how it reads
 * a string. The compiler decides by it which tests a column can run and which bounds make one range.
 */
enum ReadAs {
    /** A string, by its text: equality, code-point comparison, pattern, substring. */
    TEXT,
    /** A string read as an ISO-8601 instant. */
    INSTANT,
    /** A number, or a numeric string. */
    NUMBER,
    /** A boolean. */
    BOOLEAN,
    /** JSON null. */
    NULL;

    /** How {@code test} reads a value. */
    static ReadAs of(ElementTest test) {
        return test.accept(OF);
    }

    /** Whether the test passes strings only: a string column may run it, a number or boolean never. */
    boolean string() {
        return this == TEXT || this == INSTANT;
    }

    /** Whether two bounds read this way may be one range test: numbers and instants, not code-point strings. */
    boolean ranged() {
        return this == NUMBER || this == INSTANT;
    }

    private static final ElementTest.Visitor<ReadAs> OF = new ElementTest.Visitor<>() {
        @Override
        public ReadAs stringEquals(ElementTest.StringEquals test) {
            return TEXT;
        }

        @Override
        public ReadAs stringCompare(ElementTest.StringCompare test) {
            return TEXT;
        }

        @Override
        public ReadAs numberCompare(ElementTest.NumberCompare test) {
            return NUMBER;
        }

        @Override
        public ReadAs instantCompare(ElementTest.InstantCompare test) {
            return INSTANT;
        }

        @Override
        public ReadAs booleanEquals(ElementTest.BooleanEquals test) {
            return BOOLEAN;
        }

        @Override
        public ReadAs isNull(ElementTest.IsNull test) {
            return NULL;
        }

        @Override
        public ReadAs regex(ElementTest.Regex test) {
            return TEXT;
        }

        @Override
        public ReadAs match(ElementTest.Match test) {
            return TEXT;
        }
    };
}
