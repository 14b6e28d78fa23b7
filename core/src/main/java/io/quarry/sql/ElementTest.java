package io.quarry.sql;

import static java.util.Objects.requireNonNull;

import io.quarry.filter.CompareOp;
import io.quarry.filter.MatchOp;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * A test on one JSON value (a stored scalar, or one element of a stored array), as the compiler asks
 * a {@link Dialect} to render it. The compiler decides which test an operator means; the dialect only
 * says how its database runs it.
 */
public sealed interface ElementTest {

    /** Calls the visitor method for this test. */
    <R> R accept(Visitor<R> visitor);

    /** The value is a JSON string equal to {@code value}. */
    record StringEquals(String value) implements ElementTest {
        /** Checks the arguments. */
        public StringEquals {
            requireNonNull(value, "value");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.stringEquals(this);
        }
    }

    /** The value is a string comparing to {@code value} by code point as {@code op} says. */
    record StringCompare(CompareOp op, String value) implements ElementTest {
        /** Checks the arguments. */
        public StringCompare {
            requireNonNull(op, "op");
            requireNonNull(value, "value");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.stringCompare(this);
        }
    }

    /** The value is a number or a numeric string comparing to {@code value} as {@code op} says. */
    record NumberCompare(CompareOp op, BigDecimal value) implements ElementTest {
        /** Checks the arguments. */
        public NumberCompare {
            requireNonNull(op, "op");
            requireNonNull(value, "value");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.numberCompare(this);
        }
    }

    /** The value is an ISO-8601 string whose instant, in epoch microseconds, compares to {@code micros} as {@code op} says. */
    record InstantCompare(CompareOp op, long micros) implements ElementTest {
        /** The test {@code op} against {@code instant}, at microsecond precision. */
        public static InstantCompare of(CompareOp op, Instant instant) {
            return new InstantCompare(op, micros(instant));
        }

        /** Epoch microseconds of an instant. */
        public static long micros(Instant instant) {
            return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000);
        }

        /** Checks the arguments. */
        public InstantCompare {
            requireNonNull(op, "op");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.instantCompare(this);
        }
    }

    /** The value is the JSON boolean {@code value}. */
    record BooleanEquals(boolean value) implements ElementTest {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.booleanEquals(this);
        }
    }

    /** The value is JSON null. */
    record IsNull() implements ElementTest {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.isNull(this);
        }
    }

    /** The value is a string in which the portable pattern is found. */
    record Regex(String pattern, boolean ignoreCase) implements ElementTest {
        /** Checks the arguments. */
        public Regex {
            requireNonNull(pattern, "pattern");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.regex(this);
        }
    }

    /** The value is a string containing, starting or ending with {@code literal}. */
    record Match(MatchOp op, String literal, boolean ignoreCase) implements ElementTest {
        /** Checks the arguments. */
        public Match {
            requireNonNull(op, "op");
            requireNonNull(literal, "literal");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.match(this);
        }
    }

    /** One method per test; no defaults, so every dialect renders every test. */
    interface Visitor<R> {
        /** Visits a {@link StringEquals}. */
        R stringEquals(StringEquals test);

        /** Visits a {@link StringCompare}. */
        R stringCompare(StringCompare test);

        /** Visits a {@link NumberCompare}. */
        R numberCompare(NumberCompare test);

        /** Visits a {@link InstantCompare}. */
        R instantCompare(InstantCompare test);

        /** Visits a {@link BooleanEquals}. */
        R booleanEquals(BooleanEquals test);

        /** Visits a {@link IsNull}. */
        R isNull(IsNull test);

        /** Visits a {@link Regex}. */
        R regex(Regex test);

        /** Visits a {@link Match}. */
        R match(Match test);
    }

    /**
     * A visitor of the tests on a text column whose strings are never read as numbers (a system field
     * such as {@code id} or {@code type}, a key, a canonical timestamp): the number, boolean and null
     * tests never pass there, and {@link #never} says what the visitor gives for them. The string tests
     * stay abstract, so a new kind of test is still a compile error in every implementation.
     */
    interface TextVisitor<R> extends Visitor<R> {
        /** What a test that no value of the column passes gives. */
        R never(ElementTest test);

        /** {@inheritDoc} Never passes: the column holds strings, read as text. */
        @Override
        default R numberCompare(NumberCompare test) {
            return never(test);
        }

        /** {@inheritDoc} Never passes: the column holds strings. */
        @Override
        default R booleanEquals(BooleanEquals test) {
            return never(test);
        }

        /** {@inheritDoc} Never passes: the column holds strings. */
        @Override
        default R isNull(IsNull test) {
            return never(test);
        }
    }
}
