package io.quarry.sql.introspect;

import io.quarry.sql.Backend;

/** The MySQL employees sample (composite keys with dates, an enum, views) on Postgres. */
class EmployeesPostgresIT extends SampleSchemaContract {
    @Override
    Backend backend() {
        return Backend.POSTGRES;
    }

    @Override
    String sample() {
        return "employees";
    }
}
