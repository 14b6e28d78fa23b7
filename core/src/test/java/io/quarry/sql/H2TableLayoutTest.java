package io.quarry.sql;

/** The table layout on H2. */
class H2TableLayoutTest extends TableLayoutContract {
    @Override
    Backend backend() {
        return Backend.H2;
    }
}
