package io.quarry.sql.dialect;

import io.quarry.sql.ElementTest;

/**
 * An {@link ElementTest} as the in-process databases' Java functions take it: a kind, an operator, an
 * operand and a case flag, all bound as values.
 */
record InProcessTest(String kind, String op, String operand, boolean ignoreCase) {

    static InProcessTest of(ElementTest test) {
        return test.accept(new ElementTest.Visitor<InProcessTest>() {
            @Override
            public InProcessTest stringEquals(ElementTest.StringEquals t) {
                return new InProcessTest("string_equals", "EQ", t.value(), false);
            }

            @Override
            public InProcessTest stringCompare(ElementTest.StringCompare t) {
                return new InProcessTest("string_compare", t.op().name(), t.value(), false);
            }

            @Override
            public InProcessTest numberCompare(ElementTest.NumberCompare t) {
                return new InProcessTest(
                        "number_compare", t.op().name(), t.value().toString(), false);
            }

            @Override
            public InProcessTest instantCompare(ElementTest.InstantCompare t) {
                return new InProcessTest("instant_compare", t.op().name(), Long.toString(t.micros()), false);
            }

            @Override
            public InProcessTest booleanEquals(ElementTest.BooleanEquals t) {
                return new InProcessTest("boolean_equals", "EQ", Boolean.toString(t.value()), false);
            }

            @Override
            public InProcessTest isNull(ElementTest.IsNull t) {
                return new InProcessTest("is_null", "EQ", "", false);
            }

            @Override
            public InProcessTest regex(ElementTest.Regex t) {
                return new InProcessTest("regex", "EQ", t.pattern(), t.ignoreCase());
            }

            @Override
            public InProcessTest match(ElementTest.Match t) {
                return new InProcessTest("match", t.op().name(), t.literal(), t.ignoreCase());
            }
        });
    }
}
