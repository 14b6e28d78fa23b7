package io.quarry.sql.introspect;

import io.quarry.sql.Backend;

/** The MySQL employees sample (composite keys with dates, an enum, views) on MariaDb. */
class EmployeesMariaDbIT extends SampleSchemaContract {
    @Override
    Backend backend() {
        return Backend.MARIADB;
    }

    @Override
    String sample() {
        return "employees";
    }
}
