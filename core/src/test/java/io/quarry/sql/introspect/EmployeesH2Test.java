package io.quarry.sql.introspect;

import io.quarry.sql.Backend;

/** The MySQL employees sample (composite keys with dates, an enum, views) on H2. */
class EmployeesH2Test extends SampleSchemaContract {
    @Override
    Backend backend() {
        return Backend.H2;
    }

    @Override
    String sample() {
        return "employees";
    }
}
