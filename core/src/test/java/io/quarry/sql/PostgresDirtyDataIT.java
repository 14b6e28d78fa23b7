package io.quarry.sql;

/** Dirty data on PostgreSQL. */
class PostgresDirtyDataIT extends DirtyDataContract {
    @Override
    Backend backend() {
        return Backend.POSTGRES;
    }
}
