package io.quarry.sql;

/** The filter corpus on PostgreSQL: every case returns what the evaluator returns. */
class PostgresCorpusIT extends CorpusContract {
    @Override
    Backend backend() {
        return Backend.POSTGRES;
    }
}
