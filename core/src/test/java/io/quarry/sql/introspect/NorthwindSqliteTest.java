package io.quarry.sql.introspect;

import io.quarry.sql.Backend;

/**
 * The Northwind sample as jpwhite3/northwind-SQLite3 ships it for SQLite (bracket-quoted names, {@code
 * "Order Details"} keyed by two foreign keys, {@code DATETIME} and {@code NUMERIC} columns, seventeen
 * views with spaces in their names), introspected with nothing but the data source.
 */
class NorthwindSqliteTest extends SampleSchemaContract {
    @Override
    Backend backend() {
        return Backend.SQLITE;
    }

    @Override
    String sample() {
        return "northwind";
    }
}
