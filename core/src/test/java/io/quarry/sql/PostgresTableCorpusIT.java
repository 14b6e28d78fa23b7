package io.quarry.sql;

/** The filter corpus over the table layout on Postgres. */
class PostgresTableCorpusIT extends TableCorpusContract {
    @Override
    Backend backend() {
        return Backend.POSTGRES;
    }
}
