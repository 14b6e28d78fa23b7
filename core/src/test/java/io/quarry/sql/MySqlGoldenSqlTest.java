package io.quarry.sql;

import io.quarry.sql.dialect.Dialect;
import io.quarry.sql.dialect.MySqlDialect;

/** The golden SQL of MySQL 8. */
class MySqlGoldenSqlTest extends GoldenSqlContract {
    @Override
    Dialect dialect() {
        return MySqlDialect.mysql();
    }
}
