package io.quarry.sql;

/** The table layout on Postgres. */
class PostgresTableLayoutIT extends TableLayoutContract {
    @Override
    Backend backend() {
        return Backend.POSTGRES;
    }
}
