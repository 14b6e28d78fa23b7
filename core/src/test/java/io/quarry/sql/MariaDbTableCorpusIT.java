package io.quarry.sql;

/** The filter corpus over the table layout on MariaDb. */
class MariaDbTableCorpusIT extends TableCorpusContract {
    @Override
    Backend backend() {
        return Backend.MARIADB;
    }
}
