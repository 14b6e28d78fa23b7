package io.quarry.sql.introspect;

import io.quarry.sql.Backend;

/** The MySQL employees sample (composite keys with dates, an enum, views) on Sqlite. */
class EmployeesSqliteTest extends SampleSchemaContract {
    @Override
    Backend backend() {
        return Backend.SQLITE;
    }

    @Override
    String sample() {
        return "employees";
    }
}
