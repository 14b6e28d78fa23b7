package io.quarry.sql;

/** The injection corpus on SQLite. */
class SqliteInjectionTest extends InjectionContract {
    @Override
    Backend backend() {
        return Backend.SQLITE;
    }
}
