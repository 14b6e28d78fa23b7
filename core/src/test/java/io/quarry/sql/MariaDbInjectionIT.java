package io.quarry.sql;

/** The injection corpus on MariaDB. */
class MariaDbInjectionIT extends InjectionContract {
    @Override
    Backend backend() {
        return Backend.MARIADB;
    }
}
