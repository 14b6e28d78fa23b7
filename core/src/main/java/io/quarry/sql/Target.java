package io.quarry.sql;

import java.util.List;

/**
 * Where a predicate's values come from: a JSON path ({@link PropertyTarget}) or a column that holds
 * one scalar ({@link ColumnTargets}). {@link PredicateWriter} says which element tests an operator
 * means; the target writes them.
 */
interface Target {
    /** Writes: some element of the value (an array's elements, or the value) passes the test. */
    void any(SqlWriter w, ElementTest test);

    /** Writes: the value is present ({@code exists}) or missing. */
    void exists(SqlWriter w, boolean exists);

    /** Writes: the value is an array of {@code size} elements. */
    void arraySize(SqlWriter w, int size);

    /** Writes: every test is passed by some element of the value. */
    void all(SqlWriter w, List<ElementTest> tests);

    /** Writes a lower and an upper comparison as one range test, or returns false to have them written apart. */
    default boolean between(SqlWriter w, ElementTest lower, ElementTest upper) {
        return false;
    }

    /**
     * Writes: some element equals one of these numbers ({@code $eq} with a number each), as one test,
     * or returns false to have them written one by one.
     */
    default boolean anyNumberIn(SqlWriter w, List<java.math.BigDecimal> values) {
        return false;
    }

    /** A target holding one scalar, never an array: {@code $size} and {@code $all} never match. */
    interface OneValue extends Target {
        @Override
        default void arraySize(SqlWriter w, int size) {
            w.never();
        }

        @Override
        default void all(SqlWriter w, List<ElementTest> tests) {
            w.never();
        }
    }

    /** One scalar that every row has: {@code $exists} is decided without reading it. */
    interface PresentValue extends OneValue {
        @Override
        default void exists(SqlWriter w, boolean exists) {
            w.truth(exists);
        }
    }
}
