package io.quarry.sql;

/** The filter corpus on MariaDB. */
class MariaDbCorpusIT extends CorpusContract {
    @Override
    Backend backend() {
        return Backend.MARIADB;
    }
}
