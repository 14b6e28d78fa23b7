package io.quarry.filter;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;

/** A scalar operand of a filter: a string, an exact decimal number, a boolean or null. */
public sealed interface Value {

    /** Calls the visitor method for this value. */
    <R> R accept(Visitor<R> visitor);

    /** A string operand; equal only to strings. */
    record Str(String value) implements Value {
        /** Checks the argument. */
        public Str {
            requireNonNull(value, "value");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.string(this);
        }

        @Override
        public String toString() {
            return '"' + value + '"';
        }
    }

    /** A number operand, exact; equal to numbers and numeric strings. */
    record Num(BigDecimal value) implements Value {
        /** Checks the argument. */
        public Num {
            requireNonNull(value, "value");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.number(this);
        }

        @Override
        public String toString() {
            return value.toString();
        }
    }

    /** A boolean operand; equal only to booleans. */
    record Bool(boolean value) implements Value {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.bool(this);
        }

        @Override
        public String toString() {
            return Boolean.toString(value);
        }
    }

    /** {@code null}: equal to a JSON null and to a missing field. */
    record Null() implements Value {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.nul(this);
        }

        @Override
        public String toString() {
            return "null";
        }
    }

    /** A string value. */
    static Value of(String value) {
        return new Str(value);
    }

    /** A number value. */
    static Value of(long value) {
        return new Num(BigDecimal.valueOf(value));
    }

    /** A number value. */
    static Value of(BigDecimal value) {
        return new Num(value);
    }

    /** A boolean value. */
    static Value of(boolean value) {
        return new Bool(value);
    }

    /** The null value. */
    static Value nul() {
        return new Null();
    }

    /** One method per kind of value. */
    interface Visitor<R> {
        /** Visits a string. */
        R string(Str value);

        /** Visits a number. */
        R number(Num value);

        /** Visits a boolean. */
        R bool(Bool value);

        /** Visits null. */
        R nul(Null value);
    }
}
