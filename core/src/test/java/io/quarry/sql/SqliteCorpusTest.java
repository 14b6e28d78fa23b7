package io.quarry.sql;

/** The filter corpus on SQLite. */
class SqliteCorpusTest extends CorpusContract {
    @Override
    Backend backend() {
        return Backend.SQLITE;
    }
}
