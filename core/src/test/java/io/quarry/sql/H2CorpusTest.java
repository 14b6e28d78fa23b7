package io.quarry.sql;

/** The filter corpus on H2. */
class H2CorpusTest extends CorpusContract {
    @Override
    Backend backend() {
        return Backend.H2;
    }
}
