package io.quarry.sql;

/** Generated filters on SQLite. */
class SqliteGeneratedFilterTest extends GeneratedFilterContract {
    @Override
    Backend backend() {
        return Backend.SQLITE;
    }
}
