package io.quarry.sql.introspect;

import io.quarry.sql.Backend;

/** The Northwind sample as pthom/northwind_psql dumps it (real prices and discounts, bytea pictures, a two-column key of foreign keys) on Postgres. */
class NorthwindPostgresIT extends SampleSchemaContract {
    @Override
    Backend backend() {
        return Backend.POSTGRES;
    }

    @Override
    String sample() {
        return "northwind";
    }
}
