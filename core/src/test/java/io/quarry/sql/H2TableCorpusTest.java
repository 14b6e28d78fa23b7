package io.quarry.sql;

/** The filter corpus over the table layout on H2. */
class H2TableCorpusTest extends TableCorpusContract {
    @Override
    Backend backend() {
        return Backend.H2;
    }
}
