package io.quarry.sql;

import io.quarry.sql.dialect.Dialect;
import io.quarry.sql.dialect.PostgresDialect;

/** The golden SQL of PostgreSQL. */
class PostgresGoldenSqlTest extends GoldenSqlContract {
    @Override
    Dialect dialect() {
        return new PostgresDialect();
    }
}
