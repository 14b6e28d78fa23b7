package io.quarry.sql;

import io.quarry.sql.dialect.Dialect;
import io.quarry.sql.dialect.MySqlDialect;

/** The golden SQL of MariaDB. */
class MariaDbGoldenSqlTest extends GoldenSqlContract {
    @Override
    Dialect dialect() {
        return MySqlDialect.mariadb();
    }
}
