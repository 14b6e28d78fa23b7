package io.quarry.sql;

/** The golden SQL of MariaDB. */
class MariaDbGoldenSqlTest extends GoldenSqlContract {
    @Override
    Dialect dialect() {
        return MySqlDialect.mariadb();
    }
}
