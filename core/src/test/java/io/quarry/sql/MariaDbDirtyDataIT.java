package io.quarry.sql;

/** Dirty data on MariaDB. */
class MariaDbDirtyDataIT extends DirtyDataContract {
    @Override
    Backend backend() {
        return Backend.MARIADB;
    }
}
