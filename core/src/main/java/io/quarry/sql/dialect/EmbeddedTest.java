package io.quarry.sql.dialect;

import io.quarry.sql.ElementTest;

/**
 * An {@link ElementTest} as the embedded databases' Java functions take it: a kind, an operator, an
 * operand and a case flag, all bound as values.
 */
record EmbeddedTest(String kind, String op, String operand, boolean ignoreCase) {

    static EmbeddedTest of(ElementTest test) {
        return test.accept(new ElementTest.Visitor<EmbeddedTest>() {
            @Override
            public EmbeddedTest stringEquals(ElementTest.StringEquals t) {
                return new EmbeddedTest("string_equals", "EQ", t.value(), false);
            }

            @Override
            public EmbeddedTest stringCompare(ElementTest.StringCompare t) {
                return new EmbeddedTest("string_compare", t.op().name(), t.value(), false);
            }

            @Override
            public EmbeddedTest numberCompare(ElementTest.NumberCompare t) {
                return new EmbeddedTest(
                        "number_compare", t.op().name(), t.value().toString(), false);
            }

            @Override
            public EmbeddedTest instantCompare(ElementTest.InstantCompare t) {
                return new EmbeddedTest("instant_compare", t.op().name(), Long.toString(t.micros()), false);
            }

            @Override
            public EmbeddedTest booleanEquals(ElementTest.BooleanEquals t) {
                return new EmbeddedTest("boolean_equals", "EQ", Boolean.toString(t.value()), false);
            }

            @Override
            public EmbeddedTest isNull(ElementTest.IsNull t) {
                return new EmbeddedTest("is_null", "EQ", "", false);
            }

            @Override
            public EmbeddedTest regex(ElementTest.Regex t) {
                return new EmbeddedTest("regex", "EQ", t.pattern(), t.ignoreCase());
            }

            @Override
            public EmbeddedTest match(ElementTest.Match t) {
                return new EmbeddedTest("match", t.op().name(), t.literal(), t.ignoreCase());
            }
        });
    }
}
