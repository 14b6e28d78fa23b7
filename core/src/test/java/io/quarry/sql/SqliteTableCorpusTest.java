package io.quarry.sql;

/** The filter corpus over the table layout on Sqlite. */
class SqliteTableCorpusTest extends TableCorpusContract {
    @Override
    Backend backend() {
        return Backend.SQLITE;
    }
}
