package io.quarry.sql;

/** The golden SQL of SQLite. */
class SqliteGoldenSqlTest extends GoldenSqlContract {
    @Override
    Dialect dialect() {
        return new SqliteDialect();
    }
}
