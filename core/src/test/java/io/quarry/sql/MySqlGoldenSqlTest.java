package io.quarry.sql;

/** The golden SQL of MySQL 8. */
class MySqlGoldenSqlTest extends GoldenSqlContract {
    @Override
    Dialect dialect() {
        return MySqlDialect.mysql();
    }
}
