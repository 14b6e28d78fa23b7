package io.quarry.sql;

/** Scope on PostgreSQL. */
class PostgresScopeIT extends ScopeContract {
    @Override
    Backend backend() {
        return Backend.POSTGRES;
    }
}
