package io.quarry.sql;

/** Generated filters on PostgreSQL. */
class PostgresGeneratedFilterIT extends GeneratedFilterContract {
    @Override
    Backend backend() {
        return Backend.POSTGRES;
    }
}
