package io.quarry.sql;

/** Dirty data on SQLite. */
class SqliteDirtyDataTest extends DirtyDataContract {
    @Override
    Backend backend() {
        return Backend.SQLITE;
    }
}
