package io.quarry.sql;

/** Scope on SQLite. */
class SqliteScopeTest extends ScopeContract {
    @Override
    Backend backend() {
        return Backend.SQLITE;
    }
}
