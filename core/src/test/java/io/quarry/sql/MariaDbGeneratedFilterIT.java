package io.quarry.sql;

/** Generated filters on MariaDB. */
class MariaDbGeneratedFilterIT extends GeneratedFilterContract {
    @Override
    Backend backend() {
        return Backend.MARIADB;
    }
}
