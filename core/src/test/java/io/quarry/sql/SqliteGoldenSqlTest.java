package io.quarry.sql;

import io.quarry.sql.dialect.Dialect;
import io.quarry.sql.dialect.SqliteDialect;

/** The golden SQL of SQLite. */
class SqliteGoldenSqlTest extends GoldenSqlContract {
    @Override
    Dialect dialect() {
        return new SqliteDialect();
    }
}
