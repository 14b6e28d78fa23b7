package io.quarry.sql;

/** The injection corpus on PostgreSQL. */
class PostgresInjectionIT extends InjectionContract {
    @Override
    Backend backend() {
        return Backend.POSTGRES;
    }
}
