package io.quarry.sql;

/**
 * The parts of a JSON sort key, in the order {@link io.quarry.store.ObjectOrder} compares them: first
 * the bracket, then the one value that is set for that bracket.
 */
public enum SortPart {
    /** 0 number, 1 date-time, 2 string, 3 boolean, 4 array or object, 5 missing or null. */
    BRACKET,
    /** The exact number (bracket 0). */
    NUMBER,
    /** The instant in epoch microseconds (bracket 1). */
    INSTANT,
    /** The string, ordered by code point (bracket 2). */
    STRING,
    /** The boolean, false first (bracket 3). */
    BOOLEAN
}
