package io.quarry.sql;

/** The table layout on Sqlite. */
class SqliteTableLayoutTest extends TableLayoutContract {
    @Override
    Backend backend() {
        return Backend.SQLITE;
    }
}
