package io.quarry.sql;

/** The golden SQL of H2. */
class H2GoldenSqlTest extends GoldenSqlContract {
    @Override
    Dialect dialect() {
        return new H2Dialect();
    }
}
