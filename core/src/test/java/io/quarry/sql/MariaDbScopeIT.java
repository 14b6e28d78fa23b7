package io.quarry.sql;

/** Scope on MariaDB. */
class MariaDbScopeIT extends ScopeContract {
    @Override
    Backend backend() {
        return Backend.MARIADB;
    }
}
