package io.quarry.sql;

/** The golden SQL of PostgreSQL. */
class PostgresGoldenSqlTest extends GoldenSqlContract {
    @Override
    Dialect dialect() {
        return new PostgresDialect();
    }
}
