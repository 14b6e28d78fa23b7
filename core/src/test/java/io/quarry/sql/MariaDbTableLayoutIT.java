package io.quarry.sql;

/** The table layout on MariaDb. */
class MariaDbTableLayoutIT extends TableLayoutContract {
    @Override
    Backend backend() {
        return Backend.MARIADB;
    }
}
